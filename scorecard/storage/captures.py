"""Content-addressed store of captured bodies at root/<sha256[:2]>/<sha256>, written atomically."""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from pathlib import Path

SHA256_HEX = re.compile(r"[0-9a-f]{64}")


class CaptureNotStored(KeyError):
    """No body with this hash is in the store."""


class CorruptCapture(ValueError):
    """A stored body no longer hashes to its name: the file was altered on disk."""


def require_sha256(sha: str) -> str:
    """The hash itself, or ValueError unless it is exactly 64 lower-case hex digits.

    Only such names reach the filesystem, so a hash can never be a path (`..`, `/`, `\\`).
    """
    if not isinstance(sha, str) or SHA256_HEX.fullmatch(sha) is None:
        raise ValueError(f"not a sha256 hex digest: {sha!r}")
    return sha


class CaptureStore:
    """Bodies stored once each under their sha256; a stored file is never rewritten."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    def path(self, sha: str) -> Path:
        """Where the body with this hash lives (whether or not it is stored yet)."""
        require_sha256(sha)
        return self.root / sha[:2] / sha

    def has(self, sha: str) -> bool:
        return self.path(sha).is_file()

    def put(self, body: bytes) -> str:
        """Store `body` if new and return its sha256; a crash never leaves a partial file."""
        sha = hashlib.sha256(body).hexdigest()
        target = self.path(sha)
        if target.is_file():
            return sha
        target.parent.mkdir(parents=True, exist_ok=True)
        # Write beside the target so os.replace is a same-filesystem atomic rename.
        fd, temp_name = tempfile.mkstemp(prefix=".tmp-", dir=target.parent)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(body)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temp_name, target)
        except BaseException:
            Path(temp_name).unlink(missing_ok=True)
            raise
        return sha

    def get(self, sha: str) -> bytes:
        """The stored body; CaptureNotStored if absent, CorruptCapture if it fails its hash."""
        target = self.path(sha)
        try:
            body = target.read_bytes()
        except FileNotFoundError as exc:
            raise CaptureNotStored(sha) from exc
        if hashlib.sha256(body).hexdigest() != sha:
            raise CorruptCapture(f"stored capture {sha} no longer matches its hash ({target})")
        return body
