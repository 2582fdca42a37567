"""The one error a rule raises: a refusal a reviewer can read and act on."""

from __future__ import annotations

from scorecard.domain.enums import DimensionId


class RuleViolation(ValueError):
    """Raised when an input breaks a rule; carries the rule's stable id and a reviewer's message."""

    def __init__(
        self,
        rule_id: str,
        message: str,
        *,
        vendor: str | None = None,
        dimension: DimensionId | None = None,
    ) -> None:
        super().__init__(message)
        self.rule_id = rule_id
        self.message = message
        self.vendor = vendor
        self.dimension = dimension

    def __str__(self) -> str:
        return f"[{self.rule_id}] {self.message}"
