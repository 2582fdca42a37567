"""Rule score-range."""

import pytest

from scorecard.domain.errors import RuleViolation
from scorecard.domain.rules.score_range import RULE_ID, check_score_range


@pytest.mark.parametrize("score", [0, 1, 2, 3, 4])
def test_whole_numbers_zero_to_four_are_scores(score: int) -> None:
    assert check_score_range(score) == score


@pytest.mark.parametrize("score", [-1, 5, 2.5, "3", True, None])
def test_anything_else_is_refused_with_the_rule_id(score: object) -> None:
    with pytest.raises(RuleViolation) as refused:
        check_score_range(score)
    assert refused.value.rule_id == RULE_ID
    assert "0 to 4" in refused.value.message
