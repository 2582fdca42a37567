"""Rule no-composite: no total, average, weighted score or rank anywhere (Part B §4)."""

import pytest

from scorecard.domain.errors import RuleViolation
from scorecard.domain.rules.no_composite import RULE_ID, check_no_composite, forbidden_keys


@pytest.mark.parametrize(
    "key", ["total", "average_score", "overall", "rank", "weighted_score", "composite"]
)
def test_composite_keys_are_found_anywhere_in_a_document(key: str) -> None:
    document = {"vendors": [{"cells": {}, key: 3}]}
    assert forbidden_keys(document) == [f"$.vendors[0].{key}"]
    with pytest.raises(RuleViolation) as refused:
        check_no_composite(document)
    assert refused.value.rule_id == RULE_ID


def test_the_export_vocabulary_is_allowed(root_document: dict) -> None:  # type: ignore[type-arg]
    check_no_composite(root_document)
