"""How the command line shows scores, cells and blockers: the words and marks reviewers read."""

from __future__ import annotations

from rich.table import Table

from scorecard.domain.assessment import VendorAssessment
from scorecard.domain.enums import DimensionId
from scorecard.domain.models import Blocker
from scorecard.presentation import LEGEND, SHORT_NAMES, age_text, cell_text

# cell_text and age_text are imported from here by the command modules.
__all__ = ["age_text", "blocker_lines", "cell_text", "vendors_table"]


def vendors_table(vendors: list[VendorAssessment]) -> Table:
    table = Table(title=None, caption=LEGEND)
    table.add_column("vendor")
    table.add_column("age at verification")
    for dimension in DimensionId:
        table.add_column(SHORT_NAMES[dimension], justify="center")
    table.add_column("included")
    for assessed in sorted(vendors, key=lambda v: not v.vendor.included):
        vendor = assessed.vendor
        table.add_row(
            f"{vendor.name} ({vendor.key})",
            age_text(assessed),
            *(cell_text(assessed.cells[d]) for d in DimensionId),
            "yes" if vendor.included else "excluded",
        )
    return table


def blocker_lines(blockers: list[Blocker]) -> str:
    """One numbered line a blocker: plain text, quick to print and to grep."""
    lines = []
    for number, blocker in enumerate(blockers, 1):
        lines.append(f"{number:>4}. [{blocker.rule_id}] {blocker.message}")
    return "\n".join(lines)
