"""`scorecard evidence`: record, list and remove the evidence behind cells."""

from __future__ import annotations

import typer
from rich.table import Table

from scorecard.cli.common import console, date_option, fail, run
from scorecard.cli.options import RevisionArtifact, RevisionReason, revision_request
from scorecard.domain.enums import DimensionId, EvidenceState, SourceGrade
from scorecard.services import evidence

app = typer.Typer(help="Evidence items behind each cell.")


@app.command("add")
def add_command(
    ctx: typer.Context,
    vendor: str = typer.Argument(..., help="Vendor id."),
    dimension: DimensionId = typer.Argument(..., help="Dimension id."),
    artifact: str = typer.Option(..., help="Artifact key from the dimension's checklist."),
    state: EvidenceState = typer.Option(..., help="observed, observed_absent or not_disclosed."),
    grade: SourceGrade | None = typer.Option(None, help="Source grade; required when observed."),
    url: str | None = typer.Option(None, help="Source URL (http or https)."),
    retrieved: str | None = typer.Option(None, help="Retrieval date, YYYY-MM-DD; default today."),
    sha256: str | None = typer.Option(None, help="SHA-256 of the stored capture."),
    quote: str | None = typer.Option(None, help="Verbatim quote from the source."),
    note: str | None = typer.Option(None, help="Reviewer's note."),
    revision_reason: str | None = RevisionReason,
    revision_artifact: str | None = RevisionArtifact,
) -> None:
    """Record one evidence item on a cell."""
    on = date_option(retrieved)
    item = run(
        ctx,
        lambda c: evidence.add_evidence(
            c,
            vendor,
            dimension,
            artifact=artifact,
            state=state,
            grade=grade,
            url=url,
            retrieval_date=on,
            capture_sha256=sha256,
            quote=quote,
            note=note,
            revision=revision_request(revision_reason, revision_artifact),
        ),
    )
    console.print(f"Recorded {item.key}.")


@app.command("list")
def list_command(
    ctx: typer.Context,
    vendor: str | None = typer.Argument(None, help="Only this vendor."),
    dimension: DimensionId | None = typer.Argument(None, help="Only this dimension."),
) -> None:
    """List evidence items, optionally of one vendor or one cell."""
    items = run(ctx, lambda c: evidence.list_evidence(c, vendor, dimension))
    table = Table()
    for column in ("id", "vendor", "dimension", "artifact", "state", "grade", "url", "retrieved"):
        table.add_column(column)
    for item in items:
        table.add_row(
            item.key,
            item.vendor,
            item.dimension.value,
            item.artifact,
            item.state.value,
            item.grade.value if item.grade else "–",
            item.url or "–",
            item.retrieval_date.isoformat() if item.retrieval_date else "–",
        )
    console.print(table)


ExpectedVersion = typer.Option(
    None,
    "--expected-version",
    help="Refuse the change if the item moved past this version (see `evidence show`).",
)

# Optional fields `evidence edit --clear` can empty, by the name reviewers use for them.
CLEARABLE = {
    "grade": "grade",
    "url": "url",
    "sha256": "capture_sha256",
    "quote": "quote",
    "note": "note",
}


@app.command("show")
def show_command(
    ctx: typer.Context, key: str = typer.Argument(..., help="Evidence id (ev-…).")
) -> None:
    """One evidence item with its version (the base for --expected-version)."""
    view = run(ctx, lambda c: evidence.show_evidence(c, key))
    item = view.item
    console.print(f"{item.key} (version {view.version})")
    for label, value in (
        ("cell", f"{item.vendor} / {item.dimension.value}"),
        ("artifact", item.artifact),
        ("state", item.state.value),
        ("grade", item.grade.value if item.grade else None),
        ("url", item.url),
        ("retrieved", item.retrieval_date.isoformat() if item.retrieval_date else None),
        ("sha256", item.capture_sha256),
        ("quote", item.quote),
        ("note", item.note),
    ):
        console.print(f"  {label}: {value if value is not None else '–'}")


@app.command("edit")
def edit_command(
    ctx: typer.Context,
    key: str = typer.Argument(..., help="Evidence id (ev-…)."),
    artifact: str | None = typer.Option(None, help="Artifact key from the checklist."),
    state: EvidenceState | None = typer.Option(
        None, help="observed, observed_absent or not_disclosed."
    ),
    grade: SourceGrade | None = typer.Option(None, help="Source grade."),
    url: str | None = typer.Option(None, help="Source URL (http or https)."),
    retrieved: str | None = typer.Option(None, help="Retrieval date, YYYY-MM-DD."),
    sha256: str | None = typer.Option(None, help="SHA-256 of the stored capture."),
    quote: str | None = typer.Option(None, help="Verbatim quote from the source."),
    note: str | None = typer.Option(None, help="Reviewer's note."),
    clear: list[str] = typer.Option(
        [], "--clear", help="Empty a field: grade, url, sha256, quote or note (repeatable)."
    ),
    expected_version: int | None = ExpectedVersion,
    revision_reason: str | None = RevisionReason,
    revision_artifact: str | None = RevisionArtifact,
) -> None:
    """Change fields of an evidence item; refused if someone changed it since your version."""
    changes: dict[str, object] = {}
    for name in clear:
        if name not in CLEARABLE:
            fail(f"--clear {name!r}: choose one of {', '.join(CLEARABLE)}.")
        changes[CLEARABLE[name]] = None
    for field, value in (
        ("artifact", artifact),
        ("state", state),
        ("grade", grade),
        ("url", url),
        ("retrieval_date", date_option(retrieved)),
        ("capture_sha256", sha256),
        ("quote", quote),
        ("note", note),
    ):
        if value is None:
            continue
        if field in changes:
            fail(f"{field} is both set and cleared; choose one.")
        changes[field] = value
    if not changes:
        fail("nothing to change: give at least one field option or --clear.")
    run(
        ctx,
        lambda c: evidence.update_evidence(
            c,
            key,
            expected_version=expected_version,
            revision=revision_request(revision_reason, revision_artifact),
            **changes,
        ),
    )
    console.print(f"Updated {key}.")


@app.command("remove")
def remove_command(
    ctx: typer.Context,
    key: str = typer.Argument(..., help="Evidence id (ev-…)."),
    expected_version: int | None = ExpectedVersion,
    revision_reason: str | None = RevisionReason,
    revision_artifact: str | None = RevisionArtifact,
) -> None:
    """Remove an evidence item (the change log keeps what it said)."""
    run(
        ctx,
        lambda c: evidence.remove_evidence(
            c,
            key,
            revision_request(revision_reason, revision_artifact),
            expected_version=expected_version,
        ),
    )
    console.print(f"Removed {key}.")
