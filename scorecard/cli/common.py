"""What every command shares: global options, one transaction a command, and clean errors.

A refused input prints one clear message to stderr and exits non-zero with no traceback; the
command's transaction is rolled back, so the database is left exactly as it was.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import NoReturn, TypeVar

import typer
from rich.console import Console
from rich.text import Text
from sqlalchemy import Engine

from scorecard.document.validate import DocumentInvalid
from scorecard.domain.errors import RuleViolation
from scorecard.services.context import Context, ServiceError, current_reviewer
from scorecard.services.database import default_url, open_database, unit_of_work
from scorecard.services.refusals import STORAGE_ERRORS, storage_refusal

T = TypeVar("T")

# Markup is off: vendor names, quotes and URLs are data and must print exactly as stored.
console = Console(highlight=False, soft_wrap=True, markup=False)
err_console = Console(stderr=True, highlight=False, soft_wrap=True, markup=False)

EXIT_REFUSED = 2


@dataclass
class GlobalOptions:
    db_url: str
    today: date


def parse_date(value: str, what: str = "date") -> date:
    """A calendar date in YYYY-MM-DD form, or a clear refusal (2026-02-30 is not a date)."""
    try:
        return date.fromisoformat(value)
    except ValueError:
        fail(f"{what} {value!r} is not a calendar date in the form YYYY-MM-DD.")


def date_option(value: str | None) -> date | None:
    return None if value is None else parse_date(value)


def fail(message: str, code: int = EXIT_REFUSED) -> NoReturn:
    err_console.print(Text("error: ", style="bold red") + Text(message))
    raise typer.Exit(code)


def resolve_today(option: str | None) -> date:
    raw = option or os.environ.get("SCORECARD_TODAY")
    if raw:
        return parse_date(raw, "--today / SCORECARD_TODAY")
    return date.today()


def options(ctx: typer.Context) -> GlobalOptions:
    obj = ctx.find_root().obj
    assert isinstance(obj, GlobalOptions)
    return obj


def open_engine(opts: GlobalOptions, *, seed: bool = True) -> Engine:
    try:
        return open_database(opts.db_url, today=opts.today, seed=seed)
    except (ServiceError, RuleViolation, DocumentInvalid) as exc:
        fail(_message(exc))


def _message(exc: BaseException) -> str:
    if isinstance(exc, DocumentInvalid):
        return "the document does not match the schema:\n  " + "\n  ".join(exc.problems)
    if isinstance(exc, RuleViolation):
        return str(exc)
    if isinstance(exc, ServiceError):
        return "\n  ".join((exc.message, *exc.details))
    return str(exc)


def run(typer_ctx: typer.Context, action: Callable[[Context], T], *, seed: bool = True) -> T:
    """Runs one use case in one transaction; refusals become a message and an exit code."""
    opts = options(typer_ctx)
    engine = open_engine(opts, seed=seed)
    try:
        with unit_of_work(engine) as session:
            return action(Context(session=session, today=opts.today, reviewer=current_reviewer()))
    except ServiceError as exc:
        fail(_message(exc), exc.exit_code)
    except (RuleViolation, DocumentInvalid) as exc:
        fail(_message(exc))
    except STORAGE_ERRORS as exc:
        fail(storage_refusal(exc))
    finally:
        engine.dispose()


def global_callback(
    ctx: typer.Context,
    db: str | None,
    today: str | None,
) -> None:
    ctx.obj = GlobalOptions(db_url=db or default_url(), today=resolve_today(today))


def stdout_bytes(data: bytes) -> None:
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()
