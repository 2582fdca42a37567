"""Source conflicts: the primary source wins and the conflict is logged; add and resolve them."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from textual.binding import Binding, BindingType

from scorecard.domain.models import SourceConflict
from scorecard.presentation import concerns_text
from scorecard.services import records
from scorecard.services.context import Context
from scorecard.ui.screens.prompt import PromptDialog
from scorecard.ui.screens.record_form import RecordDialog, RecordInput
from scorecard.ui.screens.record_list import RecordListScreen
from scorecard.ui.state import EditionState


class ConflictsScreen(RecordListScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "add", "Add conflict"),
        Binding("enter", "resolve", "Resolve"),
    ]
    ID_PREFIX = "conflicts"
    TABLE_ID = "conflicts"
    COLUMNS = (
        "id",
        "concerns",
        "primary source",
        "conflicting source",
        "description",
        "logged",
        "resolution",
    )
    ADD_ACTION = "conflict-add"
    RESOLVE_ACTION = "conflict-resolve"

    def records(self, state: EditionState) -> Sequence[SourceConflict]:
        return state.assessment.snapshot.conflicts

    def heading(self, conflicts: Sequence[SourceConflict]) -> str:
        open_count = sum(1 for c in conflicts if c.resolution is None)
        return (
            f"Source conflicts: {len(conflicts)}, {open_count} unresolved (a adds, Enter resolves)"
        )

    def row(self, conflict: SourceConflict) -> tuple[str, ...]:
        resolution = (
            f"{conflict.resolved_on}: {conflict.resolution}"
            if conflict.resolution
            else "UNRESOLVED"
        )
        return (
            conflict.key,
            concerns_text(conflict.vendor, conflict.dimension),
            conflict.primary_source,
            conflict.conflicting_source,
            conflict.description,
            conflict.logged_on.isoformat(),
            resolution,
        )

    def resolution(self, conflict: SourceConflict) -> str | None:
        if conflict.resolution is not None:
            return f"{conflict.key} was resolved on {conflict.resolved_on}: {conflict.resolution}"
        return None

    def resolve_prompt(self, conflict: SourceConflict) -> PromptDialog:
        return PromptDialog(
            f"Resolve {conflict.key}", conflict.description, "how it was resolved (dated today)"
        )

    def resolve_call(self, key: str, text: str) -> Callable[[Context], object]:
        return lambda ctx: records.resolve_conflict(ctx, key, text)

    def add_dialog(self, vendors: list[tuple[str, str]]) -> RecordDialog:
        return RecordDialog(
            "Log a source conflict (the primary source wins)",
            vendors,
            [
                ("primary", "primary source"),
                ("conflicting", "conflicting source"),
                ("description", "description"),
            ],
            vendor_required=True,
        )

    def add_call(self, entry: RecordInput) -> Callable[[Context], object]:
        texts = entry.texts
        return lambda ctx: records.add_conflict(
            ctx,
            entry.vendor or "",
            entry.dimension,
            texts["primary"],
            texts["conflicting"],
            texts["description"],
        )
