"""Right of reply (Part B §14): deadlines, where each vendor stands, and whether it was conducted."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import StrEnum

from scorecard.domain.dates import add_working_days
from scorecard.domain.models import EditionSnapshot, ReplyPacket, ReplyResponse

DEFAULT_WINDOW_WORKING_DAYS = 10


class ReplyKind(StrEnum):
    CORRECTION = "correction"
    DISAGREEMENT = "disagreement"
    NO_RESPONSE = "no_response"


class ReplyState(StrEnum):
    NOT_SENT = "not_sent"
    AWAITING = "awaiting"
    RESPONDED = "responded"
    NO_RESPONSE = "no_response"
    WINDOW_CLOSED = "window_closed"


@dataclass(frozen=True, slots=True)
class VendorReply:
    vendor: str
    state: ReplyState
    packet: ReplyPacket | None
    responses: tuple[ReplyResponse, ...]


def reply_deadline(sent_on: date, working_days: int) -> date:
    return add_working_days(sent_on, working_days)


def vendor_reply(snapshot: EditionSnapshot, vendor: str, today: date) -> VendorReply:
    packets = [p for p in snapshot.reply_packets if p.vendor == vendor]
    packet = max(packets, key=lambda p: p.sent_on) if packets else None
    responses = tuple(
        sorted(
            (r for r in snapshot.reply_responses if r.vendor == vendor),
            key=lambda r: (r.received_on, r.key),
        )
    )
    if packet is None:
        state = ReplyState.NOT_SENT
    elif any(r.kind == ReplyKind.NO_RESPONSE for r in responses):
        state = ReplyState.NO_RESPONSE
    elif responses:
        state = ReplyState.RESPONDED
    elif today > packet.deadline:
        state = ReplyState.WINDOW_CLOSED
    else:
        state = ReplyState.AWAITING
    return VendorReply(vendor, state, packet, responses)


def reply_conducted(snapshot: EditionSnapshot, today: date) -> bool:
    """True only when every included vendor was sent a packet and its window has closed."""
    included = [v for v in snapshot.vendors if v.included]
    if not included:
        return False
    for vendor in included:
        reply = vendor_reply(snapshot, vendor.key, today)
        if reply.packet is None or today <= reply.packet.deadline:
            return False
    return True
