"""Turns what a reviewer typed into values; only the form of a value is checked here, never a rule."""

from __future__ import annotations

from datetime import date


class InputProblem(ValueError):
    """Typed text that is not a value of its kind (a date that is not a date)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def optional_text(value: str) -> str | None:
    """The typed text, or None for an empty field."""
    stripped = value.strip()
    return stripped or None


def optional_date(value: str, label: str) -> date | None:
    """A YYYY-MM-DD date, None for an empty field, or the same refusal the command line gives."""
    text = value.strip()
    if not text:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise InputProblem(
            f"{label} {text!r} is not a calendar date in the form YYYY-MM-DD."
        ) from None
