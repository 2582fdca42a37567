"""A cell: its anchors with the evidence ceiling, its score and rationale, and its evidence items.

Everything the reviewer types goes to the services; a refusal is shown inline, in the rule's own
words, and nothing is saved. Edits carry the version they were based on (cells.StaleEdit).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import DataTable

from scorecard.domain.assessment import CellAssessment
from scorecard.domain.enums import DimensionId, Outcome
from scorecard.domain.rubric import DimensionSpec
from scorecard.presentation import GRADE_MARK, GRADE_WORDS, NO_VALUE, STATE_WORDS, outcome_words
from scorecard.services import cells, evidence
from scorecard.services.context import Context
from scorecard.services.revisions import RevisionRequest
from scorecard.ui.messages import ActionDone, ActionRefused
from scorecard.ui.screens.base import ReviewScreen
from scorecard.ui.screens.confirm import ConfirmDialog
from scorecard.ui.screens.revision_reason import RevisionReasonDialog
from scorecard.ui.state import CellDetail, EditionState, cell_detail_loader
from scorecard.ui.widgets.anchors import AnchorList
from scorecard.ui.widgets.evidence_form import EvidenceForm
from scorecard.ui.widgets.key_table import KeyTable
from scorecard.ui.widgets.marks import cell_marks, style_lookup
from scorecard.ui.widgets.plain import Plain
from scorecard.ui.widgets.score_form import INSUFFICIENT_HISTORY, UNSCORED, ScoreForm

LOAD = "load-cell"
SCORE = "score"
EVIDENCE_SAVE = "evidence-save"
EVIDENCE_REMOVE = "evidence-remove"
STILL_READING = "The cell is still being read; save again in a moment."


class EvidenceTable(KeyTable):
    """The cell's evidence items, one per row."""


def _snippet(*parts: str | None, width: int = 40) -> str:
    text = " · ".join(p for p in parts if p)
    return text if len(text) <= width else text[: width - 1] + "…"


class CellScreen(ReviewScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("a", "add_evidence", "Add evidence"),
        Binding("e", "edit_evidence", "Edit evidence"),
        Binding("x", "remove_evidence", "Remove evidence"),
        Binding("ctrl+s", "save_score", "Save score"),
        Binding("s", "focus_score", "Score", show=False),
        Binding("r", "reload_cell", "Reload cell", show=False),
        *(Binding(str(level), f"pick('{level}')", show=False) for level in range(5)),
        Binding("i", f"pick('{INSUFFICIENT_HISTORY}')", show=False),
        Binding("u", f"pick('{UNSCORED}')", show=False),
    ]

    def __init__(self, vendor: str, dimension: DimensionId, spec: DimensionSpec) -> None:
        super().__init__()
        self.vendor_key = vendor
        self.dimension = dimension
        self.spec = spec
        self.detail: CellDetail | None = None
        self._score_form_filled = False

    def compose_body(self) -> ComposeResult:
        with VerticalScroll(id="cell-body"):
            yield Plain("", id="cell-title")
            with Horizontal(id="cell-top"):
                anchors = AnchorList("", id="anchors")
                anchors.border_title = "Anchors"
                yield anchors
                form = ScoreForm(id="score-form")
                form.border_title = "Score (0-4, i insufficient history, u unscored)"
                yield form
            table = EvidenceTable(id="evidence", cursor_type="row")
            table.border_title = "Evidence (a add · e/Enter edit · x remove)"
            yield table
            evidence_form = EvidenceForm(self.spec, self.backend.today, id="evidence-form")
            evidence_form.border_title = "Evidence item"
            evidence_form.display = False
            yield evidence_form

    def on_mount(self) -> None:
        table = self.query_one(EvidenceTable)
        for column in ("artifact", "state", "grade", "retrieved", "URL", "quote · note", "id"):
            table.add_column(column, key=column)
        self.load_detail()
        table.focus()

    # ---- reading -----------------------------------------------------------------------------

    def load_detail(self) -> None:
        self.submit(LOAD, cell_detail_loader(self.vendor_key, self.dimension), writes=False)

    def show_state(self, state: EditionState) -> None:
        # Until this cell's own read arrives, the shared read stands in for it.
        if self.detail is None:
            cell = state.cell(self.vendor_key, self.dimension)
            if cell is not None:
                self._draw(cell, None, None)

    def _draw(self, cell: CellAssessment, version: int | None, detail: CellDetail | None) -> None:
        title = self.query_one("#cell-title", Plain)
        style = style_lookup(title)
        vendor = self.state.vendor(self.vendor_key) if self.state else None
        name = vendor.vendor.name if vendor else self.vendor_key
        text = Text(f"{name} / {self.spec.name}  ", "bold")
        text.append_text(cell_marks(cell, style))
        text.append(
            f"  · score {outcome_words(cell.score)} · evidence ceiling {cell.ceiling.level}"
        )
        text.append(f" · evidence state {STATE_WORDS[cell.evidence_state]}")
        text.append(
            f"\nsource: {cell.source_url or NO_VALUE} ({cell.retrieval_date or NO_VALUE})"
            f" · cell version {version if version is not None else 'reading…'}",
            style("dim"),
        )
        if cell.provisional_history:
            text.append("\ninsufficient history is provisional: the founding date is unverified")
        title.update(text)
        self.query_one(AnchorList).show(self.spec, cell)
        if not self._score_form_filled and detail is not None:
            self.query_one(ScoreForm).load(cell.score)
            self._score_form_filled = True
        self._fill_evidence(cell, detail)

    def _fill_evidence(self, cell: CellAssessment, detail: CellDetail | None) -> None:
        table = self.query_one(EvidenceTable)
        row = table.cursor_row
        table.clear()
        style = style_lookup(table)
        for item in cell.evidence:
            artifact = self.spec.artifact(item.artifact)
            grade = Text(NO_VALUE)
            if item.grade is not None:
                grade = Text(f"{GRADE_MARK[item.grade]} {GRADE_WORDS[item.grade]}")
                grade.stylize(style(f"grade-{item.grade.value}"))
            table.add_row(
                artifact.label if artifact else item.artifact,
                STATE_WORDS[item.state],
                grade,
                str(item.retrieval_date or NO_VALUE),
                item.url or NO_VALUE,
                _snippet(item.quote, item.note),
                item.key,
                key=item.key,
            )
        if cell.evidence:
            table.move_cursor(row=min(row, len(cell.evidence) - 1), animate=False)

    # ---- outcomes of service calls -----------------------------------------------------------

    def on_action_done(self, message: ActionDone) -> None:
        message.stop()
        if message.tag == LOAD:
            assert isinstance(message.result, CellDetail)
            self.detail = message.result
            self._draw(self.detail.cell, self.detail.view.version, self.detail)
            return
        if message.tag == SCORE:
            self.notify(f"Saved the score of {self.vendor_key} / {self.spec.name}.")
            self._score_form_filled = False
        elif message.tag == EVIDENCE_SAVE:
            self._close_evidence_form()
            self.notify("Saved the evidence item.")
        elif message.tag == EVIDENCE_REMOVE:
            self.notify("Removed the evidence item.")
        self.load_detail()

    def on_action_refused(self, message: ActionRefused) -> None:
        message.stop()
        if message.tag == SCORE:
            self.query_one(ScoreForm).show_error(message.message)
        elif message.tag == EVIDENCE_SAVE:
            self.query_one(EvidenceForm).show_error(message.message)
        else:
            self.notify(message.message, severity="error", timeout=10)

    # ---- scoring -----------------------------------------------------------------------------

    def action_pick(self, value: str) -> None:
        self.query_one(ScoreForm).choose(value)

    def action_save_score(self) -> None:
        self.query_one(ScoreForm).action_submit()

    def action_focus_score(self) -> None:
        self.query_one("#rationale").focus()

    def on_score_form_submitted(self, event: ScoreForm.Submitted) -> None:
        event.stop()
        form = self.query_one(ScoreForm)
        if self.detail is None:
            form.show_error(STILL_READING)
            return
        form.show_error(None)
        choice = event.choice
        version = self.detail.view.version
        vendor, dimension = self.vendor_key, self.dimension

        def save(revision: RevisionRequest | None) -> None:
            def action(ctx: Context) -> Any:
                return cells.set_cell(
                    ctx,
                    vendor,
                    dimension,
                    outcome=choice.outcome,
                    score=choice.score,
                    rationale=choice.rationale,
                    expected_version=version,
                    revision=revision,
                )

            self.submit(SCORE, action)

        shown = str(choice.score) if choice.outcome == Outcome.SCORED else choice.outcome.value
        self._with_revision(f"{vendor} / {self.spec.name}: score becomes {shown}.", save)

    def _with_revision(self, change: str, then: Callable[[RevisionRequest | None], None]) -> None:
        """Asks for the revision reason first when the edition is published, then goes on."""
        if self.state is None or not self.state.revision_needed:
            then(None)
            return

        def answered(request: RevisionRequest | None) -> None:
            if request is not None:
                then(request)

        self.app.push_screen(RevisionReasonDialog(change), answered)

    # ---- evidence ----------------------------------------------------------------------------

    def _selected_item_key(self) -> str | None:
        return self.query_one(EvidenceTable).selected_row_key()

    def action_add_evidence(self) -> None:
        form = self.query_one(EvidenceForm)
        form.display = True
        form.start_add()
        form.scroll_visible()

    def action_edit_evidence(self) -> None:
        key = self._selected_item_key()
        detail = self.detail
        if key is None:
            self.notify("No evidence item to edit; a adds one.")
            return
        if detail is None or detail.item(key) is None:
            self.notify(STILL_READING)
            return
        item = detail.item(key)
        assert item is not None
        form = self.query_one(EvidenceForm)
        form.display = True
        form.start_edit(item, detail.evidence_versions.get(key))
        form.scroll_visible()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_edit_evidence()

    def on_evidence_form_cancelled(self, event: EvidenceForm.Cancelled) -> None:
        event.stop()
        self._close_evidence_form()

    def _close_evidence_form(self) -> None:
        self.query_one(EvidenceForm).display = False
        self.query_one(EvidenceTable).focus()

    def on_evidence_form_submitted(self, event: EvidenceForm.Submitted) -> None:
        event.stop()
        changes = event.fields.as_changes()
        vendor, dimension = self.vendor_key, self.dimension
        key, version = event.key, event.expected_version

        def save(revision: RevisionRequest | None) -> None:
            def action(ctx: Context) -> Any:
                if key is None:
                    return evidence.add_evidence(
                        ctx,
                        vendor,
                        dimension,
                        revision=revision,
                        **changes,  # type: ignore[arg-type]
                    )
                return evidence.update_evidence(
                    ctx, key, expected_version=version, revision=revision, **changes
                )

            self.submit(EVIDENCE_SAVE, action)

        what = "a new evidence item" if key is None else f"evidence {key}"
        self._with_revision(f"{vendor} / {self.spec.name}: {what} is saved.", save)

    def action_remove_evidence(self) -> None:
        key = self._selected_item_key()
        if key is None:
            self.notify("No evidence item to remove.")
            return
        if self.detail is None or key not in self.detail.evidence_versions:
            self.notify(STILL_READING)
            return
        version = self.detail.evidence_versions[key]

        def remove(revision: RevisionRequest | None) -> None:
            self.submit(
                EVIDENCE_REMOVE,
                lambda ctx: evidence.remove_evidence(ctx, key, revision, expected_version=version),
            )

        def confirmed(answer: bool | None) -> None:
            if answer:
                self._with_revision(
                    f"{self.vendor_key} / {self.spec.name}: {key} is removed.", remove
                )

        self.app.push_screen(ConfirmDialog(f"Remove evidence item {key}?"), confirmed)

    def action_reload_cell(self) -> None:
        """Reads the cell (and the edition) again, as a refused stale edit suggests."""
        self._score_form_filled = False
        self.load_detail()
        self.scorecard.reload()
