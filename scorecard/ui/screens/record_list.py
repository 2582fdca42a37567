"""A list of records a reviewer adds and resolves (source conflicts, manual blockers).

Subclasses say what a record is (columns, row cells, whether it is open, the add dialog and the
services to call); this screen owns the table, the inline error and the resolve flow.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable, Static

from scorecard.services.context import Context
from scorecard.ui.messages import ActionDone, ActionRefused
from scorecard.ui.screens.base import ReviewScreen
from scorecard.ui.screens.prompt import PromptDialog
from scorecard.ui.screens.record_form import RecordDialog, RecordInput
from scorecard.ui.state import EditionState
from scorecard.ui.widgets.key_table import KeyTable
from scorecard.ui.widgets.plain import Plain


class RecordListScreen(ReviewScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "add", "Add"),
        Binding("enter", "resolve", "Resolve"),
    ]
    # Widget ids: `{ID_PREFIX}-title`, `{TABLE_ID}` and `{ID_PREFIX}-error`.
    ID_PREFIX: ClassVar[str]
    TABLE_ID: ClassVar[str]
    COLUMNS: ClassVar[tuple[str, ...]]
    ADD_ACTION: ClassVar[str]
    RESOLVE_ACTION: ClassVar[str]

    # ---- what a subclass says about its records --------------------------------------------

    def records(self, state: EditionState) -> Sequence[Any]:
        raise NotImplementedError

    def heading(self, records: Sequence[Any]) -> str:
        raise NotImplementedError

    def row(self, record: Any) -> tuple[str, ...]:
        raise NotImplementedError

    def resolution(self, record: Any) -> str | None:
        """Why the record cannot be resolved again, or None while it is open."""
        raise NotImplementedError

    def resolve_prompt(self, record: Any) -> PromptDialog:
        raise NotImplementedError

    def resolve_call(self, key: str, text: str) -> Callable[[Context], object]:
        raise NotImplementedError

    def add_dialog(self, vendors: list[tuple[str, str]]) -> RecordDialog:
        raise NotImplementedError

    def add_call(self, entry: RecordInput) -> Callable[[Context], object]:
        raise NotImplementedError

    # ---- the shared screen -----------------------------------------------------------------

    def compose_body(self) -> ComposeResult:
        yield Plain("", id=f"{self.ID_PREFIX}-title", classes="screen-title")
        yield KeyTable(id=self.TABLE_ID, cursor_type="row")
        yield Plain("", id=f"{self.ID_PREFIX}-error", classes="form-error")

    def on_mount(self) -> None:
        table = self.query_one(KeyTable)
        for column in self.COLUMNS:
            table.add_column(column, key=column)
        self.query_one(f"#{self.ID_PREFIX}-error").display = False
        table.focus()

    def show_state(self, state: EditionState) -> None:
        records = self.records(state)
        self.query_one(f"#{self.ID_PREFIX}-title", Static).update(self.heading(records))
        table = self.query_one(KeyTable)
        row = table.cursor_row
        table.clear()
        for record in records:
            table.add_row(*self.row(record), key=record.key)
        if records:
            table.move_cursor(row=min(row, len(records) - 1), animate=False)

    def _show_error(self, message: str | None) -> None:
        error = self.query_one(f"#{self.ID_PREFIX}-error", Static)
        error.update(message or "")
        error.display = bool(message)

    def action_add(self) -> None:
        vendors = (
            [(v.vendor.name, v.vendor.key) for v in self.state.vendors_in_order()]
            if self.state
            else []
        )
        self.app.push_screen(self.add_dialog(vendors), self._add)

    def _add(self, entry: RecordInput | None) -> None:
        if entry is not None:
            self.submit(self.ADD_ACTION, self.add_call(entry))

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_resolve()

    def action_resolve(self) -> None:
        key = self.query_one(KeyTable).selected_row_key()
        records = self.records(self.state) if self.state else ()
        record = next((r for r in records if r.key == key), None)
        if key is None or record is None:
            return
        done = self.resolution(record)
        if done is not None:
            self.notify(done)
            return

        def resolved(text: str | None) -> None:
            if text is not None:
                self.submit(self.RESOLVE_ACTION, self.resolve_call(key, text))

        self.app.push_screen(self.resolve_prompt(record), resolved)

    def on_action_done(self, message: ActionDone) -> None:
        message.stop()
        self._show_error(None)
        self.notify("Saved.")

    def on_action_refused(self, message: ActionRefused) -> None:
        message.stop()
        self._show_error(message.message)
