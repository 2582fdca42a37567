"""Recheck: a quote gone from its page is a source drift that blocks until re-verified."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx
from sqlmodel import func, select

from scorecard.adapters.http_fetch import HttpPageFetcher
from scorecard.domain.enums import DimensionId, EvidenceState, SourceGrade
from scorecard.services import editions, evidence
from scorecard.services.captures import capture_page
from scorecard.services.context import NotFound
from scorecard.services.recheck import recheck
from scorecard.storage.captures import CaptureStore
from scorecard.storage.tables import CaptureRow, SourceDriftRow

PAGE = "https://example.com/pricing"
TERMS = "https://example.com/terms"
QUOTE = "Credits expire after 12 months."
BEFORE = b"<html><body><p>Pro: $99/month.</p><p>Credits expire after 12 months.</p></body></html>"
AFTER = b"<html><body><p>Pro: $99/month.</p><p>Credits expire after 6 months.</p></body></html>"
PRICE = DimensionId.PRICE_STABILITY
TARGET = ("exa", "price_stability", "credit_and_minimum_terms")


@pytest.fixture
def fetcher() -> Iterator[HttpPageFetcher]:
    with httpx.Client() as http:
        yield HttpPageFetcher(http, now=lambda: datetime(2026, 11, 29, 9, tzinfo=UTC))


@pytest.fixture
def store(tmp_path: Path) -> CaptureStore:
    return CaptureStore(tmp_path / "captures")


@pytest.fixture
def quoted(
    context_factory: Any, respx_mock: respx.MockRouter, fetcher: Any, store: CaptureStore
) -> respx.Route:
    """exa's price-stability cell quotes the pricing page; returns the page's route."""
    route = respx_mock.get(PAGE).respond(200, content=BEFORE, headers={"Content-Type": "text/html"})
    capture_page(context_factory, PAGE, fetcher=fetcher, store=store, target=TARGET, quote=QUOTE)
    return route


def drift_blockers(context_factory: Any, today: date = date(2026, 11, 29)) -> list[str]:
    with context_factory(today=today) as ctx:
        return [b.message for b in editions.blockers(ctx) if b.rule_id == "source-drift"]


def due(context_factory: Any, today: date = date(2026, 11, 29)) -> bool:
    with context_factory(today=today) as ctx:
        return editions.assess(ctx).cell("exa", PRICE).reverification_due


def count(context_factory: Any, table: type[Any]) -> int:
    with context_factory() as ctx:
        return int(ctx.session.exec(select(func.count()).select_from(table)).one())


def test_a_vanished_quote_marks_the_cell_due_and_blocks_publication(
    context_factory: Any, quoted: respx.Route, fetcher: Any, store: CaptureStore
) -> None:
    old_sha = _only_sha(context_factory)
    quoted.respond(200, content=AFTER, headers={"Content-Type": "text/html"})
    assert not due(context_factory) and drift_blockers(context_factory) == []

    result = recheck(context_factory, "exa", fetcher=fetcher, store=store)

    [finding] = result.findings
    assert finding.status == "vanished" and result.drifted
    assert due(context_factory)
    [message] = drift_blockers(context_factory)
    assert PAGE in message and "re-verify" in message
    # The old capture stays as proof of what was seen; the item still cites it.
    assert store.get(old_sha) == BEFORE
    assert finding.capture_sha256 is not None and store.get(finding.capture_sha256) == AFTER
    with context_factory() as ctx:
        [item] = [i for i in evidence.list_evidence(ctx, "exa", PRICE) if i.quote]
        drift = ctx.session.exec(select(SourceDriftRow)).one()
    assert item.capture_sha256 == old_sha
    assert (drift.evidence_key, drift.detected_on) == (item.key, date(2026, 11, 29))
    assert drift.new_capture_sha256 == finding.capture_sha256


def _only_sha(context_factory: Any) -> str:
    with context_factory() as ctx:
        return ctx.session.exec(select(CaptureRow.sha256)).one()


def test_a_quote_still_on_the_page_is_no_drift(
    context_factory: Any, quoted: respx.Route, fetcher: Any, store: CaptureStore
) -> None:
    result = recheck(context_factory, fetcher=fetcher, store=store)

    assert [f.status for f in result.findings] == ["found"]
    assert count(context_factory, SourceDriftRow) == 0 and not due(context_factory)


def test_a_page_that_cannot_be_fetched_is_not_taken_for_a_vanished_quote(
    context_factory: Any, quoted: respx.Route, fetcher: Any, store: CaptureStore
) -> None:
    quoted.mock(side_effect=httpx.ConnectError("connection refused"))

    result = recheck(context_factory, fetcher=fetcher, store=store)

    assert [f.status for f in result.findings] == ["unreachable"]
    assert result.incomplete and not result.drifted
    assert count(context_factory, SourceDriftRow) == 0


def test_a_drift_is_recorded_once_and_answered_by_evidence_dated_after_it(
    context_factory: Any, quoted: respx.Route, fetcher: Any, store: CaptureStore
) -> None:
    quoted.respond(200, content=AFTER, headers={"Content-Type": "text/html"})
    recheck(context_factory, fetcher=fetcher, store=store)

    again = recheck(context_factory, fetcher=fetcher, store=store)

    assert [f.status for f in again.findings] == ["still_vanished"]
    assert count(context_factory, SourceDriftRow) == 1
    later = date(2026, 11, 30)
    with context_factory(today=later) as ctx:
        evidence.add_evidence(
            ctx,
            "exa",
            PRICE,
            artifact="credit_and_minimum_terms",
            state=EvidenceState.OBSERVED,
            grade=SourceGrade.DIRECTLY_VERIFIABLE,
            url=PAGE,
            quote="Credits expire after 6 months.",
        )
    assert not due(context_factory, later)
    assert drift_blockers(context_factory, later) == []


def test_each_quoted_url_is_fetched_once(
    context_factory: Any,
    respx_mock: respx.MockRouter,
    quoted: respx.Route,
    fetcher: Any,
    store: CaptureStore,
) -> None:
    capture_page(
        context_factory,
        PAGE,
        fetcher=fetcher,
        store=store,
        target=("exa", "price_stability", "live_pricing_page"),
        quote="Pro: $99/month.",
    )
    terms = respx_mock.get(TERMS).respond(200, content=AFTER, headers={"Content-Type": "text/html"})
    with context_factory() as ctx:
        evidence.add_evidence(
            ctx,
            "tavily",
            PRICE,
            artifact="credit_and_minimum_terms",
            state=EvidenceState.OBSERVED,
            grade=SourceGrade.VENDOR_CLAIMED,
            url=TERMS,
            quote="Credits expire after 6 months.",
        )
    calls_before = quoted.call_count

    result = recheck(context_factory, fetcher=fetcher, store=store)

    assert sorted(f.status for f in result.findings) == ["found", "found", "found"]
    assert (quoted.call_count - calls_before, terms.call_count) == (1, 1)
    assert (result.pages, result.pages_fetched) == (2, 2)


def test_an_unknown_vendor_is_refused(
    context_factory: Any, fetcher: Any, store: CaptureStore
) -> None:
    with pytest.raises(NotFound, match="Unknown vendor 'nosuch'"):
        recheck(context_factory, "nosuch", fetcher=fetcher, store=store)
