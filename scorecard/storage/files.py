"""Writes files so that a crash leaves either the old file or the new one, never half of one."""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path


@dataclass
class StagedFile:
    """New content written and flushed to a temporary file beside its target, not yet in place.

    `install()` renames it over the target (one atomic step); `discard()` removes it. A caller
    that must keep a file in step with a database stages the file, commits, then installs it.
    """

    path: Path
    temp_path: Path
    done: bool = False

    def install(self) -> None:
        os.replace(self.temp_path, self.path)
        self.done = True

    def discard(self) -> None:
        if not self.done:
            self.temp_path.unlink(missing_ok=True)
            self.done = True


def stage_atomic(path: Path, data: bytes) -> StagedFile:
    """Writes `data` to a temporary file beside `path` and flushes it to disk."""
    path.parent.mkdir(parents=True, exist_ok=True)
    # mkstemp makes the file private (0600); a replaced file keeps its mode, a new one is 0644
    # like any file a reviewer writes, since reports and packets are made to be shared.
    mode = path.stat().st_mode & 0o777 if path.exists() else 0o644
    fd, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise
    return StagedFile(path=path, temp_path=Path(temp_name))


def write_atomic(path: Path, data: bytes) -> None:
    """Writes to a temporary file beside the target, flushes it to disk, then renames it over."""
    staged = stage_atomic(path, data)
    try:
        staged.install()
    except BaseException:
        staged.discard()
        raise
