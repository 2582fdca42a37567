"""Asks for the revision reason a change to a published edition needs, before it is saved."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input

from scorecard.services.revisions import RevisionRequest
from scorecard.ui.inputs import optional_text
from scorecard.ui.widgets.plain import Plain


class RevisionReasonDialog(ModalScreen[RevisionRequest | None]):
    """Returns the reason and optional artifact, or None when the reviewer cancels."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "confirm", "Save with this reason"),
    ]

    def __init__(self, change: str) -> None:
        super().__init__()
        self.change = change

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Plain("This edition is published", classes="dialog-title")
            yield Plain(
                f"{self.change}\nA change to a published edition is saved with a dated revision "
                "entry: say why the figure changes and, for a correction, give the citable "
                "artifact."
            )
            yield Input(placeholder="revision reason", id="revision-reason", compact=True)
            yield Input(placeholder="artifact URL (optional)", id="revision-artifact", compact=True)
            with Horizontal(classes="form-buttons"):
                yield Button("Save with this reason", id="confirm", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)

    def on_mount(self) -> None:
        self.query_one("#revision-reason", Input).focus()

    def action_confirm(self) -> None:
        reason = self.query_one("#revision-reason", Input).value
        artifact = optional_text(self.query_one("#revision-artifact", Input).value)
        self.dismiss(RevisionRequest(reason=reason, artifact_url=artifact))

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "confirm":
            self.action_confirm()
        else:
            self.action_cancel()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_confirm()
