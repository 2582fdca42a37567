"""The price timeline: one row per change between consecutive captures, with its class."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import DataTable

from scorecard.services.price_history import ChangeView

COLUMNS = ("id", "captures", "change", "class", "evidence")
UNCLASSIFIED = "unclassified"


def class_words(view: ChangeView) -> str:
    """The change's class as a reviewer reads it; a third-party sighting says it only locates."""
    words = view.classification.value if view.classification else UNCLASSIFIED
    if view.located_only:
        words += " (located, not established)"
    return words


def change_words(view: ChangeView) -> str:
    """What changed, without the dates (they have their own column)."""
    plan = f" ({view.plan})" if view.plan else ""
    before = repr(view.before_text) if view.before_text is not None else ""
    after = repr(view.after_text) if view.after_text is not None else ""
    if view.kind == "added":
        return f"added {view.fact_kind}{plan}: {after}"
    if view.kind == "removed":
        return f"removed {view.fact_kind}{plan}: {before}"
    return f"{view.fact_kind}{plan}: {before} → {after}"


class PriceTimeline(DataTable[Any]):
    """Changes oldest first; rows are keyed by change id so the cursor survives a refresh."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("j", "cursor_down", "Down", show=False),
        Binding("k", "cursor_up", "Up", show=False),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, cursor_type="row", zebra_stripes=True)
        self._views: dict[str, ChangeView] = {}

    def on_mount(self) -> None:
        for column in COLUMNS:
            self.add_column(column, key=column)

    def show(self, views: Iterable[ChangeView]) -> None:
        """Replaces the rows, keeping the cursor on the same change when it is still listed."""
        selected = self.selected_key()
        self.clear()
        self._views = {}
        for view in views:
            self._views[view.key] = view
            # Text cells: prices and plan names are shown as written, never read as markup.
            self.add_row(
                Text(view.key),
                Text(f"{view.from_date} → {view.to_date}"),
                Text(change_words(view)),
                Text(class_words(view)),
                Text(view.evidence_key or "–"),
                key=view.key,
            )
        if selected in self._views:
            self.move_cursor(row=self.get_row_index(selected))

    def replace(self, view: ChangeView) -> None:
        """Shows one change again after it was classified."""
        if view.key not in self._views:
            return
        self._views[view.key] = view
        self.update_cell(view.key, "class", Text(class_words(view)), update_width=True)
        self.update_cell(view.key, "evidence", Text(view.evidence_key or "–"), update_width=True)

    def selected_key(self) -> str | None:
        if self.row_count == 0:
            return None
        return self.coordinate_to_cell_key(self.cursor_coordinate).row_key.value

    def selected(self) -> ChangeView | None:
        key = self.selected_key()
        return self._views.get(key) if key is not None else None
