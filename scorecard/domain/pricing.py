"""Price facts read from pricing pages, and the timeline of how they changed between captures."""

from __future__ import annotations

import re
from collections import Counter, deque
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date
from decimal import Decimal
from html.parser import HTMLParser
from itertools import pairwise
from typing import Literal, NamedTuple

FactKind = Literal["amount", "plan", "free_tier", "credit_expiry"]
ChangeKind = Literal["added", "removed", "changed"]

# A stretch without captures longer than this is reported: prices may have changed unseen.
GAP_DAYS = 90
# How many lines below a plan name a price is still read as that plan's (name, badge, price).
PLAN_REACH = 3

# --- visible text -------------------------------------------------------------------------------

# Elements whose content a visitor never reads as page text.
HIDDEN_TAGS = frozenset({"script", "style", "noscript", "template", "svg", "iframe", "object"})
# Elements that start a new line of visible text.
BLOCK_TAGS = frozenset(
    {
        "address", "article", "aside", "blockquote", "br", "caption", "dd", "details", "div",
        "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4",
        "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "option", "p", "pre", "section",
        "summary", "table", "tbody", "tfoot", "thead", "title", "tr", "ul",
    }
)  # fmt: skip
# Table cells stay on their row's line but must not run into each other ("Pro" + "$49").
CELL_TAGS = frozenset({"td", "th"})
META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9_.:-]+)""", re.IGNORECASE)


class _VisibleTextParser(HTMLParser):
    """Collects text outside hidden elements, with "\n" wherever a block element begins or ends."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._hidden_depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in HIDDEN_TAGS:
            self._hidden_depth += 1
        elif tag in BLOCK_TAGS:
            self.parts.append("\n")
        elif tag in CELL_TAGS:
            self.parts.append(" ")

    def handle_endtag(self, tag: str) -> None:
        if tag in HIDDEN_TAGS:
            self._hidden_depth = max(0, self._hidden_depth - 1)
        elif tag in BLOCK_TAGS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if self._hidden_depth == 0:
            # Source line breaks inside a paragraph are spaces to a reader.
            self.parts.append(re.sub(r"\s+", " ", data))


def visible_text(html: str) -> list[str]:
    """The page's visible text as non-empty lines, scripts, styles and markup removed."""
    parser = _VisibleTextParser()
    parser.feed(html)
    parser.close()
    lines = "".join(parser.parts).split("\n")
    return [cleaned for cleaned in (" ".join(line.split()) for line in lines) if cleaned]


def decode_html(body: bytes, charset: str | None = None) -> str:
    """Bytes to text: the given charset, else a <meta charset>, else UTF-8 (bad bytes replaced)."""
    if charset is None:
        declared = META_CHARSET.search(body[:4096])
        charset = declared.group(1).decode("ascii") if declared else None
    try:
        return body.decode(charset or "utf-8-sig", errors="replace")
    except LookupError:
        return body.decode("utf-8-sig", errors="replace")


# --- price facts --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PriceFact:
    """One pricing statement: `text` is the phrase as written, `line` the visible line it sits on.

    For "amount" facts `amount` is the price; for "free_tier" the free quantity; for
    "credit_expiry" the validity period's length (None when credits never expire). `plan` is
    the plan heading the fact sits under, when one was named at most PLAN_REACH lines above.
    """

    kind: FactKind
    text: str
    amount: Decimal | None = None
    currency: str | None = None
    unit: str | None = None
    line: str = ""
    plan: str | None = None


CURRENCY_CODES = {
    "$": "USD",
    "us$": "USD",
    "usd": "USD",
    "€": "EUR",
    "eur": "EUR",
    "£": "GBP",
    "gbp": "GBP",
    "a$": "AUD",
    "au$": "AUD",
    "c$": "CAD",
    "ca$": "CAD",
}
UNIT_WORDS = {"mo": "month", "mth": "month", "yr": "year", "hr": "hour"}
ADVERB_UNITS = {"monthly": "month", "annually": "year", "yearly": "year", "daily": "day"}

NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
WORD = r"[A-Za-z][A-Za-z-]*"
# What a price is per: "/month", "per 1,000 requests", "per additional seat", "per user/month",
# or "billed annually".
PRICE_UNIT = (
    rf"(?:\s*(?:/|\bper\b|\ban?\b|\beach\b)\s*"
    rf"(?:\d[\d,.]*\s?[kKmM]?\s+)?(?:(?:additional|extra)\s+)?{WORD}"
    rf"(?:\s*(?:/|\bper\b)\s*{WORD})?"
    rf"|\s+(?:billed\s+)?(?:monthly|annually|yearly|daily)\b)"
)
PREFIXED_AMOUNT = re.compile(
    rf"(?<![A-Za-z0-9])(?P<cur>US\$|AU\$|CA\$|A\$|C\$|\$|€|£|USD|EUR|GBP)\s?"
    rf"(?P<num>{NUMBER})(?![\d%])(?P<unit>{PRICE_UNIT})?"
)
SUFFIXED_AMOUNT = re.compile(
    rf"(?<![\w.,$€£])(?P<num>{NUMBER})\s?(?P<cur>USD|EUR|GBP|€)(?![A-Za-z])"
    rf"(?P<unit>{PRICE_UNIT})?"
)

PLAN_WORDS = (
    "free|hobby|starter|basic|developer|personal|pro|professional|team|teams|business|growth|"
    "scale|premium|enterprise|standard|plus|ultimate|startup|advanced|essentials|lite"
)
# A plan-name line: "Pro", "Pro Plus", "Starter plan", "Pro:", "Pro – $49/month", "Pro $49".
KNOWN_PLAN = re.compile(
    rf"^(?P<name>(?:{PLAN_WORDS})(?:\s+(?:{PLAN_WORDS}))?)(?:\s+(?:plan|tier))?"
    rf"(?=\s*$|\s*[:|–—-]|\s+[$€£])",
    re.IGNORECASE,
)
# "<Capitalised Name> plan" for names not in the list, minus headings such as "Choose Your Plan".
NAMED_PLAN = re.compile(
    r"^(?P<name>(?:[A-Z][\w+]*\s+){0,2}[A-Z][\w+]*)\s+(?:[Pp]lan|PLAN|[Tt]ier)$"
)
NOT_PLAN_NAMES = frozenset(
    {"choose", "compare", "select", "pick", "find", "your", "our", "the", "a", "which", "every",
     "all", "change", "upgrade", "current", "each", "any", "my", "this", "that", "view"}
)  # fmt: skip

QUANTITY = rf"(?:{NUMBER})\s?[kKmM]?"
# How often a free quantity renews: "per month", "/mo", "each month", "monthly".
PERIOD = (
    r"(?:\s*(?:/|\bper\b|\ban?\b|\beach\b|\bevery\b)\s*(?:day|week|month|year|mo)\b"
    r"|\s+(?:daily|weekly|monthly|yearly|annually)\b)"
)
STOP_WORDS = r"(?:per|an?|each|every|and|or|with|for|on|in|to|at|are|is|free)\b"
THING = rf"{WORD}(?:\s+(?!{STOP_WORDS}){WORD})?"
FREE_TIER_PATTERNS = (
    # "1,000 free searches per month"
    re.compile(rf"(?P<qty>{QUANTITY})\s+free\s+(?P<what>{THING})(?P<period>{PERIOD})?", re.I),
    # "first 100 requests free", "the first 1,000 searches each month are free"
    re.compile(
        rf"(?:first\s+)?(?P<qty>{QUANTITY})\s+(?P<what>{THING})(?P<period>{PERIOD})?"
        rf"\s+(?:are\s+|is\s+)?(?:free|at\s+no\s+cost)\b",
        re.I,
    ),
    # "Free tier includes 5,000 requests/month", "Free plan: 100 searches per month"
    re.compile(
        r"free\s+(?:tier|plan)\b"
        r"(?:\s*[:–—-]\s*|[^.;]*?\b(?:includes?|with|of|offers|gives\s+you)\s+)"
        rf"(?P<qty>{QUANTITY})\s+(?P<what>{THING})(?P<period>{PERIOD})?",
        re.I,
    ),
)
CREDIT_EXPIRY = re.compile(
    r"\b(?:(?:unused|prepaid|purchased|bought)\s+)?credits?\b(?!\s+cards?\b)[^.;!?]*?"
    r"\b(?:expire[sd]?|expiry|expiration|valid\s+for|never\s+expire|do\s+not\s+expire|"
    r"don['’]t\s+expire|roll\s+over|rollover)\b[^.;!?]*",
    re.IGNORECASE,
)
NEVER_EXPIRES = re.compile(r"never\s+expire|do\s+not\s+expire|don['’]t\s+expire", re.IGNORECASE)
DURATION = re.compile(r"(?P<n>\d+)\s*(?P<unit>day|week|month|year)s?\b", re.IGNORECASE)


class _Span(NamedTuple):
    start: int
    end: int
    fact: PriceFact


def extract_price_facts(lines: Iterable[str]) -> list[PriceFact]:
    """Every price fact on the given visible-text lines, in reading order.

    A fact within PLAN_REACH lines below a plan name (a pricing card: name, then price) is
    tagged with that plan, so "Pro: $99 → $119" reads as such rather than as an anonymous price.
    """
    facts: list[PriceFact] = []
    plan: str | None = None
    lines_since_plan = 0
    for line in lines:
        named = plan_facts(line)
        if named:
            plan, lines_since_plan = named[0].text, 0
        elif lines_since_plan >= PLAN_REACH:
            plan = None
        lines_since_plan += 1
        found = [*amount_facts(line), *free_tier_facts(line), *credit_expiry_facts(line)]
        facts.extend(named)
        facts.extend(replace(fact, plan=plan) for fact in found)
    return facts


def amount_facts(line: str) -> list[PriceFact]:
    """Prices with their currency and unit: "$49/month", "$5 per 1,000 requests", "29 EUR"."""
    spans = [
        _Span(match.start(), match.end(), _amount_fact(match, line))
        for pattern in (PREFIXED_AMOUNT, SUFFIXED_AMOUNT)
        for match in pattern.finditer(line)
    ]
    return [span.fact for span in _without_overlaps(spans)]


def _amount_fact(match: re.Match[str], line: str) -> PriceFact:
    return PriceFact(
        kind="amount",
        text=match.group(0).strip(),
        amount=Decimal(match["num"].replace(",", "")),
        currency=CURRENCY_CODES[match["cur"].lower()],
        unit=price_unit(match["unit"]),
        line=line,
    )


def price_unit(raw: str | None) -> str | None:
    """A price's unit without its connector: " per 1,000 requests" → "1,000 requests"."""
    if not raw:
        return None
    words = re.sub(r"^\s*(?:/|per\b|an?\b|each\b|billed\b)?\s*", "", raw.strip(), flags=re.I)
    adverb = ADVERB_UNITS.get(words.lower())
    if adverb:
        return adverb
    return "/".join(_unit_word(part) for part in re.split(r"\s*(?:/|\bper\b)\s*", words))


def _unit_word(part: str) -> str:
    lowered = part.strip().rstrip(".").lower()
    return UNIT_WORDS.get(lowered, lowered)


def plan_facts(line: str) -> list[PriceFact]:
    """A plan name heading the line: "Pro", "Starter plan", "Enterprise – contact sales"."""
    match = KNOWN_PLAN.match(line) or NAMED_PLAN.match(line)
    if match is None:
        return []
    name = match["name"]
    if name.split()[0].lower() in NOT_PLAN_NAMES:
        return []
    return [PriceFact(kind="plan", text=name, line=line)]


def free_tier_facts(line: str) -> list[PriceFact]:
    """Free quantities: "1,000 free searches per month", "first 100 requests free"."""
    spans = [
        _Span(match.start(), match.end(), _free_tier_fact(match, line))
        for pattern in FREE_TIER_PATTERNS
        for match in pattern.finditer(line)
    ]
    return [span.fact for span in _without_overlaps(spans)]


def _free_tier_fact(match: re.Match[str], line: str) -> PriceFact:
    unit = match["what"].lower()
    if match["period"]:
        unit = f"{unit} per {price_unit(match['period'])}"
    return PriceFact(
        kind="free_tier",
        text=match.group(0).strip(),
        amount=quantity(match["qty"]),
        unit=unit,
        line=line,
    )


def quantity(text: str) -> Decimal:
    """A written quantity as a number: "1,000" → 1000, "5k" → 5000, "1.5M" → 1500000."""
    cleaned = text.replace(",", "").replace(" ", "")
    multiplier = {"k": 1000, "m": 1_000_000}.get(cleaned[-1].lower(), 1)
    digits = cleaned[:-1] if multiplier != 1 else cleaned
    return Decimal(digits) * multiplier


def credit_expiry_facts(line: str) -> list[PriceFact]:
    """Credit validity terms: "credits expire after 12 months", "credits never expire"."""
    return [
        _credit_expiry_fact(match.group(0).strip(), line) for match in CREDIT_EXPIRY.finditer(line)
    ]


def _credit_expiry_fact(text: str, line: str) -> PriceFact:
    if NEVER_EXPIRES.search(text):
        return PriceFact(kind="credit_expiry", text=text, unit="never", line=line)
    duration = DURATION.search(text)
    if duration is None:
        return PriceFact(kind="credit_expiry", text=text, line=line)
    return PriceFact(
        kind="credit_expiry",
        text=text,
        amount=Decimal(duration["n"]),
        unit=f"{duration['unit'].lower()}s",
        line=line,
    )


def _without_overlaps(spans: list[_Span]) -> list[_Span]:
    """Spans in reading order, dropping any that overlaps an earlier-found (or longer) one."""
    kept: list[_Span] = []
    for span in sorted(spans, key=lambda s: (s.start, -(s.end - s.start))):
        if not kept or span.start >= kept[-1].end:
            kept.append(span)
    return kept


# --- changes and timeline -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CaptureFacts:
    """The price facts read from one archived capture, with the address a reviewer can open."""

    archive_url: str
    captured_on: date
    facts: tuple[PriceFact, ...]


@dataclass(frozen=True, slots=True)
class PriceChange:
    """One difference between consecutive captures, citing both of them."""

    kind: ChangeKind
    before: PriceFact | None
    after: PriceFact | None
    from_archive_url: str
    to_archive_url: str
    from_date: date
    to_date: date

    @property
    def fact(self) -> PriceFact:
        """The fact as it now stands (or as it last stood, when removed)."""
        fact = self.after if self.after is not None else self.before
        if fact is None:
            raise ValueError("a price change needs a fact before or after it")
        return fact

    @property
    def summary(self) -> str:
        """One report line: "2023-01-15 → 2023-03-01: changed amount (Pro): '$99' → '$119'"."""
        span = f"{self.from_date.isoformat()} → {self.to_date.isoformat()}"
        plan = f" ({self.fact.plan})" if self.fact.plan else ""
        before = repr(self.before.text) if self.before else ""
        after = repr(self.after.text) if self.after else ""
        if self.kind == "added":
            return f"{span}: added {self.fact.kind}{plan}: {after}"
        if self.kind == "removed":
            return f"{span}: removed {self.fact.kind}{plan}: {before}"
        return f"{span}: changed {self.fact.kind}{plan}: {before} → {after}"


class Gap(NamedTuple):
    """A stretch of more than GAP_DAYS days with no capture."""

    start: date
    end: date
    days: int


@dataclass(frozen=True, slots=True)
class PriceTimeline:
    """Price changes across captures, with what the captures do and do not cover.

    `without_facts` lists captures where no price fact was found (for example a page rendered
    by scripts); they are left out of the change chain rather than shown as "everything removed".
    """

    changes: tuple[PriceChange, ...]
    first: CaptureFacts | None
    last: CaptureFacts | None
    gaps: tuple[Gap, ...]
    capture_count: int
    without_facts: tuple[CaptureFacts, ...] = ()


def capture_facts(archive_url: str, captured_on: date, html: str) -> CaptureFacts:
    """The price facts of one capture's HTML."""
    return CaptureFacts(archive_url, captured_on, tuple(extract_price_facts(visible_text(html))))


def diff_captures(prev: CaptureFacts, curr: CaptureFacts) -> list[PriceChange]:
    """Facts changed, removed and added from `prev` to `curr`.

    Identical facts on identical lines are unchanged. The rest are paired first by their line
    with numbers blanked ("Pro: $49/month" ↔ "Pro: $59/month"), then by identical phrase on a
    reworded line; whatever stays unpaired was removed or added.
    """
    before, after = _unmatched(prev.facts, curr.facts)
    by_context, before, after = _paired(before, after, _context_key)
    by_text, before, after = _paired(before, after, _text_key)

    def change(kind: ChangeKind, old: PriceFact | None, new: PriceFact | None) -> PriceChange:
        return PriceChange(
            kind, old, new, prev.archive_url, curr.archive_url, prev.captured_on, curr.captured_on
        )

    return (
        [change("changed", old, new) for old, new in [*by_context, *by_text]]
        + [change("removed", old, None) for old in before]
        + [change("added", None, new) for new in after]
    )


def _unmatched(
    prev: Sequence[PriceFact], curr: Sequence[PriceFact]
) -> tuple[list[PriceFact], list[PriceFact]]:
    """Each side's facts minus those found identically (same phrase, same line) on the other."""
    common = Counter(prev) & Counter(curr)
    return _minus(prev, common), _minus(curr, common)


def _minus(facts: Sequence[PriceFact], common: Counter[PriceFact]) -> list[PriceFact]:
    remaining = Counter(common)
    kept: list[PriceFact] = []
    for fact in facts:
        if remaining[fact] > 0:
            remaining[fact] -= 1
        else:
            kept.append(fact)
    return kept


def _paired(
    before: list[PriceFact], after: list[PriceFact], key: Callable[[PriceFact], Hashable]
) -> tuple[list[tuple[PriceFact, PriceFact]], list[PriceFact], list[PriceFact]]:
    """Pairs of facts sharing `key` (in order), then the unpaired facts of each side."""
    waiting: dict[Hashable, deque[int]] = {}
    for index, fact in enumerate(after):
        waiting.setdefault(key(fact), deque()).append(index)
    pairs: list[tuple[PriceFact, PriceFact]] = []
    unpaired_before: list[PriceFact] = []
    used: set[int] = set()
    for fact in before:
        queue = waiting.get(key(fact))
        if queue:
            index = queue.popleft()
            used.add(index)
            pairs.append((fact, after[index]))
        else:
            unpaired_before.append(fact)
    unpaired_after = [fact for index, fact in enumerate(after) if index not in used]
    return pairs, unpaired_before, unpaired_after


def _context_key(fact: PriceFact) -> Hashable:
    return fact.kind, fact.plan, re.sub(r"\d[\d,.]*", "#", fact.line.lower())


def _text_key(fact: PriceFact) -> Hashable:
    return fact.kind, fact.plan, fact.text.lower()


def timeline(
    captures_with_facts: Iterable[CaptureFacts],
    *,
    window_start: date | None = None,
    window_end: date | None = None,
) -> PriceTimeline:
    """Changes between consecutive captures (oldest first), coverage and gaps over 90 days.

    With a window, the stretches before the first and after the last capture count as gaps too.
    """
    captures = sorted(captures_with_facts, key=lambda c: (c.captured_on, c.archive_url))
    with_facts = [capture for capture in captures if capture.facts]
    changes = [
        change for prev, curr in pairwise(with_facts) for change in diff_captures(prev, curr)
    ]
    return PriceTimeline(
        changes=tuple(changes),
        first=captures[0] if captures else None,
        last=captures[-1] if captures else None,
        gaps=tuple(coverage_gaps([c.captured_on for c in captures], window_start, window_end)),
        capture_count=len(captures),
        without_facts=tuple(capture for capture in captures if not capture.facts),
    )


def coverage_gaps(
    dates: Sequence[date], window_start: date | None = None, window_end: date | None = None
) -> list[Gap]:
    """Stretches longer than GAP_DAYS between consecutive dates (and the window's edges, if any)."""
    points = sorted(dates)
    if window_start is not None and (not points or window_start < points[0]):
        points.insert(0, window_start)
    if window_end is not None and (not points or window_end > points[-1]):
        points.append(window_end)
    return [
        Gap(start, end, (end - start).days)
        for start, end in pairwise(points)
        if (end - start).days > GAP_DAYS
    ]
