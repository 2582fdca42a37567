"""scorecard: a vendor reliability scorecard with its evidence, rules and right of reply."""

__version__ = "0.1.0"
