"""The PostgreSQL test harness says why it cannot start a server, so a skip is never silent."""

from __future__ import annotations

import pytest

from tests import pg_server

EXTERNAL = pg_server.EXTERNAL_URL_VARIABLE


def test_missing_server_binaries_are_named_with_the_way_to_install_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(pg_server, "BINARY_GLOB", "/nonexistent/postgresql/*/bin")

    with pytest.raises(pg_server.PostgresUnavailable) as unavailable:
        pg_server.start_server()

    assert "apt-get install -y postgresql" in str(unavailable.value)
    assert pg_server.EXTERNAL_URL_VARIABLE in str(unavailable.value)


@pytest.mark.parametrize(("value", "expected"), [("true", True), ("1", True), ("", False)])
def test_ci_is_recognised_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, value: str, expected: bool
) -> None:
    monkeypatch.setenv("CI", value)

    assert pg_server.in_ci() is expected


@pytest.mark.postgres
def test_the_server_listens_on_loopback_only(pg_server: pg_server.PostgresServer) -> None:
    import psycopg

    if pg_server.data_dir is None:
        pytest.skip(f"the server named by {EXTERNAL} is not one this harness started")
    with psycopg.connect(
        host=pg_server.host, port=pg_server.port, user=pg_server.user, dbname="postgres"
    ) as connection:
        listen = connection.execute("SHOW listen_addresses").fetchone()
    assert pg_server.host == "127.0.0.1"
    assert listen is not None and listen[0] in ("127.0.0.1", "localhost")
