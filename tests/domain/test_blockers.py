"""Publication blockers computed from the data."""

from dataclasses import replace
from datetime import date

from scorecard.domain.assessment import assess_edition
from scorecard.domain.blockers import compute_blockers
from scorecard.domain.enums import DimensionId, FoundingDateStatus, Outcome
from scorecard.domain.models import (
    CellScore,
    Edition,
    EditionSnapshot,
    ManualBlocker,
    ReplyPacket,
    SourceConflict,
)
from scorecard.domain.rubric import load_rubric
from tests.domain.factories import item, vendor

RUBRIC = load_rubric("1")
VERIFIED = FoundingDateStatus.VERIFIED


def publishable_snapshot() -> EditionSnapshot:
    acme = vendor("acme", founded=date(2015, 1, 1), status=VERIFIED)
    scores = {
        ("acme", d): CellScore(Outcome.SCORED, 0, "Fictional test vendor.") for d in DimensionId
    }
    return EditionSnapshot(
        edition=Edition(
            verification_date=date(2026, 9, 3),
            valid_until=date(2026, 12, 2),
            methodology_version="1",
            version="1.0",
            published_date=date(2026, 10, 1),
            run_start=date(2026, 8, 1),
            run_end=date(2026, 8, 2),
            reply_window_working_days=10,
        ),
        vendors=(acme,),
        evidence=(),
        scores=scores,
        reply_packets=(ReplyPacket("acme", date(2026, 9, 4), date(2026, 9, 18), "d" * 64),),
    )


def rules(snapshot: EditionSnapshot, today: date = date(2026, 10, 1)) -> list[str]:
    return [b.rule_id for b in compute_blockers(assess_edition(snapshot, RUBRIC, today))]


def test_a_complete_edition_has_no_blockers() -> None:
    assert rules(publishable_snapshot()) == []


def test_the_edition_is_stale_after_valid_until() -> None:
    assert rules(publishable_snapshot(), date(2026, 12, 3)) == ["edition-stale"]


def test_right_of_reply_is_conducted_only_after_every_window_closes() -> None:
    assert "right-of-reply-not-conducted" in rules(publishable_snapshot(), date(2026, 9, 10))
    assert "right-of-reply-not-conducted" in rules(
        replace(publishable_snapshot(), reply_packets=())
    )


def test_unscored_cells_of_included_vendors_block_and_excluded_ones_do_not() -> None:
    snapshot = publishable_snapshot()
    unscored = dict(snapshot.scores)
    unscored[("acme", DimensionId.COMPLIANCE)] = CellScore()
    assert rules(replace(snapshot, scores=unscored)) == ["cell-unscored"]
    excluded = replace(snapshot.vendors[0], included=False, exclusion_reason="test")
    assert "cell-unscored" not in rules(
        replace(snapshot, scores=unscored, vendors=(excluded,), reply_packets=())
    )


def test_unverified_founding_date_and_provisional_history_block() -> None:
    snapshot = publishable_snapshot()
    unverified = replace(snapshot.vendors[0], founding_date_status=FoundingDateStatus.UNVERIFIED)
    scores = dict(snapshot.scores)
    scores[("acme", DimensionId.PRICE_STABILITY)] = CellScore(Outcome.INSUFFICIENT_HISTORY)
    assert rules(replace(snapshot, vendors=(unverified,), scores=scores)) == [
        "founding-date-unverified",
        "insufficient-history-provisional",
    ]


def test_a_score_above_a_lowered_ceiling_and_incomplete_evidence_block() -> None:
    snapshot = publishable_snapshot()
    scores = dict(snapshot.scores)
    scores[("acme", DimensionId.COMPLIANCE)] = CellScore(Outcome.SCORED, 3)
    incomplete = item(DimensionId.COMPLIANCE, "dpa", grade=None, retrieved=date(2026, 9, 20))
    found = rules(replace(snapshot, scores=scores, evidence=(incomplete,), evidence_by_cell={}))
    assert found == ["score-above-ceiling", "observed-evidence-fields"]


def test_unresolved_conflicts_and_manual_blockers_block_until_resolved() -> None:
    conflict = SourceConflict(
        "conflict-1", "acme", None, "vendor page", "tracker", "price", date(2026, 9, 5)
    )
    manual = ManualBlocker("blocker-1", "Legal has not signed off.")
    snapshot = replace(publishable_snapshot(), conflicts=(conflict,), manual_blockers=(manual,))
    assert rules(snapshot) == ["source-conflict-unresolved", "manual-blocker"]
    resolved = replace(
        snapshot,
        conflicts=(replace(conflict, resolution="primary wins", resolved_on=date(2026, 9, 6)),),
        manual_blockers=(replace(manual, resolved=True, resolution_note="signed"),),
    )
    assert rules(resolved) == []


def test_placeholders_block_by_name() -> None:
    snapshot = publishable_snapshot()
    blank = replace(snapshot.edition, version=None, reply_window_working_days=None)
    found = compute_blockers(
        assess_edition(replace(snapshot, edition=blank), RUBRIC, date(2026, 10, 1))
    )
    assert [b.detail for b in found] == ["VERSION", "N"]
