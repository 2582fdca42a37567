"""A vendor: founding date and its source, inclusion, its five cells, and its pentagon."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Static

from scorecard.domain.assessment import VendorAssessment
from scorecard.domain.enums import DimensionId
from scorecard.presentation import STATE_WORDS, age_text
from scorecard.ui.messages import OpenCell
from scorecard.ui.screens.base import ReviewScreen
from scorecard.ui.state import EditionState
from scorecard.ui.widgets.key_table import KeyTable
from scorecard.ui.widgets.marks import cell_marks, style_lookup
from scorecard.ui.widgets.pentagon import PentagonChart
from scorecard.ui.widgets.plain import Plain


class VendorCells(KeyTable):
    """The vendor's five cells, one per row, with their marks."""


def vendor_facts(assessed: VendorAssessment) -> Text:
    vendor = assessed.vendor
    text = Text(f"{vendor.name} ({vendor.key})\n", "bold")
    text.append(f"homepage: {vendor.homepage or '–'}\n")
    founded = vendor.founding_date.isoformat() if vendor.founding_date else "unknown"
    text.append(f"founding date: {founded} ({vendor.founding_date_status.value})\n")
    text.append(f"founding date source: {vendor.founding_date_source or '–'}\n")
    text.append(f"company age at the verification date: {age_text(assessed)}\n")
    if vendor.included:
        text.append("inclusion: included in the scorecard")
    else:
        text.append("inclusion: EXCLUDED", "bold")
        text.append(f" — {vendor.exclusion_reason}")
    return text


class VendorScreen(ReviewScreen):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "open_cell", "Open cell")]

    def __init__(self, vendor: str) -> None:
        super().__init__()
        self.vendor_key = vendor

    def compose_body(self) -> ComposeResult:
        with Horizontal(id="vendor-body"):
            with Vertical(id="vendor-facts"):
                yield Plain("", id="facts")
                table = VendorCells(id="vendor-cells", cursor_type="row")
                table.border_title = "Cells (Enter opens)"
                yield table
            chart = PentagonChart(id="pentagon")
            chart.border_title = "Scores (no composite)"
            yield chart

    def on_mount(self) -> None:
        table = self.query_one(VendorCells)
        for column in ("dimension", "cell", "ceiling", "evidence", "rationale"):
            table.add_column(column, key=column)
        table.focus()

    def show_state(self, state: EditionState) -> None:
        assessed = state.vendor(self.vendor_key)
        if assessed is None:
            self.query_one("#facts", Static).update(
                f"Vendor {self.vendor_key} is not in the edition."
            )
            return
        self.query_one("#facts", Static).update(vendor_facts(assessed))
        self.query_one(PentagonChart).show(assessed)
        table = self.query_one(VendorCells)
        row = table.cursor_row
        table.clear()
        style = style_lookup(table)
        for dimension in DimensionId:
            cell = assessed.cells[dimension]
            table.add_row(
                state.spec(dimension).name,
                cell_marks(cell, style),
                str(cell.ceiling.level),
                f"{len(cell.evidence)} · {STATE_WORDS[cell.evidence_state]}",
                cell.score.rationale or "",
                key=dimension.value,
            )
        table.move_cursor(row=row, animate=False)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_open_cell()

    def action_open_cell(self) -> None:
        key = self.query_one(VendorCells).selected_row_key()
        if key is not None:
            self.post_message(OpenCell(self.vendor_key, DimensionId(key)))
