"""Asks for one line of text (a resolution, a note) with the context it is about."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input

from scorecard.ui.widgets.plain import Plain


class PromptDialog(ModalScreen[str | None]):
    """Returns the typed text (possibly empty, for the service to judge) or None on cancel."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, context: str, placeholder: str) -> None:
        super().__init__()
        self.title_text = title
        self.context = context
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Plain(self.title_text, classes="dialog-title")
            yield Plain(self.context)
            yield Input(placeholder=self.placeholder, id="prompt-input", compact=True)
            with Horizontal(classes="form-buttons"):
                yield Button("Save", id="confirm", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#prompt-input", Input).focus()

    def action_cancel(self) -> None:
        self.dismiss(None)

    def _confirm(self) -> None:
        self.dismiss(self.query_one("#prompt-input", Input).value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "confirm":
            self._confirm()
        else:
            self.action_cancel()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._confirm()
