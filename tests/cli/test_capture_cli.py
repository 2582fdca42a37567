"""`scorecard capture`, `price-history` and `recheck` as a reviewer runs them, network mocked.

respx intercepts every httpx client the commands open; the archive client is swapped for one
with a fake clock (services.network.archive_client) so retries never wait.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx

from scorecard.adapters.archive_now import SaveResult
from scorecard.adapters.rate_limit import SlidingWindowLimiter
from scorecard.adapters.wayback_cdx import WaybackArchiveClient
from scorecard.services import network
from tests.db_state import database_state
from tests.services.test_price_history import (
    BASE,
    CAPTURES,
    CDX,
    cdx_json,
    html,
    raw_url,
    serve_history,
)

PAGE = "https://example.com/pricing"
BODY = (
    b"<!DOCTYPE html><html><body><p>Pro: $99/month.</p><p>Credits never expire.</p></body></html>"
)
SHA = hashlib.sha256(BODY).hexdigest()


@pytest.fixture
def archive(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """Commands get an archive client on the mocked base URL whose sleeps are only recorded."""
    sleeps: list[float] = []

    @contextmanager
    def fake_archive_client() -> Iterator[WaybackArchiveClient]:
        limiter = SlidingWindowLimiter(20, 60.0, clock=lambda: sum(sleeps), sleep=sleeps.append)
        with WaybackArchiveClient(
            base_url=BASE,
            limiter=limiter,
            sleep=sleeps.append,
            now=lambda: datetime(2026, 11, 29, tzinfo=UTC),
            max_retries=2,
        ) as client:
            yield client

    monkeypatch.setattr(network, "archive_client", fake_archive_client)
    return sleeps


@pytest.fixture
def acme(cli: Any, respx_mock: respx.MockRouter) -> Any:
    """A fictional vendor whose pricing page was captured as live_pricing_page evidence."""
    assert cli("vendor", "add", "acme-search", "--name", "Acme Search").exit_code == 0
    respx_mock.get(PAGE).respond(200, content=BODY, headers={"Content-Type": "text/html"})
    result = cli(
        "capture", PAGE, "--vendor", "acme-search", "--dimension", "price_stability",
        "--artifact", "live_pricing_page", "--quote", "Credits never expire.",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    return cli


def refused(result: Any, code: int, *words: str) -> None:
    output = result.stdout + result.stderr
    assert result.exit_code == code, output
    assert "Traceback" not in output
    assert "error:" in result.stderr
    for word in words:
        assert word in output, output


def test_capture_stores_the_body_by_hash_and_attaches_verifiable_evidence(
    cli: Any, respx_mock: respx.MockRouter, db_url: str
) -> None:
    respx_mock.get(PAGE).respond(200, content=BODY, headers={"Content-Type": "text/html"})

    result = cli(
        "capture", PAGE, "--vendor", "exa", "--dimension", "price_stability",
        "--artifact", "live_pricing_page",
    )  # fmt: skip

    assert result.exit_code == 0, result.stderr
    assert f"sha256 {SHA}" in result.stdout
    assert "directly verifiable" in result.stdout
    assert (Path("evidence") / "captures" / SHA[:2] / SHA).read_bytes() == BODY
    [row] = database_state(db_url)["evidence"]
    assert (row.artifact, row.grade, row.capture_sha256) == (
        "live_pricing_page",
        "directly_verifiable",
        SHA,
    )


def test_capture_honours_the_store_root_setting(
    cli: Any, respx_mock: respx.MockRouter, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("SCORECARD_CAPTURES", str(tmp_path / "vault"))
    respx_mock.get(PAGE).respond(200, content=BODY, headers={"Content-Type": "text/html"})

    assert cli("capture", PAGE).exit_code == 0

    assert (tmp_path / "vault" / SHA[:2] / SHA).is_file()


@pytest.mark.parametrize(
    ("args", "response", "words"),
    [
        ((), {"headers": {"Content-Type": "application/pdf"}}, ("not an HTML page",)),
        (("--max-bytes", "10"), {}, ("10-byte cap",)),
        (("--vendor", "exa"), {}, ("give all three or none",)),
        (
            ("--vendor", "exa", "--dimension", "price_stability", "--artifact", "soc2"),
            {},
            ("not on the Price stability checklist",),
        ),
    ],
    ids=["not-html", "oversized", "half-a-cell", "wrong-artifact"],
)
def test_a_refused_capture_exits_2_and_leaves_the_database_unchanged(
    cli: Any,
    respx_mock: respx.MockRouter,
    db_url: str,
    args: tuple[str, ...],
    response: dict[str, Any],
    words: tuple[str, ...],
) -> None:
    assert cli("vendor", "list").exit_code == 0
    before = database_state(db_url)
    headers = response.get("headers", {"Content-Type": "text/html"})
    respx_mock.get(PAGE).respond(200, content=BODY, headers=headers)

    result = cli("capture", PAGE, *args)

    refused(result, 2, *words)
    assert database_state(db_url) == before


def test_a_capture_refused_by_the_archive_is_recorded_not_raised(
    cli: Any, respx_mock: respx.MockRouter, monkeypatch: pytest.MonkeyPatch
) -> None:
    respx_mock.get(PAGE).respond(200, content=BODY, headers={"Content-Type": "text/html"})
    monkeypatch.setattr(
        network,
        "save_page_now",
        lambda url: SaveResult("refused", None, f"The archive refuses to capture {url}."),
    )

    result = cli("capture", PAGE, "--archive-now")

    assert result.exit_code == 0, result.stderr
    assert "Internet Archive: refused: The archive refuses to capture" in result.stderr


def test_price_history_reports_the_timeline_and_a_rerun_makes_only_the_index_calls(
    acme: Any, respx_mock: respx.MockRouter, archive: list[float]
) -> None:
    routes = serve_history(respx_mock)

    first = acme("price-history", "run", "acme-search")
    second = acme("price-history", "run", "acme-search")

    assert first.exit_code == 0, first.stderr
    assert "(from evidence ev-" in first.stdout
    assert "Coverage: 5 capture(s), first 2025-01-15, last 2026-03-05." in first.stdout
    assert "Gap: no capture from 2025-03-01 to 2025-09-20 (203 days)." in first.stdout
    assert "'$99/month' → '$119/month'" in first.stdout
    assert raw_url("20250301120000") in first.stdout
    assert "Requests: 7 made; minimum 7 (2 index page(s) + 5 download(s))" in first.stdout
    assert second.exit_code == 0, second.stderr
    assert "Requests: 2 made; minimum 2 (2 index page(s) + 0 download(s))" in second.stdout
    assert "reused from the store 5" in second.stdout
    assert routes["cdx"].call_count == 4
    assert sum(routes[timestamp].call_count for timestamp in CAPTURES) == 5
    listed = acme("price-history", "list", "acme-search")
    assert listed.exit_code == 0 and "pc-1" in listed.stdout and "unclassified" in listed.stdout


def test_an_archive_failing_mid_run_exits_3_keeping_what_was_downloaded(
    acme: Any, respx_mock: respx.MockRouter, archive: list[float], db_url: str
) -> None:
    routes = serve_history(respx_mock)
    routes["20250920081500"].respond(503)

    result = acme("price-history", "run", "acme-search")

    refused(result, 3, "failure to look", "2 capture(s) downloaded in this run are stored")
    state = database_state(db_url)
    assert len([row for row in state["capture"] if row.origin == "archive"]) == 2
    assert state["price_change"] == []
    assert archive == [2.0, 4.0]

    routes["20250920081500"].respond(200, content=html("20250920081500"))
    resumed = acme("price-history", "run", "acme-search")
    assert "Requests: 5 made; minimum 5 (2 index page(s) + 3 download(s))" in resumed.stdout


def test_an_empty_window_is_no_captures_and_a_failed_index_is_not(
    acme: Any, respx_mock: respx.MockRouter, archive: list[float]
) -> None:
    route = respx_mock.get(CDX).respond(json=cdx_json("cdx_empty.json"))

    empty = acme("price-history", "run", "acme-search")

    assert empty.exit_code == 0, empty.stderr
    assert "No captures" in empty.stdout and "not a failure to look" in empty.stdout
    route.respond(429)
    limited = acme("price-history", "run", "acme-search")
    refused(limited, 3, "failure to look")
    assert "No captures" not in limited.stdout


def test_price_history_without_a_pricing_page_asks_for_a_url(cli: Any) -> None:
    refused(cli("price-history", "run", "exa"), 2, "--url URL")
    refused(cli("price-history", "run", "exa", "--months", "0"), 2, "--months")


def test_classifying_a_change_records_evidence_and_shows_the_ceiling_move(
    acme: Any, respx_mock: respx.MockRouter, archive: list[float]
) -> None:
    serve_history(respx_mock)
    assert acme("price-history", "run", "acme-search").exit_code == 0
    listed = acme("price-history", "list", "acme-search").stdout
    pro = next(line.split()[0] for line in listed.splitlines() if "$119/month" in line)

    result = acme("price-history", "classify", "acme-search", pro, "--as", "adverse")

    assert result.exit_code == 0, result.stderr
    assert "adverse_change_capture_only, established" in result.stdout
    assert "Price stability evidence ceiling: 2 (was 3)." in result.stdout
    refused(acme("price-history", "classify", "acme-search", pro, "--as", "grandfathered"), 2,
            "--announced")  # fmt: skip
    refused(acme("price-history", "classify", "acme-search", "pc-999", "--as", "adverse"), 2,
            "No price change 'pc-999'")  # fmt: skip
    bad = acme("price-history", "classify", "acme-search", pro, "--as", "bad")
    assert bad.exit_code == 2 and "Traceback" not in bad.stdout + bad.stderr


def test_recheck_finds_a_vanished_quote_and_check_lists_the_drift_blocker(
    acme: Any, respx_mock: respx.MockRouter
) -> None:
    assert acme("recheck", "acme-search").exit_code == 0
    respx_mock.get(PAGE).respond(
        200, content=BODY.replace(b"never expire", b"expire after 30 days"),
        headers={"Content-Type": "text/html"},
    )  # fmt: skip

    result = acme("recheck")

    assert result.exit_code == 1, result.stdout + result.stderr
    assert "newly vanished" in result.stdout and "1 newly vanished" in result.stdout
    check = acme("check")
    assert "source-drift" in check.stdout
    assert "↻" in acme("vendor", "list").stdout


def test_recheck_of_an_unreachable_page_exits_3_without_drift(
    acme: Any, respx_mock: respx.MockRouter
) -> None:
    respx_mock.get(PAGE).mock(side_effect=httpx.ConnectError("connection refused"))

    result = acme("recheck")

    assert result.exit_code == 3
    assert "unreachable" in result.stdout
    assert "source-drift" not in acme("check").stdout
