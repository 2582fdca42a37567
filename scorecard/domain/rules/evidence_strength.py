"""How a cell's evidence items add up per artifact, with polarity and grade (rule third-party-locates-only).

A favourable artifact is established by its strongest observed item that is not third-party;
confirmed absence counts only when nothing establishes presence. An adverse finding counts once
per established item. Third-party items are kept in the data but never move a ceiling.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scorecard.domain.enums import GRADE_STRENGTH, EvidenceState, SourceGrade
from scorecard.domain.models import EvidenceItem

RULE_ID = "third-party-locates-only"


def establishes(item: EvidenceItem) -> bool:
    """True when the item may count for or against a vendor: observed and not third-party."""
    return (
        item.state == EvidenceState.OBSERVED
        and item.grade is not None
        and item.grade != SourceGrade.THIRD_PARTY
    )


def confirms_absence(item: EvidenceItem) -> bool:
    return item.state == EvidenceState.OBSERVED_ABSENT and item.grade != SourceGrade.THIRD_PARTY


@dataclass(frozen=True, slots=True)
class ArtifactStatus:
    established_grade: SourceGrade | None
    established_count: int
    confirmed_absent: bool

    @property
    def present(self) -> bool:
        return self.established_grade is not None


NOTHING = ArtifactStatus(None, 0, False)


def artifact_statuses(items: Iterable[EvidenceItem]) -> dict[str, ArtifactStatus]:
    grouped: dict[str, list[EvidenceItem]] = {}
    for item in items:
        grouped.setdefault(item.artifact, []).append(item)
    statuses: dict[str, ArtifactStatus] = {}
    for artifact, artifact_items in grouped.items():
        established = [i for i in artifact_items if establishes(i)]
        best: SourceGrade | None = None
        for item in established:
            assert item.grade is not None
            if best is None or GRADE_STRENGTH[item.grade] > GRADE_STRENGTH[best]:
                best = item.grade
        statuses[artifact] = ArtifactStatus(
            established_grade=best,
            established_count=len(established),
            confirmed_absent=any(confirms_absence(i) for i in artifact_items),
        )
    return statuses
