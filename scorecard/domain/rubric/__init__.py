"""The methodology as versioned data: one rubric file per methodology version."""

from scorecard.domain.rubric.loader import KNOWN_VERSIONS, load_rubric
from scorecard.domain.rubric.model import Anchor, Artifact, DimensionSpec, Requirement, Rubric

__all__ = [
    "KNOWN_VERSIONS",
    "Anchor",
    "Artifact",
    "DimensionSpec",
    "Requirement",
    "Rubric",
    "load_rubric",
]
