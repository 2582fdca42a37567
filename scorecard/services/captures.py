"""Evidence captures: a live page stored by its SHA-256 with where and when it was retrieved.

Network work happens outside any transaction (a transaction holds the database's write lock),
so these use cases take `open_context`, a callable opening one unit of work, and use short
transactions around it: validate, fetch, then store.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from sqlmodel import col, select

from scorecard.adapters.archive_now import SaveResult
from scorecard.adapters.http_fetch import DEFAULT_MAX_BYTES
from scorecard.adapters.interface import (
    ArchiveCapture,
    FetchedPage,
    FetchError,
    FetchRefused,
    PageFetcher,
)
from scorecard.domain.enums import DimensionId, EvidenceState, SourceGrade
from scorecard.domain.models import EvidenceItem
from scorecard.domain.pricing import decode_html
from scorecard.domain.rubric import load_rubric
from scorecard.domain.rules.evidence_fields import CHECKLIST_RULE_ID
from scorecard.domain.rules.source_drift import page_text, quote_found
from scorecard.domain.rules.text_fields import LONG_TEXT_LIMIT, check_text
from scorecard.services import editions, evidence, lookup, network
from scorecard.services.context import Context, ServiceError
from scorecard.storage import changelog
from scorecard.storage.captures import CaptureStore
from scorecard.storage.tables import ArchiveRequestRow, CaptureRow

ContextFactory = Callable[[], AbstractContextManager[Context]]
SaveNow = Callable[[str], SaveResult]

ORIGIN_LIVE = "live"
ORIGIN_ARCHIVE = "archive"
# A network failure is not bad input: it exits with its own code so scripts can retry it.
EXIT_NETWORK = 3


class CaptureRefused(ServiceError):
    """The page was not captured on purpose (scheme, size, type, redirects) or not attachable."""


class NetworkFailure(ServiceError):
    """The page or the archive could not be reached; nothing is claimed about what it holds."""

    def __init__(self, message: str, *, details: tuple[str, ...] = ()) -> None:
        super().__init__(message, exit_code=EXIT_NETWORK, details=details)


@dataclass(frozen=True, slots=True)
class StoredCapture:
    """A capture's metadata row and where its body lies in the content-addressed store."""

    id: int
    sha256: str
    url: str
    final_url: str | None
    retrieved_at: datetime
    size: int
    origin: str
    status: int | None
    content_type: str | None
    archive_timestamp: str | None
    path: Path


@dataclass(frozen=True, slots=True)
class ArchiveRequest:
    """What the archive answered to "capture this page now"."""

    status: str
    archive_url: str | None
    message: str


@dataclass(frozen=True, slots=True)
class EvidenceTarget:
    """The cell and artifact a capture is attached to as evidence."""

    vendor: str
    dimension: DimensionId
    artifact: str


@dataclass(frozen=True, slots=True)
class CaptureOutcome:
    capture: StoredCapture
    evidence: EvidenceItem | None
    archive: ArchiveRequest | None


def stored_capture(row: CaptureRow, store: CaptureStore) -> StoredCapture:
    assert row.id is not None
    return StoredCapture(
        id=row.id,
        sha256=row.sha256,
        url=row.url,
        final_url=row.final_url,
        retrieved_at=row.retrieved_at,
        size=row.size,
        origin=row.origin,
        status=row.status,
        content_type=row.content_type,
        archive_timestamp=row.archive_timestamp,
        path=store.path(row.sha256),
    )


def check_target(
    ctx: Context, vendor: str, dimension: DimensionId | str, artifact: str
) -> EvidenceTarget:
    """The cell and artifact named for a capture, refused before anything is fetched."""
    edition = editions.current_edition(ctx)
    lookup.vendor_row(ctx, edition, vendor)
    dimension_id = (
        dimension if isinstance(dimension, DimensionId) else lookup.dimension_id(dimension)
    )
    spec = load_rubric(edition.methodology_version).dimension(dimension_id)
    if spec.artifact(artifact) is None:
        known = ", ".join(a.key for a in spec.artifacts)
        raise CaptureRefused(
            f"[{CHECKLIST_RULE_ID}] {artifact!r} is not on the {spec.name} checklist; "
            f"choose one of: {known}."
        )
    return EvidenceTarget(vendor, dimension_id, artifact)


def fetch_live(fetcher: PageFetcher, url: str) -> FetchedPage:
    """The live page, or a reviewer's message for why it was refused or unreachable."""
    try:
        return fetcher.fetch(url)
    except FetchRefused as exc:
        raise CaptureRefused(exc.message) from None
    except FetchError as exc:
        raise NetworkFailure(exc.message) from None


def _record_capture(ctx: Context, row: CaptureRow) -> CaptureRow:
    ctx.session.add(row)
    ctx.session.flush()
    changelog.record(
        ctx.session,
        reviewer=ctx.reviewer,
        edition_id=None,
        entity="capture",
        entity_key=row.sha256,
        action="add",
        new={
            "url": row.url,
            "final_url": row.final_url,
            "origin": row.origin,
            "size": row.size,
            "status": row.status,
            "archive_timestamp": row.archive_timestamp,
        },
    )
    return row


def store_live_capture(ctx: Context, page: FetchedPage, store: CaptureStore) -> StoredCapture:
    """Stores the body under its hash (once) and records where and when it was retrieved."""
    sha = store.put(page.body)
    row = CaptureRow(
        sha256=sha,
        url=page.url,
        final_url=page.final_url,
        retrieved_at=page.retrieved_at,
        size=len(page.body),
        origin=ORIGIN_LIVE,
        status=page.status,
        content_type=page.content_type or None,
    )
    return stored_capture(_record_capture(ctx, row), store)


def stored_archive_captures(
    ctx: Context, captures: Iterable[ArchiveCapture], store: CaptureStore
) -> dict[str, StoredCapture]:
    """The captures already downloaded whose body is still in the store, by archive URL.

    A capture is matched on the archived page's URL and its 14-digit timestamp, not on the
    archive URL, so a capture downloaded through a mirror is not fetched again from Wayback.
    """
    wanted = {(c.original_url, c.timestamp): c.archive_url for c in captures}
    if not wanted:
        return {}
    statement = (
        select(CaptureRow)
        .where(
            CaptureRow.origin == ORIGIN_ARCHIVE,
            col(CaptureRow.archive_timestamp).in_({timestamp for _url, timestamp in wanted}),
        )
        .order_by(col(CaptureRow.id))
    )
    found: dict[str, StoredCapture] = {}
    for row in ctx.session.exec(statement):
        archive_url = wanted.get((row.url, row.archive_timestamp or ""))
        # The newest row wins; a row whose body has left the store is as good as absent.
        if archive_url is not None and store.has(row.sha256):
            found[archive_url] = stored_capture(row, store)
    return found


def store_archive_capture(
    ctx: Context,
    capture: ArchiveCapture,
    body: bytes,
    store: CaptureStore,
    retrieved_at: datetime | None = None,
) -> StoredCapture:
    """Stores one downloaded archive capture: `url` is the archived page, `final_url` the copy."""
    sha = store.put(body)
    row = CaptureRow(
        sha256=sha,
        url=capture.original_url,
        final_url=capture.archive_url,
        retrieved_at=retrieved_at or datetime.now(UTC),
        size=len(body),
        origin=ORIGIN_ARCHIVE,
        status=capture.status,
        content_type=capture.mimetype or None,
        archive_timestamp=capture.timestamp,
    )
    return stored_capture(_record_capture(ctx, row), store)


def record_archive_request(
    ctx: Context, capture_id: int | None, url: str, result: SaveResult
) -> ArchiveRequest:
    """Keeps the archive's answer (an archive URL, a refusal, a rate limit) beside the capture."""
    ctx.session.add(
        ArchiveRequestRow(
            capture_id=capture_id,
            url=url,
            requested_at=datetime.now(UTC),
            status=result.status,
            archive_url=result.archive_url,
            message=result.message,
        )
    )
    ctx.session.flush()
    return ArchiveRequest(result.status, result.archive_url, result.message)


def _evidence_note(page: FetchedPage, archive: ArchiveRequest | None, note: str | None) -> str:
    parts = [f"Captured {page.retrieved_at:%Y-%m-%d %H:%M} UTC, HTTP {page.status}"]
    if page.final_url != page.url:
        parts.append(f"final URL {page.final_url}")
    if archive is not None:
        if archive.archive_url:
            parts.append(f"archived copy {archive.archive_url}")
        else:
            parts.append(f"archive request {archive.status}: {archive.message}")
    text = "; ".join(parts) + "."
    return f"{note.strip()}\n{text}" if note and note.strip() else text


def capture_page(
    open_context: ContextFactory,
    url: str,
    *,
    fetcher: PageFetcher,
    store: CaptureStore,
    target: tuple[str, DimensionId | str, str] | None = None,
    quote: str | None = None,
    note: str | None = None,
    archive_now: bool = False,
    save_now: SaveNow | None = None,
) -> CaptureOutcome:
    """Fetches `url`, stores it, and attaches it to a cell as directly verifiable evidence.

    With a quote, the quote must appear in the page's visible text: the capture is the proof
    of what was seen, so a quote it does not contain is refused. Nothing is written to the
    database unless every step succeeds.
    """
    checked: EvidenceTarget | None = None
    if target is not None:
        with open_context() as ctx:
            checked = check_target(ctx, *target)
    elif quote or note:
        raise CaptureRefused(
            "A quote or note belongs to an evidence item: give --vendor, --dimension "
            "and --artifact with it."
        )
    check_text("Quote", quote, limit=LONG_TEXT_LIMIT, multiline=True)
    page = fetch_live(fetcher, url)
    if checked is not None and not 200 <= page.status < 300:
        raise CaptureRefused(
            f"{page.final_url} answered HTTP {page.status}; it was not attached as evidence. "
            "Capture it without --vendor to keep a copy, and record what it shows by hand."
        )
    if quote and not quote_found(quote, page_text(decode_html(page.body))):
        raise CaptureRefused(
            f"The quote is not in the visible text of {page.final_url}; nothing was recorded. "
            "Quote the page exactly as it reads."
        )
    saved = (save_now or network.save_page_now)(url) if archive_now else None
    with open_context() as ctx:
        capture = store_live_capture(ctx, page, store)
        archive = record_archive_request(ctx, capture.id, url, saved) if saved else None
        item = None
        if checked is not None:
            item = evidence.add_evidence(
                ctx,
                checked.vendor,
                checked.dimension,
                artifact=checked.artifact,
                state=EvidenceState.OBSERVED,
                grade=SourceGrade.DIRECTLY_VERIFIABLE,
                url=page.url,
                retrieval_date=ctx.today,
                capture_sha256=capture.sha256,
                quote=quote,
                note=_evidence_note(page, archive, note),
            )
    return CaptureOutcome(capture, item, archive)


def capture_page_with_defaults(
    open_context: ContextFactory,
    url: str,
    *,
    target: tuple[str, DimensionId | str, str] | None = None,
    quote: str | None = None,
    note: str | None = None,
    archive_now: bool = False,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> CaptureOutcome:
    """`capture_page` on the default network clients and capture store (see services.network)."""
    if max_bytes < 1:
        raise CaptureRefused("The size cap must be at least one byte.")
    with network.page_fetcher(max_bytes) as fetcher:
        return capture_page(
            open_context,
            url,
            fetcher=fetcher,
            store=network.capture_store(),
            target=target,
            quote=quote,
            note=note,
            archive_now=archive_now,
            save_now=network.save_page_now,
        )
