"""Rules insufficient-history-window, -age and -provisional (Part B §5)."""

from datetime import date

import pytest

from scorecard.domain.enums import DimensionId, FoundingDateStatus
from scorecard.domain.errors import RuleViolation
from scorecard.domain.rubric import load_rubric
from scorecard.domain.rules.insufficient_history import (
    AGE_RULE_ID,
    WINDOW_RULE_ID,
    check_insufficient_history,
    company_age_months,
)
from tests.domain.factories import vendor

RUBRIC = load_rubric("1")
VERIFIED = FoundingDateStatus.VERIFIED
VERIFICATION = date(2026, 9, 3)


def test_only_a_dimension_with_a_history_window_takes_it() -> None:
    with pytest.raises(RuleViolation) as refused:
        check_insufficient_history(vendor(), RUBRIC.dimension(DimensionId.COMPLIANCE), VERIFICATION)
    assert refused.value.rule_id == WINDOW_RULE_ID


def test_a_verified_vendor_younger_than_the_window_has_insufficient_history() -> None:
    young = vendor(founded=date(2025, 3, 1), status=VERIFIED)
    assert (
        check_insufficient_history(
            young, RUBRIC.dimension(DimensionId.PRICE_STABILITY), VERIFICATION
        )
        is False
    )


def test_a_verified_vendor_as_old_as_the_window_is_refused() -> None:
    old = vendor(founded=date(2024, 9, 3), status=VERIFIED)
    assert company_age_months(old, VERIFICATION) == 24
    with pytest.raises(RuleViolation) as refused:
        check_insufficient_history(old, RUBRIC.dimension(DimensionId.PRICE_STABILITY), VERIFICATION)
    assert refused.value.rule_id == AGE_RULE_ID
    assert "24 months" in refused.value.message


def test_an_unverified_founding_date_is_accepted_provisionally() -> None:
    unverified = vendor(founded=date(2010, 1, 1))
    assert (
        check_insufficient_history(
            unverified, RUBRIC.dimension(DimensionId.PRICE_STABILITY), VERIFICATION
        )
        is True
    )
    assert (
        check_insufficient_history(
            vendor(), RUBRIC.dimension(DimensionId.PRICE_STABILITY), VERIFICATION
        )
        is True
    )


def test_company_age_counts_whole_months() -> None:
    assert company_age_months(vendor(founded=date(2024, 9, 4)), VERIFICATION) == 23
    assert company_age_months(vendor(), VERIFICATION) is None
