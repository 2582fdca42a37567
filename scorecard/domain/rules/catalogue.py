"""The catalogue of rule ids and what each one means to a reviewer."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class RuleInfo:
    rule_id: str
    title: str
    source: str


RULES: dict[str, RuleInfo] = {
    info.rule_id: info
    for info in (
        RuleInfo("score-range", "A score is an integer from 0 to 4.", "Part B §4"),
        RuleInfo(
            "score-above-ceiling",
            "A score may not exceed the highest anchor the recorded evidence supports.",
            "Part B §7-§11, v1 anchors",
        ),
        RuleInfo(
            "score-below-ceiling-rationale",
            "A score below the evidence ceiling needs a written rationale.",
            "v1 anchors",
        ),
        RuleInfo(
            "observed-evidence-fields",
            "Observed evidence needs a source grade, an http(s) URL and a retrieval date not in the"
            " future.",
            "Part B §2.2, §12",
        ),
        RuleInfo(
            "artifact-in-checklist",
            "Evidence names an artifact from its dimension's checklist.",
            "Part B §7-§11",
        ),
        RuleInfo(
            "third-party-locates-only",
            "Third-party evidence locates a fact but never establishes it.",
            "Part B §7, §12",
        ),
        RuleInfo(
            "trust-center-vendor-claimed",
            "A trust center's existence is vendor-claimed until a report is retrieved.",
            "Part B §2.3, §12",
        ),
        RuleInfo(
            "insufficient-history-window",
            "Insufficient history applies only to a dimension with a history window.",
            "Part B §5",
        ),
        RuleInfo(
            "insufficient-history-age",
            "Insufficient history is refused when the vendor's verified age reaches the window.",
            "Part B §5",
        ),
        RuleInfo(
            "insufficient-history-provisional",
            "Insufficient history on an unverified founding date is provisional.",
            "Part B §5",
        ),
        RuleInfo("edition-stale", "Past its valid-until date an edition is stale.", "Part B §12"),
        RuleInfo(
            "cell-stale",
            "A cell whose newest evidence is older than the validity period is stale.",
            "Part B §12",
        ),
        RuleInfo(
            "reverification-due",
            "A known event makes the dimensions it touches due for re-verification.",
            "Part B §12",
        ),
        RuleInfo(
            "source-drift",
            "A cited quote no longer found on its source page makes the cell due for "
            "re-verification and blocks publication until evidence dated after it answers it.",
            "Part B §12",
        ),
        RuleInfo(
            "no-composite",
            "No total, average, weighted score or rank is computed or exported.",
            "Part B §4",
        ),
        RuleInfo("placeholder-unresolved", "Unresolved placeholders block publication.", "§16"),
        RuleInfo(
            "founding-date-unverified",
            "Without a verified founding date the age normalisation rule cannot be applied.",
            "Part B §5",
        ),
        RuleInfo(
            "right-of-reply-not-conducted",
            "Right of reply must be conducted before publication.",
            "Part B §14",
        ),
        RuleInfo("cell-unscored", "Every cell of an included vendor is scored.", "Part B §4"),
        RuleInfo(
            "source-conflict-unresolved",
            "Every logged source conflict is resolved (the primary source wins).",
            "Part B §12, §13",
        ),
        RuleInfo(
            "compliance-trust-center-only",
            "A compliance score resting on trust-center existence alone is an upper bound.",
            "Part B §10",
        ),
        RuleInfo("manual-blocker", "A blocker a reviewer recorded by hand.", "reviewers"),
        RuleInfo(
            "published-change-needs-revision",
            "A change to a published edition carries a dated revision entry.",
            "Part B §16",
        ),
    )
}
