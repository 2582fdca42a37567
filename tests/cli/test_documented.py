"""Every CLI command is documented in the README's reference."""

from __future__ import annotations

from pathlib import Path

import typer
from typer.main import get_command

from scorecard.cli import app

README = Path(__file__).resolve().parents[2] / "README.md"


def command_paths() -> list[str]:
    root = get_command(app)
    paths: list[str] = []

    def walk(command: object, prefix: str) -> None:
        sub = getattr(command, "commands", None)
        if sub and prefix and getattr(command, "invoke_without_command", False):
            paths.append(prefix)
        if sub:
            for name, child in sub.items():
                walk(child, f"{prefix} {name}".strip())
        else:
            paths.append(prefix)

    walk(root, "")
    return sorted(paths)


def test_the_command_tree_is_not_empty() -> None:
    assert {"check", "export", "import", "cell set", "evidence add"} <= set(command_paths())
    assert isinstance(app, typer.Typer)


def test_every_command_has_a_row_in_the_readme() -> None:
    text = README.read_text("utf-8")
    missing = [p for p in command_paths() if f"`scorecard {p}" not in text]
    assert missing == []


def test_every_command_answers_help(cli) -> None:  # type: ignore[no-untyped-def]
    for path in command_paths():
        result = cli(*path.split(), "--help")
        assert result.exit_code == 0, path
        assert "Usage" in result.stdout
