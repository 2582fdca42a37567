"""A dimension's anchors 0-4 with their texts; the evidence ceiling and the current score marked."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from scorecard.domain.assessment import CellAssessment
from scorecard.domain.enums import Outcome
from scorecard.domain.rubric import DimensionSpec
from scorecard.ui.widgets.marks import style_lookup
from scorecard.ui.widgets.plain import Plain

CEILING_MARK = "▶"
SCORE_MARK = "◆"


class AnchorList(Plain):
    def show(self, spec: DimensionSpec, cell: CellAssessment) -> None:
        style = style_lookup(self)
        ceiling = cell.ceiling
        scored = cell.score.score if cell.score.outcome == Outcome.SCORED else None
        anchors = Table.grid(padding=(0, 1))
        anchors.add_column(width=2, no_wrap=True)
        anchors.add_column(width=1, no_wrap=True)
        anchors.add_column(ratio=1)
        for anchor in reversed(spec.anchors):
            at_ceiling = anchor.level == ceiling.level
            above = anchor.level > ceiling.level
            row_style = style("ceiling") if at_ceiling else style("dim") if above else ""
            marks = (CEILING_MARK if at_ceiling else " ") + (
                SCORE_MARK if anchor.level == scored else " "
            )
            words = anchor.text + ("  ← evidence ceiling" if at_ceiling else "")
            anchors.add_row(marks, str(anchor.level), Text(words), style=row_style)
        if ceiling.next_level_unmet:
            needs = Text(f"Level {ceiling.level + 1} needs: ", style("unmet"))
            needs.append("; ".join(ceiling.next_level_unmet), style("unmet"))
        else:
            needs = Text("The evidence supports the top anchor.")
        key = Text(
            f"{CEILING_MARK} evidence ceiling: no score above it; a score below it needs a "
            f"rationale.  {SCORE_MARK} current score",
            style("dim"),
        )
        self.update(Group(anchors, Text(""), needs, key))
