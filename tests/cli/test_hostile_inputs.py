"""Hostile input, on SQLite and PostgreSQL: every one gets a clear message and a non-zero exit,
never a traceback, and the database is left exactly as it was (every row of every table)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from scorecard.services.database import open_database
from tests.conftest import REPO_ROOT, Cli
from tests.db_state import database_state

TODAY = date(2026, 11, 29)
ROOT_DOCUMENT: dict[str, Any] = json.loads((REPO_ROOT / "scorecard.json").read_text("utf-8"))
RLO = "\u202e"
FICTIONAL_URL = "https://example.com/fictional/page"
EVIDENCE_IDS: dict[str, str] = {}  # the evidence item each module database starts with


@pytest.fixture(
    scope="module",
    params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)],
)
def hostile_db(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """One seeded database per engine for the whole module: every case must leave it as is,
    and each case compares against the state it found."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('hostile') / 'scorecard.db'}"
    else:
        server = request.getfixturevalue("pg_server")
        url = server.create_database("hostile")
    open_database(url, today=TODAY).dispose()
    seeded = Cli(url)
    added = seeded(
        "evidence", "add", "exa", "procurement_maturity", "--artifact", "msa",
        "--state", "observed", "--grade", "vendor_claimed", "--url", FICTIONAL_URL,
        "--retrieved", "2026-11-01",
    )  # fmt: skip
    assert added.exit_code == 0, added.output
    EVIDENCE_IDS[url] = added.stdout.split()[-1].rstrip(".")
    yield url
    if request.param == "postgresql":
        request.getfixturevalue("pg_server").drop_database(url)


@pytest.fixture
def hostile_cli(hostile_db: str) -> Cli:
    return Cli(hostile_db)


def _state(cli: Cli) -> dict[str, list[tuple[Any, ...]]]:
    return database_state(cli.db_url)


def _refused(result: Any, *words: str) -> None:
    output = result.stdout + result.stderr
    assert result.exit_code != 0, output
    assert "Traceback" not in output, output
    for word in words:
        assert word in output, output


def _evidence_id(cli: Cli) -> str:
    return EVIDENCE_IDS[cli.db_url]


# ---- hostile documents ----------------------------------------------------------------------

Mutation = Callable[[dict[str, Any]], None]


def _set(path: str, value: Any) -> Mutation:
    """Sets one field of the root document, addressed like 'vendors.0.cells.compliance.score'."""

    def mutate(document: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node: Any = document
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return mutate


def _evidence(**fields: Any) -> Mutation:
    item = {
        "id": "ev-hostile",
        "artifact": "msa",
        "state": "observed",
        "grade": "vendor_claimed",
        "url": FICTIONAL_URL,
        "retrieval_date": "2026-11-01",
        "capture_sha256": None,
        "quote": None,
        "note": None,
        **fields,
    }
    return lambda d: d["vendors"][0]["cells"]["procurement_maturity"]["evidence"].append(item)


def _event(**fields: Any) -> Mutation:
    event = {"kind": "other", "date": "2026-01-01", "source_url": FICTIONAL_URL, "note": None}
    event.update(fields)
    return lambda d: d["vendors"][0]["events"].append(event)


def _conflict(**fields: Any) -> Mutation:
    conflict = {
        "id": "c-hostile",
        "vendor": "exa",
        "dimension": None,
        "primary_source": FICTIONAL_URL,
        "conflicting_source": FICTIONAL_URL + "/other",
        "description": "Fictional conflict.",
        "logged_on": "2026-11-01",
        "resolution": None,
        "resolved_on": None,
        **fields,
    }
    return lambda d: d["source_conflicts"].append(conflict)


# Each case: how the document is made hostile, and what the refusal must say.
DOCUMENT_CASES: dict[str, tuple[Mutation, tuple[str, ...]]] = {
    "wrong type: vendors": (_set("vendors", "exa"), ("$.vendors",)),
    "wrong type: score as text": (_set("vendors.0.cells.compliance.score", "3"), ("score",)),
    "wrong type: score as boolean": (
        _set("vendors.0.cells.compliance.score", True),
        ("score",),
    ),
    "wrong type: included": (_set("vendors.0.included", "yes"), ("included",)),
    "wrong type: evidence": (
        _set("vendors.0.cells.compliance.evidence", {"id": "x"}),
        ("evidence",),
    ),
    "missing section": (lambda d: d.pop("vendors"), ("vendors",)),
    "score out of range": (_set("vendors.0.cells.compliance.score", 7), ("score",)),
    "huge vendor name": (_set("vendors.0.name", "x" * 1_000_000), ("name",)),
    "huge quote": (_evidence(quote="q" * 5_000_000), ("Quote", "limit")),
    "huge event note": (_event(note="n" * 5_000_000), ("Event note", "limit")),
    "control character in a name": (_set("vendors.0.name", "Exa\x07"), ("U+0007",)),
    "NUL in a name": (_set("vendors.0.name", "Exa\x00"), ("U+0000",)),
    "right-to-left override in a name": (_set("vendors.0.name", f"Exa{RLO}gnp.exe"), ("U+202E",)),
    "isolate in a name": (_set("vendors.0.name", "Exa\u2066x\u2069"), ("U+2066",)),
    "terminal escape in a quote": (_evidence(quote="\x1b[31mred\x1b[0m"), ("U+001B",)),
    "right-to-left override in a conflict": (_conflict(description=f"a{RLO}b"), ("U+202E",)),
    "NUL in an event note": (_event(note="a\x00b"), ("U+0000",)),
    "lone surrogate in a conflict": (_conflict(description="\ud800"), ("U+D800",)),
    "2026-02-30 as verification date": (
        _set("edition.verification_date", "2026-02-30"),
        ("2026-02-30",),
    ),
    "2026-02-30 as founding date": (_set("vendors.0.founding_date", "2026-02-30"), ("2026-02-30",)),
    "2026-02-30 as retrieval date": (_evidence(retrieval_date="2026-02-30"), ("2026-02-30",)),
    "2026-13-01 as event date": (_event(date="2026-13-01"), ("2026-13-01",)),
    "two-digit year": (_set("edition.valid_until", "26-12-02"), ("26-12-02",)),
    "retrieval date in the future": (_evidence(retrieval_date="2027-01-01"), ("future",)),
    "valid until before verification": (_set("edition.valid_until", "2026-01-01"), ("before",)),
    "javascript: evidence URL": (_evidence(url="javascript:alert(1)"), ("url",)),
    "file: evidence URL": (_evidence(url="file:///etc/passwd"), ("url",)),
    "data: evidence URL": (_evidence(url="data:text/html,<b>hi</b>"), ("url",)),
    "credentials in an evidence URL": (
        _evidence(url="https://reviewer:secret@example.com/x"),
        ("credentials",),
    ),
    "javascript: homepage": (_set("vendors.0.homepage", "javascript:alert(1)"), ("homepage",)),
    "credentials in a homepage": (
        _set("vendors.0.homepage", "https://u:p@example.com/"),
        ("credentials",),
    ),
    "credentials in an event source": (
        _event(source_url="https://u:p@example.com/news"),
        ("credentials",),
    ),
    "path traversal as a capture hash": (
        _evidence(capture_sha256="../../../etc/passwd"),
        ("capture_sha256",),
    ),
    "unknown artifact": (_evidence(artifact="made_up"), ("artifact-in-checklist",)),
    "evidence id appears twice": (
        lambda d: (_evidence(id="ev-twice")(d), _evidence(id="ev-twice")(d)),
        ("appears twice",),
    ),
    "unknown vendor referenced": (_conflict(vendor="nosuch"), ("nosuch",)),
    "reply window of 10^20 days": (
        _set("right_of_reply.response_window_working_days", 10**20),
        ("reply window",),
    ),
    "unknown methodology": (_set("methodology.version", "99"), ("methodology",)),
}


@pytest.mark.parametrize("case", list(DOCUMENT_CASES))
def test_a_hostile_document_is_refused_whole(hostile_cli: Cli, tmp_path: Path, case: str) -> None:
    mutate, words = DOCUMENT_CASES[case]
    document = copy.deepcopy(ROOT_DOCUMENT)
    mutate(document)
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(document, ensure_ascii=True), "utf-8")
    before = _state(hostile_cli)

    result = hostile_cli("import", "--replace", str(path))

    _refused(result, *words)
    assert _state(hostile_cli) == before
    checked = hostile_cli("validate", str(path))
    assert "Traceback" not in checked.output


def _root_text() -> str:
    return json.dumps(ROOT_DOCUMENT)


# Files that are not a usable document at all: (contents, what the refusal must say).
FILE_CASES: dict[str, tuple[bytes, tuple[str, ...]]] = {
    "empty file": (b"", ("malformed JSON",)),
    "truncated document": (_root_text()[: len(_root_text()) // 2].encode(), ("malformed JSON",)),
    "truncated after one byte": (b"{", ("malformed JSON",)),
    "trailing garbage": ((_root_text() + "}}").encode(), ("malformed JSON",)),
    "not JSON": (b"vendor: exa\nscore: 4\n", ("malformed JSON",)),
    "not UTF-8": (b'{"name": "\xff\xfe"}', ("not UTF-8",)),
    "UTF-8 byte order mark": (b"\xef\xbb\xbf" + _root_text().encode(), ("BOM",)),
    "a JSON string": (b'"scorecard"', ("$",)),
    "a JSON array": (b"[1, 2, 3]", ("$",)),
    "nested 100000 deep": (b"[" * 100_000 + b"]" * 100_000, ("nested too deeply",)),
    "a 5000-digit number": (b'{"schema_version": ' + b"9" * 5000 + b"}", ("not usable JSON",)),
    "NaN": (b'{"schema_version": NaN}', ("NaN",)),
    "Infinity": (b'{"schema_version": -Infinity}', ("Infinity",)),
}


@pytest.mark.parametrize("case", list(FILE_CASES))
def test_a_file_that_is_not_a_document_is_refused(
    hostile_cli: Cli, tmp_path: Path, case: str
) -> None:
    contents, words = FILE_CASES[case]
    path = tmp_path / "hostile.json"
    path.write_bytes(contents)
    before = _state(hostile_cli)

    result = hostile_cli("import", str(path))

    _refused(result, *words)
    assert _state(hostile_cli) == before
    _refused(hostile_cli("validate", str(path)), *words)


def test_a_100_mb_import_is_refused_before_it_is_read(hostile_cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    chunk = b"a" * (1024 * 1024)
    with path.open("wb") as handle:
        handle.write(b'{"schema_version": "')
        for _ in range(100):
            handle.write(chunk)
        handle.write(b'"}')
    before = _state(hostile_cli)

    result = hostile_cli("import", str(path))

    _refused(result, "104,857,622 bytes", "import limit", "SCORECARD_MAX_IMPORT_BYTES")
    assert _state(hostile_cli) == before


def test_the_import_limit_can_be_lowered(
    hostile_cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "edition.json"
    path.write_text(_root_text())
    monkeypatch.setenv("SCORECARD_MAX_IMPORT_BYTES", "1000")
    before = _state(hostile_cli)

    _refused(hostile_cli("import", "--replace", str(path)), "limit of 1,000 bytes")
    assert _state(hostile_cli) == before


@pytest.mark.parametrize(
    "where",
    ["missing.json", ".", "/dev/null/child.json"],
    ids=["missing", "folder", "under a file"],
)
def test_an_unreadable_path_is_refused(hostile_cli: Cli, where: str) -> None:
    before = _state(hostile_cli)

    _refused(hostile_cli("import", where))
    assert _state(hostile_cli) == before


# ---- hostile command arguments --------------------------------------------------------------

ARGUMENT_CASES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "checking date 2026-02-30": (("--today", "2026-02-30", "vendor", "list"), ("2026-02-30",)),
    "checking date in words": (("--today", "yesterday", "vendor", "list"), ("yesterday",)),
    "retrieval date 2026-02-30": (
        ("evidence", "add", "exa", "compliance", "--artifact", "dpa", "--state",
         "not_disclosed", "--retrieved", "2026-02-30"),
        ("2026-02-30",),
    ),
    "verification date past year 9999": (
        ("edition", "new", "--verification-date", "9999-12-31"),
        ("error",),
    ),
    "javascript: URL": (
        ("evidence", "add", "exa", "compliance", "--artifact", "dpa", "--state", "observed",
         "--grade", "vendor_claimed", "--url", "javascript:alert(document.cookie)"),
        ("only http and https",),
    ),
    "file: URL": (
        ("evidence", "add", "exa", "compliance", "--artifact", "dpa", "--state", "observed",
         "--grade", "vendor_claimed", "--url", "file:///etc/passwd"),
        ("only http and https",),
    ),
    "data: URL": (
        ("evidence", "add", "exa", "compliance", "--artifact", "dpa", "--state", "observed",
         "--grade", "vendor_claimed", "--url", "data:text/html;base64,PGI+aGk8L2I+"),
        ("only http and https",),
    ),
    "URL with credentials": (
        ("evidence", "add", "exa", "compliance", "--artifact", "dpa", "--state", "observed",
         "--grade", "vendor_claimed", "--url", "https://reviewer:hunter2@example.com/dpa"),
        ("credentials",),
    ),
    "homepage with credentials": (
        ("vendor", "set", "exa", "--homepage", "https://u:p@example.com/"),
        ("credentials",),
    ),
    "capture hash with path traversal": (
        ("evidence", "add", "exa", "compliance", "--artifact", "dpa", "--state", "observed",
         "--grade", "vendor_claimed", "--url", FICTIONAL_URL, "--sha256", "../../etc/passwd"),
        ("SHA-256",),
    ),
    "right-to-left override in a new vendor's name": (
        ("vendor", "add", "evil", "--name", f"Evil{RLO}exe.pdf"),
        ("U+202E",),
    ),
    "control characters in a vendor's name": (
        ("vendor", "set", "exa", "--name", "Exa\x1b[2J"),
        ("U+001B",),
    ),
    "a megabyte vendor name": (("vendor", "add", "big", "--name", "x" * 1_000_000), ("limit",)),
    "vendor id with path traversal": (
        ("vendor", "add", "../../etc", "--name", "Traversal"),
        ("refused",),
    ),
    "bytes that are not UTF-8 in a lookup": (("vendor", "show", "exa\udcff"), ("UTF-8",)),
    "bytes that are not UTF-8 in a URL": (
        ("evidence", "add", "exa", "compliance", "--artifact", "dpa", "--state", "observed",
         "--grade", "vendor_claimed", "--url", "https://example.com/\udcff"),
        ("UTF-8",),
    ),
    "a 25-digit expected version": (
        ("cell", "set", "exa", "compliance", "--unscore", "--expected-version", "9" * 25),
        ("version",),
    ),
    "a 25-digit score": (("cell", "set", "exa", "compliance", "--score", "9" * 25), ("0 to 4",)),
    "a score in words": (("cell", "set", "exa", "compliance", "--score", "four"), ("--score",)),
    "unknown dimension": (("cell", "set", "exa", "trust", "--score", "1"), ("trust",)),
    "stale expected version": (
        ("cell", "set", "exa", "compliance", "--unscore", "--expected-version", "0"),
        ("version 0, now",),
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(ARGUMENT_CASES))
def test_a_hostile_argument_is_refused(hostile_cli: Cli, case: str) -> None:
    args, words = ARGUMENT_CASES[case]
    before = _state(hostile_cli)

    result = hostile_cli(*args)

    _refused(result, *words)
    assert _state(hostile_cli) == before


def test_an_edit_with_hostile_fields_is_refused(hostile_cli: Cli) -> None:
    key = _evidence_id(hostile_cli)
    before = _state(hostile_cli)
    for fields, words in (
        (("--url", "javascript:alert(1)"), ("only http and https",)),
        (("--quote", f"quote{RLO}"), ("U+202E",)),
        (("--retrieved", "2026-02-30"), ("2026-02-30",)),
        (("--sha256", "..%2F..%2Fetc"), ("SHA-256",)),
        (("--clear", "../state"), ("--clear",)),
        ((), ("nothing to change",)),
    ):
        _refused(hostile_cli("evidence", "edit", key, *fields), *words)
    assert _state(hostile_cli) == before


def test_a_database_url_that_cannot_be_used_is_a_clear_error(tmp_path: Path) -> None:
    for url, words in (
        ("nonsense://", ("database",)),
        ("postgresql+psycopg://scorecard@127.0.0.1:1/none", ("Cannot open the database",)),
        (f"sqlite:///{tmp_path}", ("database",)),
    ):
        _refused(Cli(url)("vendor", "list"), *words)


# ---- capture names --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "../../etc/passwd",
        "/etc/passwd",
        "..",
        "ab/../../x",
        "A" * 64,
        "a" * 63,
        "a" * 65,
        "g" * 64,
        "a" * 63 + "\x00",
        "a" * 62 + "/.",
    ],
    ids=lambda n: repr(n)[:20],
)
def test_a_capture_name_that_is_not_a_sha256_never_reaches_the_filesystem(
    tmp_path: Path, name: str
) -> None:
    captures = pytest.importorskip("scorecard.storage.captures")
    store = captures.CaptureStore(tmp_path / "captures")

    for use in (store.path, store.has, store.get):
        with pytest.raises(ValueError, match="sha256"):
            use(name)
    assert not (tmp_path / "captures").exists()
