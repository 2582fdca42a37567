"""WaybackArchiveClient on a mocked CDX server: paging, retries, failure kept apart from "none"."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from email.utils import format_datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx

from scorecard.adapters.interface import ArchiveUnavailable, MalformedCdx
from scorecard.adapters.rate_limit import SlidingWindowLimiter
from scorecard.adapters.wayback_cdx import (
    BASE_URL_ENV,
    WaybackArchiveClient,
    parse_retry_after,
)

FIXTURES = Path(__file__).parent.parent / "fixtures" / "archive"
BASE = "https://archive.test"
CDX = f"{BASE}/cdx/search/cdx"
PAGE_URL = "https://example.com/pricing"
START, END = date(2022, 6, 1), date(2024, 5, 31)
NOW = datetime(2024, 6, 1, 12, 0, tzinfo=UTC)


def fixture_json(name: str) -> Any:
    return json.loads((FIXTURES / name).read_text())


class FakeTime:
    """A clock that only moves when slept on, recording every sleep."""

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
def http() -> Iterator[httpx.Client]:
    with httpx.Client() as client:
        yield client


def make_client(http: httpx.Client, fake_time: FakeTime, **kwargs: Any) -> WaybackArchiveClient:
    limiter = SlidingWindowLimiter(20, 60.0, clock=fake_time.clock, sleep=fake_time.sleep)
    return WaybackArchiveClient(
        http,
        base_url=BASE,
        limiter=limiter,
        sleep=fake_time.sleep,
        now=lambda: NOW,
        **kwargs,
    )


def test_query_asks_for_distinct_successful_captures_in_the_window(
    respx_mock: respx.MockRouter, fake_time: FakeTime, http: httpx.Client
) -> None:
    route = respx_mock.get(CDX).respond(json=fixture_json("cdx_pricing_page2.json"))

    make_client(http, fake_time).list_captures(PAGE_URL, START, END)

    params = route.calls.last.request.url.params
    assert params["url"] == PAGE_URL
    assert params["output"] == "json"
    assert (params["from"], params["to"]) == ("20220601", "20240531")
    assert params["filter"] == "statuscode:200"
    assert params["collapse"] == "digest"
    assert params["showResumeKey"] == "true"
    assert "resumeKey" not in params


def test_rows_become_captures_with_raw_archive_urls(
    respx_mock: respx.MockRouter, fake_time: FakeTime, http: httpx.Client
) -> None:
    respx_mock.get(CDX).respond(json=fixture_json("cdx_pricing_page2.json"))

    result = make_client(http, fake_time).list_captures(PAGE_URL, START, END)

    first = result.captures[0]
    assert first.timestamp == "20240110170000"
    assert first.captured_on == date(2024, 1, 10)
    assert first.original_url == PAGE_URL
    assert first.status == 200
    assert first.mimetype == "text/html"
    assert first.digest == "ACMEDDDDDDDDDDDDDDDDDDDDDDDDDDD5"
    assert first.archive_url == f"{BASE}/web/20240110170000id_/{PAGE_URL}"


def test_resume_key_fetches_the_next_page_and_joins_both(
    respx_mock: respx.MockRouter, fake_time: FakeTime, http: httpx.Client
) -> None:
    route = respx_mock.get(CDX).mock(
        side_effect=[
            httpx.Response(200, json=fixture_json("cdx_pricing_page1.json")),
            httpx.Response(200, json=fixture_json("cdx_pricing_page2.json")),
        ]
    )
    client = make_client(http, fake_time)

    result = client.list_captures(PAGE_URL, START, END)

    assert [c.timestamp for c in result.captures] == [
        "20230115093000",
        "20230301120000",
        "20230920081500",
        "20240110170000",
        "20240305060000",
    ]
    assert route.call_count == 2
    second = route.calls[1].request.url.params
    assert second["resumeKey"] == "com%2Cexample%29%2Fpricing+20230920081500%21"
    assert second["url"] == PAGE_URL
    assert (result.pages, result.requests_made, client.requests_made) == (2, 2, 2)


def test_empty_window_is_no_captures_not_a_failure(
    respx_mock: respx.MockRouter, fake_time: FakeTime, http: httpx.Client
) -> None:
    respx_mock.get(CDX).respond(json=fixture_json("cdx_empty.json"))

    result = make_client(http, fake_time).list_captures(PAGE_URL, START, END)

    assert result.captures == ()
    assert not result.has_captures
    assert result.requests_made == 1
    assert result.skipped_rows == ()


def test_empty_body_from_a_mirror_is_also_no_captures(
    respx_mock: respx.MockRouter, fake_time: FakeTime, http: httpx.Client
) -> None:
    respx_mock.get(CDX).respond(200, content=b"")

    result = make_client(http, fake_time).list_captures(PAGE_URL, START, END)

    assert not result.has_captures


def test_429_then_success_waits_as_long_as_retry_after_says(
    respx_mock: respx.MockRouter, fake_time: FakeTime, http: httpx.Client
) -> None:
    respx_mock.get(CDX).mock(
        side_effect=[
            httpx.Response(429, headers={"Retry-After": "7"}),
            httpx.Response(200, json=fixture_json("cdx_pricing_page2.json")),
        ]
    )
    client = make_client(http, fake_time)

    result = client.list_captures(PAGE_URL, START, END)

    assert fake_time.sleeps == [7.0]
    assert len(result.captures) == 2
    assert result.requests_made == 2


def test_retry_after_as_an_http_date_is_honoured(
    respx_mock: respx.MockRouter, fake_time: FakeTime, http: httpx.Client
) -> None:
    later = format_datetime(NOW + timedelta(seconds=30), usegmt=True)
    respx_mock.get(CDX).mock(
        side_effect=[
            httpx.Response(503, headers={"Retry-After": later}),
            httpx.Response(200, json=fixture_json("cdx_empty.json")),
        ]
    )

    make_client(http, fake_time).list_captures(PAGE_URL, START, END)

    assert fake_time.sleeps == [30.0]


def test_503_until_retries_run_out_is_a_counted_failure_not_an_empty_history(
    respx_mock: respx.MockRouter, fake_time: FakeTime, http: httpx.Client
) -> None:
    route = respx_mock.get(CDX).respond(503)
    client = make_client(http, fake_time, max_retries=3, backoff_base_s=2.0)

    with pytest.raises(ArchiveUnavailable) as caught:
        client.list_captures(PAGE_URL, START, END)

    error = caught.value
    assert route.call_count == 4
    assert error.requests_made == 4
    assert client.requests_made == 4
    assert error.reason == "server_error"
    assert error.status == 503
    assert "not an absence of captures" in str(error)
    assert "example.com" in str(error)  # the query a reviewer can repeat
    # Exponential backoff between the four attempts, none after the last.
    assert fake_time.sleeps == [2.0, 4.0, 8.0]


def test_persistent_429_is_reported_as_rate_limited(
    respx_mock: respx.MockRouter, fake_time: FakeTime, http: httpx.Client
) -> None:
    respx_mock.get(CDX).respond(429, headers={"Retry-After": "1"})

    with pytest.raises(ArchiveUnavailable) as caught:
        make_client(http, fake_time, max_retries=1).list_captures(PAGE_URL, START, END)

    assert caught.value.reason == "rate_limited"
    assert caught.value.requests_made == 2


def test_a_retry_after_beyond_the_bound_gives_up_without_sleeping(
    respx_mock: respx.MockRouter, fake_time: FakeTime, http: httpx.Client
) -> None:
    respx_mock.get(CDX).respond(429, headers={"Retry-After": "3600"})

    with pytest.raises(ArchiveUnavailable, match="3600s") as caught:
        make_client(http, fake_time, max_retry_after_s=300.0).list_captures(PAGE_URL, START, END)

    assert fake_time.sleeps == []
    assert caught.value.requests_made == 1


def test_network_errors_are_retried_then_reported(
    respx_mock: respx.MockRouter, fake_time: FakeTime, http: httpx.Client
) -> None:
    respx_mock.get(CDX).mock(side_effect=httpx.ConnectTimeout("connect timed out"))

    with pytest.raises(ArchiveUnavailable) as caught:
        make_client(http, fake_time, max_retries=2).list_captures(PAGE_URL, START, END)

    assert caught.value.reason == "network"
    assert caught.value.requests_made == 3


def test_a_client_error_is_not_retried(
    respx_mock: respx.MockRouter, fake_time: FakeTime, http: httpx.Client
) -> None:
    route = respx_mock.get(CDX).respond(403)

    with pytest.raises(ArchiveUnavailable) as caught:
        make_client(http, fake_time).list_captures(PAGE_URL, START, END)

    assert route.call_count == 1
    assert (caught.value.reason, caught.value.status) == ("refused", 403)


def test_malformed_rows_are_skipped_with_a_warning_and_listed(
    respx_mock: respx.MockRouter,
    fake_time: FakeTime,
    http: httpx.Client,
    caplog: pytest.LogCaptureFixture,
) -> None:
    respx_mock.get(CDX).respond(json=fixture_json("cdx_malformed_row.json"))

    with caplog.at_level(logging.WARNING, logger="scorecard.adapters.wayback_cdx"):
        result = make_client(http, fake_time).list_captures(PAGE_URL, START, END)

    assert [c.timestamp for c in result.captures] == ["20230115093000", "20240110170000"]
    assert len(result.skipped_rows) == 2
    assert "row 2" in result.skipped_rows[0] and "14 digits" in result.skipped_rows[0]
    assert "row 3" in result.skipped_rows[1] and "expected 7 fields" in result.skipped_rows[1]
    assert sum("malformed CDX row" in r.message for r in caplog.records) == 2


def test_an_unreadable_answer_raises_malformed_cdx(
    respx_mock: respx.MockRouter, fake_time: FakeTime, http: httpx.Client
) -> None:
    respx_mock.get(CDX).respond(200, html="<html><body>Service maintenance</body></html>")

    with pytest.raises(MalformedCdx, match="could not be read") as caught:
        make_client(http, fake_time).list_captures(PAGE_URL, START, END)

    assert caught.value.requests_made == 1


def test_a_header_without_needed_fields_raises_malformed_cdx(
    respx_mock: respx.MockRouter, fake_time: FakeTime, http: httpx.Client
) -> None:
    respx_mock.get(CDX).respond(json=[["urlkey", "length"], ["com,example)/pricing", "10"]])

    with pytest.raises(MalformedCdx, match="timestamp"):
        make_client(http, fake_time).list_captures(PAGE_URL, START, END)


def test_download_fetches_the_raw_capture_and_counts_it(
    respx_mock: respx.MockRouter, fake_time: FakeTime, http: httpx.Client
) -> None:
    respx_mock.get(CDX).respond(json=fixture_json("cdx_pricing_page2.json"))
    body = (FIXTURES / "acme_pricing_2024-01-10.html").read_bytes()
    raw = respx_mock.get(f"{BASE}/web/20240110170000id_/{PAGE_URL}").respond(200, content=body)
    client = make_client(http, fake_time)
    capture = client.list_captures(PAGE_URL, START, END).captures[0]

    assert client.download(capture) == body
    assert raw.call_count == 1
    assert client.requests_made == 2


def test_download_of_a_missing_capture_is_an_error(
    respx_mock: respx.MockRouter, fake_time: FakeTime, http: httpx.Client
) -> None:
    respx_mock.get(CDX).respond(json=fixture_json("cdx_pricing_page2.json"))
    respx_mock.get(url__startswith=f"{BASE}/web/").respond(404)
    client = make_client(http, fake_time)
    capture = client.list_captures(PAGE_URL, START, END).captures[0]

    with pytest.raises(ArchiveUnavailable) as caught:
        client.download(capture)

    assert caught.value.status == 404


def test_base_url_comes_from_the_environment(
    respx_mock: respx.MockRouter, monkeypatch: pytest.MonkeyPatch, http: httpx.Client
) -> None:
    monkeypatch.setenv(BASE_URL_ENV, "https://mirror.test/")
    route = respx_mock.get("https://mirror.test/cdx/search/cdx").respond(
        json=fixture_json("cdx_pricing_page2.json")
    )

    with WaybackArchiveClient(http, sleep=lambda _s: None) as client:
        result = client.list_captures(PAGE_URL, START, END)

    assert route.called
    assert result.captures[0].archive_url.startswith("https://mirror.test/web/")


def test_the_default_base_url_is_the_wayback_machine(
    monkeypatch: pytest.MonkeyPatch, http: httpx.Client
) -> None:
    monkeypatch.delenv(BASE_URL_ENV, raising=False)

    assert WaybackArchiveClient(http).base_url == "https://web.archive.org"


def test_requests_pass_through_the_rate_limiter(
    respx_mock: respx.MockRouter, fake_time: FakeTime, http: httpx.Client
) -> None:
    respx_mock.get(CDX).respond(json=fixture_json("cdx_empty.json"))
    limiter = SlidingWindowLimiter(2, 60.0, clock=fake_time.clock, sleep=fake_time.sleep)
    client = WaybackArchiveClient(http, base_url=BASE, limiter=limiter, sleep=fake_time.sleep)

    for _ in range(3):
        client.list_captures(PAGE_URL, START, END)

    assert fake_time.sleeps == [60.0]


def test_a_window_ending_before_it_starts_is_refused(
    fake_time: FakeTime, http: httpx.Client
) -> None:
    with pytest.raises(ValueError, match="before it starts"):
        make_client(http, fake_time).list_captures(PAGE_URL, END, START)


@pytest.mark.parametrize(
    ("header", "expected"),
    [("120", 120.0), ("", None), ("soon", None), ("Sat, 01 Jun 2024 11:00:00 GMT", 0.0)],
)
def test_parse_retry_after(header: str, expected: float | None) -> None:
    assert parse_retry_after(header, NOW) == expected


def test_the_21st_call_in_a_minute_waits_until_the_first_leaves_the_window(
    fake_time: FakeTime,
) -> None:
    limiter = SlidingWindowLimiter(clock=fake_time.clock, sleep=fake_time.sleep)
    for _ in range(20):
        assert limiter.acquire() == 0.0
        fake_time.now += 1.0
    assert fake_time.sleeps == []

    # 20 calls at t=0..19; at t=20 the 21st must wait until t=60, when the first one expires.
    waited = limiter.acquire()

    assert fake_time.sleeps == [40.0]
    assert waited == 40.0
    assert fake_time.now == 60.0


def test_calls_spread_over_more_than_a_minute_never_wait(fake_time: FakeTime) -> None:
    limiter = SlidingWindowLimiter(clock=fake_time.clock, sleep=fake_time.sleep)
    for _ in range(100):
        limiter.acquire()
        fake_time.now += 3.0

    assert fake_time.sleeps == []
