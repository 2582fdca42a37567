"""Rule plain-text: names and notes are plain text of bounded length.

Control characters and bidirectional overrides can make a vendor name or a quote display as
something other than what is stored, so they are refused rather than cleaned.
"""

from __future__ import annotations

import unicodedata

from scorecard.domain.errors import RuleViolation

RULE_ID = "plain-text"
_BIDI_CONTROLS = {
    "\u202a",
    "\u202b",
    "\u202c",
    "\u202d",
    "\u202e",
    "\u2066",
    "\u2067",
    "\u2068",
    "\u2069",
    "\u200e",
    "\u200f",
    "\u061c",
}
SHORT_TEXT_LIMIT = 200
LONG_TEXT_LIMIT = 20_000


def text_problem(value: str, *, limit: int, multiline: bool = False) -> str | None:
    if len(value) > limit:
        return f"it is {len(value):,} characters long; the limit is {limit:,}"
    for ch in value:
        if ch in _BIDI_CONTROLS:
            return f"it contains the bidirectional control U+{ord(ch):04X}"
        if multiline and ch in "\n\t":
            continue
        if unicodedata.category(ch) in ("Cc", "Cs"):
            return f"it contains the control character U+{ord(ch):04X}"
    return None


def check_text(
    field: str, value: str | None, *, limit: int = SHORT_TEXT_LIMIT, multiline: bool = False
) -> None:
    if value is None:
        return
    problem = text_problem(value, limit=limit, multiline=multiline)
    if problem:
        raise RuleViolation(RULE_ID, f"{field} refused: {problem}.")
