"""Calendar arithmetic the rules share: company age, validity and working-day deadlines."""

from __future__ import annotations

from datetime import date, timedelta


def months_between(start: date, end: date) -> int:
    """Whole calendar months from start to end (negative when end is earlier)."""
    months = (end.year - start.year) * 12 + (end.month - start.month)
    if end.day < start.day:
        months -= 1
    return months


def add_days(start: date, days: int) -> date:
    return start + timedelta(days=days)


def add_working_days(start: date, working_days: int) -> date:
    """The date `working_days` weekdays after start, skipping Saturdays and Sundays."""
    current = start
    remaining = working_days
    while remaining > 0:
        current += timedelta(days=1)
        if current.weekday() < 5:
            remaining -= 1
    return current
