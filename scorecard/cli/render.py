"""How the command line shows scores, cells and blockers: the words and marks reviewers read."""

from __future__ import annotations

from rich.table import Table

from scorecard.domain.assessment import CellAssessment, VendorAssessment
from scorecard.domain.enums import DimensionId, Outcome, SourceGrade
from scorecard.domain.models import Blocker

GRADE_MARK = {
    SourceGrade.DIRECTLY_VERIFIABLE: "●",
    SourceGrade.VENDOR_CLAIMED: "◐",
    SourceGrade.THIRD_PARTY: "○",
}
SHORT_NAMES = {
    DimensionId.PRICE_STABILITY: "price",
    DimensionId.SUPPLY_INDEPENDENCE: "supply",
    DimensionId.DOCUMENTATION_COMMITMENT: "docs",
    DimensionId.COMPLIANCE: "compliance",
    DimensionId.PROCUREMENT_MATURITY: "procurement",
}
LEGEND = (
    "grade: ● directly verifiable  ◐ vendor-claimed  ○ third-party | "
    "IH insufficient history | – unscored | ! stale | ↻ re-verification due"
)


def cell_text(cell: CellAssessment) -> str:
    """A cell in a few characters: score or mark, grade, raw count, stale and due marks."""
    score = cell.score
    if score.outcome == Outcome.INSUFFICIENT_HISTORY:
        text = "IH"
    elif score.outcome == Outcome.UNSCORED:
        text = "–"
    else:
        text = str(score.score)
    if cell.source_grade is not None:
        text += GRADE_MARK[cell.source_grade]
    if cell.ceiling.raw_count is not None:
        text += f" ({cell.ceiling.raw_count}/8)"
    if cell.stale:
        text += " !"
    if cell.reverification_due:
        text += " ↻"
    return text


def age_text(assessed: VendorAssessment) -> str:
    vendor = assessed.vendor
    if assessed.company_age_months is None:
        return "unverified"
    months = assessed.company_age_months
    text = f"{months // 12}y {months % 12}m"
    if vendor.founding_date_status.value != "verified":
        text += " (unverified)"
    return text


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


def blockers_table(blockers: list[Blocker]) -> Table:
    table = Table()
    table.add_column("#", justify="right")
    table.add_column("rule")
    table.add_column("concerns")
    table.add_column("message")
    for number, blocker in enumerate(blockers, 1):
        where = "/".join(
            x for x in (blocker.vendor, blocker.dimension and blocker.dimension.value) if x
        )
        table.add_row(str(number), blocker.rule_id, where or "edition", blocker.message)
    return table
