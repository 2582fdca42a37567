"""Publication blockers, computed from the data plus those a reviewer records by hand."""

from __future__ import annotations

from datetime import date

from scorecard.domain.assessment import CellAssessment, EditionAssessment
from scorecard.domain.enums import DimensionId, FoundingDateStatus, Outcome
from scorecard.domain.models import Blocker, Edition
from scorecard.domain.reply import reply_conducted
from scorecard.domain.rules.ceiling import ABOVE_RULE_ID, BELOW_RULE_ID
from scorecard.domain.rules.evidence_fields import FIELDS_RULE_ID, missing_fields
from scorecard.domain.rules.insufficient_history import PROVISIONAL_RULE_ID
from scorecard.domain.rules.reverification import RULE_ID as DUE_RULE_ID
from scorecard.domain.rules.source_drift import RULE_ID as DRIFT_RULE_ID
from scorecard.domain.rules.trust_center import rests_on_trust_center_alone
from scorecard.domain.rules.validity import CELL_RULE_ID, EDITION_RULE_ID, newest_retrieval

PUBLISH_DATE = "PUBLISH_DATE"


def stops_publication(blocker: Blocker) -> bool:
    """Every blocker stops a publish except [PUBLISH_DATE], which the act of publishing sets."""
    return blocker.detail != PUBLISH_DATE


def unresolved_placeholders(edition: Edition) -> list[str]:
    """The edition's placeholders still unresolved, by their names in the methodology text."""
    names = []
    if not edition.version:
        names.append("VERSION")
    if edition.published_date is None:
        names.append(PUBLISH_DATE)
    if edition.run_start is None:
        names.append("RUN_START")
    if edition.run_end is None:
        names.append("RUN_END")
    if edition.reply_window_working_days is None:
        names.append("N")
    return names


def _cell_blockers(
    cell: CellAssessment, vendor_name: str, included: bool, today: date
) -> list[Blocker]:
    dimension = cell.dimension
    where = f"{vendor_name} / {dimension.value}"
    found: list[Blocker] = []

    def add(rule_id: str, message: str) -> None:
        found.append(Blocker(rule_id, f"{where}: {message}", cell.vendor, dimension))

    score = cell.score
    if included and score.outcome == Outcome.UNSCORED:
        add("cell-unscored", "the cell is not scored.")
    if score.outcome == Outcome.SCORED and score.score is not None:
        if score.score > cell.ceiling.level:
            add(
                ABOVE_RULE_ID,
                f"score {score.score} is above the evidence ceiling {cell.ceiling.level}.",
            )
        elif score.score < cell.ceiling.level and not (score.rationale or "").strip():
            add(BELOW_RULE_ID, "a score below the ceiling has no rationale.")
    if cell.provisional_history:
        add(
            PROVISIONAL_RULE_ID,
            "insufficient history is provisional: the founding date is unverified, so the age "
            "normalisation rule cannot be applied.",
        )
    for item in cell.evidence:
        problems = missing_fields(item, today)
        if problems:
            add(FIELDS_RULE_ID, f"evidence {item.key}: " + "; ".join(problems) + ".")
    if cell.stale:
        newest = newest_retrieval(cell.evidence)
        add(CELL_RULE_ID, f"the newest evidence ({newest}) is past its validity.")
    for event in cell.due_events:
        add(
            DUE_RULE_ID,
            f"{event.kind.value} event of {event.date} ({event.source_url}) needs re-verification"
            " with evidence dated after it.",
        )
    for drift in cell.source_drifts:
        add(
            DRIFT_RULE_ID,
            f"the quote of evidence {drift.evidence_key} is no longer found at {drift.url} "
            f"(re-checked {drift.detected_on}, capture {drift.new_capture_sha256[:12]}); "
            "re-verify the cell with evidence dated after it. The earlier capture stays as proof "
            "of what was seen.",
        )
    if (
        dimension == DimensionId.COMPLIANCE
        and score.outcome == Outcome.SCORED
        and rests_on_trust_center_alone(cell.evidence)
    ):
        add(
            "compliance-trust-center-only",
            "the certification rests on trust-center existence alone; retrieve the report or "
            "publish the score as an upper bound.",
        )
    return found


def compute_blockers(assessment: EditionAssessment) -> list[Blocker]:
    """Every reason the edition cannot be published now, in a stable order."""
    snapshot = assessment.snapshot
    edition = snapshot.edition
    blockers: list[Blocker] = []
    if assessment.stale:
        blockers.append(
            Blocker(
                EDITION_RULE_ID,
                f"The edition was valid until {edition.valid_until} and is stale at "
                f"{assessment.today}: re-verify and start a new edition.",
            )
        )
    for name in unresolved_placeholders(edition):
        blockers.append(
            Blocker(
                "placeholder-unresolved",
                f"Placeholder [{name}] is unresolved."
                + (" Publishing sets it." if name == PUBLISH_DATE else ""),
                detail=name,
            )
        )
    if not reply_conducted(snapshot, assessment.today):
        blockers.append(
            Blocker("right-of-reply-not-conducted", "Right of reply has not been conducted.")
        )
    for assessed in assessment.vendors:
        vendor = assessed.vendor
        if vendor.founding_date_status != FoundingDateStatus.VERIFIED or not vendor.founding_date:
            blockers.append(
                Blocker(
                    "founding-date-unverified",
                    f"{vendor.name}: the founding date is unverified; the age normalisation "
                    "rule cannot be applied without it.",
                    vendor.key,
                )
            )
        for dimension in DimensionId:
            cell = assessed.cells[dimension]
            blockers.extend(_cell_blockers(cell, vendor.name, vendor.included, assessment.today))
    for conflict in snapshot.conflicts:
        if conflict.resolution is None:
            blockers.append(
                Blocker(
                    "source-conflict-unresolved",
                    f"Source conflict {conflict.key} ({conflict.description}) is unresolved.",
                    conflict.vendor,
                    conflict.dimension,
                )
            )
    for manual in snapshot.manual_blockers:
        if not manual.resolved:
            blockers.append(
                Blocker(
                    "manual-blocker", manual.message, manual.vendor, manual.dimension, manual.key
                )
            )
    return blockers
