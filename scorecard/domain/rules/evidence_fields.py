"""Rules observed-evidence-fields and artifact-in-checklist: what an evidence item must carry."""

from __future__ import annotations

import re
from datetime import date
from urllib.parse import urlsplit

from scorecard.domain.enums import EvidenceState
from scorecard.domain.errors import RuleViolation
from scorecard.domain.models import EvidenceItem
from scorecard.domain.rubric.model import DimensionSpec

FIELDS_RULE_ID = "observed-evidence-fields"
_SHA256_HEX = re.compile(r"[0-9a-f]{64}")
_SPACE_OR_CONTROL = re.compile(r"[\s\x00-\x1f\x7f]")
CHECKLIST_RULE_ID = "artifact-in-checklist"


def url_problem(url: str) -> str | None:
    """Why a URL cannot be cited, or None when it is a plain http(s) address."""
    if _SPACE_OR_CONTROL.search(url):
        return "it contains white space or control characters"
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return "it is not a well-formed URL"
    if parts.scheme.lower() not in ("http", "https"):
        shown = parts.scheme or "none"
        return f"its scheme is {shown!r}; only http and https sources can be cited"
    if not parts.hostname:
        return "it has no host"
    if parts.username is not None or parts.password is not None:
        return "it embeds credentials"
    del port
    return None


def missing_fields(item: EvidenceItem, today: date) -> list[str]:
    """What an item lacks or gets wrong in its dates (the publication blocker's check).

    URL syntax is checked when an item is recorded (`check_evidence`), so it is not re-parsed
    here for every item of an edition.
    """
    problems: list[str] = []
    if item.capture_sha256 is not None and not _SHA256_HEX.fullmatch(item.capture_sha256):
        problems.append("the capture hash is not a SHA-256 digest (64 lower-case hex digits)")
    if item.retrieval_date is not None and item.retrieval_date > today:
        problems.append(f"the retrieval date {item.retrieval_date} is in the future")
    if item.state != EvidenceState.OBSERVED:
        return problems
    if item.grade is None:
        problems.append("observed evidence needs a source grade")
    if item.url is None:
        problems.append("observed evidence needs a source URL")
    if item.retrieval_date is None:
        problems.append("observed evidence needs a retrieval date")
    return problems


def check_evidence(item: EvidenceItem, spec: DimensionSpec, today: date) -> None:
    """Refuses an evidence item that names an unknown artifact or lacks what it must carry."""
    if spec.artifact(item.artifact) is None:
        known = ", ".join(a.key for a in spec.artifacts)
        raise RuleViolation(
            CHECKLIST_RULE_ID,
            f"{item.artifact!r} is not on the {spec.name} checklist; choose one of: {known}.",
            vendor=item.vendor,
            dimension=spec.id,
        )
    problems = missing_fields(item, today)
    if item.url is not None:
        problem = url_problem(item.url)
        if problem:
            problems.insert(0, f"the source URL cannot be cited: {problem}")
    if problems:
        raise RuleViolation(
            FIELDS_RULE_ID,
            "Evidence refused: " + "; ".join(problems) + ".",
            vendor=item.vendor,
            dimension=spec.id,
        )
