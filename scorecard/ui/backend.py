"""The UI's door to the services: one unit of work per action, run off the event loop.

A transaction is opened only for the length of one service call and never across a reviewer's
think time. Refusals come back as `Refusal` carrying the rule's or service's own message.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from datetime import date
from typing import TypeVar

from sqlalchemy import Engine

from scorecard.domain.errors import RuleViolation
from scorecard.services.context import Context, ServiceError
from scorecard.services.database import unit_of_work
from scorecard.services.refusals import STORAGE_ERRORS, storage_refusal

T = TypeVar("T")


class Refusal(Exception):
    """A request the tool refused; `message` is what the reviewer reads. Nothing was saved."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def refusal_message(exc: BaseException) -> str:
    """The reviewer's message for a refused request, worded as the command line words it."""
    if isinstance(exc, RuleViolation):
        return str(exc)
    if isinstance(exc, ServiceError):
        return " ".join((exc.message, *exc.details))
    if isinstance(exc, STORAGE_ERRORS):
        sentence = storage_refusal(exc)
        return sentence[:1].upper() + sentence[1:]
    return str(exc)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Pauses the cyclic garbage collector while a bulk read builds thousands of rows.

    Reference counting still frees everything; the collector runs again afterwards. Without
    this, repeated full collections during a large read cost more than the read itself.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


class Backend:
    """Runs service calls for the UI, one transaction each, one at a time."""

    def __init__(self, engine: Engine, *, today: date, reviewer: str, db_url: str) -> None:
        self.engine = engine
        self.today = today
        self.reviewer = reviewer
        self.db_url = db_url
        self._lock = threading.Lock()
        self._transactions = 0

    def call(self, action: Callable[[Context], T], *, bulk_read: bool = False) -> T:
        """Runs `action` in its own transaction: committed when it returns, rolled back on error."""
        return self.call_counted(action, bulk_read=bulk_read)[1]

    def call_counted(
        self, action: Callable[[Context], T], *, bulk_read: bool = False
    ) -> tuple[int, T]:
        """Like `call`, with the transaction's sequence number, so older reads can be told apart."""
        with self._lock:
            self._transactions += 1
            number = self._transactions
            try:
                paused = _collector_paused() if bulk_read else nullcontext()
                with paused, unit_of_work(self.engine) as session:
                    result = action(
                        Context(session=session, today=self.today, reviewer=self.reviewer)
                    )
            except (ServiceError, RuleViolation, *STORAGE_ERRORS) as exc:
                raise Refusal(refusal_message(exc)) from None
            return number, result
