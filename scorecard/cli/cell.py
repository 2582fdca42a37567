"""`scorecard cell`: show a cell against its anchors, and score it."""

from __future__ import annotations

import typer

from scorecard.cli.common import console, fail, run
from scorecard.cli.options import RevisionArtifact, RevisionReason, revision_request
from scorecard.cli.render import cell_text
from scorecard.domain.enums import DimensionId, Outcome
from scorecard.services import cells

app = typer.Typer(help="Vendor x dimension cells.")


@app.command("show")
def show_command(
    ctx: typer.Context,
    vendor: str = typer.Argument(..., help="Vendor id."),
    dimension: DimensionId = typer.Argument(..., help="Dimension id."),
) -> None:
    """The cell, its anchors with the evidence ceiling marked, and its evidence."""
    view = run(ctx, lambda c: cells.show_cell(c, vendor, dimension))
    cell, spec = view.cell, view.spec
    console.print(f"{vendor} / {spec.name}: {cell_text(cell)}", style="bold")
    console.print(f"version {view.version} (give it as --expected-version when you change it)")
    console.print(
        f"evidence state: {cell.evidence_state.value}; grade: "
        f"{cell.source_grade.value if cell.source_grade else '–'}; "
        f"source: {cell.source_url or '–'} ({cell.retrieval_date or '–'})"
    )
    if cell.score.rationale:
        console.print(f"rationale: {cell.score.rationale}")
    for anchor in reversed(spec.anchors):
        mark = "▶" if anchor.level == cell.ceiling.level else " "
        console.print(f" {mark} {anchor.level}: {anchor.text}")
    if cell.ceiling.next_level_unmet:
        console.print(
            f"Level {cell.ceiling.level + 1} needs: " + "; ".join(cell.ceiling.next_level_unmet)
        )
    for item in cell.evidence:
        console.print(
            f"  {item.key} {item.artifact} {item.state.value} "
            f"{item.grade.value if item.grade else '–'} {item.url or '–'} {item.retrieval_date or '–'}"
        )


@app.command("set")
def set_command(
    ctx: typer.Context,
    vendor: str = typer.Argument(..., help="Vendor id."),
    dimension: DimensionId = typer.Argument(..., help="Dimension id."),
    score: int | None = typer.Option(None, "--score", help="A whole number 0-4."),
    insufficient_history: bool = typer.Option(
        False, "--insufficient-history", help="The vendor is younger than the history window."
    ),
    unscore: bool = typer.Option(False, "--unscore", help="Clear the cell's score."),
    rationale: str | None = typer.Option(None, help="Why; required below the ceiling."),
    expected_version: int | None = typer.Option(
        None,
        "--expected-version",
        help="Refuse the change if the cell moved past this version (see `cell show`).",
    ),
    revision_reason: str | None = RevisionReason,
    revision_artifact: str | None = RevisionArtifact,
) -> None:
    """Score a cell (--score N), mark insufficient history, or clear it (--unscore)."""
    chosen = [score is not None, insufficient_history, unscore]
    if sum(chosen) != 1:
        fail("give exactly one of --score N, --insufficient-history or --unscore.")
    if score is not None:
        outcome = Outcome.SCORED
    elif insufficient_history:
        outcome = Outcome.INSUFFICIENT_HISTORY
    else:
        outcome = Outcome.UNSCORED
    result = run(
        ctx,
        lambda c: cells.set_cell(
            c,
            vendor,
            dimension,
            outcome=outcome,
            score=score,
            rationale=rationale,
            expected_version=expected_version,
            revision=revision_request(revision_reason, revision_artifact),
        ),
    )
    console.print(f"{vendor} / {dimension.value}: {cells.describe_score(result)}")
