"""Price history: one index query, one download per new capture, changes kept for classifying.

The archive is the recorded fixture set in tests/fixtures/archive (fictional Acme Search),
served by respx. Its captures are moved two years on so they fall in the seeded edition's
24-month window (2024-09-03 to 2026-09-03).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx
from sqlmodel import func, select

from scorecard.adapters.rate_limit import SlidingWindowLimiter
from scorecard.adapters.wayback_cdx import WaybackArchiveClient
from scorecard.domain.enums import DimensionId, EvidenceState, SourceGrade
from scorecard.domain.models import Vendor
from scorecard.services import editions, evidence, vendors
from scorecard.services.context import Context, ServiceError
from scorecard.services.price_history import (
    HistoryFailed,
    HistoryResult,
    classify_change,
    list_changes,
    months_before,
    run_price_history,
)
from scorecard.storage.captures import CaptureStore
from scorecard.storage.tables import CaptureRow, PriceChangeRow

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "archive"
BASE = "https://archive.test"
CDX = f"{BASE}/cdx/search/cdx"
PAGE = "https://example.com/pricing"
VENDOR = "acme-search"
PRICE = DimensionId.PRICE_STABILITY
YEARS_ON = 2
# Capture timestamps of the fixtures, moved on, and the body each one serves.
CAPTURES = {
    "20250115093000": "acme_pricing_2023-01-15.html",
    "20250301120000": "acme_pricing_2023-03-01.html",
    "20250920081500": "acme_pricing_2023-09-20.html",
    "20260110170000": "acme_pricing_2024-01-10.html",
    "20260305060000": "acme_pricing_2024-03-05.html",
}


def moved_on(value: Any) -> Any:
    """A fixture's CDX JSON with every 20xx timestamp (even a malformed one) two years later."""
    if isinstance(value, list):
        return [moved_on(item) for item in value]
    if isinstance(value, str) and value[:3] == "202" and value.isdigit():
        return f"{int(value[:4]) + YEARS_ON}{value[4:]}"
    return value


def cdx_json(name: str) -> Any:
    return moved_on(json.loads((FIXTURES / name).read_text("utf-8")))


def raw_url(timestamp: str) -> str:
    return f"{BASE}/web/{timestamp}id_/{PAGE}"


def html(timestamp: str) -> bytes:
    return (FIXTURES / CAPTURES[timestamp]).read_bytes()


class FakeTime:
    """A clock that moves only when slept on; every sleep is recorded, none is waited."""

    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


@pytest.fixture
def fake_time() -> FakeTime:
    return FakeTime()


@pytest.fixture
def make_archive(fake_time: FakeTime) -> Iterator[Callable[..., WaybackArchiveClient]]:
    """Builds archive clients on one httpx client (respx intercepts it), with a fake clock."""
    http = httpx.Client()

    def build(**kwargs: Any) -> WaybackArchiveClient:
        limiter = SlidingWindowLimiter(20, 60.0, clock=fake_time.clock, sleep=fake_time.sleep)
        return WaybackArchiveClient(
            http,
            base_url=BASE,
            limiter=limiter,
            sleep=fake_time.sleep,
            now=lambda: datetime(2026, 11, 29, 12, tzinfo=UTC),
            **kwargs,
        )

    yield build
    http.close()


@pytest.fixture
def store(tmp_path: Path) -> CaptureStore:
    return CaptureStore(tmp_path / "captures")


@pytest.fixture
def acme(context_factory: Any) -> Any:
    """A fictional vendor whose live pricing page is on record; returns the context factory."""
    with context_factory() as ctx:
        vendors.add_vendor(ctx, Vendor(key=VENDOR, name="Acme Search"))
        evidence.add_evidence(
            ctx,
            VENDOR,
            PRICE,
            artifact="live_pricing_page",
            state=EvidenceState.OBSERVED,
            grade=SourceGrade.DIRECTLY_VERIFIABLE,
            url=PAGE,
            retrieval_date=date(2026, 9, 1),
        )
    return context_factory


def serve_history(respx_mock: respx.MockRouter) -> dict[str, respx.Route]:
    """The two-page index and the five capture bodies; returns the routes by name."""
    routes = {
        "cdx": respx_mock.get(CDX).mock(
            side_effect=[
                httpx.Response(200, json=cdx_json("cdx_pricing_page1.json")),
                httpx.Response(200, json=cdx_json("cdx_pricing_page2.json")),
            ]
            * 3
        )
    }
    for timestamp in CAPTURES:
        routes[timestamp] = respx_mock.get(raw_url(timestamp)).respond(
            200, content=html(timestamp), headers={"Content-Type": "text/html"}
        )
    return routes


def run(
    open_context: Any, archive: WaybackArchiveClient, store: CaptureStore, **kwargs: Any
) -> HistoryResult:
    return run_price_history(open_context, VENDOR, archive=archive, store=store, **kwargs)


def count(open_context: Any, table: type[Any]) -> int:
    with open_context() as ctx:
        return int(ctx.session.exec(select(func.count()).select_from(table)).one())


def ceiling(ctx: Context) -> int:
    return editions.assess(ctx).cell(VENDOR, PRICE).ceiling.level


def change_key(result: HistoryResult, text: str) -> str:
    return next(view.key for view in result.changes if text in view.summary)


# ---- the run --------------------------------------------------------------------------------


def test_the_window_is_24_months_ending_at_the_verification_date(
    acme: Any, respx_mock: respx.MockRouter, make_archive: Any, store: CaptureStore
) -> None:
    route = respx_mock.get(CDX).respond(json=[])

    run(acme, make_archive(), store)

    params = route.calls.last.request.url.params
    assert (params["url"], params["from"], params["to"]) == (PAGE, "20240903", "20260903")
    assert months_before(date(2026, 8, 31), 6) == date(2026, 2, 28)


def test_a_run_timelines_every_change_citing_both_captures(
    acme: Any, respx_mock: respx.MockRouter, make_archive: Any, store: CaptureStore
) -> None:
    serve_history(respx_mock)

    result = run(acme, make_archive(), store)

    summaries = [view.summary for view in result.changes]
    assert any("(Pro): '$99/month' → '$119/month'" in s for s in summaries), summaries
    assert any("'1,000 free searches per month' → '500 free searches" in s for s in summaries)
    assert any("Credits expire after 12 months" in s and "6 months" in s for s in summaries)
    assert any("removed plan" in s and "Starter" in s for s in summaries)
    assert any("added plan" in s and "Enterprise" in s for s in summaries)
    assert any("'$5 per 1,000 requests' → '$8 per 1,000 requests'" in s for s in summaries)
    pro = next(v for v in result.changes if "$119/month" in v.summary)
    assert (pro.from_archive_url, pro.to_archive_url) == (
        raw_url("20250115093000"),
        raw_url("20250301120000"),
    )
    history = result.timeline
    assert history.capture_count == 5
    assert history.first is not None and history.first.captured_on == date(2025, 1, 15)
    assert history.last is not None and history.last.captured_on == date(2026, 3, 5)
    # The script-rendered capture shows no price: left out, not read as "everything removed".
    assert [c.captured_on for c in history.without_facts] == [date(2026, 3, 5)]
    assert not any(view.to_date == date(2026, 3, 5) for view in result.changes)
    assert [(g.start, g.end) for g in history.gaps] == [
        (date(2024, 9, 3), date(2025, 1, 15)),
        (date(2025, 3, 1), date(2025, 9, 20)),
        (date(2025, 9, 20), date(2026, 1, 10)),
        (date(2026, 3, 5), date(2026, 9, 3)),
    ]
    with acme() as ctx:
        assert [v.key for v in list_changes(ctx, VENDOR)] == [v.key for v in result.changes]


def test_each_capture_is_downloaded_once_and_a_rerun_makes_only_the_index_calls(
    acme: Any, respx_mock: respx.MockRouter, make_archive: Any, store: CaptureStore
) -> None:
    routes = serve_history(respx_mock)

    first = run(acme, make_archive(), store)
    second = run(acme, make_archive(), store)

    assert (first.requests_made, first.minimum_requests) == (7, 7)
    assert (first.downloaded, first.reused, first.index_pages) == (5, 0, 2)
    assert (second.requests_made, second.minimum_requests) == (2, 2)
    assert (second.downloaded, second.reused) == (0, 5)
    assert all(routes[timestamp].call_count == 1 for timestamp in CAPTURES)
    assert routes["cdx"].call_count == 4
    assert [v.key for v in second.changes] == [v.key for v in first.changes]
    assert second.new_changes == 0
    assert count(acme, CaptureRow) == 5
    for timestamp in CAPTURES:
        assert store.get(next(iter(_shas(acme, timestamp)))) == html(timestamp)


def _shas(open_context: Any, timestamp: str) -> set[str]:
    with open_context() as ctx:
        rows = ctx.session.exec(select(CaptureRow).where(CaptureRow.archive_timestamp == timestamp))
        return {row.sha256 for row in rows}


def test_a_429_is_waited_out_and_counted_against_the_minimum(
    acme: Any,
    respx_mock: respx.MockRouter,
    make_archive: Any,
    store: CaptureStore,
    fake_time: FakeTime,
) -> None:
    routes = serve_history(respx_mock)
    routes["cdx"].side_effect = [
        httpx.Response(429, headers={"Retry-After": "7"}),
        httpx.Response(200, json=cdx_json("cdx_pricing_page1.json")),
        httpx.Response(200, json=cdx_json("cdx_pricing_page2.json")),
    ]

    result = run(acme, make_archive(), store)

    assert result.status == "ok" and result.timeline.capture_count == 5
    assert (result.requests_made, result.minimum_requests) == (8, 7)
    assert 7.0 in fake_time.sleeps


def test_503_until_retries_run_out_fails_keeping_the_captures_already_downloaded(
    acme: Any, respx_mock: respx.MockRouter, make_archive: Any, store: CaptureStore
) -> None:
    routes = serve_history(respx_mock)
    routes["20250920081500"].respond(503)

    with pytest.raises(HistoryFailed) as failure:
        run(acme, make_archive(max_retries=2), store)

    assert failure.value.exit_code == 3
    text = " ".join((failure.value.message, *failure.value.details))
    assert "not an absence of captures" in text
    assert "2 capture(s) downloaded in this run are stored" in text
    assert routes["20250920081500"].call_count == 3
    assert count(acme, CaptureRow) == 2
    assert count(acme, PriceChangeRow) == 0

    routes["20250920081500"].respond(200, content=html("20250920081500"))
    resumed = run(acme, make_archive(), store)

    assert (resumed.downloaded, resumed.reused) == (3, 2)
    assert resumed.requests_made == resumed.minimum_requests == 2 + 3
    assert routes["20250115093000"].call_count == 1


def test_an_index_that_keeps_failing_is_a_failure_not_an_empty_history(
    acme: Any, respx_mock: respx.MockRouter, make_archive: Any, store: CaptureStore
) -> None:
    respx_mock.get(CDX).respond(503)

    with pytest.raises(HistoryFailed, match="after 3 request"):
        run(acme, make_archive(max_retries=2), store)

    assert count(acme, PriceChangeRow) == 0


def test_an_unreadable_index_answer_is_a_failure(
    acme: Any, respx_mock: respx.MockRouter, make_archive: Any, store: CaptureStore
) -> None:
    respx_mock.get(CDX).respond(200, text="<html>Service unavailable</html>")

    with pytest.raises(HistoryFailed, match="could not be read"):
        run(acme, make_archive(), store)


def test_malformed_index_rows_are_skipped_and_reported(
    acme: Any, respx_mock: respx.MockRouter, make_archive: Any, store: CaptureStore
) -> None:
    routes = serve_history(respx_mock)
    routes["cdx"].side_effect = None
    routes["cdx"].respond(json=cdx_json("cdx_malformed_row.json"))

    result = run(acme, make_archive(), store)

    assert len(result.skipped_rows) == 2
    assert "202503011200" in " ".join(result.skipped_rows)
    history = result.timeline
    assert history.capture_count == 2
    assert history.first is not None and history.first.captured_on == date(2025, 1, 15)
    assert history.last is not None and history.last.captured_on == date(2026, 1, 10)
    assert result.downloaded == 2


def test_an_empty_window_is_reported_as_no_captures(
    acme: Any, respx_mock: respx.MockRouter, make_archive: Any, store: CaptureStore
) -> None:
    respx_mock.get(CDX).respond(json=cdx_json("cdx_empty.json"))

    result = run(acme, make_archive(), store)

    assert result.status == "no_captures"
    assert result.changes == () and result.timeline.capture_count == 0
    assert (result.requests_made, result.minimum_requests) == (1, 1)


def test_captures_outside_the_window_are_not_downloaded_nor_counted_as_history(
    acme: Any, respx_mock: respx.MockRouter, make_archive: Any, store: CaptureStore
) -> None:
    # A mirror that ignores from/to answers with the fixtures' own (2023-2024) dates.
    respx_mock.get(CDX).respond(json=json.loads((FIXTURES / "cdx_pricing_page2.json").read_text()))

    result = run(acme, make_archive(), store)

    assert result.status == "no_captures"
    assert [s.reason for s in result.skipped] == ["outside the window"] * 2
    assert result.requests_made == result.minimum_requests == 1


def test_an_oversized_capture_is_left_out_and_said_so(
    acme: Any, respx_mock: respx.MockRouter, make_archive: Any, store: CaptureStore
) -> None:
    routes = serve_history(respx_mock)
    routes["20250920081500"].respond(200, content=b"<html>" + b" " * 10_000 + b"</html>")

    result = run(acme, make_archive(max_bytes=5_000), store)

    assert [s.captured_on for s in result.skipped] == [date(2025, 9, 20)]
    assert "5,000 bytes" in result.skipped[0].reason
    assert result.downloaded == 4
    assert result.timeline.capture_count == 4


def test_a_capture_archived_as_another_type_is_not_downloaded(
    acme: Any, respx_mock: respx.MockRouter, make_archive: Any, store: CaptureStore
) -> None:
    routes = serve_history(respx_mock)
    rows = cdx_json("cdx_pricing_page2.json")
    rows[1][3] = "application/pdf"
    routes["cdx"].side_effect = None
    routes["cdx"].respond(json=rows)

    result = run(acme, make_archive(), store)

    assert routes["20260110170000"].call_count == 0
    assert "application/pdf" in result.skipped[0].reason
    assert result.requests_made == result.minimum_requests == 2


def test_progress_is_reported_from_the_index_to_the_last_download(
    acme: Any, respx_mock: respx.MockRouter, make_archive: Any, store: CaptureStore
) -> None:
    serve_history(respx_mock)
    calls: list[tuple[int, int, str]] = []

    run(acme, make_archive(), store, on_progress=lambda *call: calls.append(call))

    assert calls[0][:2] == (0, 0)
    assert [done for done, total, _ in calls if total == 5] == [0, 1, 2, 3, 4, 5, 5]


def test_without_a_pricing_page_on_record_the_url_must_be_given(
    context_factory: Any, make_archive: Any, store: CaptureStore
) -> None:
    with context_factory() as ctx:
        vendors.add_vendor(ctx, Vendor(key=VENDOR, name="Acme Search"))

    with pytest.raises(ServiceError, match="--url"):
        run(context_factory, make_archive(), store)


# ---- classification -------------------------------------------------------------------------


def test_classifying_a_change_records_price_evidence_and_moves_the_ceiling(
    acme: Any, respx_mock: respx.MockRouter, make_archive: Any, store: CaptureStore
) -> None:
    serve_history(respx_mock)
    result = run(acme, make_archive(), store)
    pro = change_key(result, "$119/month")
    free = change_key(result, "500 free searches")
    after_shas = _shas(acme, "20250301120000")

    with acme() as ctx:
        assert ceiling(ctx) == 3
        view, item = classify_change(ctx, VENDOR, pro, "adverse")
        assert item is not None
        assert item.artifact == "adverse_change_capture_only"
        assert item.grade == SourceGrade.DIRECTLY_VERIFIABLE
        assert item.url == raw_url("20250301120000")
        assert item.capture_sha256 in after_shas
        assert view.evidence_key == item.key
        assert ceiling(ctx) == 2
        classify_change(ctx, VENDOR, free, "adverse")
        # Repeated adverse changes, one found only by comparing captures: the floor.
        assert ceiling(ctx) == 0
        classify_change(ctx, VENDOR, free, "not-adverse")
        assert ceiling(ctx) == 2

    with acme() as ctx:
        views = {v.key: v for v in list_changes(ctx, VENDOR)}
        assert views[free].classification == "not-adverse" and views[free].evidence_key is None
        artifacts = [i.artifact for i in evidence.list_evidence(ctx, VENDOR, PRICE)]
        assert sorted(artifacts) == ["adverse_change_capture_only", "live_pricing_page"]


def test_an_announced_grandfathered_change_keeps_level_3_and_needs_its_announcement(
    acme: Any, respx_mock: respx.MockRouter, make_archive: Any, store: CaptureStore
) -> None:
    serve_history(respx_mock)
    pro = change_key(run(acme, make_archive(), store), "$119/month")

    with acme() as ctx, pytest.raises(ServiceError, match="--announced"):
        classify_change(ctx, VENDOR, pro, "grandfathered")
    with acme() as ctx:
        _, item = classify_change(
            ctx, VENDOR, pro, "grandfathered", announced_url="https://example.com/blog/pricing"
        )
        assert item is not None and item.artifact == "adverse_change_announced_grandfathered"
        assert item.note is not None and "https://example.com/blog/pricing" in item.note
        assert ceiling(ctx) == 3
        _, item = classify_change(ctx, VENDOR, pro, "drift")
        assert item is not None and item.artifact == "effective_price_drift"
        assert ceiling(ctx) == 2


def test_a_change_seen_only_on_a_third_party_page_locates_but_does_not_establish(
    acme: Any, respx_mock: respx.MockRouter, make_archive: Any, store: CaptureStore
) -> None:
    serve_history(respx_mock)
    result = run(acme, make_archive(), store, url=PAGE, third_party=True)
    key = change_key(result, "$119/month")

    with acme() as ctx:
        view, item = classify_change(ctx, VENDOR, key, "free-tier-withdrawn")
        assert view.located_only
        assert item is not None and item.grade == SourceGrade.THIRD_PARTY
        assert item.artifact == "free_tier_withdrawn"
        assert ceiling(ctx) == 3


def test_an_unknown_change_or_another_vendors_change_is_refused(
    acme: Any, respx_mock: respx.MockRouter, make_archive: Any, store: CaptureStore
) -> None:
    serve_history(respx_mock)
    key = change_key(run(acme, make_archive(), store), "$119/month")

    with acme() as ctx, pytest.raises(ServiceError, match="No price change 'pc-999'"):
        classify_change(ctx, VENDOR, "pc-999", "adverse")
    with acme() as ctx, pytest.raises(ServiceError, match=f"No price change '{key}' for exa"):
        classify_change(ctx, "exa", key, "adverse")
