"""Rule plain-text: no control characters or bidirectional overrides; bounded length."""

import pytest

from scorecard.domain.errors import RuleViolation
from scorecard.domain.rules.text_fields import RULE_ID, check_text


@pytest.mark.parametrize("name", ["Acme\u202eemca", "Acme\x00", "Acme\x1b[31m", "A" * 201])
def test_names_that_would_display_differently_or_run_long_are_refused(name: str) -> None:
    with pytest.raises(RuleViolation) as refused:
        check_text("Vendor name", name)
    assert refused.value.rule_id == RULE_ID


def test_notes_may_span_lines() -> None:
    check_text("Note", "line one\nline two\ttabbed", limit=100, multiline=True)
    with pytest.raises(RuleViolation):
        check_text("Vendor name", "line one\nline two")
