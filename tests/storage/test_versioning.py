"""Version bumps on both engines: the check and the bump are one step, so one of two racing
edits based on the same version wins and the other is told the version it now faces."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlmodel import select

from scorecard.storage.engine import unit_of_work
from scorecard.storage.tables import CellRow
from scorecard.storage.versioning import VersionConflict, bump_version


def _first_cell(session: Any) -> CellRow:
    cell = session.exec(select(CellRow).order_by(CellRow.id)).first()
    assert cell is not None
    return cell  # type: ignore[no-any-return]


def _stored_version(engine: Engine, cell_id: int) -> int:
    with unit_of_work(engine) as session:
        cell = session.get(CellRow, cell_id)
        assert cell is not None
        return cell.version


def test_a_bump_at_the_expected_version_moves_it_by_one(any_seeded_engine: Engine) -> None:
    with unit_of_work(any_seeded_engine) as session:
        cell = _first_cell(session)
        assert cell.id is not None
        cell_id, start = cell.id, cell.version
        assert bump_version(session, cell, start) == start + 1
        assert cell.version == start + 1
        assert bump_version(session, cell) == start + 2

    assert _stored_version(any_seeded_engine, cell_id) == start + 2


def test_a_bump_from_a_stale_version_changes_nothing(any_seeded_engine: Engine) -> None:
    with unit_of_work(any_seeded_engine) as session:
        cell = _first_cell(session)
        assert cell.id is not None
        cell_id, start = cell.id, cell.version
        bump_version(session, cell)
    with unit_of_work(any_seeded_engine) as session:
        cell = session.get(CellRow, cell_id)
        assert cell is not None
        with pytest.raises(VersionConflict) as refused:
            bump_version(session, cell, start)

    assert (refused.value.expected, refused.value.current) == (start, start + 1)
    assert _stored_version(any_seeded_engine, cell_id) == start + 1


def test_of_two_racing_bumps_from_one_version_exactly_one_wins(any_seeded_engine: Engine) -> None:
    """Both edits are based on the same version; on PostgreSQL both have loaded the row too."""
    with unit_of_work(any_seeded_engine) as session:
        cell = _first_cell(session)
        assert cell.id is not None
        cell_id, start = cell.id, cell.version
    loaded = threading.Barrier(2)
    outcomes: list[object] = []

    def editor() -> None:
        try:
            with unit_of_work(any_seeded_engine) as session:
                mine = session.get(CellRow, cell_id)
                assert mine is not None
                # PostgreSQL: both have read the row before either writes. SQLite: the first to
                # begin holds the write lock, so the other waits at BEGIN and must not be awaited.
                if session.get_bind().dialect.name == "postgresql":
                    assert mine.version == start
                    loaded.wait(timeout=30)
                outcomes.append(bump_version(session, mine, start))
        except VersionConflict as conflict:
            outcomes.append(conflict)
        except BaseException as exc:
            outcomes.append(exc)

    threads = [threading.Thread(target=editor) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    wins = [o for o in outcomes if o == start + 1]
    refusals = [o for o in outcomes if isinstance(o, VersionConflict)]
    assert len(wins) == 1 and len(refusals) == 1, outcomes
    assert refusals[0].current == start + 1
    assert _stored_version(any_seeded_engine, cell_id) == start + 1
