"""Rules edition-stale, cell-stale and reverification-due (Part B §12)."""

from datetime import date

from scorecard.domain.enums import DimensionId, EventKind
from scorecard.domain.models import Event
from scorecard.domain.rules.reverification import due_events
from scorecard.domain.rules.validity import cell_is_stale, default_valid_until, edition_is_stale
from tests.domain.factories import item


def test_valid_until_defaults_to_ninety_days_after_verification() -> None:
    assert default_valid_until(date(2026, 9, 3)) == date(2026, 12, 2)


def test_an_edition_is_stale_only_after_its_valid_until_date() -> None:
    assert not edition_is_stale(date(2026, 12, 2), date(2026, 12, 2))
    assert edition_is_stale(date(2026, 12, 2), date(2026, 12, 3))


def test_a_cell_is_stale_when_its_newest_evidence_is_older_than_ninety_days() -> None:
    old = item(DimensionId.COMPLIANCE, "dpa", retrieved=date(2026, 8, 1))
    new = item(DimensionId.COMPLIANCE, "dpa", retrieved=date(2026, 11, 1))
    assert cell_is_stale((old,), date(2026, 11, 29))
    assert not cell_is_stale((old, new), date(2026, 11, 29))
    assert not cell_is_stale((), date(2026, 11, 29))


def test_events_make_the_dimensions_they_touch_due_until_newer_evidence() -> None:
    pricing = Event("acme", EventKind.PRICING, date(2026, 10, 1), "https://example.com/blog")
    acquisition = Event(
        "acme", EventKind.ACQUISITION, date(2026, 10, 5), "https://example.com/news"
    )
    before = (item(DimensionId.PRICE_STABILITY, "live_pricing_page", retrieved=date(2026, 9, 1)),)
    after = (item(DimensionId.PRICE_STABILITY, "live_pricing_page", retrieved=date(2026, 10, 2)),)
    assert due_events(DimensionId.PRICE_STABILITY, (pricing,), before) == [pricing]
    assert due_events(DimensionId.PRICE_STABILITY, (pricing,), after) == []
    assert due_events(DimensionId.COMPLIANCE, (pricing,), ()) == []
    assert due_events(DimensionId.COMPLIANCE, (acquisition,), ()) == [acquisition]
    assert due_events(DimensionId.PRICE_STABILITY, (acquisition,), after) == [acquisition]
