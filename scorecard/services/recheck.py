"""Source drift: re-capture every cited page and look for each quote again (Part B §12).

A quote no longer found in the page's normalised visible text is recorded as a source drift:
the cell becomes due for re-verification and the edition gets a publication blocker until
evidence dated after the drift answers it. The capture the quote was read from is not
touched; it stays as the proof of what was seen. A page that cannot be fetched is reported as
such and never taken for a vanished quote.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from scorecard.adapters.interface import FetchError, FetchRefused, PageFetcher
from scorecard.domain.enums import DimensionId
from scorecard.domain.models import EvidenceItem, SourceDrift
from scorecard.domain.pricing import decode_html
from scorecard.domain.rules.source_drift import open_drifts, page_text, quote_found
from scorecard.services import editions, evidence, lookup, network
from scorecard.services.captures import ContextFactory, store_live_capture
from scorecard.services.context import Context
from scorecard.storage import changelog
from scorecard.storage.captures import CaptureStore
from scorecard.storage.tables import SourceDriftRow

Progress = Callable[[int, int, str], None]
FindingStatus = Literal["found", "vanished", "still_vanished", "unreachable", "refused"]


@dataclass(frozen=True, slots=True)
class Finding:
    """What the re-check found for one quoted evidence item."""

    evidence_key: str
    vendor: str
    dimension: DimensionId
    url: str
    status: FindingStatus
    message: str
    capture_sha256: str | None = None


@dataclass(frozen=True, slots=True)
class RecheckResult:
    findings: tuple[Finding, ...]
    pages: int
    pages_fetched: int

    def count(self, *statuses: FindingStatus) -> int:
        return sum(1 for finding in self.findings if finding.status in statuses)

    @property
    def drifted(self) -> bool:
        return self.count("vanished", "still_vanished") > 0

    @property
    def incomplete(self) -> bool:
        return self.count("unreachable", "refused") > 0


def quoted_items(ctx: Context, vendor: str | None = None) -> list[EvidenceItem]:
    """The current edition's evidence items that quote a page (optionally of one vendor)."""
    if vendor is not None:
        lookup.vendor_row(ctx, editions.current_edition(ctx), vendor)
    return [item for item in evidence.list_evidence(ctx, vendor) if item.quote and item.url]


def _open_drift_keys(ctx: Context) -> set[str]:
    """Evidence keys with a drift that no newer evidence has answered yet."""
    snapshot = editions.snapshot(ctx)
    keys: set[str] = set()
    for vendor in snapshot.vendors:
        for dimension in DimensionId:
            items = snapshot.cell_evidence(vendor.key, dimension)
            drifts = open_drifts(vendor.key, dimension, snapshot.source_drifts, items)
            keys.update(drift.evidence_key for drift in drifts)
    return keys


def record_drift(ctx: Context, drift: SourceDrift) -> None:
    edition = editions.current_edition(ctx)
    assert edition.id is not None
    ctx.session.add(
        SourceDriftRow(
            edition_id=edition.id,
            vendor_key=drift.vendor,
            dimension=drift.dimension.value,
            evidence_key=drift.evidence_key,
            url=drift.url,
            detected_on=drift.detected_on,
            new_capture_sha256=drift.new_capture_sha256,
        )
    )
    ctx.session.flush()
    changelog.record(
        ctx.session,
        reviewer=ctx.reviewer,
        edition_id=edition.id,
        entity="source_drift",
        entity_key=drift.evidence_key,
        action="add",
        new={
            "cell": f"{drift.vendor}/{drift.dimension.value}",
            "url": drift.url,
            "detected_on": drift.detected_on.isoformat(),
            "capture": drift.new_capture_sha256,
        },
    )


def _not_checked(items: list[EvidenceItem], error: FetchError) -> list[Finding]:
    status: FindingStatus = "refused" if isinstance(error, FetchRefused) else "unreachable"
    return [
        Finding(item.key, item.vendor, item.dimension, error.url, status, error.message)
        for item in items
    ]


def recheck(
    open_context: ContextFactory,
    vendor: str | None = None,
    *,
    fetcher: PageFetcher,
    store: CaptureStore,
    on_progress: Progress | None = None,
) -> RecheckResult:
    """Re-captures each quoted URL once and records a drift for every quote gone from it.

    Each page is stored and judged in its own short transaction, outside which it is fetched.
    """
    progress = on_progress or (lambda _done, _total, _message: None)
    with open_context() as ctx:
        items = quoted_items(ctx, vendor)
    by_url: dict[str, list[EvidenceItem]] = {}
    for item in items:
        assert item.url is not None
        by_url.setdefault(item.url, []).append(item)
    findings: list[Finding] = []
    fetched = 0
    total = len(by_url)
    for index, (url, cited) in enumerate(by_url.items(), start=1):
        progress(index - 1, total, f"Capturing {url}")
        try:
            page = fetcher.fetch(url)
        except FetchError as exc:
            findings.extend(_not_checked(cited, exc))
            continue
        fetched += 1
        text = page_text(decode_html(page.body))
        with open_context() as ctx:
            capture = store_live_capture(ctx, page, store)
            already_open = _open_drift_keys(ctx)
            for item in cited:
                assert item.quote is not None
                if quote_found(item.quote, text):
                    findings.append(
                        Finding(
                            item.key,
                            item.vendor,
                            item.dimension,
                            url,
                            "found",
                            "the quote is still on the page",
                            capture.sha256,
                        )
                    )
                elif item.key in already_open:
                    findings.append(
                        Finding(
                            item.key,
                            item.vendor,
                            item.dimension,
                            url,
                            "still_vanished",
                            "the quote is still missing; its drift is already recorded",
                            capture.sha256,
                        )
                    )
                else:
                    record_drift(
                        ctx,
                        SourceDrift(
                            vendor=item.vendor,
                            dimension=item.dimension,
                            evidence_key=item.key,
                            url=url,
                            detected_on=ctx.today,
                            new_capture_sha256=capture.sha256,
                        ),
                    )
                    findings.append(
                        Finding(
                            item.key,
                            item.vendor,
                            item.dimension,
                            url,
                            "vanished",
                            "the quote is no longer on the page: the cell is due for "
                            "re-verification (the earlier capture stays as proof)",
                            capture.sha256,
                        )
                    )
    progress(total, total, "Done")
    return RecheckResult(findings=tuple(findings), pages=total, pages_fetched=fetched)


def recheck_with_defaults(
    open_context: ContextFactory,
    vendor: str | None = None,
    *,
    on_progress: Progress | None = None,
) -> RecheckResult:
    """`recheck` on the default page fetcher and capture store (see services.network)."""
    with network.page_fetcher() as fetcher:
        return recheck(
            open_context,
            vendor,
            fetcher=fetcher,
            store=network.capture_store(),
            on_progress=on_progress,
        )
