"""Publication blockers recorded by hand: add them, and resolve them with a note."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from textual.binding import Binding, BindingType

from scorecard.domain.models import ManualBlocker
from scorecard.presentation import concerns_text
from scorecard.services import records
from scorecard.services.context import Context
from scorecard.ui.screens.prompt import PromptDialog
from scorecard.ui.screens.record_form import RecordDialog, RecordInput
from scorecard.ui.screens.record_list import RecordListScreen
from scorecard.ui.state import EditionState


class ManualBlockersScreen(RecordListScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "add", "Add blocker"),
        Binding("enter", "resolve", "Resolve"),
    ]
    ID_PREFIX = "manual"
    TABLE_ID = "manual-blockers"
    COLUMNS = ("id", "concerns", "message", "status")
    ADD_ACTION = "blocker-add"
    RESOLVE_ACTION = "blocker-resolve"

    def records(self, state: EditionState) -> Sequence[ManualBlocker]:
        return state.assessment.snapshot.manual_blockers

    def heading(self, blockers: Sequence[ManualBlocker]) -> str:
        open_count = sum(1 for b in blockers if not b.resolved)
        return f"Manual blockers: {len(blockers)}, {open_count} open (a adds, Enter resolves)"

    def row(self, blocker: ManualBlocker) -> tuple[str, ...]:
        status = f"resolved: {blocker.resolution_note}" if blocker.resolved else "OPEN"
        return (
            blocker.key,
            concerns_text(blocker.vendor, blocker.dimension),
            blocker.message,
            status,
        )

    def resolution(self, blocker: ManualBlocker) -> str | None:
        if blocker.resolved:
            return f"{blocker.key} is already resolved: {blocker.resolution_note}"
        return None

    def resolve_prompt(self, blocker: ManualBlocker) -> PromptDialog:
        return PromptDialog(f"Resolve {blocker.key}", blocker.message, "how it was resolved")

    def resolve_call(self, key: str, text: str) -> Callable[[Context], object]:
        return lambda ctx: records.resolve_blocker(ctx, key, text)

    def add_dialog(self, vendors: list[tuple[str, str]]) -> RecordDialog:
        return RecordDialog("Record a publication blocker", vendors, [("message", "message")])

    def add_call(self, entry: RecordInput) -> Callable[[Context], object]:
        message = entry.texts["message"]
        return lambda ctx: records.add_blocker(ctx, message, entry.vendor, entry.dimension)
