"""Rules insufficient-history-*: history too short is its own outcome, never a zero (Part B §5)."""

from __future__ import annotations

from datetime import date

from scorecard.domain.dates import months_between
from scorecard.domain.enums import FoundingDateStatus
from scorecard.domain.errors import RuleViolation
from scorecard.domain.models import Vendor
from scorecard.domain.rubric.model import DimensionSpec

WINDOW_RULE_ID = "insufficient-history-window"
AGE_RULE_ID = "insufficient-history-age"
PROVISIONAL_RULE_ID = "insufficient-history-provisional"


def company_age_months(vendor: Vendor, verification_date: date) -> int | None:
    """Company age at the verification date, or None when the founding date is unknown."""
    if vendor.founding_date is None:
        return None
    return months_between(vendor.founding_date, verification_date)


def is_provisional(vendor: Vendor) -> bool:
    """The age rule cannot be applied without a verified founding date."""
    return (
        vendor.founding_date_status != FoundingDateStatus.VERIFIED or vendor.founding_date is None
    )


def check_insufficient_history(
    vendor: Vendor, spec: DimensionSpec, verification_date: date
) -> bool:
    """Refuses insufficient history where it cannot apply; returns True when it is provisional."""
    if spec.window_months is None:
        raise RuleViolation(
            WINDOW_RULE_ID,
            f"{spec.name} has no history window, so insufficient history does not apply; "
            "score it 0-4 or leave it unscored.",
            vendor=vendor.key,
            dimension=spec.id,
        )
    if is_provisional(vendor):
        return True
    age = company_age_months(vendor, verification_date)
    assert age is not None
    if age >= spec.window_months:
        raise RuleViolation(
            AGE_RULE_ID,
            f"{vendor.name} was {age} months old at the verification date {verification_date}, "
            f"not younger than the {spec.window_months}-month window of {spec.name}: "
            "score its history.",
            vendor=vendor.key,
            dimension=spec.id,
        )
    return False
