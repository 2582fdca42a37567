"""Rule source-drift: a cited quote gone from its page makes the cell due again (Part B §12).

A quote is looked for in the page's normalised visible text, so markup, line breaks, letter case
and typographic variants of quotes, dashes and spaces do not count as drift; a reworded or
removed sentence does. A drift stays open until the cell holds evidence dated after it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from scorecard.domain.enums import DimensionId
from scorecard.domain.models import EvidenceItem, SourceDrift
from scorecard.domain.pricing import visible_text
from scorecard.domain.rules.validity import newest_retrieval

RULE_ID = "source-drift"

# Typographic characters a page may use where a reviewer typed the plain one (or the reverse).
_PLAIN_FORMS = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201a": "'",
        "\u2032": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u2033": '"',
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2014": "-",
        "\u2015": "-",
        "\u2212": "-",
        "\u00ad": "",
        "\u200b": "",
    }
)
_SPACE = re.compile(r"\s+")


def normalise_text(text: str) -> str:
    """Text as compared for drift: NFKC, case-folded, plain quotes and dashes, single spaces."""
    folded = unicodedata.normalize("NFKC", text).translate(_PLAIN_FORMS).casefold()
    return _SPACE.sub(" ", folded).strip()


def page_text(html: str) -> str:
    """A page's visible text, normalised, as one line (a quote may span block elements)."""
    return normalise_text(" ".join(visible_text(html)))


def quote_found(quote: str, normalised_page: str) -> bool:
    """True when the quote, normalised, appears in the page's normalised visible text."""
    wanted = normalise_text(quote)
    return bool(wanted) and wanted in normalised_page


def open_drifts(
    vendor: str,
    dimension: DimensionId,
    drifts: Iterable[SourceDrift],
    items: Iterable[EvidenceItem],
) -> tuple[SourceDrift, ...]:
    """The cell's drifts no evidence answers yet: none of its items is dated after the drift."""
    cell_drifts = [d for d in drifts if d.vendor == vendor and d.dimension == dimension]
    if not cell_drifts:
        return ()
    newest = newest_retrieval(items)
    return tuple(d for d in cell_drifts if newest is None or newest <= d.detected_on)
