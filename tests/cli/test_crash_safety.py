"""A process killed (SIGKILL) in the middle of an import, an export, a backup or a restore leaves
the database and any existing output file exactly as they were.

Each test forks the CLI with a hook that kills the process at a chosen point, so the crash lands
in the same place on every run; then it checks the database row for row, the change log, and
the old output file byte for byte.
"""

from __future__ import annotations

import copy
import json
import os
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from tests import forked
from tests.conftest import Cli
from tests.db_state import database_state

TODAY = "2026-11-29"
KILLED = -signal.SIGKILL
VENDOR_COUNT = 200


def _large_document(root_document: dict[str, Any], *, verification_date: str) -> dict[str, Any]:
    """The root edition plus many fictional vendors, each with two evidence items."""
    document = copy.deepcopy(root_document)
    document["edition"]["verification_date"] = verification_date
    template = copy.deepcopy(document["vendors"][0])
    for cell in template["cells"].values():
        cell.update(outcome="unscored", score=None, rationale=None, evidence=[])
    for n in range(VENDOR_COUNT):
        vendor = copy.deepcopy(template)
        vendor.update(
            id=f"fictional-{n:03d}",
            name=f"Fictional Vendor {n:03d}",
            homepage=f"https://example.com/fictional/{n}",
            included=True,
            exclusion_reason=None,
            founding_date=None,
            founding_date_status="unverified",
            founding_date_source=None,
            events=[],
        )
        vendor["cells"]["procurement_maturity"]["evidence"] = [
            {
                "id": f"ev-fictional-{n:03d}-{artifact}",
                "artifact": artifact,
                "state": "observed",
                "grade": "vendor_claimed",
                "url": f"https://example.com/fictional/{n}/{artifact}",
                "retrieval_date": "2026-11-01",
                "capture_sha256": None,
                "quote": "Fictional quote " + "x" * 200,
                "note": None,
            }
            for artifact in ("msa", "dpa")
        ]
        document["vendors"].append(vendor)
    return document


def _snapshot(cli: Cli) -> dict[str, list[tuple[Any, ...]]]:
    state = database_state(cli.db_url)
    state.pop("alembic_version", None)
    return state


def _assert_untouched(cli: Cli, before: dict[str, list[tuple[Any, ...]]]) -> None:
    after = _snapshot(cli)
    assert len(after["edition"]) == len(before["edition"])
    assert len(after["evidence"]) == len(before["evidence"])
    assert len(after["change_log"]) == len(before["change_log"])
    assert after == before
    verified = cli("log", "verify")
    assert verified.exit_code == 0, verified.output


def _kill_on_call(
    owner: Any, name: str, *, after: bool = False, at_call: int = 1
) -> Callable[[], None]:
    """A hook: the process kills itself on the `at_call`-th call of owner.name (after it ran,
    when `after`)."""

    def install() -> None:
        original = getattr(owner, name)
        calls = 0

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            nonlocal calls
            calls += 1
            if calls == at_call and not after:
                forked.kill_self()
            result = original(*args, **kwargs)
            if calls == at_call and after:
                forked.kill_self()
            return result

        setattr(owner, name, wrapper)

    return install


def _commit_hook() -> Callable[[], None]:
    """A hook: the process kills itself when the command's work is done and flushed, just
    before its transaction commits."""

    def install() -> None:
        import scorecard.cli.common as common

        original = common.unit_of_work

        @contextmanager
        def killed_before_commit(engine: Any) -> Iterator[Any]:
            with original(engine) as session:
                yield session
                session.flush()
                forked.kill_self()

        common.unit_of_work = killed_before_commit  # type: ignore[assignment]

    return install


def _sqlite_journal(cli: Cli) -> Path | None:
    if not cli.db_url.startswith("sqlite:///"):
        return None
    return Path(cli.db_url.removeprefix("sqlite:///") + "-journal")


@pytest.mark.parametrize(
    ("mode", "point"),
    [("new", "halfway"), ("new", "at-commit"), ("replace", "at-commit")],
)
def test_an_import_killed_midway_leaves_the_database_as_it_was(
    any_cli: Cli, root_document: dict[str, Any], tmp_path: Path, mode: str, point: str
) -> None:
    from scorecard.storage import repository

    assert any_cli("cell", "set", "exa", "compliance", "--score", "0", "--rationale",
                   "Fictional rationale.").exit_code == 0  # fmt: skip
    verification = "2026-11-25" if mode == "new" else root_document["edition"]["verification_date"]
    big = tmp_path / "big.json"
    big.write_text(json.dumps(_large_document(root_document, verification_date=verification)))
    before = _snapshot(any_cli)
    hook = (
        _kill_on_call(repository, "add_vendor", at_call=VENDOR_COUNT // 2)
        if point == "halfway"
        else _commit_hook()
    )
    args = ["--db", any_cli.db_url, "--today", TODAY, "import", str(big)]
    if mode == "replace":
        args.append("--replace")

    crashed = forked.run(args, tmp_path, prepare=hook)

    assert crashed.exit_code == KILLED, crashed.output
    journal = _sqlite_journal(any_cli)
    if journal is not None:
        assert journal.exists(), "the kill did not land inside a write transaction"
    _assert_untouched(any_cli, before)
    # The same import, not interrupted, goes through: the hook really was mid-way.
    finished = forked.run(args, tmp_path)
    assert finished.exit_code == 0, finished.output
    assert len(_snapshot(any_cli)["vendor"]) == len(before["vendor"]) + VENDOR_COUNT + (
        7 if mode == "new" else 0
    )


@pytest.mark.parametrize("point", ["fsync", "rename", "commit"])
def test_an_export_killed_midway_leaves_the_old_file_and_the_database(
    any_cli: Cli, tmp_path: Path, point: str
) -> None:
    out = tmp_path / "scorecard-export.json"
    assert any_cli("export", "--out", str(out)).exit_code == 0
    old_bytes = out.read_bytes()
    assert any_cli("cell", "set", "exa", "compliance", "--score", "0", "--rationale",
                   "Fictional rationale.").exit_code == 0  # fmt: skip
    before = _snapshot(any_cli)
    hook = {
        "fsync": _kill_on_call(os, "fsync"),
        "rename": _kill_on_call(os, "replace"),
        "commit": _commit_hook(),
    }[point]
    args = ["--db", any_cli.db_url, "--today", TODAY, "export", "--out", str(out)]

    crashed = forked.run(args, tmp_path, prepare=hook)

    assert crashed.exit_code == KILLED, crashed.output
    assert out.read_bytes() == old_bytes or point == "commit"
    if point != "commit":
        assert [p.name for p in tmp_path.glob(".scorecard-export.json.*")] != [], (
            "the kill did not land while the new file was being written"
        )
    _assert_untouched(any_cli, before)


@pytest.mark.parametrize("point", ["fsync", "rename", "commit"])
def test_a_publication_killed_midway_leaves_no_published_file(
    cli: Cli, tmp_path: Path, point: str
) -> None:
    """Killed before its commit, a publication leaves the edition a draft and the old file in
    place; the new file is put in place only after the commit, so it never claims a publication
    the database does not hold."""
    from datetime import date

    from scorecard.document.build import build_document
    from scorecard.domain.assessment import assess_edition
    from scorecard.domain.rubric import load_rubric
    from tests.domain.test_blockers import publishable_snapshot

    document = build_document(
        assess_edition(publishable_snapshot(), load_rubric("1"), date(2026, 10, 1))
    )
    document["edition"]["published"] = None
    document["edition"]["status"] = "draft"
    source = tmp_path / "acme.json"
    source.write_text(json.dumps(document))
    assert cli("import", str(source), today="2026-10-01").exit_code == 0
    out = tmp_path / "published.json"
    assert cli("export", "--out", str(out), today="2026-10-01").exit_code == 0
    old_bytes = out.read_bytes()
    before = _snapshot(cli)
    args = ["--db", cli.db_url, "--today", "2026-10-01", "export", "--publish", "--out", str(out)]

    hook = {
        "fsync": _kill_on_call(os, "fsync"),
        "rename": _kill_on_call(os, "replace"),
        "commit": _commit_hook(),
    }[point]

    crashed = forked.run(args, tmp_path, prepare=hook)

    assert crashed.exit_code == KILLED, crashed.output
    assert out.read_bytes() == old_bytes
    if point == "rename":
        # The last step, after the commit: the publication stands, the old file is whole, and
        # exporting again writes the published file.
        assert cli("log", "verify").exit_code == 0
        again = forked.run([*args[:-3], "--out", str(out)], tmp_path)
    else:
        _assert_untouched(cli, before)
        again = forked.run(args, tmp_path)
    assert again.exit_code == 0, again.output
    assert json.loads(out.read_bytes())["edition"]["status"] == "published"


@pytest.mark.parametrize("point", ["fsync", "rename"])
def test_a_backup_killed_midway_leaves_the_old_backup(
    any_cli: Cli, tmp_path: Path, point: str
) -> None:
    backup_file = tmp_path / "nightly.backup"
    assert any_cli("backup", str(backup_file)).exit_code == 0
    old_bytes = backup_file.read_bytes()
    assert any_cli("cell", "set", "exa", "compliance", "--score", "0", "--rationale",
                   "Fictional rationale.").exit_code == 0  # fmt: skip
    before = _snapshot(any_cli)
    hook = _kill_on_call(os, "fsync" if point == "fsync" else "replace")

    crashed = forked.run(
        ["--db", any_cli.db_url, "--today", TODAY, "backup", str(backup_file)],
        tmp_path,
        prepare=hook,
    )

    assert crashed.exit_code == KILLED, crashed.output
    assert backup_file.read_bytes() == old_bytes
    _assert_untouched(any_cli, before)


def test_a_restore_killed_midway_leaves_the_database_empty(
    any_cli: Cli, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    from scorecard.storage import backup

    assert any_cli("cell", "set", "exa", "compliance", "--score", "0", "--rationale",
                   "Fictional rationale.").exit_code == 0  # fmt: skip
    backup_file = tmp_path / "team.backup"
    assert any_cli("backup", str(backup_file)).exit_code == 0
    if any_cli.db_url.startswith("sqlite"):
        target = Cli(f"sqlite:///{tmp_path / 'restored.db'}")
    else:
        target = Cli(request.getfixturevalue("pg_server").create_database("crash_restore"))
    assert target("--help").exit_code == 0
    args = ["--db", target.db_url, "--today", TODAY, "restore", str(backup_file)]

    crashed = forked.run(
        args, tmp_path, prepare=_kill_on_call(backup, "restore_contents", after=True)
    )

    assert crashed.exit_code == KILLED, crashed.output
    state = _snapshot(target)
    assert all(rows == [] for rows in state.values()), {k: len(v) for k, v in state.items()}
    restored = forked.run(args, tmp_path)
    assert restored.exit_code == 0, restored.output
    assert _snapshot(target) == _snapshot(any_cli)
