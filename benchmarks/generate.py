"""Builds a large fictional edition (no real vendor) for the benchmarks."""

from __future__ import annotations

import random
from datetime import date, timedelta

from scorecard.domain.enums import DimensionId, EvidenceState, Outcome, SourceGrade
from scorecard.domain.models import CellScore, Edition, EditionSnapshot, EvidenceItem, Vendor
from scorecard.domain.rubric import load_rubric

VERIFICATION = date(2026, 9, 3)


def large_snapshot(vendors: int, evidence_per_cell: int, seed: int = 7) -> EditionSnapshot:
    """`vendors` fictional vendors, five cells each, `evidence_per_cell` items a cell."""
    rng = random.Random(seed)
    rubric = load_rubric("1")
    vendor_list = []
    evidence = []
    scores = {}
    for n in range(vendors):
        key = f"vendor-{n:05d}"
        vendor_list.append(Vendor(key=key, name=f"Fictional Vendor {n:05d}"))
        for dimension in DimensionId:
            artifacts = [a.key for a in rubric.dimension(dimension).artifacts]
            for m in range(evidence_per_cell):
                state = rng.choice(list(EvidenceState))
                evidence.append(
                    EvidenceItem(
                        key=f"ev-{n:05d}-{dimension.value[:4]}-{m:03d}",
                        vendor=key,
                        dimension=dimension,
                        artifact=rng.choice(artifacts),
                        state=state,
                        grade=rng.choice(list(SourceGrade))
                        if state == EvidenceState.OBSERVED
                        else None,
                        url=f"https://example.com/{key}/{dimension.value}/{m}",
                        retrieval_date=VERIFICATION - timedelta(days=rng.randint(0, 60)),
                        quote="A fictional quote for benchmarking.",
                    )
                )
            scores[(key, dimension)] = CellScore(
                Outcome.SCORED, 0, "Fictional benchmark rationale."
            )
    return EditionSnapshot(
        edition=Edition(
            verification_date=VERIFICATION, valid_until=date(2026, 12, 2), methodology_version="1"
        ),
        vendors=tuple(vendor_list),
        evidence=tuple(evidence),
        scores=scores,
    )
