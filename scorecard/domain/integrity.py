"""Checks a whole edition against the input rules, as an import or a seed must pass them."""

from __future__ import annotations

from datetime import date

from scorecard.domain.enums import Outcome
from scorecard.domain.errors import RuleViolation
from scorecard.domain.models import CellScore, EditionSnapshot, EvidenceItem, Vendor
from scorecard.domain.rubric.model import Rubric
from scorecard.domain.rules.evidence_fields import FIELDS_RULE_ID, check_evidence, url_problem
from scorecard.domain.rules.insufficient_history import check_insufficient_history
from scorecard.domain.rules.score_range import check_score_range
from scorecard.domain.rules.text_fields import LONG_TEXT_LIMIT, check_text
from scorecard.domain.rules.trust_center import check_certification_grade

INTEGRITY_RULE_ID = "edition-integrity"


def check_vendor(vendor: Vendor) -> None:
    check_text("Vendor name", vendor.name)
    check_text("Vendor id", vendor.key, limit=64)
    check_text("Exclusion reason", vendor.exclusion_reason, limit=LONG_TEXT_LIMIT, multiline=True)
    check_text("Founding date source", vendor.founding_date_source, limit=2_000)
    if vendor.homepage is not None:
        problem = url_problem(vendor.homepage)
        if problem:
            raise RuleViolation(FIELDS_RULE_ID, f"Homepage refused: {problem}.", vendor=vendor.key)
    if not vendor.included and not (vendor.exclusion_reason or "").strip():
        raise RuleViolation(
            INTEGRITY_RULE_ID,
            f"{vendor.name} is excluded without a reason; an exclusion states its reason.",
            vendor=vendor.key,
        )


def check_item(item: EvidenceItem, rubric: Rubric, today: date) -> None:
    """Every rule an evidence item must pass before it is stored."""
    check_evidence(item, rubric.dimension(item.dimension), today)
    check_certification_grade(item)
    check_text("Quote", item.quote, limit=LONG_TEXT_LIMIT, multiline=True)
    check_text("Note", item.note, limit=LONG_TEXT_LIMIT, multiline=True)


def check_cell_score(
    score: CellScore, vendor: Vendor, rubric: Rubric, dimension_id: str, verification: date
) -> None:
    """The outcome and score agree, the score is 0-4, and insufficient history may apply."""
    spec = rubric.dimension(dimension_id)
    check_text("Rationale", score.rationale, limit=LONG_TEXT_LIMIT, multiline=True)
    if score.outcome == Outcome.SCORED:
        if score.score is None:
            raise RuleViolation(
                "score-range", f"{vendor.name} / {spec.id.value}: a scored cell needs a score 0-4."
            )
        check_score_range(score.score)
    elif score.score is not None:
        raise RuleViolation(
            "score-range",
            f"{vendor.name} / {spec.id.value}: a cell that is {score.outcome.value} has no score.",
        )
    if score.outcome == Outcome.INSUFFICIENT_HISTORY:
        check_insufficient_history(vendor, spec, verification)


def check_snapshot(snapshot: EditionSnapshot, rubric: Rubric, today: date) -> None:
    """Raises the first rule violation found in the edition."""
    edition = snapshot.edition
    if edition.verification_date > today:
        raise RuleViolation(
            INTEGRITY_RULE_ID,
            f"the verification date {edition.verification_date} is after the checking date {today}.",
        )
    if edition.valid_until < edition.verification_date:
        raise RuleViolation(
            INTEGRITY_RULE_ID,
            f"valid-until {edition.valid_until} is before the verification date "
            f"{edition.verification_date}.",
        )
    vendors: dict[str, Vendor] = {}
    for vendor in snapshot.vendors:
        if vendor.key in vendors:
            raise RuleViolation(INTEGRITY_RULE_ID, f"vendor id {vendor.key!r} appears twice.")
        check_vendor(vendor)
        vendors[vendor.key] = vendor
    seen: set[str] = set()
    for item in snapshot.evidence:
        if item.key in seen:
            raise RuleViolation(INTEGRITY_RULE_ID, f"evidence id {item.key!r} appears twice.")
        seen.add(item.key)
        check_item(item, rubric, today)
    for (vendor_key, dimension), score in snapshot.scores.items():
        check_cell_score(score, vendors[vendor_key], rubric, dimension, edition.verification_date)
    _check_records(snapshot)
    referenced = (
        [c.vendor for c in snapshot.conflicts]
        + [m.vendor for m in snapshot.manual_blockers if m.vendor]
        + [r.vendor for r in snapshot.revisions if r.vendor]
        + [p.vendor for p in snapshot.reply_packets]
        + [r.vendor for r in snapshot.reply_responses]
        + [d.vendor for d in snapshot.source_drifts]
    )
    for key in referenced:
        if key not in vendors:
            raise RuleViolation(INTEGRITY_RULE_ID, f"unknown vendor {key!r} is referenced.")


REPLY_WINDOW_MAX_WORKING_DAYS = 60


def _check_url(field: str, url: str | None) -> None:
    if url is None:
        return
    problem = url_problem(url)
    if problem:
        raise RuleViolation(FIELDS_RULE_ID, f"{field} refused: {problem}.")


def check_reply_window(working_days: int) -> None:
    """A vendor's reply window is a whole number of working days from 1 to the maximum."""
    if not 1 <= working_days <= REPLY_WINDOW_MAX_WORKING_DAYS:
        raise RuleViolation(
            INTEGRITY_RULE_ID,
            f"The reply window is 1 to {REPLY_WINDOW_MAX_WORKING_DAYS} working days; "
            f"got {working_days}.",
        )


def _check_records(snapshot: EditionSnapshot) -> None:
    """The same text and URL rules the commands apply to events, conflicts, blockers,
    revisions and replies, so an import cannot store what a command would refuse."""
    edition = snapshot.edition
    check_text("Edition version", edition.version, limit=50)
    if edition.reply_window_working_days is not None:
        check_reply_window(edition.reply_window_working_days)
    for event in snapshot.events:
        _check_url("Event source URL", event.source_url)
        check_text("Event note", event.note, limit=LONG_TEXT_LIMIT, multiline=True)
    for conflict in snapshot.conflicts:
        check_text("Primary source", conflict.primary_source, limit=2_000)
        check_text("Conflicting source", conflict.conflicting_source, limit=2_000)
        check_text("Description", conflict.description, limit=LONG_TEXT_LIMIT, multiline=True)
        check_text("Resolution", conflict.resolution, limit=LONG_TEXT_LIMIT, multiline=True)
    for blocker in snapshot.manual_blockers:
        check_text("Blocker", blocker.message, limit=LONG_TEXT_LIMIT, multiline=True)
        check_text(
            "Resolution note", blocker.resolution_note, limit=LONG_TEXT_LIMIT, multiline=True
        )
    for revision in snapshot.revisions:
        check_text("Revision reason", revision.reason, limit=LONG_TEXT_LIMIT, multiline=True)
        for label, value in (
            ("Revision field", revision.field),
            ("Revision old value", revision.old_value),
            ("Revision new value", revision.new_value),
        ):
            check_text(label, value, limit=LONG_TEXT_LIMIT, multiline=True)
        _check_url("Revision artifact URL", revision.artifact_url)
    for response in snapshot.reply_responses:
        check_text("Reply text", response.text, limit=LONG_TEXT_LIMIT, multiline=True)
        _check_url("Reply artifact URL", response.artifact_url)
