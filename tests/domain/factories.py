"""Small builders for domain values, so rule tests state only what matters to them."""

from __future__ import annotations

from datetime import date
from itertools import count

from scorecard.domain.enums import DimensionId, EvidenceState, FoundingDateStatus, SourceGrade
from scorecard.domain.models import EvidenceItem, Vendor

_keys = count(1)
RETRIEVED = date(2026, 9, 1)


def item(
    dimension: DimensionId,
    artifact: str,
    state: EvidenceState = EvidenceState.OBSERVED,
    grade: SourceGrade | None = SourceGrade.VENDOR_CLAIMED,
    *,
    vendor: str = "acme",
    url: str | None = "https://example.com/evidence",
    retrieved: date | None = RETRIEVED,
    sha256: str | None = None,
) -> EvidenceItem:
    if state != EvidenceState.OBSERVED and grade == SourceGrade.VENDOR_CLAIMED:
        grade = None
    return EvidenceItem(
        key=f"ev-{next(_keys)}",
        vendor=vendor,
        dimension=dimension,
        artifact=artifact,
        state=state,
        grade=grade,
        url=url,
        retrieval_date=retrieved,
        capture_sha256=sha256,
    )


def vendor(
    key: str = "acme",
    founded: date | None = None,
    status: FoundingDateStatus = FoundingDateStatus.UNVERIFIED,
) -> Vendor:
    return Vendor(
        key=key,
        name=key.title(),
        founding_date=founded,
        founding_date_status=status,
        founding_date_source="https://example.com/about" if founded else None,
    )
