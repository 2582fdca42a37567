"""Two reviewers at once on one database (PostgreSQL and a SQLite file): when both base an edit on
the same version, exactly one is recorded and the other is refused, naming both versions."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, text
from sqlmodel import select

from scorecard.domain.enums import DimensionId, EvidenceState, Outcome, SourceGrade
from scorecard.services import cells, evidence
from scorecard.services.cells import StaleEdit
from scorecard.storage import changelog
from scorecard.storage.engine import unit_of_work
from scorecard.storage.tables import ChangeLogRow
from tests import forked

TODAY = date(2026, 11, 29)
CELL = ("exa", DimensionId.PROCUREMENT_MATURITY)
RATIONALE = "Fictional test rationale: no procurement artifacts observed."


def _log_entries(engine: Engine, entity_key: str) -> list[ChangeLogRow]:
    with unit_of_work(engine) as session:
        statement = select(ChangeLogRow).where(ChangeLogRow.entity_key == entity_key)
        return list(session.exec(statement))


def _chain_holds(engine: Engine) -> bool:
    with unit_of_work(engine) as session:
        return changelog.verify_chain(session) is None


def _wait_until_blocked(engine: Engine, timeout: float = 20.0) -> None:
    """PostgreSQL: returns once some session waits on a lock (the second reviewer's edit)."""
    if engine.dialect.name != "postgresql":
        time.sleep(0.3)  # SQLite: the second reviewer waits at BEGIN; nothing to observe
        return
    deadline = time.monotonic() + timeout
    with engine.connect() as probe:
        while time.monotonic() < deadline:
            waiting = probe.execute(
                text(
                    "SELECT count(*) FROM pg_stat_activity "
                    "WHERE wait_event_type = 'Lock' AND datname = current_database()"
                )
            ).scalar()
            probe.rollback()
            if waiting:
                return
            time.sleep(0.02)
    raise AssertionError("the second reviewer's edit never waited for the first")


def _race(
    factory: Any, engine: Engine, edit: Callable[[Any, str], object], *, ordered: bool
) -> dict[str, object]:
    """Runs `edit` as two reviewers at once and returns what each got (a value or an error).

    ordered: alice edits first and keeps her transaction open until bob's edit is waiting for
    it, then commits. Otherwise both start together and either may win.
    """
    outcomes: dict[str, object] = {}
    alice_has_edited = threading.Event()
    together = threading.Barrier(2)

    def reviewer(name: str) -> None:
        try:
            if ordered and name == "bob":
                alice_has_edited.wait(timeout=30)
            if not ordered:
                together.wait(timeout=30)
            with factory(reviewer=name) as ctx:
                result = edit(ctx, name)
                if ordered and name == "alice":
                    alice_has_edited.set()
                    _wait_until_blocked(engine)
            outcomes[name] = result
        except StaleEdit as refused:
            outcomes[name] = refused
        except BaseException as exc:
            outcomes[name] = exc
        finally:
            alice_has_edited.set()

    threads = [threading.Thread(target=reviewer, args=(n,)) for n in ("alice", "bob")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return outcomes


@pytest.mark.parametrize("ordered", [True, False], ids=["overlapping", "simultaneous"])
def test_two_reviewers_scoring_one_cell_from_one_version(
    any_context_factory: Any, any_seeded_engine: Engine, ordered: bool
) -> None:
    vendor, dimension = CELL
    with any_context_factory() as ctx:
        base = cells.show_cell(ctx, vendor, dimension).version
    scores = {"alice": 0, "bob": 1}

    def score(ctx: Any, name: str) -> object:
        return cells.set_cell(
            ctx,
            vendor,
            dimension,
            outcome=Outcome.SCORED,
            score=scores[name],
            rationale=f"{RATIONALE} ({name})",
            expected_version=base,
        )

    outcomes = _race(any_context_factory, any_seeded_engine, score, ordered=ordered)

    refused = {n: o for n, o in outcomes.items() if isinstance(o, StaleEdit)}
    recorded = {n: o for n, o in outcomes.items() if not isinstance(o, BaseException)}
    assert len(refused) == 1 and len(recorded) == 1, outcomes
    message = next(iter(refused.values())).message
    assert f"version {base}" in message and f"now {base + 1}" in message
    if ordered:
        assert list(recorded) == ["alice"]
    winner = next(iter(recorded))
    with any_context_factory() as ctx:
        view = cells.show_cell(ctx, vendor, dimension)
    assert view.version == base + 1
    assert view.cell.score.score == scores[winner]
    entries = _log_entries(any_seeded_engine, f"{vendor}/{dimension.value}")
    assert [e.reviewer for e in entries] == [winner]
    assert _chain_holds(any_seeded_engine)


def test_two_reviewers_editing_one_evidence_item_from_one_version(
    any_context_factory: Any, any_seeded_engine: Engine
) -> None:
    vendor, dimension = CELL
    with any_context_factory() as ctx:
        item = evidence.add_evidence(
            ctx,
            vendor,
            dimension,
            artifact="msa",
            state=EvidenceState.OBSERVED,
            grade=SourceGrade.VENDOR_CLAIMED,
            url="https://example.com/fictional/msa",
            retrieval_date=TODAY,
        )
    with any_context_factory() as ctx:
        base = evidence.show_evidence(ctx, item.key).version

    def annotate(ctx: Any, name: str) -> object:
        return evidence.update_evidence(
            ctx, item.key, expected_version=base, note=f"Checked again by {name}."
        )

    outcomes = _race(any_context_factory, any_seeded_engine, annotate, ordered=True)

    assert not isinstance(outcomes["alice"], BaseException), outcomes
    refusal = outcomes["bob"]
    assert isinstance(refusal, StaleEdit), outcomes
    assert f"version {base}" in refusal.message and f"now {base + 1}" in refusal.message
    with any_context_factory() as ctx:
        shown = evidence.show_evidence(ctx, item.key)
    assert shown.item.note == "Checked again by alice."
    assert shown.version == base + 1
    updates = [e for e in _log_entries(any_seeded_engine, item.key) if e.action == "update"]
    assert [e.reviewer for e in updates] == ["alice"]
    assert _chain_holds(any_seeded_engine)


def test_two_cli_processes_scoring_one_cell_from_one_version(
    any_seeded_engine: Engine, any_db_url: str, tmp_path: Path
) -> None:
    """Two `scorecard cell set --expected-version` processes started at once."""
    vendor, dimension = CELL
    children = [
        forked.start(
            [
                "--db",
                any_db_url,
                "--today",
                str(TODAY),
                "cell",
                "set",
                vendor,
                dimension.value,
                "--score",
                str(score),
                "--rationale",
                RATIONALE,
                "--expected-version",
                "1",
            ],
            tmp_path,
            environment={"SCORECARD_REVIEWER": name},
            name=name,
        )
        for name, score in (("alice", 0), ("bob", 1))
    ]
    results = [child.wait() for child in children]

    assert sorted(r.exit_code for r in results) == [0, 2], results
    refused = next(r for r in results if r.exit_code == 2)
    assert "version 1, now 2" in refused.stderr
    assert "Traceback" not in refused.output
    assert len(_log_entries(any_seeded_engine, f"{vendor}/{dimension.value}")) == 1
    assert _chain_holds(any_seeded_engine)


def test_editing_or_removing_evidence_from_an_old_version_is_refused(
    any_context_factory: Any, any_seeded_engine: Engine
) -> None:
    """One reviewer changed the item; another, still looking at the version before, neither
    overwrites that change nor removes the item."""
    vendor, dimension = CELL
    with any_context_factory(reviewer="alice") as ctx:
        key = evidence.add_evidence(
            ctx,
            vendor,
            dimension,
            artifact="dpa",
            state=EvidenceState.NOT_DISCLOSED,
        ).key
    with any_context_factory(reviewer="alice") as ctx:
        seen = evidence.show_evidence(ctx, key).version
        evidence.update_evidence(ctx, key, expected_version=seen, note="Alice's note.")

    for attempt in (
        lambda ctx: evidence.update_evidence(ctx, key, expected_version=seen, note="Bob's note."),
        lambda ctx: evidence.remove_evidence(ctx, key, expected_version=seen),
    ):
        with pytest.raises(StaleEdit) as refused, any_context_factory(reviewer="bob") as ctx:
            attempt(ctx)
        assert f"version {seen}, now {seen + 1}" in refused.value.message

    with any_context_factory() as ctx:
        shown = evidence.show_evidence(ctx, key)
    assert shown.item.note == "Alice's note." and shown.version == seen + 1
    assert [e.reviewer for e in _log_entries(any_seeded_engine, key)] == ["alice", "alice"]
