"""Rules score-above-ceiling and score-below-ceiling-rationale, over the v1 anchors."""

import pytest

from scorecard.domain.enums import DimensionId, EvidenceState, SourceGrade
from scorecard.domain.errors import RuleViolation
from scorecard.domain.rubric import load_rubric
from scorecard.domain.rules.ceiling import (
    ABOVE_RULE_ID,
    BELOW_RULE_ID,
    check_score_against_ceiling,
    evidence_ceiling,
)
from tests.domain.factories import item

RUBRIC = load_rubric("1")
C = DimensionId.COMPLIANCE
P = DimensionId.PROCUREMENT_MATURITY
PRICE = DimensionId.PRICE_STABILITY
DOCS = DimensionId.DOCUMENTATION_COMMITMENT
SUPPLY = DimensionId.SUPPLY_INDEPENDENCE
DV = SourceGrade.DIRECTLY_VERIFIABLE
ABSENT = EvidenceState.OBSERVED_ABSENT
SHA = "a" * 64


def ceiling(dimension: DimensionId, *items):  # type: ignore[no-untyped-def]
    return evidence_ceiling(RUBRIC.dimension(dimension), items)


def test_compliance_with_no_evidence_is_capped_at_one() -> None:
    assert ceiling(C).level == 1


def test_compliance_confirmed_absent_scores_strictly_lower_than_not_disclosed() -> None:
    absent = ceiling(
        C, item(C, "soc2_type2", ABSENT), item(C, "iso27001", ABSENT), item(C, "dpa", ABSENT)
    )
    assert absent.level == 0
    assert ceiling(C).level == 1


def test_compliance_claimed_certification_with_dpa_and_subprocessors_reaches_three() -> None:
    result = ceiling(C, item(C, "soc2_type2"), item(C, "dpa"), item(C, "subprocessor_list"))
    assert result.level == 3
    assert any("directly verifiable" in need for need in result.next_level_unmet)


def test_compliance_four_needs_a_retrieved_report_and_zdr() -> None:
    result = ceiling(
        C,
        item(C, "soc2_type2", grade=DV, sha256=SHA),
        item(C, "dpa"),
        item(C, "subprocessor_list"),
        item(C, "zero_data_retention"),
    )
    assert result.level == 4


def test_third_party_evidence_alone_never_lifts_a_ceiling() -> None:
    tp = SourceGrade.THIRD_PARTY
    result = ceiling(
        C,
        item(C, "soc2_type2", grade=tp),
        item(C, "dpa", grade=tp),
        item(C, "subprocessor_list", grade=tp),
    )
    assert result.level == 1


def test_third_party_adverse_finding_is_located_not_established() -> None:
    base = (item(PRICE, "live_pricing_page", grade=DV),)
    tracker = item(
        PRICE, "adverse_change_unannounced_or_not_grandfathered", grade=SourceGrade.THIRD_PARTY
    )
    confirmed = item(PRICE, "adverse_change_unannounced_or_not_grandfathered", grade=DV)
    assert ceiling(PRICE, *base, tracker).level == ceiling(PRICE, *base).level == 3
    assert ceiling(PRICE, *base, confirmed).level == 2


def test_price_stability_no_public_pricing_observed_absent_is_zero() -> None:
    assert ceiling(PRICE, item(PRICE, "live_pricing_page", ABSENT)).level == 0


def test_price_stability_four_needs_captures_spanning_the_window() -> None:
    live = item(PRICE, "live_pricing_page", grade=DV)
    coverage = item(PRICE, "capture_coverage", grade=DV)
    assert ceiling(PRICE, live).level == 3
    assert ceiling(PRICE, live, coverage).level == 4


def test_price_stability_repeated_changes_including_a_capture_only_one_is_zero() -> None:
    live = item(PRICE, "live_pricing_page", grade=DV)
    changes = (
        item(PRICE, "adverse_change_capture_only", grade=DV),
        item(PRICE, "adverse_change_announced_grandfathered", grade=DV),
    )
    assert ceiling(PRICE, live, *changes).level == 0


def test_price_stability_two_announced_changes_is_one() -> None:
    live = item(PRICE, "live_pricing_page", grade=DV)
    changes = [item(PRICE, "adverse_change_announced_grandfathered", grade=DV) for _ in range(2)]
    assert ceiling(PRICE, live, *changes).level == 1


def test_supply_independence_litigation_is_the_floor() -> None:
    own = (item(SUPPLY, "own_index", grade=DV), item(SUPPLY, "named_crawler", grade=DV))
    assert ceiling(SUPPLY, *own).level == 4
    assert ceiling(SUPPLY, *own, item(SUPPLY, "supply_litigation", grade=DV)).level == 0


def test_supply_independence_vendor_claimed_index_is_two() -> None:
    assert ceiling(SUPPLY, item(SUPPLY, "own_index")).level == 2


@pytest.mark.parametrize(
    ("present", "expected"),
    [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (5, 2), (6, 3), (7, 3), (8, 4)],
)
def test_documentation_is_the_mapped_count_and_keeps_the_raw_count(
    present: int, expected: int
) -> None:
    keys = [a.key for a in RUBRIC.dimension(DOCS).artifacts][:present]
    result = ceiling(DOCS, *(item(DOCS, k) for k in keys))
    assert (result.level, result.raw_count) == (expected, present)


def test_documentation_absent_and_not_disclosed_count_the_same() -> None:
    assert (
        ceiling(DOCS, item(DOCS, "sla_uptime_credits", ABSENT)).raw_count
        == ceiling(DOCS).raw_count
        == 0
    )


def test_procurement_card_only_confirmed_is_zero_and_undisclosed_is_one() -> None:
    card_only = [
        item(P, k, ABSENT) for k in ("invoicing_po", "enterprise_tier", "enterprise_contact_route")
    ]
    assert ceiling(P, *card_only).level == 0
    assert ceiling(P).level == 1


def test_procurement_all_eight_is_four() -> None:
    keys = [
        "msa",
        "dpa",
        "invoicing_po",
        "marketplace_listing",
        "enterprise_tier",
        "enterprise_access_controls",
        "substantiated_references",
        "security_review_support",
    ]
    assert ceiling(P, *(item(P, k) for k in keys)).level == 4


def test_a_score_above_the_ceiling_is_refused_naming_the_unmet_requirement() -> None:
    spec = RUBRIC.dimension(C)
    with pytest.raises(RuleViolation) as refused:
        check_score_against_ceiling(3, None, ceiling(C), spec, vendor="acme")
    assert refused.value.rule_id == ABOVE_RULE_ID
    assert "Level 2 needs" in refused.value.message
    assert "SOC 2 Type II" in refused.value.message


def test_a_score_below_the_ceiling_needs_a_rationale() -> None:
    spec = RUBRIC.dimension(C)
    with pytest.raises(RuleViolation) as refused:
        check_score_against_ceiling(0, "  ", ceiling(C), spec, vendor="acme")
    assert refused.value.rule_id == BELOW_RULE_ID
    check_score_against_ceiling(0, "The DPA is on request only.", ceiling(C), spec, vendor="acme")


def test_a_score_at_the_ceiling_needs_nothing_more() -> None:
    check_score_against_ceiling(1, None, ceiling(C), RUBRIC.dimension(C), vendor="acme")
