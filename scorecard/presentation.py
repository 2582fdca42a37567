"""The words and marks reviewers read for scores, grades and cells; shared by the CLI and the UI.

Pure text: no terminal library is imported here, so both front ends draw the same marks.
"""

from __future__ import annotations

from scorecard.domain.assessment import CellAssessment, VendorAssessment
from scorecard.domain.enums import (
    DimensionId,
    EvidenceState,
    FoundingDateStatus,
    Outcome,
    SourceGrade,
)
from scorecard.domain.models import CellScore

GRADE_MARK = {
    SourceGrade.DIRECTLY_VERIFIABLE: "●",
    SourceGrade.VENDOR_CLAIMED: "◐",
    SourceGrade.THIRD_PARTY: "○",
}
GRADE_WORDS = {
    SourceGrade.DIRECTLY_VERIFIABLE: "directly verifiable",
    SourceGrade.VENDOR_CLAIMED: "vendor-claimed",
    SourceGrade.THIRD_PARTY: "third-party",
}
STATE_WORDS = {
    EvidenceState.OBSERVED: "observed",
    EvidenceState.OBSERVED_ABSENT: "observed absent",
    EvidenceState.NOT_DISCLOSED: "not disclosed",
}
SHORT_NAMES = {
    DimensionId.PRICE_STABILITY: "price",
    DimensionId.SUPPLY_INDEPENDENCE: "supply",
    DimensionId.DOCUMENTATION_COMMITMENT: "docs",
    DimensionId.COMPLIANCE: "compliance",
    DimensionId.PROCUREMENT_MATURITY: "procurement",
}
# Marks for the two outcomes that are not a score; neither may ever read as a 0.
INSUFFICIENT_HISTORY_MARK = "IH"
UNSCORED_MARK = "–"
STALE_MARK = "!"
DUE_MARK = "↻"
NO_VALUE = "–"
# Documentation & commitment counts the eight artifacts of Part B §9.
RAW_COUNT_OUT_OF = 8
LEGEND = (
    "grade: ● directly verifiable  ◐ vendor-claimed  ○ third-party | "
    f"{INSUFFICIENT_HISTORY_MARK} insufficient history | {UNSCORED_MARK} unscored | "
    f"{STALE_MARK} stale | {DUE_MARK} re-verification due"
)


def score_mark(score: CellScore) -> str:
    """The score digit, or the mark of insufficient history or of an unscored cell."""
    if score.outcome == Outcome.INSUFFICIENT_HISTORY:
        return INSUFFICIENT_HISTORY_MARK
    if score.outcome == Outcome.UNSCORED:
        return UNSCORED_MARK
    return str(score.score)


def outcome_words(score: CellScore) -> str:
    """The score in words: "3", "insufficient history" or "unscored"."""
    if score.outcome == Outcome.SCORED:
        return str(score.score)
    return score.outcome.value.replace("_", " ")


def grade_words(grade: SourceGrade | None) -> str:
    return GRADE_WORDS[grade] if grade is not None else NO_VALUE


def raw_count_text(cell: CellAssessment) -> str | None:
    """The raw artifact count shown beside documentation & commitment, e.g. "(5/8)"."""
    if cell.ceiling.raw_count is None:
        return None
    return f"({cell.ceiling.raw_count}/{RAW_COUNT_OUT_OF})"


def cell_text(cell: CellAssessment) -> str:
    """A cell in a few characters: score or mark, grade, raw count, stale and due marks."""
    text = score_mark(cell.score)
    if cell.source_grade is not None:
        text += GRADE_MARK[cell.source_grade]
    raw_count = raw_count_text(cell)
    if raw_count is not None:
        text += f" {raw_count}"
    if cell.stale:
        text += f" {STALE_MARK}"
    if cell.reverification_due:
        text += f" {DUE_MARK}"
    return text


def age_text(assessed: VendorAssessment) -> str:
    """Company age at the verification date ("2y 3m"), or "unverified" without a founding date."""
    vendor = assessed.vendor
    if assessed.company_age_months is None:
        return "unverified"
    months = assessed.company_age_months
    text = f"{months // 12}y {months % 12}m"
    if vendor.founding_date_status != FoundingDateStatus.VERIFIED:
        text += " (unverified)"
    return text


def concerns_text(vendor: str | None, dimension: DimensionId | None) -> str:
    """What a blocker or conflict concerns: "exa/compliance", "exa", or "edition"."""
    parts = [part for part in (vendor, dimension.value if dimension else None) if part]
    return "/".join(parts) or "edition"
