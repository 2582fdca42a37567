"""The scoring form of a cell: a score 0-4, insufficient history or unscored, and a rationale."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Input, Select, Static

from scorecard.domain.enums import Outcome
from scorecard.domain.models import CellScore
from scorecard.ui.inputs import optional_text
from scorecard.ui.widgets.plain import Plain

INSUFFICIENT_HISTORY = Outcome.INSUFFICIENT_HISTORY.value
UNSCORED = Outcome.UNSCORED.value
CHOICES: list[tuple[str, str]] = [
    *((f"{level}", str(level)) for level in (4, 3, 2, 1, 0)),
    ("insufficient history (not a score)", INSUFFICIENT_HISTORY),
    ("unscored", UNSCORED),
]


@dataclass(frozen=True, slots=True)
class ScoreChoice:
    outcome: Outcome
    score: int | None
    rationale: str | None


def choice_value(score: CellScore) -> str:
    if score.outcome == Outcome.SCORED:
        return str(score.score)
    return score.outcome.value


class ScoreForm(Vertical):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+s", "submit", "Save score")]

    class Submitted(Message):
        def __init__(self, choice: ScoreChoice) -> None:
            super().__init__()
            self.choice = choice

    def compose(self) -> ComposeResult:
        with Horizontal(classes="form-row"):
            yield Plain("score", classes="form-label")
            yield Select(
                CHOICES, allow_blank=False, value=UNSCORED, id="score-choice", compact=True
            )
        with Horizontal(classes="form-row"):
            yield Plain("rationale", classes="form-label")
            yield Input(placeholder="why; required below the ceiling", id="rationale", compact=True)
        with Horizontal(classes="form-buttons"):
            yield Button("Save score (ctrl+s)", id="save-score", variant="primary", compact=True)
        yield Plain("", id="score-error", classes="form-error")

    def load(self, score: CellScore) -> None:
        """Shows the cell's current scoring and clears any earlier refusal."""
        self.query_one("#score-choice", Select).value = choice_value(score)
        self.query_one("#rationale", Input).value = score.rationale or ""
        self.show_error(None)

    def choose(self, value: str) -> None:
        self.query_one("#score-choice", Select).value = value

    def choice(self) -> ScoreChoice:
        value = self.query_one("#score-choice", Select).value
        rationale = optional_text(self.query_one("#rationale", Input).value)
        if value == INSUFFICIENT_HISTORY:
            return ScoreChoice(Outcome.INSUFFICIENT_HISTORY, None, rationale)
        if value == UNSCORED or not isinstance(value, str):
            return ScoreChoice(Outcome.UNSCORED, None, rationale)
        return ScoreChoice(Outcome.SCORED, int(value), rationale)

    def show_error(self, message: str | None) -> None:
        error = self.query_one("#score-error", Static)
        error.update(message or "")
        error.display = bool(message)

    def action_submit(self) -> None:
        self.post_message(self.Submitted(self.choice()))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_submit()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_submit()
