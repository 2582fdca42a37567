"""`scorecard backup` and `scorecard restore`."""

from __future__ import annotations

from pathlib import Path

import typer

from scorecard.cli.common import console, err_console, fail, run
from scorecard.services import backup
from scorecard.services.backup import BackupFormat


def backup_command(
    ctx: typer.Context,
    file: Path = typer.Argument(..., help="The backup file to write (replaced when complete)."),
    fmt: BackupFormat = typer.Option(
        BackupFormat.AUTO,
        "--format",
        help="auto: a SQLite copy for SQLite, JSON for PostgreSQL; json: a portable dump.",
    ),
) -> None:
    """Back up the whole database (every table, the change log included) to FILE."""
    report = run(ctx, lambda c: backup.backup_database(c, file, fmt), seed=False)
    console.print(
        f"Backed up {report.total_rows} rows in {len(report.rows)} tables to {file} "
        f"({report.kind})."
    )


def restore_command(
    ctx: typer.Context,
    file: Path = typer.Argument(..., help="A file written by `scorecard backup`."),
    force: bool = typer.Option(
        False, "--force", help="Replace everything in a database that is not empty."
    ),
) -> None:
    """Restore a backup into the empty database given by --db (all or nothing)."""
    report = run(ctx, lambda c: backup.restore_database(c, file, force=force), seed=False)
    replaced = f", replacing {report.replaced_rows} rows" if report.replaced_rows else ""
    console.print(f"Restored {report.rows} rows from {file}{replaced}.")
    if not report.chain_intact:
        err_console.print(
            f"warning: the restored change log does not verify ({report.chain_problem}); "
            "the backup was made from a database whose log had been altered."
        )
    if report.rows == 0:
        fail("the backup holds no rows; the database was left empty.", 1)


def register(app: typer.Typer) -> None:
    """Adds backup and restore to the application."""
    app.command("backup")(backup_command)
    app.command("restore")(restore_command)
