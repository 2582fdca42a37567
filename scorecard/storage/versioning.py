"""Race-free version bumps for rows that reviewers edit concurrently (cells, evidence items).

The check and the bump are one conditional UPDATE (`... SET version = version + 1 WHERE id = :id
AND version = :expected`), never a read followed by a write: of two edits based on the same
version, exactly one matches the WHERE clause and the other changes nothing and is refused.
"""

from __future__ import annotations

from sqlalchemy import Table, select, update
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import Session

from scorecard.storage.tables import CellRow, EvidenceRow

VersionedRow = CellRow | EvidenceRow


class VersionConflict(Exception):
    """The row is no longer at the version the edit was based on (`current` None: it is gone)."""

    def __init__(self, expected: int | None, current: int | None) -> None:
        super().__init__(f"expected version {expected}, found {current}")
        self.expected = expected
        self.current = current


def bump_version(session: Session, row: VersionedRow, expected: int | None = None) -> int:
    """Raises the row's version by one and returns the new version.

    With `expected`, the bump happens only if the stored version still equals it; otherwise
    VersionConflict carries the stored version. The loaded row object is updated in place so a
    later flush does not write an old version back.
    """
    table: Table = type(row).__table__  # type: ignore[union-attr]
    statement = update(table).where(table.c.id == row.id)
    if expected is not None:
        statement = statement.where(table.c.version == expected)
    statement = statement.values(version=table.c.version + 1).returning(table.c.version)
    new_version = session.execute(statement).scalar()
    if new_version is None:
        current = session.execute(select(table.c.version).where(table.c.id == row.id)).scalar()
        raise VersionConflict(expected, current)
    set_committed_value(row, "version", new_version)
    return int(new_version)
