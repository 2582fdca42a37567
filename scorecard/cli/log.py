"""`scorecard log`: the change log and the revision log, and verification of the change log."""

from __future__ import annotations

import typer

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
    console.print("Change log (newest first, times in UTC):", style="bold")
    for entry in view.changes:
        line = (
            f"#{entry.id} {entry.at:%Y-%m-%d %H:%M:%S} {entry.reviewer}: "
            f"{entry.action} {entry.entity} {entry.entity_key}"
        )
        if entry.old_value is not None:
            line += f"\n    old: {entry.old_value}"
        if entry.new_value is not None:
            line += f"\n    new: {entry.new_value}"
        if entry.reason:
            line += f"\n    reason: {entry.reason}"
        console.print(line)
    console.print("Revision log of the current edition:", style="bold")
    if not view.revisions:
        console.print("  (no revisions)")
    for r in view.revisions:
        where = "/".join(x for x in (r.vendor, r.dimension and r.dimension.value) if x) or "edition"
        line = f"{r.key} {r.date} {where} {r.field or ''}: {r.old_value} -> {r.new_value}"
        line += f"\n    reason: {r.reason}"
        if r.artifact_url:
            line += f"\n    artifact: {r.artifact_url}"
        console.print(line)


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
