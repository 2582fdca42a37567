"""`scorecard import`, `export`, `validate` and `check`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from scorecard.cli.common import (
    console,
    date_option,
    err_console,
    fail,
    options,
    run,
    stdout_bytes,
)
from scorecard.cli.render import blocker_lines
from scorecard.domain.blockers import stops_publication
from scorecard.services import editions, exchange
from scorecard.services.context import Context, ServiceError
from scorecard.services.exchange import StagedFile


def import_command(
    ctx: typer.Context,
    file: Path = typer.Argument(..., help="A scorecard.json document."),
    replace: bool = typer.Option(
        False, "--replace", help="Replace a draft edition of the same date."
    ),
) -> None:
    """Validate a document, then load it as an edition (all or nothing)."""
    try:
        document = exchange.read_document_file(file)
    except ServiceError as exc:
        fail(exc.message)
    row = run(ctx, lambda c: exchange.import_document(c, document, replace=replace), seed=False)
    console.print(f"Imported the edition of {row.verification_date}.")


def validate_command(file: Path = typer.Argument(..., help="A scorecard.json document.")) -> None:
    """Check a document against the schema without touching the database."""
    try:
        document = exchange.read_document_file(file)
    except ServiceError as exc:
        fail(exc.message)
    problems = exchange.document_problems(document)
    if problems:
        fail(f"{file} does not match the schema:\n  " + "\n  ".join(problems))
    console.print(f"{file} is valid (schema {document['schema_version']}).")


def export_command(
    ctx: typer.Context,
    out: Path | None = typer.Option(None, "--out", help="Output file; default standard output."),
    publish: bool = typer.Option(
        False, "--publish", help="Publish: refused while blockers remain; freezes the edition."
    ),
    publish_date: str | None = typer.Option(
        None, help="With --publish: the publish date (default today)."
    ),
    fmt: str = typer.Option("json", "--format", help="json or csv (one row a cell)."),
) -> None:
    """Export the current edition, validated before anything is written."""
    if fmt not in ("json", "csv"):
        fail(f"--format {fmt!r}: use json or csv.")
    if publish_date and not publish:
        fail("--publish-date goes with --publish.")
    on = date_option(publish_date)

    if out is not None and out.is_dir():
        fail(f"{out} is a folder; name the output file.")
    staged: list[StagedFile] = []

    def action(c: Context) -> bytes:
        if publish:
            editions.publish(c, on)
        document: dict[str, Any] = exchange.export_document(c)
        data = exchange.render(document, fmt)
        if out is not None:
            staged.append(exchange.stage_output(out, data))
        return data

    # The new file is written and flushed inside the transaction but put in place only after
    # the commit: a crash or a refused commit never leaves a file claiming a publication that
    # the database does not hold, and a file that cannot be written refuses the publication.
    try:
        data = run(ctx, action)
        if out is None:
            stdout_bytes(data)
            return
        try:
            exchange.install_output(staged[0])
        except ServiceError as exc:
            fail(exc.message + (" The edition is published; export it again." if publish else ""))
    finally:
        for pending in staged:
            pending.discard()
    err_console.print(f"Wrote {out}.")


def check_command(ctx: typer.Context) -> None:
    """List publication blockers; exit 0 only when the edition is publishable."""
    blockers = run(ctx, editions.blockers)
    today = options(ctx).today
    stopping = [b for b in blockers if stops_publication(b)]
    if blockers:
        console.print(blocker_lines(blockers))
    if not stopping:
        console.print(
            f"Publishable at {today}: `scorecard export --publish` sets the publish date."
        )
        raise typer.Exit(0)
    console.print(f"{len(stopping)} blocker(s) stop publication at {today}: not publishable.")
    raise typer.Exit(1)
