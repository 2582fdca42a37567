"""Rule reverification-due: a known event makes the dimensions it touches due (Part B §12)."""

from __future__ import annotations

from scorecard.domain.enums import DimensionId, EventKind
from scorecard.domain.models import Event, EvidenceItem
from scorecard.domain.rules.validity import newest_retrieval

RULE_ID = "reverification-due"

TOUCHED: dict[EventKind, tuple[DimensionId, ...]] = {
    EventKind.PRICING: (DimensionId.PRICE_STABILITY,),
    EventKind.CERTIFICATION: (DimensionId.COMPLIANCE,),
    EventKind.ACQUISITION: tuple(DimensionId),
    EventKind.OTHER: tuple(DimensionId),
}


def due_events(
    dimension: DimensionId, events: tuple[Event, ...], items: tuple[EvidenceItem, ...]
) -> list[Event]:
    """Events touching the dimension that no evidence dated after them has answered yet.

    In date order (then kind and source), whatever order they were recorded in, so that two
    databases holding the same events list the same blockers in the same order.
    """
    if not events:
        return []
    newest = newest_retrieval(items)
    due = [
        event
        for event in events
        if dimension in TOUCHED[event.kind] and (newest is None or newest <= event.date)
    ]
    return sorted(due, key=lambda e: (e.date, e.kind.value, e.source_url))
