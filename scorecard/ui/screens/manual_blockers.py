"""Publication blockers recorded by hand: add them, and resolve them with a note."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable, Static

from scorecard.domain.models import ManualBlocker
from scorecard.presentation import concerns_text
from scorecard.services import records
from scorecard.ui.messages import ActionDone, ActionRefused
from scorecard.ui.screens.base import ReviewScreen
from scorecard.ui.screens.prompt import PromptDialog
from scorecard.ui.screens.record_form import RecordDialog, RecordInput
from scorecard.ui.state import EditionState
from scorecard.ui.widgets.key_table import KeyTable
from scorecard.ui.widgets.plain import Plain

ADD = "blocker-add"
RESOLVE = "blocker-resolve"


class ManualBlockersScreen(ReviewScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "add", "Add blocker"),
        Binding("enter", "resolve", "Resolve"),
    ]

    def compose_body(self) -> ComposeResult:
        yield Plain("Manual blockers", id="manual-title", classes="screen-title")
        yield KeyTable(id="manual-blockers", cursor_type="row")
        yield Plain("", id="manual-error", classes="form-error")

    def on_mount(self) -> None:
        table = self.query_one(KeyTable)
        for column in ("id", "concerns", "message", "status"):
            table.add_column(column, key=column)
        self.query_one("#manual-error").display = False
        table.focus()

    def _blockers(self) -> tuple[ManualBlocker, ...]:
        return self.state.assessment.snapshot.manual_blockers if self.state else ()

    def show_state(self, state: EditionState) -> None:
        blockers = state.assessment.snapshot.manual_blockers
        open_count = sum(1 for b in blockers if not b.resolved)
        self.query_one("#manual-title", Static).update(
            f"Manual blockers: {len(blockers)}, {open_count} open (a adds, Enter resolves)"
        )
        table = self.query_one(KeyTable)
        row = table.cursor_row
        table.clear()
        for blocker in blockers:
            status = f"resolved: {blocker.resolution_note}" if blocker.resolved else "OPEN"
            table.add_row(
                blocker.key,
                concerns_text(blocker.vendor, blocker.dimension),
                blocker.message,
                status,
                key=blocker.key,
            )
        if blockers:
            table.move_cursor(row=min(row, len(blockers) - 1), animate=False)

    def _show_error(self, message: str | None) -> None:
        error = self.query_one("#manual-error", Static)
        error.update(message or "")
        error.display = bool(message)

    def action_add(self) -> None:
        vendors = (
            [(v.vendor.name, v.vendor.key) for v in self.state.vendors_in_order()]
            if self.state
            else []
        )
        dialog = RecordDialog("Record a publication blocker", vendors, [("message", "message")])
        self.app.push_screen(dialog, self._add)

    def _add(self, entry: RecordInput | None) -> None:
        if entry is None:
            return
        message = entry.texts["message"]
        self.submit(
            ADD, lambda ctx: records.add_blocker(ctx, message, entry.vendor, entry.dimension)
        )

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_resolve()

    def action_resolve(self) -> None:
        key = self.query_one(KeyTable).selected_row_key()
        blocker = next((b for b in self._blockers() if b.key == key), None)
        if key is None or blocker is None:
            return
        if blocker.resolved:
            self.notify(f"{key} is already resolved: {blocker.resolution_note}")
            return
        dialog = PromptDialog(f"Resolve {key}", blocker.message, "how it was resolved")

        def resolved(note: str | None) -> None:
            if note is not None:
                self.submit(RESOLVE, lambda ctx: records.resolve_blocker(ctx, key, note))

        self.app.push_screen(dialog, resolved)

    def on_action_done(self, message: ActionDone) -> None:
        message.stop()
        self._show_error(None)
        self.notify("Saved.")

    def on_action_refused(self, message: ActionRefused) -> None:
        message.stop()
        self._show_error(message.message)
