"""What the UI shows, read through the services in one transaction each: plain immutable values."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from scorecard.domain.assessment import (
    CellAssessment,
    EditionAssessment,
    VendorAssessment,
    canonical_vendor_order,
)
from scorecard.domain.enums import DimensionId, EditionStatus
from scorecard.domain.models import Edition, EvidenceItem
from scorecard.domain.rubric import DimensionSpec
from scorecard.services import cells, editions, evidence, history
from scorecard.services.cells import CellView
from scorecard.services.context import Context
from scorecard.services.history import ChainCheck, LogView
from scorecard.services.revisions import revision_needed


@dataclass(frozen=True, slots=True, eq=False)
class EditionState:
    """The current edition judged at the checking date, as one read saw it."""

    assessment: EditionAssessment
    revision_needed: bool

    @property
    def edition(self) -> Edition:
        return self.assessment.snapshot.edition

    @property
    def published(self) -> bool:
        return self.edition.status == EditionStatus.PUBLISHED

    def vendors_in_order(self) -> list[VendorAssessment]:
        """Included vendors first, then the excluded ones: the order every view uses."""
        return sorted(self.assessment.vendors, key=lambda v: canonical_vendor_order(v.vendor))

    def vendor(self, key: str) -> VendorAssessment | None:
        for assessed in self.assessment.vendors:
            if assessed.vendor.key == key:
                return assessed
        return None

    def cell(self, vendor: str, dimension: DimensionId) -> CellAssessment | None:
        assessed = self.vendor(vendor)
        return assessed.cells[dimension] if assessed else None

    def spec(self, dimension: DimensionId) -> DimensionSpec:
        return self.assessment.rubric.dimension(dimension)


def load_edition_state(ctx: Context) -> EditionState:
    row = editions.current_edition(ctx)
    return EditionState(assessment=editions.assess(ctx, row), revision_needed=revision_needed(row))


@dataclass(frozen=True, slots=True, eq=False)
class CellDetail:
    """One cell as a reviewer edits it: its view with the versions an edit is based on."""

    view: CellView
    evidence_versions: dict[str, int]

    @property
    def cell(self) -> CellAssessment:
        return self.view.cell

    def item(self, key: str) -> EvidenceItem | None:
        for item in self.view.cell.evidence:
            if item.key == key:
                return item
        return None


def cell_detail_loader(vendor: str, dimension: DimensionId) -> Callable[[Context], CellDetail]:
    def load(ctx: Context) -> CellDetail:
        view = cells.show_cell(ctx, vendor, dimension)
        versions = {
            item.key: evidence.evidence_version(ctx, item.key) for item in view.cell.evidence
        }
        return CellDetail(view=view, evidence_versions=versions)

    return load


LOG_LIMIT = 200


def load_log(ctx: Context) -> LogView:
    return history.log_view(ctx, LOG_LIMIT)


def verify_log(ctx: Context) -> ChainCheck:
    return history.verify(ctx)
