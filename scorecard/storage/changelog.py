"""The append-only change log: every write is recorded with who, when, what, old and new, and why.

Each entry carries the SHA-256 of the entry before it, so an edit made behind the tool's back
breaks the chain and `scorecard log verify` names the first broken entry: a changed entry fails
its own hash, and a deleted one breaks the link of the entry after it. (Deleting the newest
entries leaves a shorter chain that still holds; only a head hash kept elsewhere reveals that.)
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlmodel import Session, col, select

from scorecard.storage.engine import write_lock
from scorecard.storage.repository import now
from scorecard.storage.tables import ChangeLogRow


def _stamp(value: datetime) -> str:
    """A stable text form of the timestamp in UTC, whether the engine returns it aware or naive."""
    if value.tzinfo is not None:
        value = value.astimezone(UTC).replace(tzinfo=None)
    return value.strftime("%Y-%m-%dT%H:%M:%S.%f")


def entry_hash(row: ChangeLogRow, prev_hash: str | None) -> str:
    payload = json.dumps(
        [
            prev_hash,
            _stamp(row.at),
            row.reviewer,
            row.edition_id,
            row.entity,
            row.entity_key,
            row.action,
            row.old_value,
            row.new_value,
            row.reason,
        ],
        ensure_ascii=False,
        separators=(",", ":"),
    )
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()


def record(
    session: Session,
    *,
    reviewer: str,
    edition_id: int | None,
    entity: str,
    entity_key: str,
    action: str,
    old: object = None,
    new: object = None,
    reason: str | None = None,
) -> ChangeLogRow:
    """Appends one entry chained to the newest one.

    The transaction becomes the only writer first, so no concurrent append can read the same
    head and fork the chain (see storage/engine.py for how each engine serializes writers).
    """
    write_lock(session)
    previous = session.exec(
        select(ChangeLogRow.entry_hash).order_by(col(ChangeLogRow.id).desc()).limit(1)
    ).first()
    row = ChangeLogRow(
        at=now(),
        reviewer=reviewer,
        edition_id=edition_id,
        entity=entity,
        entity_key=entity_key,
        action=action,
        old_value=_text(old),
        new_value=_text(new),
        reason=reason,
        prev_hash=previous,
    )
    row.entry_hash = entry_hash(row, previous)
    session.add(row)
    session.flush()
    return row


def _text(value: object) -> str | None:
    if value is None:
        return None
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


@dataclass(frozen=True, slots=True)
class ChainBreak:
    entry_id: int
    reason: str


def verify_chain(session: Session) -> ChainBreak | None:
    """The first entry whose stored hash or link does not match, or None when the chain holds."""
    previous: str | None = None
    previous_id: int | None = None
    statement = select(ChangeLogRow).order_by(col(ChangeLogRow.id))
    for row in session.exec(statement):
        assert row.id is not None
        if row.prev_hash != previous:
            after = f"entry {previous_id}" if previous_id is not None else "the start of the log"
            return ChainBreak(
                row.id,
                f"it does not link to {after}: an entry between them was deleted, "
                "or this entry's link was altered",
            )
        if row.entry_hash != entry_hash(row, previous):
            return ChainBreak(row.id, "its content does not match its hash: it was altered")
        previous = row.entry_hash
        previous_id = row.id
    return None


def entries(session: Session, limit: int | None = None) -> list[ChangeLogRow]:
    statement = select(ChangeLogRow).order_by(col(ChangeLogRow.id).desc())
    if limit:
        statement = statement.limit(limit)
    return list(session.exec(statement))
