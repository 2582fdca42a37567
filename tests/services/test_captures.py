"""Live captures: stored by hash with where and when, attached as directly verifiable evidence."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest
import respx
from sqlmodel import select

from scorecard.adapters.archive_now import SaveResult
from scorecard.adapters.http_fetch import HttpPageFetcher
from scorecard.domain.enums import DimensionId, EvidenceState, SourceGrade
from scorecard.services import network
from scorecard.services.captures import (
    CaptureRefused,
    NetworkFailure,
    capture_page,
)
from scorecard.services.context import ServiceError
from scorecard.storage.captures import CaptureStore
from scorecard.storage.tables import ArchiveRequestRow, CaptureRow, EvidenceRow
from tests.db_state import database_state

PAGE = "https://example.com/pricing"
FINAL = "https://example.com/pricing/2026"
BODY = (
    b"<!DOCTYPE html><html><body><h1>Acme Search pricing</h1>"
    b"<p>Credits expire after 12\xe2\x80\x91months. Pro: $99/month.</p></body></html>"
)
SHA = hashlib.sha256(BODY).hexdigest()
WHEN = datetime(2026, 11, 29, 9, 30, tzinfo=UTC)
TARGET = ("exa", "price_stability", "live_pricing_page")
ARCHIVED = "https://web.archive.org/web/20261129093000/https://example.com/pricing"


@pytest.fixture
def fetcher() -> Iterator[HttpPageFetcher]:
    with httpx.Client() as http:
        yield HttpPageFetcher(http, now=lambda: WHEN, max_bytes=4_096)


@pytest.fixture
def store(tmp_path: Path) -> CaptureStore:
    return CaptureStore(tmp_path / "captures")


def serve(respx_mock: respx.MockRouter, **response: Any) -> respx.Route:
    respx_mock.get(PAGE).respond(302, headers={"Location": FINAL})
    headers = response.pop("headers", {"Content-Type": "text/html; charset=utf-8"})
    return respx_mock.get(FINAL).respond(
        response.pop("status_code", 200), content=response.pop("content", BODY), headers=headers
    )


def capture(context_factory: Any, fetcher: HttpPageFetcher, store: CaptureStore, **kw: Any) -> Any:
    return capture_page(context_factory, PAGE, fetcher=fetcher, store=store, **kw)


def test_a_capture_attaches_a_directly_verifiable_item_carrying_its_hash(
    context_factory: Any, respx_mock: respx.MockRouter, fetcher: Any, store: CaptureStore
) -> None:
    serve(respx_mock)

    outcome = capture(context_factory, fetcher, store, target=TARGET, quote="Pro: $99/month")

    item = outcome.evidence
    assert item.vendor == "exa" and item.dimension == DimensionId.PRICE_STABILITY
    assert (item.artifact, item.state) == ("live_pricing_page", EvidenceState.OBSERVED)
    assert item.grade == SourceGrade.DIRECTLY_VERIFIABLE
    assert (item.capture_sha256, item.url) == (SHA, PAGE)
    assert item.retrieval_date == date(2026, 11, 29)
    assert FINAL in (item.note or "")
    assert store.get(SHA) == BODY
    assert outcome.capture.path == store.root / SHA[:2] / SHA
    with context_factory() as ctx:
        row = ctx.session.exec(select(CaptureRow)).one()
        stored = ctx.session.exec(select(EvidenceRow).where(EvidenceRow.key == item.key)).one()
    assert (row.url, row.final_url, row.status, row.origin) == (PAGE, FINAL, 200, "live")
    assert (row.sha256, row.size, row.content_type) == (SHA, len(BODY), "text/html; charset=utf-8")
    assert row.retrieved_at.replace(tzinfo=UTC) == WHEN
    assert stored.capture_sha256 == SHA and stored.grade == "directly_verifiable"


def test_without_a_cell_the_page_is_only_stored(
    context_factory: Any, respx_mock: respx.MockRouter, fetcher: Any, store: CaptureStore
) -> None:
    serve(respx_mock)

    outcome = capture(context_factory, fetcher, store)

    assert outcome.evidence is None and store.has(SHA)
    with context_factory() as ctx:
        assert (
            ctx.session.exec(select(EvidenceRow).where(EvidenceRow.capture_sha256 == SHA)).all()
            == []
        )


def test_a_quote_is_matched_on_normalised_visible_text(
    context_factory: Any, respx_mock: respx.MockRouter, fetcher: Any, store: CaptureStore
) -> None:
    serve(respx_mock)

    outcome = capture(
        context_factory, fetcher, store, target=TARGET, quote="credits expire  after 12-months"
    )

    assert outcome.evidence.quote == "credits expire  after 12-months"


def test_a_quote_the_page_does_not_contain_is_refused_and_nothing_is_kept(
    context_factory: Any,
    respx_mock: respx.MockRouter,
    fetcher: Any,
    store: CaptureStore,
    db_url: str,
) -> None:
    serve(respx_mock)
    before = database_state(db_url)

    with pytest.raises(CaptureRefused, match="not in the visible text"):
        capture(context_factory, fetcher, store, target=TARGET, quote="Pro: $79/month")

    assert database_state(db_url) == before
    assert not store.has(SHA)


@pytest.mark.parametrize(
    ("response", "words"),
    [
        ({"content": b"<html>" + b"x" * 5_000 + b"</html>"}, "4,096-byte cap"),
        ({"headers": {"Content-Type": "application/pdf"}}, "not an HTML page"),
        ({"status_code": 404}, "HTTP 404"),
    ],
    ids=["oversized", "not-html", "not-found"],
)
def test_a_page_that_cannot_be_evidence_is_refused_leaving_the_database_unchanged(
    context_factory: Any,
    respx_mock: respx.MockRouter,
    fetcher: Any,
    store: CaptureStore,
    db_url: str,
    response: dict[str, Any],
    words: str,
) -> None:
    serve(respx_mock, **response)
    before = database_state(db_url)

    with pytest.raises(CaptureRefused, match=words):
        capture(context_factory, fetcher, store, target=TARGET)

    assert database_state(db_url) == before


def test_an_unknown_cell_is_refused_before_anything_is_fetched(
    context_factory: Any, respx_mock: respx.MockRouter, fetcher: Any, store: CaptureStore
) -> None:
    route = serve(respx_mock)

    with pytest.raises(ServiceError, match="Unknown vendor 'nosuch'"):
        capture(context_factory, fetcher, store, target=("nosuch", "price_stability", "x"))
    with pytest.raises(ServiceError, match="not on the Price stability checklist"):
        capture(context_factory, fetcher, store, target=("exa", "price_stability", "soc2"))

    assert route.call_count == 0


def test_an_unreachable_page_is_a_network_failure(
    context_factory: Any, respx_mock: respx.MockRouter, fetcher: Any, store: CaptureStore
) -> None:
    respx_mock.get(PAGE).mock(side_effect=httpx.ConnectError("connection refused"))

    with pytest.raises(NetworkFailure) as failure:
        capture(context_factory, fetcher, store, target=TARGET)

    assert failure.value.exit_code == 3


@pytest.mark.parametrize(
    ("result", "in_note"),
    [
        (SaveResult("archived", ARCHIVED, f"Archived as {ARCHIVED}."), ARCHIVED),
        (
            SaveResult("rate_limited", None, "The archive is rate limiting capture requests."),
            "archive request rate_limited",
        ),
    ],
    ids=["archived", "rate-limited"],
)
def test_archive_now_records_the_archives_answer_whatever_it_is(
    context_factory: Any,
    respx_mock: respx.MockRouter,
    fetcher: Any,
    store: CaptureStore,
    result: SaveResult,
    in_note: str,
) -> None:
    serve(respx_mock)
    asked: list[str] = []

    def save_now(url: str) -> SaveResult:
        asked.append(url)
        return result

    outcome = capture(
        context_factory, fetcher, store, target=TARGET, archive_now=True, save_now=save_now
    )

    assert asked == [PAGE]
    assert outcome.archive.status == result.status
    assert in_note in (outcome.evidence.note or "")
    with context_factory() as ctx:
        row = ctx.session.exec(select(ArchiveRequestRow)).one()
    assert (row.status, row.archive_url, row.capture_id) == (
        result.status,
        result.archive_url,
        outcome.capture.id,
    )


def test_the_store_root_is_configurable_and_defaults_under_the_working_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv(network.CAPTURES_ENV, raising=False)
    assert network.capture_store().root == Path("evidence") / "captures"
    monkeypatch.setenv(network.CAPTURES_ENV, str(tmp_path / "elsewhere"))
    assert network.capture_store().root == tmp_path / "elsewhere"
