"""The closed vocabularies of the methodology (Part B §2, §4, §12)."""

from enum import StrEnum


class DimensionId(StrEnum):
    PRICE_STABILITY = "price_stability"
    SUPPLY_INDEPENDENCE = "supply_independence"
    DOCUMENTATION_COMMITMENT = "documentation_commitment"
    COMPLIANCE = "compliance"
    PROCUREMENT_MATURITY = "procurement_maturity"


class EvidenceState(StrEnum):
    OBSERVED = "observed"
    OBSERVED_ABSENT = "observed_absent"
    NOT_DISCLOSED = "not_disclosed"


class SourceGrade(StrEnum):
    DIRECTLY_VERIFIABLE = "directly_verifiable"
    VENDOR_CLAIMED = "vendor_claimed"
    THIRD_PARTY = "third_party"


class Polarity(StrEnum):
    FAVOURABLE = "favourable"
    ADVERSE = "adverse"


class Outcome(StrEnum):
    SCORED = "scored"
    INSUFFICIENT_HISTORY = "insufficient_history"
    UNSCORED = "unscored"


class EditionStatus(StrEnum):
    DRAFT = "draft"
    PUBLISHED = "published"
    STALE = "stale"


class FoundingDateStatus(StrEnum):
    VERIFIED = "verified"
    UNVERIFIED = "unverified"


class EventKind(StrEnum):
    ACQUISITION = "acquisition"
    PRICING = "pricing"
    CERTIFICATION = "certification"
    OTHER = "other"


# Strength order of grades: a higher number is stronger evidence.
GRADE_STRENGTH: dict[SourceGrade, int] = {
    SourceGrade.THIRD_PARTY: 0,
    SourceGrade.VENDOR_CLAIMED: 1,
    SourceGrade.DIRECTLY_VERIFIABLE: 2,
}
