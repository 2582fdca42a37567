"""`scorecard event`, `scorecard blocker` and `scorecard conflict`."""

from __future__ import annotations

import typer
from rich.table import Table

from scorecard.cli.common import console, parse_date, run
from scorecard.domain.enums import DimensionId, EventKind
from scorecard.services import records

event_app = typer.Typer(help="Known events that make dimensions due for re-verification.")
blocker_app = typer.Typer(help="Publication blockers recorded by hand.")
conflict_app = typer.Typer(
    help="Source conflicts: the primary source wins, the conflict is logged."
)


@event_app.command("add")
def event_add(
    ctx: typer.Context,
    vendor: str = typer.Argument(..., help="Vendor id."),
    kind: EventKind = typer.Option(..., help="acquisition, pricing, certification or other."),
    on: str = typer.Option(..., "--date", help="When it happened, YYYY-MM-DD."),
    source: str = typer.Option(..., help="URL of the source reporting it."),
    note: str | None = typer.Option(None, help="What happened."),
) -> None:
    """Record an event; the dimensions it touches become due until re-verified."""
    when = parse_date(on, "--date")
    run(ctx, lambda c: records.add_event(c, vendor, kind, when, source, note))
    console.print(f"Recorded the {kind.value} event of {when} for {vendor}.")


@blocker_app.command("add")
def blocker_add(
    ctx: typer.Context,
    message: str = typer.Argument(..., help="What blocks publication."),
    vendor: str | None = typer.Option(None, help="Vendor it concerns."),
    dimension: DimensionId | None = typer.Option(None, help="Dimension it concerns."),
) -> None:
    """Record a publication blocker by hand."""
    row = run(ctx, lambda c: records.add_blocker(c, message, vendor, dimension))
    console.print(f"Recorded {row.key}.")


@blocker_app.command("resolve")
def blocker_resolve(
    ctx: typer.Context,
    key: str = typer.Argument(..., help="Blocker id (blocker-N)."),
    note: str = typer.Option(..., help="How it was resolved."),
) -> None:
    """Resolve a hand-recorded blocker with a note."""
    run(ctx, lambda c: records.resolve_blocker(c, key, note))
    console.print(f"Resolved {key}.")


@blocker_app.command("list")
def blocker_list(ctx: typer.Context) -> None:
    """List hand-recorded blockers, open and resolved."""
    rows = run(ctx, records.list_manual_blockers)
    table = Table()
    for column in ("id", "state", "concerns", "message", "resolution"):
        table.add_column(column)
    for row in rows:
        where = "/".join(x for x in (row.vendor_key, row.dimension) if x) or "edition"
        table.add_row(
            row.key,
            "resolved" if row.resolved else "open",
            where,
            row.message,
            row.resolution_note or "",
        )
    console.print(table)


@conflict_app.command("add")
def conflict_add(
    ctx: typer.Context,
    vendor: str = typer.Argument(..., help="Vendor id."),
    primary: str = typer.Option(..., help="The vendor's own primary source."),
    conflicting: str = typer.Option(..., help="The source that disagrees with it."),
    description: str = typer.Option(..., help="What the two sources say."),
    dimension: DimensionId | None = typer.Option(None, help="Dimension it concerns."),
) -> None:
    """Log a source conflict (it blocks publication until resolved)."""
    row = run(
        ctx, lambda c: records.add_conflict(c, vendor, dimension, primary, conflicting, description)
    )
    console.print(f"Logged {row.key}.")


@conflict_app.command("resolve")
def conflict_resolve(
    ctx: typer.Context,
    key: str = typer.Argument(..., help="Conflict id (conflict-N)."),
    resolution: str = typer.Option(..., help="What was decided; the primary source wins."),
) -> None:
    """Resolve a source conflict, dated today."""
    run(ctx, lambda c: records.resolve_conflict(c, key, resolution))
    console.print(f"Resolved {key}.")


@conflict_app.command("list")
def conflict_list(ctx: typer.Context) -> None:
    """List source conflicts."""
    rows = run(ctx, records.list_conflicts)
    table = Table()
    for column in (
        "id",
        "vendor",
        "dimension",
        "primary",
        "conflicting",
        "description",
        "resolution",
    ):
        table.add_column(column)
    for row in rows:
        resolution = f"{row.resolution} ({row.resolved_on})" if row.resolution else "unresolved"
        table.add_row(
            row.key,
            row.vendor_key,
            row.dimension or "–",
            row.primary_source,
            row.conflicting_source,
            row.description,
            resolution,
        )
    console.print(table)
