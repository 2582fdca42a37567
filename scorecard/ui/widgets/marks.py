"""Styled score marks: the glyphs of scorecard.presentation coloured by the stylesheet.

The colours live in app.tcss as component classes (`.mark--...`). Every review screen lists
MARK_CLASSES among its COMPONENT_CLASSES, so the styles are worked out once per screen rather
than once per widget that draws marks; such a widget passes `style_lookup(self)` here.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from scorecard.domain.assessment import CellAssessment
from scorecard.domain.enums import Outcome, SourceGrade
from scorecard.presentation import (
    DUE_MARK,
    GRADE_MARK,
    GRADE_WORDS,
    INSUFFICIENT_HISTORY_MARK,
    STALE_MARK,
    UNSCORED_MARK,
    raw_count_text,
    score_mark,
)

MARK_CLASSES = frozenset(
    {
        "mark--score",
        "mark--insufficient",
        "mark--unscored",
        "mark--grade-directly_verifiable",
        "mark--grade-vendor_claimed",
        "mark--grade-third_party",
        "mark--count",
        "mark--stale",
        "mark--due",
        "mark--excluded",
        "mark--ceiling",
        "mark--unmet",
        "mark--dim",
    }
)

StyleOf = Callable[[str], Style]


def style_lookup(widget: Widget) -> StyleOf:
    """The mark styles for a widget, from the screen it is on (which declares MARK_CLASSES)."""
    screen = widget.screen
    return lambda name: screen.get_component_rich_style(f"mark--{name}", partial=True)


def outcome_style(outcome: Outcome) -> str:
    if outcome == Outcome.INSUFFICIENT_HISTORY:
        return "insufficient"
    if outcome == Outcome.UNSCORED:
        return "unscored"
    return "score"


def grade_mark(grade: SourceGrade | None, style: StyleOf, *, words: bool = False) -> Text:
    if grade is None:
        return Text("")
    label = f"{GRADE_MARK[grade]} {GRADE_WORDS[grade]}" if words else GRADE_MARK[grade]
    return Text(label, style(f"grade-{grade.value}"))


def cell_marks(cell: CellAssessment, style: StyleOf) -> Text:
    """The cell as the grid shows it: the characters of presentation.cell_text, coloured."""
    text = Text()
    text.append(score_mark(cell.score), style(outcome_style(cell.score.outcome)))
    text.append_text(grade_mark(cell.source_grade, style))
    raw_count = raw_count_text(cell)
    if raw_count is not None:
        text.append(f" {raw_count}", style("count"))
    if cell.stale:
        text.append(f" {STALE_MARK}", style("stale"))
    if cell.reverification_due:
        text.append(f" {DUE_MARK}", style("due"))
    return text


def legend(style: StyleOf) -> Text:
    """The legend of every mark, each drawn in its own colour."""
    text = Text("grade: ")
    for grade in SourceGrade:
        text.append_text(grade_mark(grade, style, words=True))
        text.append("  ")
    text.append("│ ")
    text.append(INSUFFICIENT_HISTORY_MARK, style("insufficient"))
    text.append(" insufficient history (not a score) │ ")
    text.append(UNSCORED_MARK, style("unscored"))
    text.append(" unscored │ ")
    text.append(STALE_MARK, style("stale"))
    text.append(" stale │ ")
    text.append(DUE_MARK, style("due"))
    text.append(" re-verification due │ (n/8) documentation raw count")
    return text
