"""Rule score-range: a score is an integer from 0 to 4, nothing else."""

from __future__ import annotations

from scorecard.domain.errors import RuleViolation

RULE_ID = "score-range"


def check_score_range(score: object) -> int:
    """Returns the score as an int, or refuses anything that is not a whole number 0-4."""
    if isinstance(score, bool) or not isinstance(score, int) or not 0 <= score <= 4:
        raise RuleViolation(RULE_ID, f"A score is a whole number from 0 to 4; got {score!r}.")
    return score
