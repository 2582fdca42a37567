"""A throwaway PostgreSQL server for the test session, listening on loopback only.

The server binaries come from Debian's packages (/usr/lib/postgresql/<major>/bin). The cluster
lives in a temporary folder owned by an unprivileged user (initdb refuses to run as root), is
started on a free loopback port with its unix socket inside that folder, and is stopped and
deleted when the session ends. SCORECARD_TEST_PG_URL names an already running server instead.
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
from sqlalchemy.engine import make_url

BINARY_GLOB = "/usr/lib/postgresql/*/bin"
EXTERNAL_URL_VARIABLE = "SCORECARD_TEST_PG_URL"
START_TIMEOUT_SECONDS = 60


class PostgresUnavailable(RuntimeError):
    """No PostgreSQL server can be started here; the message says why."""


def find_binaries() -> Path:
    """The newest installed server's bin folder, or PostgresUnavailable naming what is missing."""
    candidates = [Path(p) for p in glob.glob(BINARY_GLOB) if (Path(p) / "postgres").is_file()]
    if not candidates:
        raise PostgresUnavailable(
            f"no PostgreSQL server binaries under {BINARY_GLOB} "
            "(install them with `apt-get install -y postgresql`, or set "
            f"{EXTERNAL_URL_VARIABLE} to a server's URL)"
        )

    def major(path: Path) -> int:
        name = path.parent.name
        return int(name) if name.isdigit() else 0

    return max(candidates, key=major)


def _free_loopback_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _unprivileged_user() -> str | None:
    """The account to run the server as when we are root; None when we are not root."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        return name
    raise PostgresUnavailable("running as root and neither a 'postgres' nor a 'nobody' user exists")


@dataclass
class PostgresServer:
    """One running cluster; `url(database)` gives a psycopg SQLAlchemy URL to one of its databases."""

    host: str
    port: int
    user: str
    password: str | None = None
    base_database: str = "postgres"
    data_dir: Path | None = None
    bin_dir: Path | None = None
    run_as: str | None = None
    _database_numbers: itertools.count[int] = field(default_factory=lambda: itertools.count(1))

    def url(self, database: str) -> str:
        credentials = self.user if self.password is None else f"{self.user}:{self.password}"
        return f"postgresql+psycopg://{credentials}@{self.host}:{self.port}/{database}"

    def _admin(self) -> psycopg.Connection[tuple[object, ...]]:
        return psycopg.connect(
            host=self.host,
            port=self.port,
            user=self.user,
            password=self.password,
            dbname=self.base_database,
            autocommit=True,
            connect_timeout=10,
        )

    def create_database(self, prefix: str = "scorecard_test") -> str:
        """A new empty database (unique within this process) and its URL."""
        name = f"{prefix}_{os.getpid()}_{next(self._database_numbers)}"
        with self._admin() as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def drop_database(self, url: str) -> None:
        name = make_url(url).database
        with self._admin() as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    def stop(self) -> None:
        if self.data_dir is None or self.bin_dir is None:
            return
        _run(
            [str(self.bin_dir / "pg_ctl"), "-D", str(self.data_dir), "-m", "immediate", "stop"],
            self.run_as,
            check=False,
        )
        shutil.rmtree(self.data_dir.parent, ignore_errors=True)
        self.data_dir = None


def _run(
    command: Sequence[str], run_as: str | None, *, check: bool = True
) -> subprocess.CompletedProcess[str]:
    full = ["runuser", "-u", run_as, "--", *command] if run_as else list(command)
    result = subprocess.run(
        full, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120, check=False
    )
    if check and result.returncode != 0:
        raise PostgresUnavailable(
            f"{' '.join(command[:1])} failed ({result.returncode}): "
            f"{(result.stderr or result.stdout).strip()[-2000:]}"
        )
    return result


def external_server() -> PostgresServer | None:
    """The server SCORECARD_TEST_PG_URL names, if it is set."""
    configured = os.environ.get(EXTERNAL_URL_VARIABLE, "").strip()
    if not configured:
        return None
    parsed = make_url(configured)
    return PostgresServer(
        host=parsed.host or "127.0.0.1",
        port=parsed.port or 5432,
        user=parsed.username or "postgres",
        password=parsed.password,
        base_database=parsed.database or "postgres",
    )


def start_server() -> PostgresServer:
    """Creates and starts a fresh cluster; PostgresUnavailable with the reason when it cannot."""
    bin_dir = find_binaries()
    run_as = _unprivileged_user()
    root = Path(tempfile.mkdtemp(prefix="scorecard-pg-"))
    data_dir = root / "data"
    socket_dir = root / "socket"
    socket_dir.mkdir()
    if run_as is not None:
        account = pwd.getpwnam(run_as)
        for path in (root, socket_dir):
            os.chown(path, account.pw_uid, account.pw_gid)
    server: PostgresServer | None = None
    try:
        _run(
            [
                str(bin_dir / "initdb"),
                "-D",
                str(data_dir),
                "-U",
                "postgres",
                "--auth=trust",
                "--encoding=UTF8",
                "--no-locale",
                "--no-sync",
            ],
            run_as,
        )
        # The port is free when probed; another process could take it before the server binds,
        # so a failed start is retried on a new port.
        for _attempt in range(3):
            port = _free_loopback_port()
            options = " ".join(
                [
                    "-c listen_addresses=127.0.0.1",
                    f"-c port={port}",
                    f"-c unix_socket_directories={socket_dir}",
                    # Throwaway data: skip the disk flushes that make a test server slow.
                    "-c fsync=off",
                    "-c synchronous_commit=off",
                    "-c full_page_writes=off",
                    "-c max_connections=100",
                ]
            )
            started = _run(
                [
                    str(bin_dir / "pg_ctl"),
                    "-D",
                    str(data_dir),
                    "-o",
                    options,
                    "-l",
                    str(root / "server.log"),
                    "-t",
                    str(START_TIMEOUT_SECONDS),
                    "-w",
                    "start",
                ],
                run_as,
                check=False,
            )
            if started.returncode == 0:
                server = PostgresServer(
                    host="127.0.0.1",
                    port=port,
                    user="postgres",
                    data_dir=data_dir,
                    bin_dir=bin_dir,
                    run_as=run_as,
                )
                break
            time.sleep(0.2)
        if server is None:
            log = (root / "server.log").read_text(errors="replace")[-2000:]
            raise PostgresUnavailable(f"the PostgreSQL server did not start: {log}")
        return server
    except BaseException:
        if server is not None:
            server.stop()
        else:
            _run(
                [str(bin_dir / "pg_ctl"), "-D", str(data_dir), "-m", "immediate", "stop"],
                run_as,
                check=False,
            )
            shutil.rmtree(root, ignore_errors=True)
        raise


def in_ci() -> bool:
    """CI sets CI=true; there a missing PostgreSQL is a failure, never a skip."""
    return os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")
