"""Runs the `scorecard` command in a forked child process, for tests that need a real process.

A fork starts in milliseconds with everything already imported (a fresh interpreter spends
seconds importing), and the child can install a hook first, e.g. one that kills the process with
SIGKILL at a chosen point, so a crash lands at the same place on every run.
"""

from __future__ import annotations

import io
import os
import signal
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path


@dataclass
class Finished:
    """How the child ended: its exit code (negative: killed by that signal) and its output."""

    exit_code: int
    stdout: str
    stderr: str

    @property
    def output(self) -> str:
        return self.stdout + self.stderr


@dataclass
class Forked:
    pid: int
    stdout_path: Path
    stderr_path: Path

    def wait(self) -> Finished:
        _pid, status = os.waitpid(self.pid, 0)
        return Finished(
            exit_code=os.waitstatus_to_exitcode(status),
            stdout=self.stdout_path.read_text("utf-8", errors="replace"),
            stderr=self.stderr_path.read_text("utf-8", errors="replace"),
        )


def kill_self() -> None:
    """Ends this process at once, as a power cut or `kill -9` would: no cleanup runs."""
    sys.stdout.flush()
    sys.stderr.flush()
    os.kill(os.getpid(), signal.SIGKILL)


def start(
    args: list[str],
    workdir: Path,
    *,
    environment: dict[str, str] | None = None,
    prepare: Callable[[], None] | None = None,
    name: str = "child",
) -> Forked:
    """Forks a child that runs `scorecard ARGS` in `workdir` after `prepare()` (e.g. a hook)."""
    stdout_path = workdir / f"{name}.stdout"
    stderr_path = workdir / f"{name}.stderr"
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid:
        return Forked(pid, stdout_path, stderr_path)
    exit_code = 1
    try:
        os.chdir(workdir)
        os.environ.update(environment or {})
        for fd, path in ((1, stdout_path), (2, stderr_path)):
            target = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            os.dup2(target, fd)
            os.close(target)
        sys.stdout = io.TextIOWrapper(os.fdopen(1, "wb", closefd=False), "utf-8")
        sys.stderr = io.TextIOWrapper(os.fdopen(2, "wb", closefd=False), "utf-8")
        if prepare is not None:
            prepare()
        from scorecard.cli import app

        try:
            app(args, prog_name="scorecard")
            exit_code = 0
        except SystemExit as ended:
            code = ended.code
            exit_code = code if isinstance(code, int) else (0 if code is None else 1)
    except BaseException:
        traceback.print_exc()
        exit_code = 1
    finally:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(exit_code)


def run(args: list[str], workdir: Path, **options: object) -> Finished:
    """Runs the command in a child and waits for it."""
    return start(args, workdir, **options).wait()  # type: ignore[arg-type]
