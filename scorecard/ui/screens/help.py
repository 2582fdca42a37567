"""The key bindings of every screen and the legend of the marks."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen

from scorecard.domain.enums import SourceGrade
from scorecard.presentation import (
    DUE_MARK,
    GRADE_MARK,
    INSUFFICIENT_HISTORY_MARK,
    STALE_MARK,
    UNSCORED_MARK,
)
from scorecard.ui.widgets.plain import Plain

HELP_TEXT = f"""\
Keys everywhere
  arrows or h j k l   move        Enter   open        Escape   back
  b   publication blockers        c   source conflicts       m   manual blockers
  L   change and revision log     r   read the database again
  ?   this help                   ctrl+p   command palette (every action)     q   quit

Score grid
  Enter on a score opens the cell; Enter on a name (or v) opens the vendor.

Cell
  0-4 pick a score · i insufficient history · u unscored · s rationale · ctrl+s save score
  a add evidence · e or Enter edit the highlighted item · x remove it · r read the cell again
  In a form: Tab moves between fields, ctrl+s saves, Escape closes it without saving.
  A refused input shows the rule's message under the form and saves nothing.
  On a published edition every change asks for its revision reason first.

Blockers
  Enter goes to the cell, vendor, source conflicts or manual blockers a blocker concerns.

Log
  t switches between the change log and the revision log · V verifies the hash chain.

Marks
  {GRADE_MARK[SourceGrade.DIRECTLY_VERIFIABLE]} directly verifiable  \
{GRADE_MARK[SourceGrade.VENDOR_CLAIMED]} vendor-claimed  \
{GRADE_MARK[SourceGrade.THIRD_PARTY]} third-party: the source grade beside a score
  {INSUFFICIENT_HISTORY_MARK} insufficient history (never a 0)  {UNSCORED_MARK} unscored  \
{STALE_MARK} stale  {DUE_MARK} re-verification due  (n/8) documentation raw count
  Five separate scores, 0-4, higher is better: no total, no average, no rank.
  The mouse works too: click a cell to highlight it, click again to open it.
"""


class HelpScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "close", "Close"),
    ]

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog help"):
            yield Plain("Help", classes="dialog-title")
            yield Plain(HELP_TEXT)

    def action_close(self) -> None:
        self.dismiss(None)
