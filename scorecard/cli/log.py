"""`scorecard log`: the change log and the revision log, and verification of the change log."""

from __future__ import annotations

import typer
from rich.table import Table

from scorecard.cli.common import console, fail, run
from scorecard.services import history

app = typer.Typer(
    help="The change log (every write) and the revision log (published changes).",
    invoke_without_command=True,
)


@app.callback()
def log_command(
    ctx: typer.Context,
    limit: int = typer.Option(50, help="How many of the newest change-log entries to show."),
) -> None:
    """Show the newest change-log entries and the current edition's revision log."""
    if ctx.invoked_subcommand is not None:
        return
    view = run(ctx, lambda c: history.log_view(c, limit))
    changes = Table(title="change log (newest first)")
    for column in ("#", "when (UTC)", "reviewer", "what", "action", "old", "new", "reason"):
        changes.add_column(column)
    for entry in view.changes:
        changes.add_row(
            str(entry.id),
            entry.at.strftime("%Y-%m-%d %H:%M:%S"),
            entry.reviewer,
            f"{entry.entity} {entry.entity_key}",
            entry.action,
            entry.old_value or "",
            entry.new_value or "",
            entry.reason or "",
        )
    console.print(changes)
    revisions = Table(title="revision log of the current edition")
    for column in ("id", "date", "concerns", "field", "old", "new", "reason", "artifact"):
        revisions.add_column(column)
    for r in view.revisions:
        where = "/".join(x for x in (r.vendor, r.dimension and r.dimension.value) if x) or "edition"
        revisions.add_row(
            r.key,
            r.date.isoformat(),
            where,
            r.field or "",
            r.old_value or "",
            r.new_value or "",
            r.reason,
            r.artifact_url or "",
        )
    console.print(revisions)


@app.command("verify")
def verify_command(ctx: typer.Context) -> None:
    """Recompute the change log's hash chain and name the first broken entry."""
    result = run(ctx, history.verify)
    if result.broken is not None:
        fail(
            f"the change log is broken at entry {result.broken.entry_id}: {result.broken.reason}.",
            1,
        )
    console.print(f"The change log holds: {result.entries} entries, chain intact.")
