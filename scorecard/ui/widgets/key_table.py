"""A DataTable that moves with h, j, k and l too, and shows text cells as typed (no markup)."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import DataTable
from textual.widgets.data_table import RowKey


class KeyTable(DataTable[Any]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "cursor_left", "Left", show=False),
        Binding("j", "cursor_down", "Down", show=False),
        Binding("k", "cursor_up", "Up", show=False),
        Binding("l", "cursor_right", "Right", show=False),
    ]

    def add_row(
        self, *cells: Any, height: int | None = 1, key: str | None = None, label: Any = None
    ) -> RowKey:
        """Adds a row; text cells are shown as typed, never read as markup."""
        shown = [Text(cell) if isinstance(cell, str) else cell for cell in cells]
        return super().add_row(*shown, height=height, key=key, label=label)

    def selected_row_key(self) -> str | None:
        """The key of the row under the cursor, or None in an empty table."""
        if self.row_count == 0:
            return None
        return self.coordinate_to_cell_key(self.cursor_coordinate).row_key.value
