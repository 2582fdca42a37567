"""Everything that blocks publication now; Enter jumps to the cell, vendor or list it concerns."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable, Static

from scorecard.domain.models import Blocker
from scorecard.presentation import concerns_text
from scorecard.ui.messages import OpenCell, OpenVendor
from scorecard.ui.screens.base import ReviewScreen
from scorecard.ui.widgets.key_table import KeyTable
from scorecard.ui.widgets.plain import Plain

MANUAL_RULE = "manual-blocker"
CONFLICT_RULE = "source-conflict-unresolved"


class BlockersScreen(ReviewScreen):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "jump", "Go to")]

    def compose_body(self) -> ComposeResult:
        yield Plain("Publication blockers: reading…", id="blockers-title", classes="screen-title")
        table = KeyTable(id="blockers", cursor_type="row")
        yield table
        yield Plain("", id="blocker-detail")
        yield Plain(
            "Enter goes to what a blocker concerns: its cell, its vendor, the source conflicts "
            "or the manual blockers. An edition-wide blocker is resolved from the command line "
            "(edition set, reply).",
            classes="hint",
        )

    def on_mount(self) -> None:
        table = self.query_one(KeyTable)
        for column in ("#", "rule", "concerns", "message"):
            table.add_column(column, key=column)
        self.watch(self.app, "blockers", self._show)
        table.focus()

    @property
    def blockers(self) -> tuple[Blocker, ...]:
        return self.scorecard.blockers or ()

    def _show(self, blockers: tuple[Blocker, ...] | None) -> None:
        title = self.query_one("#blockers-title", Static)
        table = self.query_one(KeyTable)
        if blockers is None:
            title.update("Publication blockers: counting…")
            return
        title.update(f"Publication blockers: {len(blockers)}")
        row = table.cursor_row
        table.clear()
        for number, blocker in enumerate(blockers, 1):
            table.add_row(
                str(number),
                blocker.rule_id,
                concerns_text(blocker.vendor, blocker.dimension),
                blocker.message,
                key=str(number - 1),
            )
        if blockers:
            table.move_cursor(row=min(row, len(blockers) - 1), animate=False)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        key = self.query_one(KeyTable).selected_row_key()
        detail = self.query_one("#blocker-detail", Plain)
        if key is None or int(key) >= len(self.blockers):
            detail.update("")
            return
        blocker = self.blockers[int(key)]
        detail.update(f"[{blocker.rule_id}] {blocker.message}")

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_jump()

    def action_jump(self) -> None:
        key = self.query_one(KeyTable).selected_row_key()
        if key is None:
            return
        blocker = self.blockers[int(key)]
        if blocker.rule_id == MANUAL_RULE:
            self.scorecard.action_open_manual_blockers()
        elif blocker.rule_id == CONFLICT_RULE:
            self.scorecard.action_open_conflicts()
        elif blocker.vendor is not None and blocker.dimension is not None:
            self.post_message(OpenCell(blocker.vendor, blocker.dimension))
        elif blocker.vendor is not None:
            self.post_message(OpenVendor(blocker.vendor))
        else:
            self.notify(f"This blocker concerns the whole edition: {blocker.message}")
