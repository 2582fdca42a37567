"""The `scorecard` command line: a thin shell over the services, one transaction a command."""

from __future__ import annotations

import typer

from scorecard.cli import (
    backup,
    capture,
    cell,
    edition,
    evidence,
    exchange,
    log,
    records,
    reply,
    vendor,
)
from scorecard.cli.common import global_callback, options

app = typer.Typer(
    name="scorecard",
    help="Vendor reliability scorecard: five axes, 0-4, higher is better; no composite.",
    no_args_is_help=False,
    invoke_without_command=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def main_callback(
    ctx: typer.Context,
    db: str | None = typer.Option(
        None,
        "--db",
        help="SQLAlchemy URL; default SCORECARD_DB or sqlite:///evidence/scorecard.db.",
    ),
    today: str | None = typer.Option(
        None, "--today", help="Checking date YYYY-MM-DD (default SCORECARD_TODAY or today)."
    ),
) -> None:
    """Without a command, opens the reviewers' terminal UI."""
    global_callback(ctx, db, today)
    if ctx.invoked_subcommand is None:
        open_review(ctx)


def open_review(ctx: typer.Context) -> None:
    from scorecard.ui.launch import launch

    launch(options(ctx))


@app.command("review")
def review_command(ctx: typer.Context) -> None:
    """Open the reviewers' terminal UI."""
    open_review(ctx)


app.command("import")(exchange.import_command)
app.command("export")(exchange.export_command)
app.command("validate")(exchange.validate_command)
app.command("check")(exchange.check_command)
app.add_typer(edition.app, name="edition")
app.add_typer(vendor.app, name="vendor")
app.add_typer(cell.app, name="cell")
app.add_typer(evidence.app, name="evidence")
app.add_typer(records.event_app, name="event")
app.add_typer(records.blocker_app, name="blocker")
app.add_typer(records.conflict_app, name="conflict")
app.add_typer(log.app, name="log")
app.add_typer(reply.app, name="reply")
capture.register(app)
reply.register(app)
backup.register(app)


def main() -> None:
    app()
