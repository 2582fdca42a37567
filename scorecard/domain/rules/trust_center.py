"""Rule trust-center-vendor-claimed: a trust center's existence is not a retrieved report.

A certification (SOC 2 Type II, ISO 27001) graded directly verifiable must carry the SHA-256 of
the retrieved report; the trust center itself can never establish a certification.
"""

from __future__ import annotations

from scorecard.domain.enums import DimensionId, EvidenceState, SourceGrade
from scorecard.domain.errors import RuleViolation
from scorecard.domain.models import EvidenceItem

RULE_ID = "trust-center-vendor-claimed"
CERTIFICATION_ARTIFACTS = frozenset({"soc2_type2", "iso27001"})
TRUST_CENTER_ARTIFACT = "trust_center"


def check_certification_grade(item: EvidenceItem) -> None:
    if (
        item.dimension == DimensionId.COMPLIANCE
        and item.artifact in CERTIFICATION_ARTIFACTS
        and item.state == EvidenceState.OBSERVED
        and item.grade == SourceGrade.DIRECTLY_VERIFIABLE
        and not item.capture_sha256
    ):
        raise RuleViolation(
            RULE_ID,
            "A certification is directly verifiable only when the report itself was retrieved: "
            "attach the report's SHA-256, or grade it vendor_claimed (a trust center's "
            "existence is not a retrieved report).",
            vendor=item.vendor,
            dimension=item.dimension,
        )


def rests_on_trust_center_alone(items: tuple[EvidenceItem, ...]) -> bool:
    """True when the only certification evidence is vendor-claimed beside a trust center."""
    observed = [i for i in items if i.state == EvidenceState.OBSERVED]
    has_trust_center = any(i.artifact == TRUST_CENTER_ARTIFACT for i in observed)
    certifications = [i for i in observed if i.artifact in CERTIFICATION_ARTIFACTS]
    return (
        has_trust_center
        and bool(certifications)
        and all(i.grade != SourceGrade.DIRECTLY_VERIFIABLE for i in certifications)
    )
