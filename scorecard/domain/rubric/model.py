"""Typed view of a rubric file: dimensions, artifacts, anchors and their requirements."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from scorecard.domain.enums import DimensionId, Polarity, SourceGrade


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Requirement(_Frozen):
    """One node of an anchor's machine-checkable requirement.

    Exactly one of the operator fields is set:
    - observed: a favourable artifact is established at min_grade or stronger;
    - not_absent: a favourable artifact is not confirmed absent;
    - not_established: no adverse finding of the artifact is established;
    - at_most + established_of: at most N established adverse findings across the artifacts;
    - at_least + observed_of: at least N of the favourable artifacts are established;
    - all_of / any_of: combinations.
    """

    observed: str | None = None
    min_grade: SourceGrade = SourceGrade.VENDOR_CLAIMED
    not_absent: str | None = None
    not_established: str | None = None
    at_most: int | None = Field(default=None, ge=0)
    established_of: tuple[str, ...] | None = None
    at_least: int | None = Field(default=None, ge=1)
    observed_of: tuple[str, ...] | None = None
    all_of: tuple[Requirement, ...] | None = None
    any_of: tuple[Requirement, ...] | None = None

    @model_validator(mode="after")
    def _one_operator(self) -> Requirement:
        operators = [
            self.observed is not None,
            self.not_absent is not None,
            self.not_established is not None,
            self.at_most is not None,
            self.at_least is not None,
            self.all_of is not None,
            self.any_of is not None,
        ]
        if sum(operators) != 1:
            raise ValueError("a requirement has exactly one operator")
        if (self.at_most is None) != (self.established_of is None):
            raise ValueError("at_most goes with established_of")
        if (self.at_least is None) != (self.observed_of is None):
            raise ValueError("at_least goes with observed_of")
        if self.min_grade == SourceGrade.THIRD_PARTY:
            raise ValueError("third-party evidence never establishes an artifact")
        return self

    def artifact_keys(self) -> set[str]:
        keys: set[str] = set()
        for single in (self.observed, self.not_absent, self.not_established):
            if single is not None:
                keys.add(single)
        for group in (self.established_of, self.observed_of):
            if group:
                keys.update(group)
        for children in (self.all_of, self.any_of):
            for child in children or ():
                keys |= child.artifact_keys()
        return keys


class Artifact(_Frozen):
    key: str
    label: str
    polarity: Polarity


class Anchor(_Frozen):
    level: int = Field(ge=0, le=4)
    text: str
    requires: Requirement | None = None


class CountBand(_Frozen):
    low: int = Field(ge=0)
    high: int = Field(ge=0)
    score: int = Field(ge=0, le=4)


class DimensionSpec(_Frozen):
    id: DimensionId
    name: str
    signals: str
    window_months: int | None = None
    method: Literal["anchors", "count"]
    artifacts: tuple[Artifact, ...]
    anchors: tuple[Anchor, ...]
    count_bands: tuple[CountBand, ...] | None = None
    known_failure_mode: str

    @model_validator(mode="after")
    def _consistent(self) -> DimensionSpec:
        if [a.level for a in self.anchors] != [0, 1, 2, 3, 4]:
            raise ValueError(f"{self.id}: anchors must be levels 0 to 4 in order")
        if self.anchors[0].requires is not None:
            raise ValueError(f"{self.id}: level 0 is the floor and has no requirement")
        known = {a.key for a in self.artifacts}
        if len(known) != len(self.artifacts):
            raise ValueError(f"{self.id}: artifact keys repeat")
        for anchor in self.anchors:
            if anchor.requires is not None:
                unknown = anchor.requires.artifact_keys() - known
                if unknown:
                    raise ValueError(f"{self.id}: anchor {anchor.level} names unknown {unknown}")
        if self.method == "count" and not self.count_bands:
            raise ValueError(f"{self.id}: a count dimension needs count_bands")
        return self

    def artifact(self, key: str) -> Artifact | None:
        for artifact in self.artifacts:
            if artifact.key == key:
                return artifact
        return None

    def anchor(self, level: int) -> Anchor:
        return self.anchors[level]


class Rubric(_Frozen):
    version: str
    title: str
    source: str
    validity_days: int = Field(ge=1)
    dimensions: tuple[DimensionSpec, ...]

    @model_validator(mode="after")
    def _all_dimensions(self) -> Rubric:
        if [d.id for d in self.dimensions] != list(DimensionId):
            raise ValueError("the rubric lists the five dimensions in their canonical order")
        return self

    def dimension(self, dimension_id: DimensionId | str) -> DimensionSpec:
        for spec in self.dimensions:
            if spec.id == dimension_id:
                return spec
        raise KeyError(dimension_id)
