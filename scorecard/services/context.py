"""What every use case needs: the caller's session, who is acting, and the checking date."""

from __future__ import annotations

import getpass
import os
from dataclasses import dataclass
from datetime import date

from sqlmodel import Session


class ServiceError(Exception):
    """A request the tool refuses (unknown vendor, frozen edition, ...), with a reviewer's message."""

    def __init__(self, message: str, *, exit_code: int = 2, details: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.exit_code = exit_code
        self.details = details


class NotFound(ServiceError):
    pass


def current_reviewer() -> str:
    """SCORECARD_REVIEWER, else the operating-system user."""
    configured = os.environ.get("SCORECARD_REVIEWER", "").strip()
    if configured:
        return configured
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "unknown"


@dataclass(frozen=True, slots=True)
class Context:
    session: Session
    today: date
    reviewer: str
