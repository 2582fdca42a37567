"""CaptureStore: bodies stored once under their hash, atomically, and never outside the root."""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorecard.storage.captures import CaptureNotStored, CaptureStore, CorruptCapture

BODY = b"<html><body>Acme Search pricing</body></html>"
SHA = hashlib.sha256(BODY).hexdigest()


def test_put_returns_the_sha256_and_get_returns_the_body(tmp_path: Path) -> None:
    store = CaptureStore(tmp_path)

    sha = store.put(BODY)

    assert sha == SHA
    assert store.has(sha)
    assert store.get(sha) == BODY


def test_bodies_live_under_their_two_character_prefix(tmp_path: Path) -> None:
    store = CaptureStore(tmp_path)

    store.put(BODY)

    assert store.path(SHA) == tmp_path / SHA[:2] / SHA
    assert store.path(SHA).read_bytes() == BODY


def test_the_same_body_is_stored_once(tmp_path: Path) -> None:
    store = CaptureStore(tmp_path)

    store.put(BODY)
    first_write = store.path(SHA).stat().st_mtime_ns
    store.put(BODY)

    assert store.path(SHA).stat().st_mtime_ns == first_write
    assert [p.name for p in tmp_path.rglob("*") if p.is_file()] == [SHA]


def test_an_unknown_hash_is_not_stored(tmp_path: Path) -> None:
    store = CaptureStore(tmp_path)
    missing = hashlib.sha256(b"never stored").hexdigest()

    assert not store.has(missing)
    with pytest.raises(CaptureNotStored):
        store.get(missing)


@pytest.mark.parametrize(
    "bad",
    [
        "../../etc/passwd",
        "ab/../../../etc/passwd",
        SHA.upper(),
        SHA[:63],
        SHA + "0",
        "/" + SHA[1:],
        SHA[:62] + "\\x",
        "",
    ],
)
def test_a_name_that_is_not_a_sha256_never_reaches_the_filesystem(tmp_path: Path, bad: str) -> None:
    store = CaptureStore(tmp_path / "store")

    for use in (store.path, store.has, store.get):
        with pytest.raises(ValueError, match="not a sha256"):
            use(bad)


def test_a_body_altered_on_disk_is_reported_not_returned(tmp_path: Path) -> None:
    store = CaptureStore(tmp_path)
    store.put(BODY)
    store.path(SHA).write_bytes(b"<html>tampered</html>")

    with pytest.raises(CorruptCapture, match=SHA):
        store.get(SHA)


def test_a_failed_write_leaves_neither_the_body_nor_a_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = CaptureStore(tmp_path)

    def disk_full(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", disk_full)

    with pytest.raises(OSError, match="No space"):
        store.put(BODY)

    assert not store.has(SHA)
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []


@given(st.binary(max_size=4096))
def test_any_body_round_trips(body: bytes) -> None:
    # A fresh directory per example: hypothesis reruns this body but tmp_path is made once.
    with tempfile.TemporaryDirectory() as root:
        store = CaptureStore(Path(root))
        assert store.get(store.put(body)) == body
