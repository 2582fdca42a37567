"""Rule trust-center-vendor-claimed."""

import pytest

from scorecard.domain.enums import DimensionId, SourceGrade
from scorecard.domain.errors import RuleViolation
from scorecard.domain.rules.trust_center import (
    RULE_ID,
    check_certification_grade,
    rests_on_trust_center_alone,
)
from tests.domain.factories import item

C = DimensionId.COMPLIANCE
DV = SourceGrade.DIRECTLY_VERIFIABLE


def test_a_certification_is_directly_verifiable_only_with_the_retrieved_report() -> None:
    with pytest.raises(RuleViolation) as refused:
        check_certification_grade(item(C, "soc2_type2", grade=DV))
    assert refused.value.rule_id == RULE_ID
    check_certification_grade(item(C, "soc2_type2", grade=DV, sha256="b" * 64))


def test_vendor_claimed_certifications_need_no_report() -> None:
    check_certification_grade(item(C, "iso27001"))


def test_a_claim_beside_a_trust_center_rests_on_it_alone() -> None:
    claimed = (item(C, "trust_center", grade=DV), item(C, "soc2_type2"))
    assert rests_on_trust_center_alone(claimed)
    retrieved = (*claimed, item(C, "iso27001", grade=DV, sha256="c" * 64))
    assert not rests_on_trust_center_alone(retrieved)
    assert not rests_on_trust_center_alone((item(C, "soc2_type2"),))
