"""The price history of a vendor's pricing page from the Internet Archive (Part B §7).

One run: list the page's distinct captures in the window ending at the edition's verification
date (one CDX query, plus resume pages), download each capture not already stored (one request
each; a stored capture is never fetched again), read the price facts from each capture's
visible text, and keep the changes between consecutive captures for a reviewer to classify.

Each download is committed on its own, so a run the archive cuts short keeps what it fetched
and the next run resumes; the changes are written in one transaction at the end, or not at all.
"""

from __future__ import annotations

import hashlib
import json
from calendar import monthrange
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from typing import Literal

from sqlmodel import col, select

from scorecard.adapters.http_fetch import HTML_TYPES, looks_like_html, media_type
from scorecard.adapters.interface import (
    ArchiveCapture,
    ArchiveClient,
    ArchiveUnavailable,
    FetchRefused,
    MalformedCdx,
)
from scorecard.domain.enums import DimensionId, EvidenceState, SourceGrade
from scorecard.domain.models import EvidenceItem
from scorecard.domain.pricing import (
    CaptureFacts,
    PriceChange,
    PriceFact,
    PriceTimeline,
    capture_facts,
    decode_html,
    timeline,
)
from scorecard.domain.rules.evidence_fields import url_problem
from scorecard.domain.rules.text_fields import LONG_TEXT_LIMIT, check_text
from scorecard.services import editions, evidence, lookup, network
from scorecard.services.captures import (
    ContextFactory,
    NetworkFailure,
    StoredCapture,
    store_archive_capture,
    stored_archive_captures,
)
from scorecard.services.context import Context, NotFound, ServiceError
from scorecard.services.revisions import RevisionRequest
from scorecard.storage import changelog
from scorecard.storage.captures import CaptureNotStored, CaptureStore, CorruptCapture
from scorecard.storage.tables import EditionRow, EvidenceRow, PriceChangeRow

Progress = Callable[[int, int, str], None]
PRICE = DimensionId.PRICE_STABILITY
LIVE_PRICING_PAGE = "live_pricing_page"
DEFAULT_MONTHS = 24
MAX_MONTHS = 120
# Media types the index may give a capture whose type it did not record; such a body is sniffed.
UNKNOWN_TYPES = frozenset({"", "unk", "unknown"})


class Classification(StrEnum):
    """How a reviewer reads one price change (Part B §2.3)."""

    ADVERSE = "adverse"
    GRANDFATHERED = "grandfathered"
    DRIFT = "drift"
    NOT_ADVERSE = "not-adverse"
    FREE_TIER_WITHDRAWN = "free-tier-withdrawn"


def artifact_for(classification: Classification, announced: bool) -> str | None:
    """The price-stability artifact a classification records; None for "not adverse".

    An adverse change with no announcement was found only by comparing captures; with one, it
    was announced but existing customers were not grandfathered. Grandfathering is read from
    the vendor's announcement, so it needs one; effective-price drift is by definition a cost
    change without an announced price change, so it takes none.
    """
    if classification == Classification.NOT_ADVERSE:
        return None
    if classification == Classification.FREE_TIER_WITHDRAWN:
        return "free_tier_withdrawn"
    if classification == Classification.DRIFT:
        if announced:
            raise ServiceError(
                "Effective-price drift is a cost change without an announced price change; "
                "an announced change is 'adverse' or 'grandfathered'."
            )
        return "effective_price_drift"
    if classification == Classification.GRANDFATHERED:
        if not announced:
            raise ServiceError(
                "Grandfathering is established by the vendor's announcement: give it with "
                "--announced URL, or classify the change as 'adverse' if it was not announced."
            )
        return "adverse_change_announced_grandfathered"
    if announced:
        return "adverse_change_unannounced_or_not_grandfathered"
    return "adverse_change_capture_only"


@dataclass(frozen=True, slots=True)
class HistoryPlan:
    """What one run looks at: whose page, which URL (and why that one), over which window."""

    vendor: str
    vendor_name: str
    url: str
    url_source: str
    start: date
    end: date
    months: int
    grade: SourceGrade


@dataclass(frozen=True, slots=True)
class SkippedCapture:
    """A listed capture left out of the timeline, and why."""

    archive_url: str
    captured_on: date
    reason: str


@dataclass(frozen=True, slots=True)
class ChangeView:
    """A stored price change as a reviewer sees it, with its classification if any."""

    key: str
    vendor: str
    page_url: str
    kind: str
    fact_kind: str
    plan: str | None
    before_text: str | None
    after_text: str | None
    summary: str
    from_archive_url: str
    to_archive_url: str
    from_date: date
    to_date: date
    grade: SourceGrade
    classification: Classification | None
    announced_url: str | None
    evidence_key: str | None

    @property
    def located_only(self) -> bool:
        """A change seen only on a third-party page locates a change; it does not establish one."""
        return self.grade == SourceGrade.THIRD_PARTY


@dataclass(frozen=True, slots=True)
class HistoryResult:
    """A run's timeline, what it stored, and the requests it made against the minimum."""

    plan: HistoryPlan
    status: Literal["ok", "no_captures"]
    timeline: PriceTimeline
    changes: tuple[ChangeView, ...]
    new_changes: int
    downloaded: int
    reused: int
    skipped: tuple[SkippedCapture, ...]
    skipped_rows: tuple[str, ...]
    index_pages: int
    requests_made: int
    minimum_requests: int


class HistoryFailed(NetworkFailure):
    """The archive failed mid-run; captures downloaded so far are kept for the next run."""


def months_before(end: date, months: int) -> date:
    """The same day `months` calendar months earlier (the month's last day when it is shorter)."""
    index = end.year * 12 + (end.month - 1) - months
    year, month = divmod(index, 12)
    month += 1
    return date(year, month, min(end.day, monthrange(year, month)[1]))


def _pricing_url_from_evidence(ctx: Context, vendor: str) -> tuple[str, str] | None:
    """The URL and key of the vendor's newest live-pricing-page evidence item with a URL."""
    items = [
        item
        for item in evidence.list_evidence(ctx, vendor, PRICE)
        if item.artifact == LIVE_PRICING_PAGE and item.url
    ]
    if not items:
        return None
    # Newest by retrieval date; among items of one day the one recorded last.
    newest = max(enumerate(items), key=lambda pair: (pair[1].retrieval_date or date.min, pair[0]))
    item = newest[1]
    assert item.url is not None
    return item.url, item.key


def plan_history(
    ctx: Context,
    vendor: str,
    *,
    url: str | None = None,
    months: int = DEFAULT_MONTHS,
    third_party: bool = False,
) -> HistoryPlan:
    """The URL and window of a run, refused with a clear message when either is missing."""
    edition = editions.current_edition(ctx)
    vendor_row = lookup.vendor_row(ctx, edition, vendor)
    if not 1 <= months <= MAX_MONTHS:
        raise ServiceError(f"--months must be between 1 and {MAX_MONTHS} (got {months}).")
    if url is not None:
        chosen, source = url.strip(), "--url"
    else:
        found = _pricing_url_from_evidence(ctx, vendor)
        if found is None:
            raise ServiceError(
                f"{vendor_row.name} has no live pricing page on record, so there is no URL to "
                "look up: give one with --url URL, or record the page first "
                f"(scorecard capture URL --vendor {vendor} --dimension price_stability "
                "--artifact live_pricing_page)."
            )
        chosen, source = found[0], f"evidence {found[1]}"
    problem = url_problem(chosen)
    if problem:
        raise ServiceError(f"The pricing URL {chosen!r} cannot be looked up: {problem}.")
    end = edition.verification_date
    return HistoryPlan(
        vendor=vendor,
        vendor_name=vendor_row.name,
        url=chosen,
        url_source=source,
        start=months_before(end, months),
        end=end,
        months=months,
        grade=SourceGrade.THIRD_PARTY if third_party else SourceGrade.DIRECTLY_VERIFIABLE,
    )


def _distinct_in_window(
    captures: Iterable[ArchiveCapture], plan: HistoryPlan
) -> tuple[list[ArchiveCapture], list[SkippedCapture]]:
    """Captures once each (by timestamp and URL), oldest first; those the run cannot read aside."""
    kept: dict[tuple[str, str], ArchiveCapture] = {}
    skipped: list[SkippedCapture] = []
    for capture in captures:
        kind = media_type(capture.mimetype)
        if not plan.start <= capture.captured_on <= plan.end:
            skipped.append(
                SkippedCapture(capture.archive_url, capture.captured_on, "outside the window")
            )
        elif kind not in HTML_TYPES and kind not in UNKNOWN_TYPES:
            skipped.append(
                SkippedCapture(
                    capture.archive_url,
                    capture.captured_on,
                    f"archived as {capture.mimetype!r}, not an HTML page (not downloaded)",
                )
            )
        else:
            kept.setdefault((capture.timestamp, capture.original_url), capture)
    return sorted(kept.values(), key=lambda c: (c.timestamp, c.original_url)), skipped


def _archive_failure(
    exc: ArchiveUnavailable | MalformedCdx, plan: HistoryPlan, kept: int
) -> HistoryFailed:
    details = [f"Requests made before giving up: {exc.requests_made}."]
    if kept:
        details.append(
            f"{kept} capture(s) downloaded in this run are stored and will not be fetched "
            "again; run the command again to resume."
        )
    details.append(
        f"No price history was recorded for {plan.vendor}: this is a failure to look, "
        "not an absence of captures."
    )
    return HistoryFailed(exc.message, details=tuple(details))


def _fingerprint(plan: HistoryPlan, change: PriceChange, by_url: dict[str, ArchiveCapture]) -> str:
    """Identifies a change independently of the archive's base URL, so a re-run finds it again."""

    def fact(side: PriceFact | None) -> list[object] | None:
        return None if side is None else [side.kind, side.plan, side.text, side.line]

    payload = [
        plan.vendor,
        plan.url,
        plan.grade.value,
        by_url[change.from_archive_url].timestamp,
        by_url[change.to_archive_url].timestamp,
        change.kind,
        fact(change.before),
        fact(change.after),
    ]
    encoded = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(encoded.encode("utf-8")).hexdigest()


def _next_number(ctx: Context, edition: EditionRow) -> int:
    keys = ctx.session.exec(
        select(PriceChangeRow.key).where(PriceChangeRow.edition_id == edition.id)
    ).all()
    numbers = [int(k[3:]) for k in keys if k.startswith("pc-") and k[3:].isdigit()]
    return max(numbers, default=0) + 1


def change_view(row: PriceChangeRow) -> ChangeView:
    return ChangeView(
        key=row.key,
        vendor=row.vendor_key,
        page_url=row.page_url,
        kind=row.kind,
        fact_kind=row.fact_kind,
        plan=row.plan,
        before_text=row.before_text,
        after_text=row.after_text,
        summary=row.summary,
        from_archive_url=row.from_archive_url,
        to_archive_url=row.to_archive_url,
        from_date=row.from_date,
        to_date=row.to_date,
        grade=SourceGrade(row.grade),
        classification=Classification(row.classification) if row.classification else None,
        announced_url=row.announced_url,
        evidence_key=row.evidence_key,
    )


def record_changes(
    ctx: Context,
    plan: HistoryPlan,
    changes: Iterable[PriceChange],
    by_url: dict[str, ArchiveCapture],
    sha_by_url: dict[str, str],
) -> tuple[list[ChangeView], int]:
    """Stores the changes not stored yet (a re-run keeps classifications); all as views."""
    edition = editions.current_edition(ctx)
    assert edition.id is not None
    number = _next_number(ctx, edition)
    views: list[ChangeView] = []
    added = 0
    for change in changes:
        fingerprint = _fingerprint(plan, change, by_url)
        row = ctx.session.exec(
            select(PriceChangeRow).where(
                PriceChangeRow.edition_id == edition.id,
                PriceChangeRow.fingerprint == fingerprint,
            )
        ).first()
        if row is None:
            row = PriceChangeRow(
                edition_id=edition.id,
                key=f"pc-{number}",
                fingerprint=fingerprint,
                vendor_key=plan.vendor,
                page_url=plan.url,
                kind=change.kind,
                fact_kind=change.fact.kind,
                plan=change.fact.plan,
                before_text=change.before.text if change.before else None,
                after_text=change.after.text if change.after else None,
                summary=change.summary,
                from_archive_url=change.from_archive_url,
                to_archive_url=change.to_archive_url,
                from_date=change.from_date,
                to_date=change.to_date,
                from_capture_sha256=sha_by_url.get(change.from_archive_url),
                to_capture_sha256=sha_by_url.get(change.to_archive_url),
                grade=plan.grade.value,
                found_on=ctx.today,
            )
            ctx.session.add(row)
            ctx.session.flush()
            changelog.record(
                ctx.session,
                reviewer=ctx.reviewer,
                edition_id=edition.id,
                entity="price_change",
                entity_key=row.key,
                action="add",
                new={
                    "vendor": plan.vendor,
                    "summary": row.summary,
                    "from": row.from_archive_url,
                    "to": row.to_archive_url,
                    "grade": row.grade,
                },
            )
            number += 1
            added += 1
        views.append(change_view(row))
    return views, added


def _read_facts(
    capture: ArchiveCapture, stored: StoredCapture, store: CaptureStore
) -> CaptureFacts | SkippedCapture:
    try:
        body = store.get(stored.sha256)
    except (CaptureNotStored, CorruptCapture) as exc:
        return SkippedCapture(
            capture.archive_url, capture.captured_on, f"stored copy unreadable: {exc}"
        )
    if media_type(capture.mimetype) not in HTML_TYPES and not looks_like_html(body[:1024]):
        return SkippedCapture(
            capture.archive_url, capture.captured_on, "the archived body is not an HTML page"
        )
    return capture_facts(capture.archive_url, capture.captured_on, decode_html(body))


def run_price_history(
    open_context: ContextFactory,
    vendor: str,
    *,
    archive: ArchiveClient,
    store: CaptureStore,
    url: str | None = None,
    months: int = DEFAULT_MONTHS,
    third_party: bool = False,
    on_progress: Progress | None = None,
) -> HistoryResult:
    """One price-history run (see the module docstring); `on_progress(done, total, message)`.

    `total` is 0 while the index is being read (the amount of work is not known yet). The
    callback may raise to stop the run: downloads finished so far stay stored.
    """
    progress = on_progress or (lambda _done, _total, _message: None)
    with open_context() as ctx:
        plan = plan_history(ctx, vendor, url=url, months=months, third_party=third_party)
    before = archive.requests_made
    progress(0, 0, f"Reading the archive's index of {plan.url}")
    try:
        listing = archive.list_captures(plan.url, plan.start, plan.end)
    except (ArchiveUnavailable, MalformedCdx) as exc:
        raise _archive_failure(exc, plan, 0) from None
    except FetchRefused as exc:
        # An index page past the size cap: refused by us, still not an absence of captures.
        raise HistoryFailed(
            f"The archive's index answer for {plan.url} was refused: {exc.message}",
            details=("This is a failure to look, not an absence of captures.",),
        ) from None
    captures, skipped = _distinct_in_window(listing.captures, plan)
    in_window = any(plan.start <= c.captured_on <= plan.end for c in listing.captures)
    with open_context() as ctx:
        stored = stored_archive_captures(ctx, captures, store)
    missing = [c for c in captures if c.archive_url not in stored]
    reused = len(stored)
    downloaded = 0
    total = len(missing)
    progress(0, total, f"{len(captures)} capture(s), {reused} already stored")
    for index, capture in enumerate(missing, start=1):
        try:
            body = archive.download(capture)
        except (ArchiveUnavailable, MalformedCdx) as exc:
            raise _archive_failure(exc, plan, downloaded) from None
        except FetchRefused as exc:
            skipped.append(SkippedCapture(capture.archive_url, capture.captured_on, exc.message))
        else:
            with open_context() as ctx:
                stored[capture.archive_url] = store_archive_capture(ctx, capture, body, store)
            downloaded += 1
        progress(index, total, f"Downloaded the capture of {capture.captured_on}")
    progress(total, total, "Comparing captures")
    facts: list[CaptureFacts] = []
    for capture in captures:
        if capture.archive_url not in stored:
            continue
        read = _read_facts(capture, stored[capture.archive_url], store)
        if isinstance(read, SkippedCapture):
            skipped.append(read)
        else:
            facts.append(read)
    history = timeline(facts, window_start=plan.start, window_end=plan.end)
    by_url = {c.archive_url: c for c in captures}
    sha_by_url = {archive_url: s.sha256 for archive_url, s in stored.items()}
    with open_context() as ctx:
        views, added = record_changes(ctx, plan, history.changes, by_url, sha_by_url)
    return HistoryResult(
        plan=plan,
        status="ok" if in_window else "no_captures",
        timeline=history,
        changes=tuple(views),
        new_changes=added,
        downloaded=downloaded,
        reused=reused,
        skipped=tuple(skipped),
        skipped_rows=listing.skipped_rows,
        index_pages=listing.pages,
        requests_made=archive.requests_made - before,
        minimum_requests=listing.pages + len(missing),
    )


def run_price_history_with_defaults(
    open_context: ContextFactory,
    vendor: str,
    *,
    url: str | None = None,
    months: int = DEFAULT_MONTHS,
    third_party: bool = False,
    on_progress: Progress | None = None,
) -> HistoryResult:
    """`run_price_history` on the default archive client and capture store (services.network)."""
    with network.archive_client() as archive:
        return run_price_history(
            open_context,
            vendor,
            archive=archive,
            store=network.capture_store(),
            url=url,
            months=months,
            third_party=third_party,
            on_progress=on_progress,
        )


# ---- classification ------------------------------------------------------------------------


def _change_row(ctx: Context, vendor: str, key: str) -> tuple[EditionRow, PriceChangeRow]:
    edition = editions.current_edition(ctx)
    lookup.vendor_row(ctx, edition, vendor)
    row = ctx.session.exec(
        select(PriceChangeRow).where(
            PriceChangeRow.edition_id == edition.id, PriceChangeRow.key == key
        )
    ).first()
    if row is None or row.vendor_key != vendor:
        known = ", ".join(view.key for view in list_changes(ctx, vendor))
        raise NotFound(
            f"No price change {key!r} for {vendor} in the current edition. "
            f"Known: {known or 'none (run scorecard price-history run first)'}."
        )
    return edition, row


def _evidence_exists(ctx: Context, edition: EditionRow, key: str | None) -> bool:
    if key is None:
        return False
    statement = select(EvidenceRow.id).where(
        EvidenceRow.edition_id == edition.id, EvidenceRow.key == key
    )
    return ctx.session.exec(statement).first() is not None


def _classification_note(
    row: PriceChangeRow, classification: Classification, announced: str | None, note: str | None
) -> str:
    lines = [
        f"Price change {row.key} classified {classification.value}: {row.summary}.",
        f"Before: {row.from_archive_url}",
        f"After: {row.to_archive_url}",
    ]
    if announced:
        lines.append(f"Announcement: {announced}")
    if row.grade == SourceGrade.THIRD_PARTY.value:
        lines.append(
            "Seen only on a third-party page: it locates the change, never establishes it."
        )
    if note and note.strip():
        lines.append(note.strip())
    return "\n".join(lines)


def classify_change(
    ctx: Context,
    vendor: str,
    key: str,
    classification: Classification | str,
    *,
    announced_url: str | None = None,
    note: str | None = None,
    revision: RevisionRequest | None = None,
) -> tuple[ChangeView, EvidenceItem | None]:
    """Records a reviewer's reading of a change as price-stability evidence (or none).

    An adverse class becomes one evidence item on the price-stability cell, at the grade of
    the page the change was seen on (a third-party page only locates it). "Not adverse" keeps
    the classification and removes any item an earlier class had recorded.
    """
    try:
        chosen = Classification(classification)
    except ValueError:
        known = ", ".join(c.value for c in Classification)
        raise ServiceError(
            f"Unknown classification {classification!r}; use one of: {known}."
        ) from None
    announced = announced_url.strip() if announced_url else None
    if announced:
        problem = url_problem(announced)
        if problem:
            raise ServiceError(f"The announcement URL cannot be cited: {problem}.")
    check_text("Note", note, limit=LONG_TEXT_LIMIT, multiline=True)
    artifact = artifact_for(chosen, bool(announced))
    edition, row = _change_row(ctx, vendor, key)
    old = {"classification": row.classification, "evidence": row.evidence_key}
    existing = row.evidence_key if _evidence_exists(ctx, edition, row.evidence_key) else None
    item: EvidenceItem | None = None
    if artifact is None:
        if existing is not None:
            evidence.remove_evidence(ctx, existing, revision)
        row.evidence_key = None
    else:
        grade = SourceGrade(row.grade)
        text = _classification_note(row, chosen, announced, note)
        if existing is not None:
            item = evidence.update_evidence(
                ctx,
                existing,
                revision=revision,
                artifact=artifact,
                state=EvidenceState.OBSERVED,
                grade=grade,
                url=row.to_archive_url,
                retrieval_date=ctx.today,
                capture_sha256=row.to_capture_sha256,
                note=text,
            )
        else:
            item = evidence.add_evidence(
                ctx,
                vendor,
                PRICE,
                artifact=artifact,
                state=EvidenceState.OBSERVED,
                grade=grade,
                url=row.to_archive_url,
                retrieval_date=ctx.today,
                capture_sha256=row.to_capture_sha256,
                note=text,
                revision=revision,
            )
        row.evidence_key = item.key
    row.classification = chosen.value
    row.announced_url = announced
    row.classified_by = ctx.reviewer
    row.classified_on = ctx.today
    ctx.session.add(row)
    changelog.record(
        ctx.session,
        reviewer=ctx.reviewer,
        edition_id=edition.id,
        entity="price_change",
        entity_key=row.key,
        action="classify",
        old=old,
        new={
            "classification": chosen.value,
            "evidence": row.evidence_key,
            "artifact": artifact,
            "announced": announced,
        },
        reason=revision.reason if revision else None,
    )
    ctx.session.flush()
    return change_view(row), item


def list_changes(ctx: Context, vendor: str) -> list[ChangeView]:
    """The vendor's stored price changes in the current edition, oldest first."""
    edition = editions.current_edition(ctx)
    lookup.vendor_row(ctx, edition, vendor)
    statement = (
        select(PriceChangeRow)
        .where(PriceChangeRow.edition_id == edition.id, PriceChangeRow.vendor_key == vendor)
        .order_by(col(PriceChangeRow.to_date), col(PriceChangeRow.id))
    )
    return [change_view(row) for row in ctx.session.exec(statement)]
