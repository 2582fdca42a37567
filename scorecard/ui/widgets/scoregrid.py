"""The main grid: one row per vendor (included first), one column per dimension, marks coloured."""

from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.widgets.data_table import ColumnDoesNotExist, ColumnKey, RowDoesNotExist

from scorecard.domain.assessment import CellAssessment, VendorAssessment
from scorecard.domain.enums import DimensionId
from scorecard.presentation import age_text
from scorecard.ui.state import EditionState
from scorecard.ui.widgets.key_table import KeyTable
from scorecard.ui.widgets.marks import StyleOf, cell_marks, style_lookup

VENDOR_COLUMN = "vendor"
AGE_COLUMN = "age"
EXCLUDED_TAG = " ✕ excluded"


class MarksCache:
    """Builds each distinct cell drawing once: a large grid repeats a few hundred of them."""

    def __init__(self, lookup: StyleOf) -> None:
        self._lookup = lookup
        self._drawn: dict[tuple[object, ...], Text] = {}

    def marks(self, cell: CellAssessment) -> Text:
        key = (
            cell.score.outcome,
            cell.score.score,
            cell.source_grade,
            cell.ceiling.raw_count,
            cell.stale,
            cell.reverification_due,
        )
        drawn = self._drawn.get(key)
        if drawn is None:
            drawn = self._drawn[key] = cell_marks(cell, self._lookup)
        return drawn.copy()


class ScoreGrid(KeyTable):
    class Populated(Message):
        """The grid holds the rows of a fresh read (the benchmark times first paint by it)."""

        def __init__(self, rows: int) -> None:
            super().__init__()
            self.rows = rows

    def __init__(self, *, id: str | None = None) -> None:
        # No zebra stripes: they cost about a fifth of the grid's first paint (measured with
        # benchmarks/ui_first_paint.py), and the line below the grid names the highlighted row.
        super().__init__(id=id, cursor_type="cell", zebra_stripes=False)

    def show(self, state: EditionState) -> None:
        """Replaces the rows with the state's vendors, keeping the cursor where it was."""
        place = self.place()
        self.clear(columns=len(self.columns) == 0)
        if len(self.columns) == 0:
            self.add_column("vendor", key=VENDOR_COLUMN)
            self.add_column("age at verification", key=AGE_COLUMN)
            for dimension in DimensionId:
                self.add_column(state.spec(dimension).name, key=dimension.value)
        style = style_lookup(self)
        marks = MarksCache(style)
        for assessed in state.vendors_in_order():
            self.add_row(*self._row(assessed, style, marks), key=assessed.vendor.key)
        if place is not None:
            self._restore(place)
        # Announced from the grid's own queue: a message created while the screen runs this
        # method would count the screen as its sender and stop there instead of bubbling on.
        self.call_next(self._announce_rows)

    def _announce_rows(self) -> None:
        self.post_message(self.Populated(self.row_count))

    def _row(self, assessed: VendorAssessment, lookup: StyleOf, marks: MarksCache) -> list[Text]:
        vendor = assessed.vendor
        name = Text(vendor.name)
        if not vendor.included:
            name.stylize(lookup("excluded"))
            name.append(EXCLUDED_TAG, lookup("excluded"))
        age = Text(age_text(assessed), lookup("dim") if assessed.company_age_months is None else "")
        return [name, age, *(marks.marks(assessed.cells[d]) for d in DimensionId)]

    def place(self) -> tuple[str, str] | None:
        """(vendor key, column key) under the cursor, or None in an empty grid."""
        if self.row_count == 0:
            return None
        cell_key = self.coordinate_to_cell_key(self.cursor_coordinate)
        return str(cell_key.row_key.value), str(cell_key.column_key.value)

    def focus_place(self, vendor: str, column: str) -> None:
        self._restore((vendor, column))

    def _restore(self, place: tuple[str, str]) -> None:
        vendor, column = place
        try:
            row = self.get_row_index(vendor)
            column_index = self.get_column_index(ColumnKey(column))
        except (RowDoesNotExist, ColumnDoesNotExist):
            return
        self.move_cursor(row=row, column=column_index, animate=False, scroll=True)


def dimension_of(column: str) -> DimensionId | None:
    """The dimension a grid column shows, or None for the vendor and age columns."""
    try:
        return DimensionId(column)
    except ValueError:
        return None
