"""Rules observed-evidence-fields and artifact-in-checklist."""

from datetime import date

import pytest

from scorecard.domain.enums import DimensionId, EvidenceState, SourceGrade
from scorecard.domain.errors import RuleViolation
from scorecard.domain.rubric import load_rubric
from scorecard.domain.rules.evidence_fields import (
    CHECKLIST_RULE_ID,
    FIELDS_RULE_ID,
    check_evidence,
    url_problem,
)
from tests.domain.factories import item

SPEC = load_rubric("1").dimension(DimensionId.COMPLIANCE)
TODAY = date(2026, 11, 29)


def test_a_complete_observed_item_passes() -> None:
    check_evidence(item(DimensionId.COMPLIANCE, "dpa"), SPEC, TODAY)


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"grade": None}, "source grade"),
        ({"url": None}, "source URL"),
        ({"retrieved": None}, "retrieval date"),
        ({"retrieved": date(2026, 11, 30)}, "in the future"),
        ({"url": "javascript:alert(1)"}, "only http and https"),
        ({"url": "file:///etc/passwd"}, "only http and https"),
        ({"url": "https://user:secret@example.com/"}, "credentials"),
    ],
)
def test_observed_evidence_missing_or_bad_fields_is_refused(changes: dict, words: str) -> None:  # type: ignore[type-arg]
    kwargs = {"grade": SourceGrade.VENDOR_CLAIMED, **changes}
    bad = item(DimensionId.COMPLIANCE, "dpa", **kwargs)
    with pytest.raises(RuleViolation) as refused:
        check_evidence(bad, SPEC, TODAY)
    assert refused.value.rule_id == FIELDS_RULE_ID
    assert words in refused.value.message


def test_not_disclosed_needs_no_grade_or_url() -> None:
    check_evidence(
        item(DimensionId.COMPLIANCE, "dpa", EvidenceState.NOT_DISCLOSED, url=None, retrieved=None),
        SPEC,
        TODAY,
    )


def test_an_artifact_off_the_checklist_is_refused_listing_the_checklist() -> None:
    with pytest.raises(RuleViolation) as refused:
        check_evidence(item(DimensionId.COMPLIANCE, "sla_uptime_credits"), SPEC, TODAY)
    assert refused.value.rule_id == CHECKLIST_RULE_ID
    assert "soc2_type2" in refused.value.message


@pytest.mark.parametrize("url", ["https://example.com/a?b=1", "http://example.com"])
def test_plain_web_addresses_can_be_cited(url: str) -> None:
    assert url_problem(url) is None


@pytest.mark.parametrize(
    "url", ["data:text/html,hi", "https://exa mple.com", "https:///nohost", "ftp://example.com"]
)
def test_other_addresses_cannot(url: str) -> None:
    assert url_problem(url) is not None
