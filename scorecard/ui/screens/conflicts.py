"""Source conflicts: the primary source wins and the conflict is logged; add and resolve them."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable, Static

from scorecard.domain.models import SourceConflict
from scorecard.presentation import concerns_text
from scorecard.services import records
from scorecard.ui.messages import ActionDone, ActionRefused
from scorecard.ui.screens.base import ReviewScreen
from scorecard.ui.screens.prompt import PromptDialog
from scorecard.ui.screens.record_form import RecordDialog, RecordInput
from scorecard.ui.state import EditionState
from scorecard.ui.widgets.key_table import KeyTable
from scorecard.ui.widgets.plain import Plain

ADD = "conflict-add"
RESOLVE = "conflict-resolve"


class ConflictsScreen(ReviewScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "add", "Add conflict"),
        Binding("enter", "resolve", "Resolve"),
    ]

    def compose_body(self) -> ComposeResult:
        yield Plain("Source conflicts", id="conflicts-title", classes="screen-title")
        yield KeyTable(id="conflicts", cursor_type="row")
        yield Plain("", id="conflicts-error", classes="form-error")

    def on_mount(self) -> None:
        table = self.query_one(KeyTable)
        for column in (
            "id",
            "concerns",
            "primary source",
            "conflicting source",
            "description",
            "logged",
            "resolution",
        ):
            table.add_column(column, key=column)
        self.query_one("#conflicts-error").display = False
        table.focus()

    def _conflicts(self) -> tuple[SourceConflict, ...]:
        return self.state.assessment.snapshot.conflicts if self.state else ()

    def show_state(self, state: EditionState) -> None:
        conflicts = state.assessment.snapshot.conflicts
        open_count = sum(1 for c in conflicts if c.resolution is None)
        self.query_one("#conflicts-title", Static).update(
            f"Source conflicts: {len(conflicts)}, {open_count} unresolved (a adds, Enter resolves)"
        )
        table = self.query_one(KeyTable)
        row = table.cursor_row
        table.clear()
        for conflict in conflicts:
            resolution = (
                f"{conflict.resolved_on}: {conflict.resolution}"
                if conflict.resolution
                else "UNRESOLVED"
            )
            table.add_row(
                conflict.key,
                concerns_text(conflict.vendor, conflict.dimension),
                conflict.primary_source,
                conflict.conflicting_source,
                conflict.description,
                conflict.logged_on.isoformat(),
                resolution,
                key=conflict.key,
            )
        if conflicts:
            table.move_cursor(row=min(row, len(conflicts) - 1), animate=False)

    def _show_error(self, message: str | None) -> None:
        error = self.query_one("#conflicts-error", Static)
        error.update(message or "")
        error.display = bool(message)

    def action_add(self) -> None:
        vendors = (
            [(v.vendor.name, v.vendor.key) for v in self.state.vendors_in_order()]
            if self.state
            else []
        )
        dialog = RecordDialog(
            "Log a source conflict (the primary source wins)",
            vendors,
            [
                ("primary", "primary source"),
                ("conflicting", "conflicting source"),
                ("description", "description"),
            ],
            vendor_required=True,
        )
        self.app.push_screen(dialog, self._add)

    def _add(self, entry: RecordInput | None) -> None:
        if entry is None:
            return
        texts = entry.texts
        self.submit(
            ADD,
            lambda ctx: records.add_conflict(
                ctx,
                entry.vendor or "",
                entry.dimension,
                texts["primary"],
                texts["conflicting"],
                texts["description"],
            ),
        )

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_resolve()

    def action_resolve(self) -> None:
        key = self.query_one(KeyTable).selected_row_key()
        conflict = next((c for c in self._conflicts() if c.key == key), None)
        if key is None or conflict is None:
            return
        if conflict.resolution is not None:
            self.notify(f"{key} was resolved on {conflict.resolved_on}: {conflict.resolution}")
            return
        dialog = PromptDialog(
            f"Resolve {key}", conflict.description, "how it was resolved (dated today)"
        )

        def resolved(text: str | None) -> None:
            if text is not None:
                self.submit(RESOLVE, lambda ctx: records.resolve_conflict(ctx, key, text))

        self.app.push_screen(dialog, resolved)

    def on_action_done(self, message: ActionDone) -> None:
        message.stop()
        self._show_error(None)
        self.notify("Saved.")

    def on_action_refused(self, message: ActionRefused) -> None:
        message.stop()
        self._show_error(message.message)
