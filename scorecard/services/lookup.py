"""Finds the rows a request names, with messages that list what exists when a name is wrong."""

from __future__ import annotations

from scorecard.domain.enums import DimensionId
from scorecard.services.context import Context, NotFound
from scorecard.storage import repository
from scorecard.storage.tables import CellRow, EditionRow, VendorRow


def vendor_row(ctx: Context, edition: EditionRow, key: str) -> VendorRow:
    assert edition.id is not None
    row = repository.find_vendor_row(ctx.session, edition.id, key)
    if row is None:
        known = ", ".join(v.key for v in repository.vendor_rows(ctx.session, edition.id))
        raise NotFound(f"Unknown vendor {key!r}. Known vendors: {known or 'none'}.")
    return row


def dimension_id(value: str) -> DimensionId:
    try:
        return DimensionId(value)
    except ValueError:
        known = ", ".join(d.value for d in DimensionId)
        raise NotFound(f"Unknown dimension {value!r}. Dimensions: {known}.") from None


def cell_row(ctx: Context, vendor: VendorRow, dimension: DimensionId) -> CellRow:
    assert vendor.id is not None
    row = repository.find_cell_row(ctx.session, vendor.id, dimension)
    if row is None:
        raise NotFound(f"{vendor.name} has no {dimension.value} cell.")
    return row
