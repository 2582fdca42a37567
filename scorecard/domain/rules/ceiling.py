"""The evidence ceiling (rules score-above-ceiling, score-below-ceiling-rationale).

The ceiling is the highest anchor level whose requirements, and those of every level below it,
the recorded evidence meets. Level 0 is the floor and always met.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from scorecard.domain.errors import RuleViolation
from scorecard.domain.models import EvidenceItem
from scorecard.domain.rubric.model import DimensionSpec
from scorecard.domain.rules.evidence_strength import ArtifactStatus, artifact_statuses
from scorecard.domain.rules.requirements import is_met, unmet

ABOVE_RULE_ID = "score-above-ceiling"
BELOW_RULE_ID = "score-below-ceiling-rationale"


@dataclass(frozen=True, slots=True)
class Ceiling:
    level: int
    raw_count: int | None
    spec: DimensionSpec
    statuses: Mapping[str, ArtifactStatus]

    @property
    def next_level_unmet(self) -> tuple[str, ...]:
        """What the next anchor level needs that the evidence does not show, in words.

        Worded only when asked for: judging an edition needs the level, not the sentences.
        """
        if self.level >= 4:
            return ()
        requirement = self.spec.anchors[self.level + 1].requires
        assert requirement is not None
        return tuple(unmet(requirement, self.spec, self.statuses))


def evidence_ceiling(spec: DimensionSpec, items: Iterable[EvidenceItem]) -> Ceiling:
    relevant = [i for i in items if i.dimension == spec.id]
    statuses = artifact_statuses(relevant)
    level = 0
    for anchor in spec.anchors[1:]:
        assert anchor.requires is not None
        if not is_met(anchor.requires, statuses):
            break
        level = anchor.level
    raw_count = None
    if spec.method == "count":
        raw_count = sum(1 for a in spec.artifacts if a.key in statuses and statuses[a.key].present)
    return Ceiling(level=level, raw_count=raw_count, spec=spec, statuses=statuses)


def check_score_against_ceiling(
    score: int, rationale: str | None, ceiling: Ceiling, spec: DimensionSpec, *, vendor: str
) -> None:
    """Refuses a score above the ceiling, or below it without a rationale."""
    if score > ceiling.level:
        needed = "; ".join(ceiling.next_level_unmet) or "requirements of a higher anchor"
        raise RuleViolation(
            ABOVE_RULE_ID,
            f"{spec.name}: score {score} is above the evidence ceiling {ceiling.level}. "
            f"Level {ceiling.level + 1} needs: {needed}.",
            vendor=vendor,
            dimension=spec.id,
        )
    if score < ceiling.level and not (rationale and rationale.strip()):
        raise RuleViolation(
            BELOW_RULE_ID,
            f"{spec.name}: score {score} is below the evidence ceiling {ceiling.level}; "
            "write a rationale saying why.",
            vendor=vendor,
            dimension=spec.id,
        )
