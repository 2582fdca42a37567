"""A Static that shows text as typed: vendor names, rule ids and "[VERSION]" are not markup."""

from __future__ import annotations

from textual.widgets import Static


class Plain(Static):
    def __init__(
        self, content: object = "", *, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(content, id=id, classes=classes, markup=False)  # type: ignore[arg-type]
