"""Starts the terminal UI on the database and checking date the command line resolved."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from scorecard.domain.errors import RuleViolation
from scorecard.services.context import ServiceError, current_reviewer
from scorecard.services.database import open_database
from scorecard.services.exchange import DocumentInvalid
from scorecard.ui.app import ScorecardApp, read_edition
from scorecard.ui.backend import Backend, refusal_message
from scorecard.ui.startup import StartupCollector

EXIT_REFUSED = 2


def launch(options: Any) -> None:
    """Opens (and on first run seeds) the database, then runs the app until the reviewer quits.

    `options` carries `.db_url` and `.today`, as the command line's global options do.
    """
    try:
        engine = open_database(options.db_url, today=options.today)
    except (ServiceError, RuleViolation, DocumentInvalid) as exc:
        # Seeding a first database imports the bundled edition, so a document can be refused.
        console = Console(stderr=True, highlight=False)
        console.print("error:", style="bold red", end=" ")
        message = refusal_message(exc)
        if isinstance(exc, DocumentInvalid):
            message = "the bundled edition does not match the schema: " + message
        console.print(message, markup=False)
        raise SystemExit(EXIT_REFUSED) from None
    backend = Backend(
        engine, today=options.today, reviewer=current_reviewer(), db_url=options.db_url
    )
    collector = StartupCollector()
    try:
        # Read before the app starts: the first screen is then laid out once, with the edition,
        # instead of drawn empty and again when a worker's read arrives (measured in
        # benchmarks/ui_first_paint.py). A failed read is shown in the app like any other.
        collector.hold()
        with Console(stderr=True).status("Reading the edition…"):
            first_read = read_edition(backend)
        ScorecardApp(backend, first_read, on_first_frame=collector.release).run()
    finally:
        collector.release()
        engine.dispose()
