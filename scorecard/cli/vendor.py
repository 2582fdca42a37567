"""`scorecard vendor`: list, show, add and change vendors."""

from __future__ import annotations

import typer
from rich.table import Table

from scorecard.cli.common import console, date_option, fail, run
from scorecard.cli.options import RevisionArtifact, RevisionReason, revision_request
from scorecard.cli.render import age_text, cell_text, vendors_table
from scorecard.domain.enums import DimensionId, FoundingDateStatus
from scorecard.domain.models import Vendor
from scorecard.services import vendors

app = typer.Typer(help="Vendors of the current edition.")


@app.command("list")
def list_command(ctx: typer.Context) -> None:
    """Every vendor with its five cells and its company age at the verification date."""
    console.print(vendors_table(run(ctx, vendors.list_vendors)))


@app.command("show")
def show_command(ctx: typer.Context, vendor: str = typer.Argument(..., help="Vendor id.")) -> None:
    """One vendor's facts and cells."""
    assessed = run(ctx, lambda c: vendors.show_vendor(c, vendor))
    v = assessed.vendor
    console.print(f"{v.name} ({v.key})", style="bold")
    console.print(f"homepage: {v.homepage or '–'}")
    founding = v.founding_date.isoformat() if v.founding_date else "unknown"
    console.print(
        f"founding date: {founding} ({v.founding_date_status.value}; "
        f"source: {v.founding_date_source or '–'})"
    )
    console.print(f"company age at verification: {age_text(assessed)}")
    console.print("included" if v.included else f"excluded: {v.exclusion_reason}")
    table = Table()
    for column in ("dimension", "cell", "ceiling", "state", "evidence", "rationale"):
        table.add_column(column)
    for dimension in DimensionId:
        cell = assessed.cells[dimension]
        table.add_row(
            dimension.value,
            cell_text(cell),
            str(cell.ceiling.level),
            cell.evidence_state.value,
            str(len(cell.evidence)),
            cell.score.rationale or "",
        )
    console.print(table)


@app.command("add")
def add_command(
    ctx: typer.Context,
    vendor: str = typer.Argument(..., help="Vendor id: lowercase letters, digits, '.', '_', '-'."),
    name: str = typer.Option(..., help="Display name."),
    homepage: str | None = typer.Option(None, help="Homepage URL."),
) -> None:
    """Add a vendor to the current draft edition, with five unscored cells."""
    run(ctx, lambda c: vendors.add_vendor(c, Vendor(key=vendor, name=name, homepage=homepage)))
    console.print(f"Added {name} ({vendor}).")


@app.command("set")
def set_command(
    ctx: typer.Context,
    vendor: str = typer.Argument(..., help="Vendor id."),
    name: str | None = typer.Option(None, help="Display name."),
    homepage: str | None = typer.Option(None, help="Homepage URL."),
    founding_date: str | None = typer.Option(None, help="Founding date, YYYY-MM-DD."),
    founding_status: FoundingDateStatus | None = typer.Option(
        None, help="verified (needs --founding-source) or unverified."
    ),
    founding_source: str | None = typer.Option(None, help="Where the founding date comes from."),
    include: bool = typer.Option(False, "--include", help="Include the vendor in the scorecard."),
    exclude: str | None = typer.Option(None, "--exclude", help="Exclude it, giving the reason."),
    revision_reason: str | None = RevisionReason,
    revision_artifact: str | None = RevisionArtifact,
) -> None:
    """Change a vendor's facts: founding date and its source, inclusion, name, homepage."""
    if include and exclude is not None:
        fail("--include and --exclude contradict each other.")
    included = True if include else (False if exclude is not None else None)
    founded = date_option(founding_date)
    run(
        ctx,
        lambda c: vendors.set_vendor(
            c,
            vendor,
            name=name,
            homepage=homepage,
            founding_date=founded,
            founding_date_status=founding_status,
            founding_date_source=founding_source,
            included=included,
            exclusion_reason=exclude,
            revision=revision_request(revision_reason, revision_artifact),
        ),
    )
    console.print(f"Updated {vendor}.")
