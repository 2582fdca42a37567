"""Starts the terminal UI on the database and checking date the command line resolved."""

from __future__ import annotations

from typing import Any

from rich.console import Console


def launch(options: Any) -> None:
    Console(stderr=True).print(
        "The reviewers' terminal UI is not built yet; use `scorecard --help` for the commands."
    )
