"""The change log's hash chain on both engines: it holds, it names a tampered or deleted entry,
and concurrent writers never fork it."""

from __future__ import annotations

import threading
import time
from typing import Any

from sqlalchemy import Engine, text
from sqlmodel import col, select

from scorecard.storage import changelog
from scorecard.storage.engine import unit_of_work
from scorecard.storage.tables import ChangeLogRow

RATIONALE = "Fictional test rationale: nothing observed yet."


def _append(engine: Engine, count: int, reviewer: str = "alice") -> list[int]:
    ids = []
    with unit_of_work(engine) as session:
        for n in range(count):
            row = changelog.record(
                session,
                reviewer=reviewer,
                edition_id=None,
                entity="note",
                entity_key=f"{reviewer}-{n}",
                action="add",
                old=None,
                new={"text": f"entry {n} by {reviewer}", "ünïcode": "✓"},
                reason="testing the chain",
            )
            assert row.id is not None
            ids.append(row.id)
    return ids


def _verify(engine: Engine) -> changelog.ChainBreak | None:
    with unit_of_work(engine) as session:
        return changelog.verify_chain(session)


def _execute(engine: Engine, sql: str, **params: Any) -> None:
    with engine.begin() as connection:
        connection.execute(text(sql), params)


def test_the_chain_holds_after_writes(any_seeded_engine: Engine) -> None:
    _append(any_seeded_engine, 5)

    assert _verify(any_seeded_engine) is None


def test_an_entry_edited_in_the_database_is_named(any_seeded_engine: Engine) -> None:
    ids = _append(any_seeded_engine, 4)
    tampered = ids[1]

    _execute(
        any_seeded_engine,
        "UPDATE change_log SET new_value = :value WHERE id = :id",
        value='{"text": "a quieter story"}',
        id=tampered,
    )

    broken = _verify(any_seeded_engine)
    assert broken is not None
    assert broken.entry_id == tampered
    assert "altered" in broken.reason


def test_an_edit_that_also_rewrites_its_hash_is_caught_at_the_next_entry(
    any_seeded_engine: Engine,
) -> None:
    ids = _append(any_seeded_engine, 3)
    with unit_of_work(any_seeded_engine) as session:
        row = session.get(ChangeLogRow, ids[0])
        assert row is not None
        row.reviewer = "mallory"
        row.entry_hash = changelog.entry_hash(row, row.prev_hash)
        session.add(row)

    broken = _verify(any_seeded_engine)
    assert broken is not None
    assert broken.entry_id == ids[1]


def test_a_deleted_entry_is_caught_at_the_entry_after_it(any_seeded_engine: Engine) -> None:
    ids = _append(any_seeded_engine, 4)

    _execute(any_seeded_engine, "DELETE FROM change_log WHERE id = :id", id=ids[1])

    broken = _verify(any_seeded_engine)
    assert broken is not None
    assert broken.entry_id == ids[2]
    assert f"entry {ids[0]}" in broken.reason
    assert "deleted" in broken.reason


def test_deleting_the_first_entry_is_caught(any_seeded_engine: Engine) -> None:
    _append(any_seeded_engine, 2)
    with unit_of_work(any_seeded_engine) as session:
        first, second = session.exec(
            select(ChangeLogRow.id).order_by(col(ChangeLogRow.id)).limit(2)
        ).all()

    _execute(any_seeded_engine, "DELETE FROM change_log WHERE id = :id", id=first)

    broken = _verify(any_seeded_engine)
    assert broken is not None
    assert broken.entry_id == second
    assert "start of the log" in broken.reason


def test_concurrent_writers_never_fork_the_chain(any_seeded_engine: Engine) -> None:
    """Each writer appends several entries in one transaction, pausing between them, while the
    others do the same: without serialization two of them would link to the same head."""
    writers, entries_each = 4, 3
    failures: list[BaseException] = []
    start = threading.Barrier(writers)

    def writer(name: str) -> None:
        try:
            start.wait(timeout=30)
            with unit_of_work(any_seeded_engine) as session:
                for n in range(entries_each):
                    changelog.record(
                        session,
                        reviewer=name,
                        edition_id=None,
                        entity="note",
                        entity_key=f"{name}-{n}",
                        action="add",
                        new={"n": n},
                    )
                    time.sleep(0.02)
        except BaseException as exc:
            failures.append(exc)

    threads = [threading.Thread(target=writer, args=(f"reviewer-{i}",)) for i in range(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)

    assert failures == []
    with unit_of_work(any_seeded_engine) as session:
        rows = session.exec(select(ChangeLogRow).where(ChangeLogRow.entity == "note")).all()
        links = session.exec(select(ChangeLogRow.prev_hash)).all()
    assert len(rows) == writers * entries_each
    assert len(links) == len(set(links)), "two entries link to the same predecessor"
    assert _verify(any_seeded_engine) is None
    # Each writer's entries are contiguous: a writer holds the lock from its first entry on.
    order = [row.reviewer for row in sorted(rows, key=lambda r: r.id or 0)]
    runs = [order[i] for i in range(len(order)) if i == 0 or order[i] != order[i - 1]]
    assert len(runs) == writers


def test_log_verify_exits_1_naming_a_tampered_entry(any_cli: Any) -> None:
    for args in (("--score", "0", "--rationale", RATIONALE), ("--unscore",)):
        assert any_cli("cell", "set", "exa", "compliance", *args).exit_code == 0
    intact = any_cli("log", "verify")
    assert intact.exit_code == 0, intact.output
    assert "chain intact" in intact.stdout
    engine = _engine(any_cli.db_url)
    try:
        with unit_of_work(engine) as session:
            scored = session.exec(
                select(ChangeLogRow)
                .where(ChangeLogRow.action == "score")
                .order_by(col(ChangeLogRow.id))
            ).first()
        assert scored is not None
        _execute(engine, "UPDATE change_log SET new_value = 'forged' WHERE id = :id", id=scored.id)
    finally:
        engine.dispose()

    result = any_cli("log", "verify")

    assert result.exit_code == 1
    assert f"entry {scored.id}" in result.stderr
    assert "Traceback" not in result.output


def test_log_verify_exits_1_when_an_entry_was_deleted(any_cli: Any) -> None:
    for args in (("--score", "0", "--rationale", RATIONALE), ("--unscore",), ("--score", "1")):
        assert any_cli("cell", "set", "exa", "compliance", *args).exit_code == 0
    engine = _engine(any_cli.db_url)
    try:
        with unit_of_work(engine) as session:
            ids = session.exec(select(ChangeLogRow.id).order_by(col(ChangeLogRow.id))).all()
        _execute(engine, "DELETE FROM change_log WHERE id = :id", id=ids[-2])
    finally:
        engine.dispose()

    result = any_cli("log", "verify")

    assert result.exit_code == 1
    assert f"entry {ids[-1]}" in result.stderr
    assert "deleted" in result.stderr


def _engine(url: str) -> Engine:
    from scorecard.storage.engine import create_db_engine

    return create_db_engine(url)
