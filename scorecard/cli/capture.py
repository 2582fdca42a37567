"""`scorecard capture`, `price-history` and `recheck`: evidence captures and archive history.

These commands reach the network, so unlike the others they do not run in one transaction:
the use cases open short units of work around their downloads (see services/captures.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TypeVar

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
)
from sqlalchemy.exc import SQLAlchemyError

from scorecard.cli.common import console, err_console, fail, open_engine, options
from scorecard.cli.options import RevisionArtifact, RevisionReason, revision_request
from scorecard.document.validate import DocumentInvalid
from scorecard.domain.enums import DimensionId, SourceGrade
from scorecard.domain.errors import RuleViolation
from scorecard.services import captures, editions, price_history, recheck
from scorecard.services.captures import ContextFactory
from scorecard.services.context import Context, ServiceError, current_reviewer
from scorecard.services.database import unit_of_work
from scorecard.services.price_history import Classification, HistoryResult

T = TypeVar("T")

price_app = typer.Typer(
    help="Price history of a vendor's pricing page from the Internet Archive (Part B §7).",
    no_args_is_help=True,
)


def run_steps(typer_ctx: typer.Context, action: Callable[[ContextFactory], T]) -> T:
    """Runs a use case that opens its own short units of work; refusals exit cleanly.

    Whatever a failed step wrote is rolled back with its unit of work; earlier steps stay
    committed (a price-history run keeps the captures it downloaded).
    """
    opts = options(typer_ctx)
    engine = open_engine(opts)

    @contextmanager
    def open_context() -> Iterator[Context]:
        with unit_of_work(engine) as session:
            yield Context(session=session, today=opts.today, reviewer=current_reviewer())

    try:
        return action(open_context)
    except ServiceError as exc:
        fail("\n  ".join((exc.message, *exc.details)), exc.exit_code)
    except RuleViolation as exc:
        fail(str(exc))
    except DocumentInvalid as exc:
        fail("the document does not match the schema:\n  " + "\n  ".join(exc.problems))
    except SQLAlchemyError as exc:
        fail(f"the database refused the change: {getattr(exc, 'orig', exc)}")
    finally:
        engine.dispose()


@contextmanager
def progress_bar(description: str) -> Iterator[Callable[[int, int, str], None]]:
    """A rich progress bar on stderr, driven by a use case's `on_progress(done, total, msg)`."""
    bar = Progress(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True, highlight=False, markup=False),
        transient=True,
    )
    task: TaskID = bar.add_task(description, total=None)

    def update(done: int, total: int, message: str) -> None:
        bar.update(task, completed=done, total=total or None, description=message)

    with bar:
        yield update


# ---- capture --------------------------------------------------------------------------------


def capture_command(
    ctx: typer.Context,
    url: str = typer.Argument(..., help="Page to capture (http or https)."),
    vendor: str | None = typer.Option(None, "--vendor", help="Attach to this vendor's cell."),
    dimension: str | None = typer.Option(None, "--dimension", help="Dimension of the cell."),
    artifact: str | None = typer.Option(None, "--artifact", help="Artifact key of the checklist."),
    quote: str | None = typer.Option(
        None, "--quote", help="Verbatim quote; it must be in the page's visible text."
    ),
    note: str | None = typer.Option(None, "--note", help="Reviewer's note on the evidence."),
    archive_now: bool = typer.Option(
        False, "--archive-now", help="Also ask the Internet Archive to capture the page now."
    ),
    max_bytes: int = typer.Option(
        captures.DEFAULT_MAX_BYTES, "--max-bytes", help="Refuse bodies larger than this."
    ),
) -> None:
    """Capture a live page by SHA-256; with --vendor/--dimension/--artifact attach it as evidence.

    The evidence item is graded directly verifiable and carries the capture's hash.
    """
    target: tuple[str, str, str] | None = None
    if vendor is not None and dimension is not None and artifact is not None:
        target = (vendor, dimension, artifact)
    elif vendor is not None or dimension is not None or artifact is not None:
        fail("--vendor, --dimension and --artifact go together: give all three or none.")
    outcome = run_steps(
        ctx,
        lambda open_context: captures.capture_page_with_defaults(
            open_context,
            url,
            target=target,
            quote=quote,
            note=note,
            archive_now=archive_now,
            max_bytes=max_bytes,
        ),
    )
    page = outcome.capture
    console.print(
        f"Captured {page.url} (HTTP {page.status}, {page.content_type or 'no content type'}, "
        f"{page.size:,} bytes) at {page.retrieved_at:%Y-%m-%d %H:%M} UTC."
    )
    if page.final_url and page.final_url != page.url:
        console.print(f"Final URL: {page.final_url}")
    console.print(f"sha256 {page.sha256}")
    console.print(f"Stored at {page.path}")
    if outcome.evidence is not None:
        item = outcome.evidence
        console.print(
            f"Evidence {item.key} attached to {item.vendor}/{item.dimension.value} "
            f"({item.artifact}, directly verifiable)."
        )
    if outcome.archive is not None:
        archive = outcome.archive
        if archive.archive_url:
            console.print(f"Internet Archive: archived as {archive.archive_url}")
        else:
            err_console.print(f"Internet Archive: {archive.status}: {archive.message}")


# ---- price history --------------------------------------------------------------------------


def _class_text(view: price_history.ChangeView) -> str:
    text = "unclassified" if view.classification is None else view.classification.value
    if view.located_only:
        text += " (located, not established)"
    return text


def _print_changes(views: Iterable[price_history.ChangeView]) -> None:
    """One line a change (id, dates, what changed, class), then the two captures it cites."""
    for view in views:
        evidence_key = f", evidence {view.evidence_key}" if view.evidence_key else ""
        console.print(f"{view.key}  {view.summary}  [{_class_text(view)}{evidence_key}]")
        console.print(f"      before {view.from_archive_url}")
        console.print(f"      after  {view.to_archive_url}")


def _print_history(result: HistoryResult) -> None:
    plan = result.plan
    console.print(
        f"{plan.vendor_name} ({plan.vendor}): {plan.url} (from {plan.url_source})\n"
        f"Window: {plan.start} to {plan.end} ({plan.months} months, ending at the verification "
        "date)."
    )
    if plan.grade == SourceGrade.THIRD_PARTY:
        console.print(
            "Third-party page: its changes locate a change, never establish one (Part B §12)."
        )
    history = result.timeline
    if result.status == "no_captures":
        console.print(
            f"No captures: the archive answered and holds no capture of {plan.url} in the "
            "window. This is an absence of captures, not a failure to look."
        )
    elif history.first is not None and history.last is not None:
        console.print(
            f"Coverage: {history.capture_count} capture(s), first {history.first.captured_on}, "
            f"last {history.last.captured_on}."
        )
    for gap in history.gaps:
        console.print(f"Gap: no capture from {gap.start} to {gap.end} ({gap.days} days).")
    for capture in history.without_facts:
        console.print(
            f"No price facts readable in the capture of {capture.captured_on} "
            f"({capture.archive_url}); left out of the comparison."
        )
    for skipped in result.skipped:
        err_console.print(
            f"warning: capture of {skipped.captured_on} not used ({skipped.archive_url}): "
            f"{skipped.reason}"
        )
    for row in result.skipped_rows:
        err_console.print(
            f"warning: unreadable index row skipped, history may be incomplete: {row}"
        )
    if result.changes:
        _print_changes(result.changes)
        console.print(
            f"{len(result.changes)} change(s), {result.new_changes} new. Classify each with "
            f"`scorecard price-history classify {plan.vendor} ID --as CLASS`."
        )
    elif result.status == "ok":
        console.print("No price change between consecutive captures.")
    console.print(
        f"Requests: {result.requests_made} made; minimum {result.minimum_requests} "
        f"({result.index_pages} index page(s) + {result.minimum_requests - result.index_pages} "
        f"download(s)). Captures downloaded {result.downloaded}, reused from the store "
        f"{result.reused}."
    )


@price_app.command("run")
def price_history_run(
    ctx: typer.Context,
    vendor: str = typer.Argument(..., help="Vendor id."),
    url: str | None = typer.Option(
        None, "--url", help="Pricing page; default the newest live_pricing_page evidence URL."
    ),
    months: int = typer.Option(
        price_history.DEFAULT_MONTHS, "--months", help="Window ending at the verification date."
    ),
    third_party: bool = typer.Option(
        False, "--third-party", help="The URL is a third-party tracker: changes only locate."
    ),
) -> None:
    """List the page's archive captures, read their prices, and time-line the changes."""
    with progress_bar("Price history") as on_progress:
        result = run_steps(
            ctx,
            lambda open_context: price_history.run_price_history_with_defaults(
                open_context,
                vendor,
                url=url,
                months=months,
                third_party=third_party,
                on_progress=on_progress,
            ),
        )
    _print_history(result)


@price_app.command("classify")
def price_history_classify(
    ctx: typer.Context,
    vendor: str = typer.Argument(..., help="Vendor id."),
    change_id: str = typer.Argument(..., help="Change id from `price-history list` (pc-N)."),
    classification: Classification = typer.Option(
        ..., "--as", help="adverse, grandfathered, drift, not-adverse or free-tier-withdrawn."
    ),
    announced: str | None = typer.Option(
        None, "--announced", help="URL of the vendor's announcement of the change."
    ),
    note: str | None = typer.Option(None, "--note", help="Reviewer's note."),
    revision_reason: str | None = RevisionReason,
    revision_artifact: str | None = RevisionArtifact,
) -> None:
    """Classify one price change; adverse classes become price-stability evidence.

    adverse: found only by comparing captures (with --announced: announced but not
    grandfathered); grandfathered: announced, existing customers kept (needs --announced);
    drift: effective-price drift; free-tier-withdrawn; not-adverse: nothing adverse recorded.
    """

    def action(c: Context) -> tuple[price_history.ChangeView, str | None, int, int]:
        before = editions.assess(c).cell(vendor, DimensionId.PRICE_STABILITY).ceiling.level
        view, item = price_history.classify_change(
            c,
            vendor,
            change_id,
            classification,
            announced_url=announced,
            note=note,
            revision=revision_request(revision_reason, revision_artifact),
        )
        after = editions.assess(c).cell(vendor, DimensionId.PRICE_STABILITY).ceiling.level
        return view, item.artifact if item else None, before, after

    view, artifact, before, after = run_steps(
        ctx, lambda open_context: _in_one_unit(open_context, action)
    )
    if artifact is None:
        console.print(f"{view.key} classified {view.classification}: nothing adverse recorded.")
    else:
        grade = "third-party: located, not established" if view.located_only else "established"
        console.print(
            f"{view.key} classified {view.classification}: evidence {view.evidence_key} "
            f"({artifact}, {grade})."
        )
    console.print(f"Price stability evidence ceiling: {after} (was {before}).")


def _in_one_unit(open_context: ContextFactory, action: Callable[[Context], T]) -> T:
    with open_context() as c:
        return action(c)


@price_app.command("list")
def price_history_list(
    ctx: typer.Context, vendor: str = typer.Argument(..., help="Vendor id.")
) -> None:
    """List the vendor's recorded price changes and their classifications."""
    views = run_steps(
        ctx,
        lambda open_context: _in_one_unit(
            open_context, lambda c: price_history.list_changes(c, vendor)
        ),
    )
    if not views:
        console.print(f"No price changes recorded for {vendor}; run `scorecard price-history run`.")
        return
    _print_changes(views)


# ---- recheck --------------------------------------------------------------------------------


def recheck_command(
    ctx: typer.Context,
    vendor: str | None = typer.Argument(None, help="Only this vendor's evidence."),
) -> None:
    """Re-capture every quoted evidence URL; a vanished quote is a source drift (exit 1).

    Exit 0 when every quote was found, 1 when any drifted, 3 when a page could not be checked.
    """
    with progress_bar("Re-checking quotes") as on_progress:
        result = run_steps(
            ctx,
            lambda open_context: recheck.recheck_with_defaults(
                open_context, vendor, on_progress=on_progress
            ),
        )
    if not result.findings:
        console.print("No evidence item quotes a page: nothing to re-check.")
        return
    for finding in result.findings:
        console.print(
            f"{finding.evidence_key}  {finding.vendor}/{finding.dimension.value}  "
            f"{finding.status.replace('_', ' ')}  {finding.url}: {finding.message}"
        )
    console.print(
        f"{len(result.findings)} quote(s) on {result.pages} page(s) ({result.pages_fetched} "
        f"fetched, one request each plus redirects): {result.count('found')} found, "
        f"{result.count('vanished')} newly vanished, {result.count('still_vanished')} still "
        f"vanished, {result.count('unreachable', 'refused')} not checked."
    )
    if result.drifted:
        console.print("Source drift blocks publication until the cells are re-verified.")
        raise typer.Exit(1)
    if result.incomplete:
        raise typer.Exit(captures.EXIT_NETWORK)


def register(app: typer.Typer) -> None:
    """Adds this module's commands to the application."""
    app.command("capture")(capture_command)
    app.add_typer(price_app, name="price-history")
    app.command("recheck")(recheck_command)
