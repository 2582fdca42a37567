"""A Static that shows text as typed: vendor names, rule ids and "[VERSION]" are not markup."""

from __future__ import annotations

from typing import ClassVar

from textual.widgets import Static

from scorecard.ui.widgets.marks import MARK_CLASSES


class Plain(Static):
    def __init__(
        self, content: object = "", *, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(content, id=id, classes=classes, markup=False)  # type: ignore[arg-type]


class MarkedStatic(Plain):
    """Plain text that also draws score marks in the stylesheet's colours."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(MARK_CLASSES)
