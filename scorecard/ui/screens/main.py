"""The main screen: every vendor against the five dimensions, with the highlighted cell explained."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable, Static

from scorecard.domain.assessment import CellAssessment, VendorAssessment
from scorecard.presentation import STATE_WORDS, age_text, outcome_words
from scorecard.ui.messages import OpenCell, OpenVendor
from scorecard.ui.screens.base import ReviewScreen
from scorecard.ui.state import EditionState
from scorecard.ui.widgets.marks import StyleOf, grade_mark, legend, style_lookup
from scorecard.ui.widgets.plain import Plain
from scorecard.ui.widgets.scoregrid import ScoreGrid, dimension_of


def vendor_summary(assessed: VendorAssessment) -> Text:
    vendor = assessed.vendor
    founded = vendor.founding_date.isoformat() if vendor.founding_date else "unknown"
    text = Text(f"{vendor.name} ({vendor.key})", "bold")
    text.append(
        f" · founded {founded} ({vendor.founding_date_status.value}; source "
        f"{vendor.founding_date_source or '–'}) · age at verification {age_text(assessed)}\n"
    )
    if vendor.included:
        text.append("included in the scorecard")
    else:
        text.append(f"excluded: {vendor.exclusion_reason}", "bold")
    text.append(" · Enter or v opens the vendor")
    return text


def cell_summary(
    assessed: VendorAssessment, cell: CellAssessment, name: str, style: StyleOf
) -> Text:
    text = Text(f"{assessed.vendor.name} / {name}: ", "bold")
    text.append(outcome_words(cell.score), style("score"))
    if cell.source_grade is not None:
        text.append(" · ")
        text.append_text(grade_mark(cell.source_grade, style, words=True))
    text.append(f" · evidence ceiling {cell.ceiling.level}")
    if cell.ceiling.raw_count is not None:
        text.append(f" · {cell.ceiling.raw_count}/8 artifacts present", style("count"))
    text.append(f"\nevidence: {STATE_WORDS[cell.evidence_state]}, {len(cell.evidence)} item(s)")
    if cell.retrieval_date:
        text.append(f", newest {cell.retrieval_date}")
    if cell.stale:
        text.append(" · STALE: newest evidence past its validity", style("stale"))
    if cell.reverification_due:
        text.append(" · re-verification due", style("due"))
    if cell.provisional_history:
        text.append(" · insufficient history is provisional (founding date unverified)")
    text.append(" · Enter opens the cell")
    return text


class MainScreen(ReviewScreen):
    # The (vendor, column) the detail line below the grid explains.
    explained: tuple[str, str] | None = None

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open", "Open", show=True),
        Binding("v", "open_vendor", "Vendor"),
    ]

    def compose_body(self) -> ComposeResult:
        yield ScoreGrid(id="grid")
        yield Plain("Reading the edition…", id="cell-detail")
        yield Plain("", id="legend")

    def on_mount(self) -> None:
        legend_line = self.query_one("#legend", Plain)
        legend_line.update(legend(style_lookup(legend_line)))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # The grid is the bottom of the stack: there is nothing to go back to.
        return action != "back"

    def show_state(self, state: EditionState) -> None:
        grid = self.query_one(ScoreGrid)
        grid.show(state)
        if self.focused is None:
            grid.focus()
        self._explain(state)

    def show_problem(self, message: str) -> None:
        self.query_one("#cell-detail", Static).update(Text(message, "bold"))

    def on_data_table_cell_highlighted(self, event: DataTable.CellHighlighted) -> None:
        if self.state is not None:
            self._explain(self.state)

    def on_data_table_cell_selected(self, event: DataTable.CellSelected) -> None:
        event.stop()
        self.action_open()

    def _explain(self, state: EditionState) -> None:
        # The detail line has a fixed height, so rewriting it needs no new layout.
        detail = self.query_one("#cell-detail", Plain)
        place = self.query_one(ScoreGrid).place()
        self.explained = place
        if place is None:
            detail.update("", layout=False)
            return
        assessed = state.vendor(place[0])
        if assessed is None:
            return
        dimension = dimension_of(place[1])
        if dimension is None:
            detail.update(vendor_summary(assessed), layout=False)
            return
        name = state.spec(dimension).name
        detail.update(
            cell_summary(assessed, assessed.cells[dimension], name, style_lookup(detail)),
            layout=False,
        )

    def action_open(self) -> None:
        place = self.query_one(ScoreGrid).place()
        if place is None:
            return
        dimension = dimension_of(place[1])
        if dimension is None:
            self.post_message(OpenVendor(place[0]))
        else:
            self.post_message(OpenCell(place[0], dimension))

    def action_open_vendor(self) -> None:
        place = self.query_one(ScoreGrid).place()
        if place is not None:
            self.post_message(OpenVendor(place[0]))

    def focus_cell(self, vendor: str, column: str) -> None:
        self.query_one(ScoreGrid).focus_place(vendor, column)
