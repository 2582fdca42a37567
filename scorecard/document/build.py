"""Builds the export document of an edition from its assessment; the only place the layout lives."""

from __future__ import annotations

from datetime import date
from typing import Any

from scorecard.document import SCHEMA_VERSION
from scorecard.domain.assessment import CellAssessment, EditionAssessment
from scorecard.domain.blockers import compute_blockers, unresolved_placeholders
from scorecard.domain.enums import DimensionId, EditionStatus
from scorecard.domain.models import EvidenceItem
from scorecard.domain.reply import ReplyKind, reply_conducted, vendor_reply
from scorecard.domain.rubric.model import Rubric
from scorecard.domain.rules.requirements import describe


def _iso(value: date | None) -> str | None:
    return value.isoformat() if value else None


def methodology_section(rubric: Rubric) -> dict[str, Any]:
    return {
        "version": rubric.version,
        "title": rubric.title,
        "source": rubric.source,
        "dimensions": [
            {
                "id": spec.id.value,
                "name": spec.name,
                "signals": spec.signals,
                "window_months": spec.window_months,
                "method": spec.method,
                "artifacts": [
                    {"key": a.key, "label": a.label, "polarity": a.polarity.value}
                    for a in spec.artifacts
                ],
                "anchors": [
                    {
                        "level": anchor.level,
                        "text": anchor.text,
                        "requires": describe(anchor.requires, spec) if anchor.requires else None,
                    }
                    for anchor in spec.anchors
                ],
                "known_failure_mode": spec.known_failure_mode,
            }
            for spec in rubric.dimensions
        ],
    }


def evidence_entry(item: EvidenceItem) -> dict[str, Any]:
    return {
        "id": item.key,
        "artifact": item.artifact,
        "state": item.state.value,
        "grade": item.grade.value if item.grade else None,
        "url": item.url,
        "retrieval_date": _iso(item.retrieval_date),
        "capture_sha256": item.capture_sha256,
        "quote": item.quote,
        "note": item.note,
    }


def _evidence_order(rubric: Rubric, dimension: DimensionId) -> dict[str, int]:
    return {a.key: n for n, a in enumerate(rubric.dimension(dimension).artifacts)}


def cell_entry(
    cell: CellAssessment, rubric: Rubric, disagreements: list[dict[str, Any]]
) -> dict[str, Any]:
    order = _evidence_order(rubric, cell.dimension)
    evidence = sorted(
        cell.evidence,
        key=lambda i: (order.get(i.artifact, 99), i.retrieval_date or date.min, i.key),
    )
    return {
        "outcome": cell.score.outcome.value,
        "score": cell.score.score,
        "raw_count": cell.ceiling.raw_count,
        "ceiling": cell.ceiling.level,
        "evidence_state": cell.evidence_state.value,
        "source_grade": cell.source_grade.value if cell.source_grade else None,
        "source_url": cell.source_url,
        "retrieval_date": _iso(cell.retrieval_date),
        "stale": cell.stale,
        "reverification_due": cell.reverification_due,
        "rationale": cell.score.rationale,
        "disagreements": disagreements,
        "evidence": [evidence_entry(item) for item in evidence],
    }


def build_document(assessment: EditionAssessment) -> dict[str, Any]:
    """The export document; key order and list order are fixed so the output is deterministic."""
    snapshot = assessment.snapshot
    edition = snapshot.edition
    rubric = assessment.rubric
    today = assessment.today
    status = edition.status
    if assessment.stale:
        status = EditionStatus.STALE
    disagreements: dict[tuple[str, DimensionId | None], list[dict[str, Any]]] = {}
    for response in sorted(snapshot.reply_responses, key=lambda r: (r.received_on, r.key)):
        if response.kind == ReplyKind.DISAGREEMENT:
            disagreements.setdefault((response.vendor, response.dimension), []).append(
                {"received_on": response.received_on.isoformat(), "text": response.text or ""}
            )
    ordered_vendors = assessment.vendors
    vendors = []
    for assessed in ordered_vendors:
        vendor = assessed.vendor
        events = sorted(
            (e for e in snapshot.events if e.vendor == vendor.key),
            key=lambda e: (e.date, e.kind.value, e.source_url),
        )
        vendors.append(
            {
                "id": vendor.key,
                "name": vendor.name,
                "homepage": vendor.homepage,
                "included": vendor.included,
                "exclusion_reason": vendor.exclusion_reason,
                "founding_date": _iso(vendor.founding_date),
                "founding_date_status": vendor.founding_date_status.value,
                "founding_date_source": vendor.founding_date_source,
                "company_age_months": assessed.company_age_months,
                "events": [
                    {
                        "kind": e.kind.value,
                        "date": e.date.isoformat(),
                        "source_url": e.source_url,
                        "note": e.note,
                    }
                    for e in events
                ],
                "cells": {
                    d.value: cell_entry(
                        assessed.cells[d], rubric, disagreements.get((vendor.key, d), [])
                    )
                    for d in DimensionId
                },
            }
        )
    reply_vendors = []
    for assessed in ordered_vendors:
        reply = vendor_reply(snapshot, assessed.vendor.key, today)
        reply_vendors.append(
            {
                "vendor": assessed.vendor.key,
                "status": reply.state.value,
                "packet_sent_on": _iso(reply.packet.sent_on) if reply.packet else None,
                "packet_sha256": reply.packet.packet_sha256 if reply.packet else None,
                "deadline": _iso(reply.packet.deadline) if reply.packet else None,
                "responses": [
                    {
                        "id": r.key,
                        "kind": r.kind,
                        "dimension": r.dimension.value if r.dimension else None,
                        "received_on": r.received_on.isoformat(),
                        "text": r.text,
                        "artifact_url": r.artifact_url,
                    }
                    for r in reply.responses
                ],
            }
        )
    return {
        "schema_version": SCHEMA_VERSION,
        "edition": {
            "version": edition.version,
            "verification_date": edition.verification_date.isoformat(),
            "valid_until": edition.valid_until.isoformat(),
            "published": _iso(edition.published_date),
            "status": status.value,
            "checked_on": today.isoformat(),
            "run_window": {"start": _iso(edition.run_start), "end": _iso(edition.run_end)},
            "unresolved_placeholders": unresolved_placeholders(edition),
            "validity_days": rubric.validity_days,
        },
        "methodology": methodology_section(rubric),
        "vendors": vendors,
        "source_conflicts": [
            {
                "id": c.key,
                "vendor": c.vendor,
                "dimension": c.dimension.value if c.dimension else None,
                "primary_source": c.primary_source,
                "conflicting_source": c.conflicting_source,
                "description": c.description,
                "logged_on": c.logged_on.isoformat(),
                "resolution": c.resolution,
                "resolved_on": _iso(c.resolved_on),
            }
            for c in sorted(snapshot.conflicts, key=lambda c: (c.logged_on, c.key))
        ],
        "revision_log": [
            {
                "id": r.key,
                "date": r.date.isoformat(),
                "vendor": r.vendor,
                "dimension": r.dimension.value if r.dimension else None,
                "field": r.field,
                "old": r.old_value,
                "new": r.new_value,
                "reason": r.reason,
                "artifact_url": r.artifact_url,
            }
            for r in sorted(snapshot.revisions, key=lambda r: (r.date, r.key))
        ],
        "right_of_reply": {
            "conducted": reply_conducted(snapshot, today),
            "response_window_working_days": edition.reply_window_working_days,
            "vendors": reply_vendors,
        },
        "source_drifts": [
            {
                "vendor": d.vendor,
                "dimension": d.dimension.value,
                "evidence_id": d.evidence_key,
                "url": d.url,
                "detected_on": d.detected_on.isoformat(),
                "new_capture_sha256": d.new_capture_sha256,
            }
            for d in sorted(
                snapshot.source_drifts, key=lambda d: (d.detected_on, d.vendor, d.evidence_key)
            )
        ],
        "manual_blockers": [
            {
                "id": m.key,
                "message": m.message,
                "vendor": m.vendor,
                "dimension": m.dimension.value if m.dimension else None,
                "resolved": m.resolved,
                "resolution_note": m.resolution_note,
            }
            for m in sorted(snapshot.manual_blockers, key=lambda m: m.key)
        ],
        "publication_blockers": [
            {
                "rule": b.rule_id,
                "message": b.message,
                "vendor": b.vendor,
                "dimension": b.dimension.value if b.dimension else None,
            }
            for b in compute_blockers(assessment)
        ],
    }
