"""A dialog that records a source conflict or a manual blocker: vendor, dimension and text fields."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Select

from scorecard.domain.enums import DimensionId
from scorecard.ui.widgets.plain import Plain


@dataclass(frozen=True, slots=True)
class RecordInput:
    vendor: str | None
    dimension: DimensionId | None
    texts: dict[str, str]


class RecordDialog(ModalScreen[RecordInput | None]):
    """Asks for the fields of a record; the service judges them when the screen saves."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "confirm", "Save"),
    ]

    def __init__(
        self,
        title: str,
        vendors: list[tuple[str, str]],
        texts: list[tuple[str, str]],
        *,
        vendor_required: bool = False,
    ) -> None:
        super().__init__()
        self.title_text = title
        self.vendors = vendors
        self.texts = texts
        self.vendor_required = vendor_required

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Plain(self.title_text, classes="dialog-title")
            with Horizontal(classes="form-row"):
                yield Plain("vendor", classes="form-label")
                prompt = "choose a vendor" if self.vendor_required else "none (the edition)"
                yield Select(self.vendors, prompt=prompt, id="record-vendor", compact=True)
            with Horizontal(classes="form-row"):
                yield Plain("dimension", classes="form-label")
                dimensions = [(d.value, d.value) for d in DimensionId]
                yield Select(dimensions, prompt="none", id="record-dimension", compact=True)
            for field_id, label in self.texts:
                with Horizontal(classes="form-row"):
                    yield Plain(label, classes="form-label")
                    yield Input(id=f"record-{field_id}", compact=True)
            with Horizontal(classes="form-buttons"):
                yield Button("Save (ctrl+s)", id="confirm", variant="primary", compact=True)
                yield Button("Cancel (esc)", id="cancel", compact=True)

    def action_confirm(self) -> None:
        vendor = self.query_one("#record-vendor", Select).value
        dimension = self.query_one("#record-dimension", Select).value
        self.dismiss(
            RecordInput(
                vendor=vendor if isinstance(vendor, str) else None,
                dimension=DimensionId(dimension) if isinstance(dimension, str) else None,
                texts={
                    field_id: self.query_one(f"#record-{field_id}", Input).value
                    for field_id, _label in self.texts
                },
            )
        )

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "confirm":
            self.action_confirm()
        else:
            self.action_cancel()
