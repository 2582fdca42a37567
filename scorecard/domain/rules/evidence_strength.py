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
_GRADE_OF_STRENGTH = {strength: grade for grade, strength in GRADE_STRENGTH.items()}


def artifact_statuses(items: Iterable[EvidenceItem]) -> dict[str, ArtifactStatus]:
    """Each artifact's standing, in one pass over the items (an edition judges thousands)."""
    strongest: dict[str, int] = {}
    counts: dict[str, int] = {}
    absent: set[str] = set()
    for item in items:
        artifact = item.artifact
        if establishes(item):
            assert item.grade is not None
            strength = GRADE_STRENGTH[item.grade]
            counts[artifact] = counts.get(artifact, 0) + 1
            if strength > strongest.get(artifact, -1):
                strongest[artifact] = strength
        else:
            counts.setdefault(artifact, 0)
            if confirms_absence(item):
                absent.add(artifact)
    return {
        artifact: ArtifactStatus(
            established_grade=_GRADE_OF_STRENGTH[strongest[artifact]]
            if artifact in strongest
            else None,
            established_count=count,
            confirmed_absent=artifact in absent,
        )
        for artifact, count in counts.items()
    }
