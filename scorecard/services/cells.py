"""Scoring a cell: a score 0-4 within the evidence ceiling, insufficient history, or unscored."""

from __future__ import annotations

from dataclasses import dataclass

from scorecard.domain.assessment import CellAssessment
from scorecard.domain.enums import DimensionId, Outcome
from scorecard.domain.integrity import check_cell_score
from scorecard.domain.models import CellScore
from scorecard.domain.rubric import DimensionSpec, load_rubric
from scorecard.domain.rules.ceiling import check_score_against_ceiling, evidence_ceiling
from scorecard.services import editions, lookup
from scorecard.services.context import Context, ServiceError
from scorecard.services.revisions import RevisionRequest, guard_change
from scorecard.storage import changelog, repository, versioning
from scorecard.storage.tables import ScoringRow


class StaleEdit(ServiceError):
    """Another reviewer changed the record since this edit was based on it."""


def _stale_cell(
    name: str, dimension: DimensionId, expected: int | None, current: int | None
) -> StaleEdit:
    return StaleEdit(
        f"{name} / {dimension.value} was changed by someone else since you opened it "
        f"(version {expected}, now {current}). Reload and try again."
    )


def describe_score(score: CellScore) -> str:
    if score.outcome == Outcome.SCORED:
        return str(score.score)
    return score.outcome.value.replace("_", " ")


@dataclass(frozen=True, slots=True)
class CellView:
    """A cell's assessment with the rubric dimension it is judged against."""

    cell: CellAssessment
    spec: DimensionSpec
    version: int


def show_cell(ctx: Context, vendor: str, dimension: DimensionId) -> CellView:
    edition = editions.current_edition(ctx)
    vendor_row = lookup.vendor_row(ctx, edition, vendor)
    assessment = editions.assess(ctx, edition)
    return CellView(
        cell=assessment.cell(vendor, dimension),
        spec=assessment.rubric.dimension(dimension),
        version=lookup.cell_row(ctx, vendor_row, dimension).version,
    )


def set_cell(
    ctx: Context,
    vendor: str,
    dimension: DimensionId,
    *,
    outcome: Outcome,
    score: int | None = None,
    rationale: str | None = None,
    expected_version: int | None = None,
    revision: RevisionRequest | None = None,
) -> CellScore:
    """Records a reviewer's scoring of a cell after every rule has accepted it."""
    edition = editions.current_edition(ctx)
    vendor_row = lookup.vendor_row(ctx, edition, vendor)
    cell = lookup.cell_row(ctx, vendor_row, dimension)
    assert cell.id is not None
    if expected_version is not None and cell.version != expected_version:
        raise _stale_cell(vendor_row.name, dimension, expected_version, cell.version)
    rubric = load_rubric(edition.methodology_version)
    new = CellScore(outcome=outcome, score=score, rationale=(rationale or "").strip() or None)
    vendor_value = repository.vendor_from_row(vendor_row)
    check_cell_score(new, vendor_value, rubric, dimension, edition.verification_date)
    if outcome == Outcome.SCORED and score is not None:
        items = editions.snapshot(ctx, edition).cell_evidence(vendor, dimension)
        ceiling = evidence_ceiling(rubric.dimension(dimension), items)
        check_score_against_ceiling(
            score, new.rationale, ceiling, rubric.dimension(dimension), vendor=vendor
        )
    # The comparison at the top only answers early; this conditional UPDATE is what refuses an
    # edit based on a version another reviewer has moved past, however the two interleave. It
    # also locks the cell, so the current score read next is the one this edit replaces.
    try:
        versioning.bump_version(ctx.session, cell, expected_version)
    except versioning.VersionConflict as conflict:
        raise _stale_cell(vendor_row.name, dimension, expected_version, conflict.current) from None
    previous = repository.current_scoring(ctx.session, cell.id)
    old = (
        CellScore(Outcome(previous.outcome), previous.score, previous.rationale)
        if previous
        else CellScore()
    )
    if old == new:
        raise ServiceError(
            f"{vendor_row.name} / {dimension.value} already reads {describe_score(new)}."
        )
    guard_change(
        ctx,
        edition,
        revision,
        vendor=vendor,
        dimension=dimension,
        field="score",
        old=describe_score(old),
        new=describe_score(new),
    )
    ctx.session.add(
        ScoringRow(
            cell_id=cell.id,
            reviewer=ctx.reviewer,
            role="primary",
            outcome=new.outcome.value,
            score=new.score,
            rationale=new.rationale,
            created_at=repository.now(),
        )
    )
    changelog.record(
        ctx.session,
        reviewer=ctx.reviewer,
        edition_id=edition.id,
        entity="cell",
        entity_key=f"{vendor}/{dimension.value}",
        action="score",
        old={"outcome": old.outcome.value, "score": old.score, "rationale": old.rationale},
        new={"outcome": new.outcome.value, "score": new.score, "rationale": new.rationale},
        reason=revision.reason if revision else None,
    )
    ctx.session.flush()
    return new
