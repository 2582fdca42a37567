"""The change log (every write, hash-chained) and the current edition's revision log."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import DataTable, Static, TabbedContent, TabPane

from scorecard.presentation import concerns_text
from scorecard.services.history import ChainCheck, LogView
from scorecard.ui.messages import ActionDone, ActionRefused
from scorecard.ui.screens.base import ReviewScreen
from scorecard.ui.state import LOG_LIMIT, EditionState, load_log, verify_log
from scorecard.ui.widgets.key_table import KeyTable
from scorecard.ui.widgets.plain import Plain

LOAD = "load-log"
VERIFY = "verify-log"


class LogScreen(ReviewScreen):
    _view: LogView | None = None

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "other_log", "Other log"),
        Binding("V", "verify", "Verify chain"),
    ]

    def compose_body(self) -> ComposeResult:
        yield Plain(
            f"Change log: the newest {LOG_LIMIT} entries", id="log-title", classes="screen-title"
        )
        with TabbedContent(id="log-tabs"):
            with TabPane("Change log", id="changes-tab"):
                yield KeyTable(id="changes", cursor_type="row")
            with TabPane("Revision log", id="revisions-tab"):
                yield KeyTable(id="revisions", cursor_type="row")
        yield Plain("", id="log-detail")

    def on_mount(self) -> None:
        changes = self.query_one("#changes", KeyTable)
        for column in ("#", "when (UTC)", "reviewer", "what", "action", "old", "new", "reason"):
            changes.add_column(column, key=column)
        revisions = self.query_one("#revisions", KeyTable)
        for column in ("id", "date", "concerns", "field", "old", "new", "reason", "artifact"):
            revisions.add_column(column, key=column)
        changes.focus()

    def show_state(self, state: EditionState) -> None:
        # Every fresh read of the edition follows a write, so the log is read again too.
        self.submit(LOAD, load_log, writes=False)

    def action_other_log(self) -> None:
        tabs = self.query_one(TabbedContent)
        showing_changes = tabs.active == "changes-tab"
        tabs.active = "revisions-tab" if showing_changes else "changes-tab"
        table_id = "#revisions" if showing_changes else "#changes"
        self.query_one(table_id, KeyTable).focus()
        self._show_detail()

    def action_verify(self) -> None:
        self.submit(VERIFY, verify_log, writes=False)

    def on_action_done(self, message: ActionDone) -> None:
        message.stop()
        if message.tag == LOAD:
            assert isinstance(message.result, LogView)
            self._fill(message.result)
        elif message.tag == VERIFY:
            assert isinstance(message.result, ChainCheck)
            check = message.result
            if check.broken is None:
                self.notify(f"The change log holds: {check.entries} entries, chain intact.")
            else:
                self.notify(
                    f"The change log is broken at entry {check.broken.entry_id}: "
                    f"{check.broken.reason}.",
                    severity="error",
                    timeout=15,
                )

    def on_action_refused(self, message: ActionRefused) -> None:
        message.stop()
        self.notify(message.message, severity="error", timeout=10)

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.id == self._active_table_id():
            self._show_detail()

    def _active_table_id(self) -> str:
        return "changes" if self.query_one(TabbedContent).active == "changes-tab" else "revisions"

    def _show_detail(self) -> None:
        """Shows the highlighted entry whole: the tables shorten long values."""
        view = self._view
        table_id = self._active_table_id()
        key = self.query_one(f"#{table_id}", KeyTable).selected_row_key()
        detail = self.query_one("#log-detail", Plain)
        if view is None or key is None:
            detail.update("")
            return
        if table_id == "changes":
            for entry in view.changes:
                if str(entry.id) == key:
                    detail.update(
                        f"#{entry.id} {entry.entity} {entry.entity_key} {entry.action}\n"
                        f"old: {entry.old_value or '–'}\nnew: {entry.new_value or '–'}\n"
                        f"reason: {entry.reason or '–'}"
                    )
            return
        for revision in view.revisions:
            if revision.key == key:
                detail.update(
                    f"{revision.key} of {revision.date}: {revision.field or '–'}\n"
                    f"old: {revision.old_value or '–'}\nnew: {revision.new_value or '–'}\n"
                    f"reason: {revision.reason}"
                )

    def _fill(self, view: LogView) -> None:
        self._view = view
        changes = self.query_one("#changes", KeyTable)
        changes.clear()
        for entry in view.changes:
            changes.add_row(
                str(entry.id),
                entry.at.strftime("%Y-%m-%d %H:%M:%S"),
                entry.reviewer,
                f"{entry.entity} {entry.entity_key}",
                entry.action,
                _short(entry.old_value),
                _short(entry.new_value),
                entry.reason or "",
                key=str(entry.id),
            )
        revisions = self.query_one("#revisions", KeyTable)
        revisions.clear()
        for revision in view.revisions:
            revisions.add_row(
                revision.key,
                revision.date.isoformat(),
                concerns_text(revision.vendor, revision.dimension),
                revision.field or "",
                _short(revision.old_value),
                _short(revision.new_value),
                revision.reason,
                revision.artifact_url or "",
                key=revision.key,
            )
        title = self.query_one("#log-title", Static)
        title.update(
            f"Change log: the newest {len(view.changes)} entries (V verifies the hash chain) · "
            f"revision log: {len(view.revisions)} entries"
        )


def _short(value: str | None, width: int = 60) -> str:
    text = value or ""
    return text if len(text) <= width else text[: width - 1] + "…"
