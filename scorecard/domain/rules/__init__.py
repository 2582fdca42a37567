"""Every scoring and publication rule, one module each, each with a stable id.

`RULES` is the catalogue the CLI, the UI, the exporters and the documentation read.
"""

from scorecard.domain.rules.catalogue import RULES, RuleInfo

__all__ = ["RULES", "RuleInfo"]
