"""`scorecard edition`: list editions, start the next, resolve placeholders."""

from __future__ import annotations

import typer
from rich.table import Table

from scorecard.cli.common import console, date_option, parse_date, run
from scorecard.services import editions

app = typer.Typer(help="Editions: list them, start the next quarter's, resolve placeholders.")


@app.command("list")
def list_command(ctx: typer.Context) -> None:
    """List every edition the database holds, oldest first."""
    rows = run(ctx, editions.list_editions)
    table = Table()
    for column in ("verification date", "valid until", "version", "status", "published"):
        table.add_column(column)
    for row in rows:
        table.add_row(
            row.verification_date.isoformat(),
            row.valid_until.isoformat(),
            row.version or "[unresolved]",
            row.status,
            row.published_date.isoformat() if row.published_date else "–",
        )
    console.print(table)


@app.command("new")
def new_command(
    ctx: typer.Context,
    verification_date: str = typer.Option(..., help="The new verification date, YYYY-MM-DD."),
    valid_until: str | None = typer.Option(None, help="Defaults to verification date + 90 days."),
) -> None:
    """Start the next edition as a draft carrying over vendors, evidence and scores."""
    on = parse_date(verification_date, "--verification-date")
    until = date_option(valid_until)
    row = run(ctx, lambda c: editions.new_edition(c, on, until))
    console.print(
        f"Started the edition of {row.verification_date} (valid until {row.valid_until}) as a draft."
    )


@app.command("set")
def set_command(
    ctx: typer.Context,
    version: str | None = typer.Option(None, help="Resolves [VERSION]."),
    run_start: str | None = typer.Option(None, help="Resolves [RUN_START], YYYY-MM-DD."),
    run_end: str | None = typer.Option(None, help="Resolves [RUN_END], YYYY-MM-DD."),
    reply_window: int | None = typer.Option(
        None, help="Resolves [N]: working days a vendor has to reply."
    ),
) -> None:
    """Resolve the current edition's placeholders (publishing sets the publish date)."""
    start, end = date_option(run_start), date_option(run_end)
    run(
        ctx,
        lambda c: editions.set_placeholders(
            c, version=version, run_start=start, run_end=end, reply_window_working_days=reply_window
        ),
    )
    console.print("Edition updated.")
