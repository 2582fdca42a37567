"""The evidence ceiling (rules score-above-ceiling, score-below-ceiling-rationale).

The ceiling is the highest anchor level whose requirements, and those of every level below it,
the recorded evidence meets. Level 0 is the floor and always met.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from scorecard.domain.errors import RuleViolation
from scorecard.domain.models import EvidenceItem
from scorecard.domain.rubric.model import DimensionSpec
from scorecard.domain.rules.evidence_strength import ArtifactStatus, artifact_statuses
from scorecard.domain.rules.requirements import is_met, unmet

ABOVE_RULE_ID = "score-above-ceiling"
BELOW_RULE_ID = "score-below-ceiling-rationale"


class Ceiling:
    """A cell's evidence ceiling, worked out the first time any part of it is read.

    Judging an edition builds one per cell, but drawing the grid reads only the raw counts
    of documentation & commitment: the other ceilings are worked out when a rule, an export or
    a screen asks. The result depends only on the items given, so it never changes once read.
    """

    __slots__ = ("_items", "_level", "_raw_count", "_statuses", "spec")

    def __init__(self, spec: DimensionSpec, items: Iterable[EvidenceItem]) -> None:
        self.spec = spec
        # Kept as a tuple: the items are read when the ceiling is first asked for, perhaps twice.
        self._items = tuple(items)
        self._statuses: Mapping[str, ArtifactStatus] | None = None
        self._level = 0
        self._raw_count: int | None = None

    def _work_out(self) -> Mapping[str, ArtifactStatus]:
        if self._statuses is not None:
            return self._statuses
        statuses = artifact_statuses(i for i in self._items if i.dimension == self.spec.id)
        level = 0
        for anchor in self.spec.anchors[1:]:
            assert anchor.requires is not None
            if not is_met(anchor.requires, statuses):
                break
            level = anchor.level
        if self.spec.method == "count":
            self._raw_count = sum(
                1 for a in self.spec.artifacts if a.key in statuses and statuses[a.key].present
            )
        self._level = level
        # Set last: another thread reading at the same moment works it out again, to the same.
        self._statuses = statuses
        return statuses

    @property
    def statuses(self) -> Mapping[str, ArtifactStatus]:
        return self._work_out()

    @property
    def level(self) -> int:
        """The highest anchor level the evidence supports, with every level below it."""
        self._work_out()
        return self._level

    @property
    def raw_count(self) -> int | None:
        """Artifacts present, for a dimension scored by count; None for the others."""
        if self.spec.method != "count":
            return None
        self._work_out()
        return self._raw_count

    @property
    def next_level_unmet(self) -> tuple[str, ...]:
        """What the next anchor level needs that the evidence does not show, in words."""
        if self.level >= 4:
            return ()
        requirement = self.spec.anchors[self.level + 1].requires
        assert requirement is not None
        return tuple(unmet(requirement, self.spec, self.statuses))

    def __repr__(self) -> str:
        return f"Ceiling({self.spec.id.value}, level={self.level}, raw_count={self.raw_count})"


def evidence_ceiling(spec: DimensionSpec, items: Iterable[EvidenceItem]) -> Ceiling:
    """The ceiling of a cell's items (items of other dimensions are ignored)."""
    return Ceiling(spec, items)


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
