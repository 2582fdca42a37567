"""Reads a schema-valid document back into domain values, for import and seeding."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from scorecard.domain.enums import (
    DimensionId,
    EditionStatus,
    EventKind,
    EvidenceState,
    FoundingDateStatus,
    Outcome,
    SourceGrade,
)
from scorecard.domain.models import (
    CellScore,
    Edition,
    EditionSnapshot,
    Event,
    EvidenceItem,
    ManualBlocker,
    ReplyPacket,
    ReplyResponse,
    RevisionEntry,
    SourceConflict,
    SourceDrift,
    Vendor,
)


@dataclass(frozen=True, slots=True)
class ParsedDocument:
    snapshot: EditionSnapshot
    checked_on: date


def _date(value: str | None) -> date | None:
    return date.fromisoformat(value) if value else None


def _dimension(value: str | None) -> DimensionId | None:
    return DimensionId(value) if value else None


def parse_document(document: dict[str, Any]) -> ParsedDocument:
    """The snapshot a document describes; computed fields (ceilings, blockers) are ignored."""
    edition_doc = document["edition"]
    published = _date(edition_doc["published"])
    status = EditionStatus.PUBLISHED if published else EditionStatus.DRAFT
    edition = Edition(
        verification_date=date.fromisoformat(edition_doc["verification_date"]),
        valid_until=date.fromisoformat(edition_doc["valid_until"]),
        methodology_version=document["methodology"]["version"],
        version=edition_doc["version"],
        published_date=published,
        status=status,
        run_start=_date(edition_doc["run_window"]["start"]),
        run_end=_date(edition_doc["run_window"]["end"]),
        reply_window_working_days=document["right_of_reply"]["response_window_working_days"],
    )
    vendors: list[Vendor] = []
    evidence: list[EvidenceItem] = []
    scores: dict[tuple[str, DimensionId], CellScore] = {}
    events: list[Event] = []
    for v in document["vendors"]:
        vendors.append(
            Vendor(
                key=v["id"],
                name=v["name"],
                homepage=v["homepage"],
                founding_date=_date(v["founding_date"]),
                founding_date_status=FoundingDateStatus(v["founding_date_status"]),
                founding_date_source=v["founding_date_source"],
                included=v["included"],
                exclusion_reason=v["exclusion_reason"],
            )
        )
        for e in v["events"]:
            events.append(
                Event(
                    v["id"],
                    EventKind(e["kind"]),
                    date.fromisoformat(e["date"]),
                    e["source_url"],
                    e["note"],
                )
            )
        for dim_value, cell in v["cells"].items():
            dimension = DimensionId(dim_value)
            scores[(v["id"], dimension)] = CellScore(
                outcome=Outcome(cell["outcome"]), score=cell["score"], rationale=cell["rationale"]
            )
            for item in cell["evidence"]:
                evidence.append(
                    EvidenceItem(
                        key=item["id"],
                        vendor=v["id"],
                        dimension=dimension,
                        artifact=item["artifact"],
                        state=EvidenceState(item["state"]),
                        grade=SourceGrade(item["grade"]) if item["grade"] else None,
                        url=item["url"],
                        retrieval_date=_date(item["retrieval_date"]),
                        capture_sha256=item["capture_sha256"],
                        quote=item["quote"],
                        note=item["note"],
                    )
                )
    conflicts = tuple(
        SourceConflict(
            key=c["id"],
            vendor=c["vendor"],
            dimension=_dimension(c["dimension"]),
            primary_source=c["primary_source"],
            conflicting_source=c["conflicting_source"],
            description=c["description"],
            logged_on=date.fromisoformat(c["logged_on"]),
            resolution=c["resolution"],
            resolved_on=_date(c["resolved_on"]),
        )
        for c in document["source_conflicts"]
    )
    revisions = tuple(
        RevisionEntry(
            key=r["id"],
            date=date.fromisoformat(r["date"]),
            reason=r["reason"],
            vendor=r["vendor"],
            dimension=_dimension(r["dimension"]),
            field=r["field"],
            old_value=r["old"],
            new_value=r["new"],
            artifact_url=r["artifact_url"],
        )
        for r in document["revision_log"]
    )
    packets: list[ReplyPacket] = []
    responses: list[ReplyResponse] = []
    for reply in document["right_of_reply"]["vendors"]:
        if reply["packet_sent_on"]:
            packets.append(
                ReplyPacket(
                    vendor=reply["vendor"],
                    sent_on=date.fromisoformat(reply["packet_sent_on"]),
                    deadline=date.fromisoformat(reply["deadline"]),
                    packet_sha256=reply["packet_sha256"],
                )
            )
        for r in reply["responses"]:
            responses.append(
                ReplyResponse(
                    key=r["id"],
                    vendor=reply["vendor"],
                    kind=r["kind"],
                    received_on=date.fromisoformat(r["received_on"]),
                    dimension=_dimension(r["dimension"]),
                    text=r["text"],
                    artifact_url=r["artifact_url"],
                )
            )
    manual = tuple(
        ManualBlocker(
            key=m["id"],
            message=m["message"],
            vendor=m["vendor"],
            dimension=_dimension(m["dimension"]),
            resolved=m["resolved"],
            resolution_note=m["resolution_note"],
        )
        for m in document["manual_blockers"]
    )
    drifts = tuple(
        SourceDrift(
            vendor=d["vendor"],
            dimension=DimensionId(d["dimension"]),
            evidence_key=d["evidence_id"],
            url=d["url"],
            detected_on=date.fromisoformat(d["detected_on"]),
            new_capture_sha256=d["new_capture_sha256"],
        )
        for d in document["source_drifts"]
    )
    snapshot = EditionSnapshot(
        edition=edition,
        vendors=tuple(vendors),
        evidence=tuple(evidence),
        scores=scores,
        events=tuple(events),
        conflicts=conflicts,
        manual_blockers=manual,
        revisions=revisions,
        reply_packets=tuple(packets),
        reply_responses=tuple(responses),
        source_drifts=drifts,
    )
    return ParsedDocument(
        snapshot=snapshot, checked_on=date.fromisoformat(edition_doc["checked_on"])
    )
