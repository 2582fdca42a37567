"""`scorecard backup` and `scorecard restore`: a round trip on each engine and across them, and
the refusals that keep a restore from overwriting work or loading something that is not a backup."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import Cli
from tests.db_state import database_state

RATIONALE = "Fictional test rationale: nothing observed yet."


def _work(cli: Cli) -> str:
    """A reviewer's afternoon: scores, evidence, a new vendor; returns the evidence id."""
    steps = [
        ("cell", "set", "exa", "compliance", "--score", "0", "--rationale", RATIONALE),
        ("vendor", "add", "acme-search", "--name", "Acme Search (fictional) — ünïcode ✓"),
        (
            "evidence", "add", "exa", "procurement_maturity", "--artifact", "msa",
            "--state", "observed", "--grade", "vendor_claimed",
            "--url", "https://example.com/fictional/msa", "--retrieved", "2026-11-20",
            "--quote", "Fictional quote: “an MSA is available on request”.",
        ),
    ]  # fmt: skip
    for step in steps:
        result = cli(*step)
        assert result.exit_code == 0, (step, result.output)
    listed = cli("evidence", "list", "exa", "procurement_maturity")
    return next(word for word in listed.stdout.split() if word.startswith("ev-"))


def _export(cli: Cli) -> str:
    result = cli("export")
    assert result.exit_code == 0, result.output
    return str(result.stdout)


def _refused(result: Any, *words: str) -> None:
    output = result.stdout + result.stderr
    assert result.exit_code == 2, output
    assert "Traceback" not in output
    for word in words:
        assert word in output, output


def _empty_target(tmp_path: Path) -> Cli:
    """A new SQLite database that has its schema and no rows."""
    target = Cli(f"sqlite:///{tmp_path / 'restored.db'}")
    return target


def test_a_backup_restores_into_an_empty_database_of_the_same_engine(
    any_cli: Cli, any_db_url: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    _work(any_cli)
    backup_file = tmp_path / "scorecard.backup"
    made = any_cli("backup", str(backup_file))
    assert made.exit_code == 0, made.output
    if any_db_url.startswith("sqlite"):
        assert backup_file.read_bytes().startswith(b"SQLite format 3\x00")
        target = Cli(f"sqlite:///{tmp_path / 'restored.db'}")
    else:
        assert json.loads(backup_file.read_bytes())["format"] == "scorecard-backup"
        target = Cli(request.getfixturevalue("pg_server").create_database("restore_target"))

    restored = target("restore", str(backup_file))

    assert restored.exit_code == 0, restored.output
    assert database_state(target.db_url) == database_state(any_cli.db_url)
    assert _export(target) == _export(any_cli)
    assert target("log", "verify").exit_code == 0
    # New rows get new ids after the restored ones (PostgreSQL's sequences were moved on).
    assert target("cell", "set", "exa", "compliance", "--unscore").exit_code == 0
    assert target("vendor", "add", "beta-search", "--name", "Beta (fictional)").exit_code == 0


@pytest.mark.postgres
def test_a_json_backup_moves_a_database_between_engines(pg_server: Any, tmp_path: Path) -> None:
    sqlite_cli = Cli(f"sqlite:///{tmp_path / 'team.db'}")
    _work(sqlite_cli)
    dump = tmp_path / "team.json"
    assert sqlite_cli("backup", "--format", "json", str(dump)).exit_code == 0

    pg_cli = Cli(pg_server.create_database("moved"))
    assert pg_cli("restore", str(dump)).exit_code == 0
    assert _export(pg_cli) == _export(sqlite_cli)
    assert pg_cli("log", "verify").exit_code == 0
    assert pg_cli("cell", "set", "exa", "compliance", "--unscore").exit_code == 0

    back = tmp_path / "back.json"
    assert pg_cli("backup", str(back)).exit_code == 0
    again = Cli(f"sqlite:///{tmp_path / 'again.db'}")
    assert again("restore", str(back)).exit_code == 0
    assert _export(again) == _export(pg_cli)
    assert again("log", "verify").exit_code == 0


def test_a_database_that_is_not_empty_is_refused_unless_forced(
    any_cli: Cli, tmp_path: Path
) -> None:
    _work(any_cli)
    backup_file = tmp_path / "before-more-work.backup"
    assert any_cli("backup", str(backup_file)).exit_code == 0
    assert any_cli("cell", "set", "exa", "compliance", "--unscore").exit_code == 0
    before = database_state(any_cli.db_url)

    refused = any_cli("restore", str(backup_file))

    _refused(refused, "not empty", "--force")
    assert database_state(any_cli.db_url) == before

    forced = any_cli("restore", "--force", str(backup_file))
    assert forced.exit_code == 0, forced.output
    assert "replacing" in forced.stdout
    shown = any_cli("cell", "show", "exa", "compliance").stdout.splitlines()
    assert shown[0] == "exa / Compliance: 0"  # the backup's score, not the later --unscore
    assert any_cli("log", "verify").exit_code == 0


def _sqlite_backup(tmp_path: Path) -> Path:
    source = Cli(f"sqlite:///{tmp_path / 'source.db'}")
    assert source("vendor", "list").exit_code == 0
    path = tmp_path / "good.backup"
    assert source("backup", str(path)).exit_code == 0
    return path


def _not_backups(tmp_path: Path, root_document: dict[str, Any]) -> dict[str, tuple[Path, str]]:
    good = _sqlite_backup(tmp_path).read_bytes()
    files: dict[str, tuple[bytes, str]] = {
        "empty": (b"", "not a scorecard backup"),
        "text": (b"hello, reviewers\n", "not a scorecard backup"),
        "edition document": (
            json.dumps(root_document).encode(),
            "scorecard import",
        ),
        "malformed json": (b'{"format": "scorecard-backup", ', "not valid JSON"),
        "json without tables": (
            json.dumps({"format": "scorecard-backup", "format_version": 1}).encode(),
            "damaged",
        ),
        "json with ragged rows": (
            json.dumps(
                {
                    "format": "scorecard-backup",
                    "format_version": 1,
                    "schema_revision": "0001",
                    "tables": {"edition": {"columns": ["id"], "rows": [[1, 2]]}},
                }
            ).encode(),
            "damaged",
        ),
        "future format": (
            json.dumps({"format": "scorecard-backup", "format_version": 99}).encode(),
            "format 99",
        ),
        "truncated sqlite": (good[: len(good) // 3], "SQLite"),
        "unrelated sqlite": (b"", "not a scorecard backup"),
    }
    written: dict[str, tuple[Path, str]] = {}
    for name, (data, words) in files.items():
        path = tmp_path / f"{name.replace(' ', '-')}.bin"
        path.write_bytes(data)
        written[name] = (path, words)
    unrelated = written["unrelated sqlite"][0]
    unrelated.unlink()
    with sqlite3.connect(unrelated) as connection:
        connection.execute("CREATE TABLE notes (body TEXT)")
    return written


def test_a_file_that_is_not_a_backup_is_refused_and_nothing_changes(
    tmp_path: Path, root_document: dict[str, Any]
) -> None:
    target = _empty_target(tmp_path)
    for name, (path, words) in _not_backups(tmp_path, root_document).items():
        before = database_state(target.db_url) if (tmp_path / "restored.db").exists() else None

        result = target("restore", str(path))

        _refused(result, words)
        if before is not None:
            assert database_state(target.db_url) == before, name
    assert database_state(target.db_url).get("edition", []) == []


def test_a_backup_from_another_schema_is_refused(tmp_path: Path) -> None:
    dump = tmp_path / "old.json"
    old_schema = {
        "format": "scorecard-backup",
        "format_version": 1,
        "schema_revision": "0000",
        "tables": {},
    }
    dump.write_text(json.dumps(old_schema))

    _refused(_empty_target(tmp_path)("restore", str(dump)), "schema 0000")


def test_a_json_backup_with_a_bad_value_is_refused_whole(tmp_path: Path) -> None:
    source = Cli(f"sqlite:///{tmp_path / 'source.db'}")
    assert source("vendor", "list").exit_code == 0
    dump = tmp_path / "dump.json"
    assert source("backup", "--format", "json", str(dump)).exit_code == 0
    document = json.loads(dump.read_text())
    edition = document["tables"]["edition"]
    edition["rows"][0][edition["columns"].index("verification_date")] = "2026-02-30"
    dump.write_text(json.dumps(document))
    target = _empty_target(tmp_path)

    _refused(target("restore", str(dump)), "verification_date", "2026-02-30")
    assert database_state(target.db_url).get("vendor", []) == []


def test_a_backup_never_overwrites_the_database_itself(cli: Cli, tmp_path: Path) -> None:
    assert cli("vendor", "list").exit_code == 0
    before = (tmp_path / "scorecard.db").read_bytes()

    _refused(cli("backup", str(tmp_path / "scorecard.db")), "the database itself")
    _refused(cli("backup", str(tmp_path)), "folder")
    assert (tmp_path / "scorecard.db").read_bytes() == before


def test_a_new_backup_replaces_an_old_one_whole(cli: Cli, tmp_path: Path) -> None:
    backup_file = tmp_path / "nightly.backup"
    backup_file.write_bytes(b"last night's backup")

    assert cli("backup", str(backup_file)).exit_code == 0

    assert backup_file.read_bytes().startswith(b"SQLite format 3\x00")
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".nightly")] == []


@pytest.mark.parametrize("fmt", ["auto", "json"])
def test_a_new_backup_is_readable_by_its_owner_only(cli: Cli, tmp_path: Path, fmt: str) -> None:
    """A backup holds every row and the whole change log: it is not left readable by all."""
    backup_file = tmp_path / f"private.{fmt}"

    assert cli("backup", "--format", fmt, str(backup_file)).exit_code == 0

    assert backup_file.stat().st_mode & 0o777 == 0o600
