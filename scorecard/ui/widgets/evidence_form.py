"""The evidence form: artifact from the dimension's checklist, state, grade, source and words."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import date
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Input, Select, Static

from scorecard.domain.enums import EvidenceState, SourceGrade
from scorecard.domain.models import EvidenceItem
from scorecard.domain.rubric import DimensionSpec
from scorecard.presentation import GRADE_MARK, GRADE_WORDS, STATE_WORDS
from scorecard.ui.inputs import InputProblem, optional_date, optional_text
from scorecard.ui.widgets.plain import Plain


@dataclass(frozen=True, slots=True)
class EvidenceFields:
    """The fields of an evidence item as typed; names match EvidenceItem's."""

    artifact: str
    state: EvidenceState
    grade: SourceGrade | None
    url: str | None
    retrieval_date: date | None
    capture_sha256: str | None
    quote: str | None
    note: str | None

    def as_changes(self) -> dict[str, object]:
        return asdict(self)


class EvidenceForm(Vertical):
    """Adds or edits one item; it saves nothing itself but posts Submitted for the screen."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+s", "submit", "Save evidence"),
        Binding("escape", "cancel", "Cancel"),
    ]

    class Submitted(Message):
        """`key` is None for a new item; `expected_version` is the version the edit is based on."""

        def __init__(self, key: str | None, fields: EvidenceFields, expected_version: int | None):
            super().__init__()
            self.key = key
            self.fields = fields
            self.expected_version = expected_version

    class Cancelled(Message):
        pass

    def __init__(self, spec: DimensionSpec, today: date, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.spec = spec
        self.today = today
        self.editing: str | None = None
        self.expected_version: int | None = None

    def compose(self) -> ComposeResult:
        artifacts = [(f"{a.label} ({a.polarity.value})", a.key) for a in self.spec.artifacts]
        states = [(STATE_WORDS[state], state.value) for state in EvidenceState]
        grades = [(f"{GRADE_MARK[g]} {GRADE_WORDS[g]}", g.value) for g in SourceGrade]
        yield Plain("", id="evidence-form-title", classes="form-title")
        yield from self._row(
            "artifact",
            Select(artifacts, prompt="choose from the checklist", id="ev-artifact", compact=True),
        )
        yield from self._row(
            "state",
            Select(
                states,
                allow_blank=False,
                value=EvidenceState.OBSERVED.value,
                id="ev-state",
                compact=True,
            ),
        )
        yield from self._row(
            "grade", Select(grades, prompt="no grade", id="ev-grade", compact=True)
        )
        yield from self._row("URL", Input(placeholder="https://…", id="ev-url", compact=True))
        yield from self._row(
            "retrieved", Input(placeholder="YYYY-MM-DD", id="ev-date", compact=True)
        )
        yield from self._row(
            "capture SHA-256",
            Input(placeholder="of the retrieved artifact, if any", id="ev-sha", compact=True),
        )
        yield from self._row(
            "quote", Input(placeholder="the words that support it", id="ev-quote", compact=True)
        )
        yield from self._row(
            "note", Input(placeholder="reviewer's note", id="ev-note", compact=True)
        )
        with Horizontal(classes="form-buttons"):
            yield Button(
                "Save evidence (ctrl+s)", id="save-evidence", variant="primary", compact=True
            )
            yield Button("Cancel (esc)", id="cancel-evidence", compact=True)
        yield Plain("", id="evidence-error", classes="form-error")

    @staticmethod
    def _row(label: str, field: Select[str] | Input) -> ComposeResult:
        with Horizontal(classes="form-row"):
            yield Plain(label, classes="form-label")
            yield field

    def start_add(self) -> None:
        self.editing = None
        self.expected_version = None
        self._fill(None)
        self.query_one("#evidence-form-title", Static).update(f"New evidence for {self.spec.name}")

    def start_edit(self, item: EvidenceItem, version: int | None) -> None:
        self.editing = item.key
        self.expected_version = version
        self._fill(item)
        self.query_one("#evidence-form-title", Static).update(
            f"Editing {item.key} (version {version if version is not None else '?'})"
        )

    def _fill(self, item: EvidenceItem | None) -> None:
        artifact = self.query_one("#ev-artifact", Select)
        grade = self.query_one("#ev-grade", Select)
        if item is None:
            artifact.clear()
            grade.clear()
        else:
            artifact.value = item.artifact
            if item.grade is None:
                grade.clear()
            else:
                grade.value = item.grade.value
        state = item.state if item else EvidenceState.OBSERVED
        self.query_one("#ev-state", Select).value = state.value
        retrieved = item.retrieval_date if item else self.today
        self.query_one("#ev-date", Input).value = retrieved.isoformat() if retrieved else ""
        for field_id, value in (
            ("#ev-url", item.url if item else None),
            ("#ev-sha", item.capture_sha256 if item else None),
            ("#ev-quote", item.quote if item else None),
            ("#ev-note", item.note if item else None),
        ):
            self.query_one(field_id, Input).value = value or ""
        self.show_error(None)
        artifact.focus()

    def typed_fields(self) -> EvidenceFields:
        """The typed values; raises InputProblem when the date is not a date."""
        artifact = self.query_one("#ev-artifact", Select).value
        state = self.query_one("#ev-state", Select).value
        grade = self.query_one("#ev-grade", Select).value
        return EvidenceFields(
            # An unchosen artifact goes to the service as "", whose checklist rule refuses it.
            artifact=artifact if isinstance(artifact, str) else "",
            state=EvidenceState(state) if isinstance(state, str) else EvidenceState.OBSERVED,
            grade=SourceGrade(grade) if isinstance(grade, str) else None,
            url=optional_text(self.query_one("#ev-url", Input).value),
            retrieval_date=optional_date(self.query_one("#ev-date", Input).value, "Retrieval date"),
            capture_sha256=optional_text(self.query_one("#ev-sha", Input).value),
            quote=optional_text(self.query_one("#ev-quote", Input).value),
            note=optional_text(self.query_one("#ev-note", Input).value),
        )

    def show_error(self, message: str | None) -> None:
        error = self.query_one("#evidence-error", Static)
        error.update(message or "")
        error.display = bool(message)

    def action_submit(self) -> None:
        try:
            fields = self.typed_fields()
        except InputProblem as problem:
            self.show_error(problem.message)
            return
        self.post_message(self.Submitted(self.editing, fields, self.expected_version))

    def action_cancel(self) -> None:
        self.post_message(self.Cancelled())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "save-evidence":
            self.action_submit()
        else:
            self.action_cancel()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_submit()
