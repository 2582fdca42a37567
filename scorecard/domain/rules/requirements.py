"""Evaluates an anchor's machine-checkable requirement against a cell's artifact statuses."""

from __future__ import annotations

from collections.abc import Mapping

from scorecard.domain.enums import GRADE_STRENGTH
from scorecard.domain.rubric.model import DimensionSpec, Requirement
from scorecard.domain.rules.evidence_strength import NOTHING, ArtifactStatus


def _label(spec: DimensionSpec, key: str) -> str:
    artifact = spec.artifact(key)
    return artifact.label if artifact else key


def describe(requirement: Requirement, spec: DimensionSpec) -> str:
    """The requirement in words a reviewer reads."""
    r = requirement
    if r.observed is not None:
        grade = r.min_grade.value.replace("_", " ")
        return f"{_label(spec, r.observed)}: observed ({grade} or stronger)"
    if r.not_absent is not None:
        return f"{_label(spec, r.not_absent)}: not confirmed absent"
    if r.not_established is not None:
        return f"no established finding of: {_label(spec, r.not_established)}"
    if r.at_most is not None and r.established_of is not None:
        labels = "; ".join(_label(spec, k) for k in r.established_of)
        return f"at most {r.at_most} established of: {labels}"
    if r.at_least is not None and r.observed_of is not None:
        labels = "; ".join(_label(spec, k) for k in r.observed_of)
        return f"at least {r.at_least} observed of: {labels}"
    if r.all_of is not None:
        return " and ".join(describe(c, spec) for c in r.all_of)
    assert r.any_of is not None
    return "one of: (" + " | ".join(describe(c, spec) for c in r.any_of) + ")"


def is_met(requirement: Requirement, statuses: Mapping[str, ArtifactStatus]) -> bool:
    """Whether the evidence meets the requirement (the fast check; `unmet` says why not)."""
    r = requirement
    if r.all_of is not None:
        return all(is_met(child, statuses) for child in r.all_of)
    if r.any_of is not None:
        return any(is_met(child, statuses) for child in r.any_of)
    if r.observed is not None:
        grade = statuses.get(r.observed, NOTHING).established_grade
        return grade is not None and GRADE_STRENGTH[grade] >= GRADE_STRENGTH[r.min_grade]
    if r.not_absent is not None:
        s = statuses.get(r.not_absent, NOTHING)
        return s.present or not s.confirmed_absent
    if r.not_established is not None:
        return statuses.get(r.not_established, NOTHING).established_count == 0
    if r.at_most is not None and r.established_of is not None:
        count = sum(statuses.get(k, NOTHING).established_count for k in r.established_of)
        return count <= r.at_most
    assert r.at_least is not None and r.observed_of is not None
    return sum(1 for k in r.observed_of if statuses.get(k, NOTHING).present) >= r.at_least


def unmet(
    requirement: Requirement, spec: DimensionSpec, statuses: Mapping[str, ArtifactStatus]
) -> list[str]:
    """The parts of the requirement the evidence does not meet, in words; empty when met."""
    if requirement.all_of is not None:
        failures: list[str] = []
        for child in requirement.all_of:
            failures.extend(unmet(child, spec, statuses))
        return failures
    return [] if is_met(requirement, statuses) else [describe(requirement, spec)]
