"""Rules edition-stale and cell-stale: scores expire (Part B §12)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date

from scorecard.domain.dates import add_days
from scorecard.domain.models import EvidenceItem

EDITION_RULE_ID = "edition-stale"
CELL_RULE_ID = "cell-stale"
VALIDITY_DAYS = 90


def default_valid_until(verification_date: date, validity_days: int = VALIDITY_DAYS) -> date:
    return add_days(verification_date, validity_days)


def edition_is_stale(valid_until: date, today: date) -> bool:
    return today > valid_until


def newest_retrieval(items: Iterable[EvidenceItem]) -> date | None:
    """The newest retrieval date among the items: what staleness and re-verification go by."""
    dates = [i.retrieval_date for i in items if i.retrieval_date is not None]
    return max(dates) if dates else None


def cell_is_stale(
    items: tuple[EvidenceItem, ...], today: date, validity_days: int = VALIDITY_DAYS
) -> bool:
    """A cell with evidence is stale when its newest evidence is older than the validity period."""
    newest = newest_retrieval(items)
    return newest is not None and (today - newest).days > validity_days
