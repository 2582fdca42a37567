"""Rule no-composite: no total, average, weighted score or rank anywhere (Part B §4).

Exporters run every document through this check before they write it.
"""

from __future__ import annotations

import re

from scorecard.domain.errors import RuleViolation

RULE_ID = "no-composite"
_FORBIDDEN = re.compile(
    r"(^|_)(total|sum|average|avg|mean|composite|overall|weighted|weight|rank|ranking)(_|$)",
    re.IGNORECASE,
)


def forbidden_keys(document: object, path: str = "$") -> list[str]:
    """JSON paths of keys that would carry a composite figure."""
    found: list[str] = []
    if isinstance(document, dict):
        for key, value in document.items():
            here = f"{path}.{key}"
            if isinstance(key, str) and _FORBIDDEN.search(key):
                found.append(here)
            found.extend(forbidden_keys(value, here))
    elif isinstance(document, list):
        for index, value in enumerate(document):
            found.extend(forbidden_keys(value, f"{path}[{index}]"))
    return found


def check_no_composite(document: object) -> None:
    found = forbidden_keys(document)
    if found:
        raise RuleViolation(
            RULE_ID,
            "A composite figure (total, average, weight or rank) may not be exported: "
            + ", ".join(found),
        )
