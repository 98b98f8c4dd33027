"""LFAREA: parse the IEASYSxx statement, compute the system limit, and say what IPL will do.

Everything here follows SHARE session 15142 (source `ibm-zos-large-memory-share-2014`):

* "Externals: Configuration & Setup", first slide: the two forms of the parameter and
  their limits. Old form `LFAREA=(xx% | mmmmmmM | ggggggG | tttttT)`: a percentage means
  (xx % of online storage at IPL) - 2G, and at most 80 % may be asked for, so the limit
  is 0.8 x online - 2G (16G online: 12.8G - 2G = 10.8G). New form
  `LFAREA=([1M=req][,2G=req][,prompt|noprompt])`: a percentage means xx % of
  (online storage at IPL - 4G), at most 80 % (16G online: 0.8 x 12G = 9.6G).
  Without LFAREA the system reserves zero 1 MB and zero 2 GB pages.
* second slide: `req` is `(target[%][,minimum[%]])`; a bare number counts pages of that
  size, a percentage is of (online - 4G), and the minimum is what is still acceptable.
* third slide: PROMPT (the default) asks the operator for a new LFAREA when even the
  minimums (a missing minimum equals the target) do not fit; NOPROMPT reserves zero
  1 MB and zero 2 GB pages instead; a syntax error always prompts.
* "Externals: Messages": the IAR046I reasons a statement is rejected for, and the IPL
  messages (IAR042I, IAR043I, IAR047I with IEA341A, IAR048I) reported here.

Sizes are binary: 1G = 1024M, 2G = 2048M (`_gb` fields are GiB, as in the contract).
"""

from __future__ import annotations

import math
import string
from fractions import Fraction
from typing import Literal, NoReturn

from pydantic import BaseModel, ConfigDict, computed_field

from advisor import linre
from advisor.citations import Cite

SOURCE = "ibm-zos-large-memory-share-2014"
_SETUP = "Externals: Configuration & Setup"
_MESSAGES = "Externals: Messages"
CITE_FORMS = Cite(
    source=SOURCE,
    section=_SETUP,
    locator="first slide: old and new form, 80% limit formulas, 16G examples (10.8G, 9.6G)",
)
CITE_REQ = Cite(source=SOURCE, section=_SETUP, locator="second slide: req = (target[%][,minimum[%]])")
CITE_PROMPT = Cite(
    source=SOURCE,
    section=_SETUP,
    locator="third slide: PROMPT (default) / NOPROMPT; LFAREA=(1M=(10%),2G=(12,10)) on 16G prompts",
)
CITE_IAR046I = Cite(source=SOURCE, section=_MESSAGES, locator="New Messages: IAR046I reasons")

Form = Literal["old", "new"]
PageSize = Literal["1M", "2G"]
Unit = Literal["%", "M", "G", "T", "1M pages", "2G pages"]
IplOutcome = Literal["reserved", "reduced", "prompt", "zero-pages"]

_MB = {"M": 1, "G": 1024, "T": 1024 * 1024, "1M pages": 1, "2G pages": 2048}
_PAGE_MB = {"1M": 1, "2G": 2048}
_MAX_PERCENT = 80
# Digits allowed per value. Old form: the widths of the slide's placeholders
# (xx%, mmmmmmM, ggggggG, tttttT). New form page counts: the slides give no width;
# 7 is the width IAR045I prints for the largest valid value (0 TO xxxxxxx).
_OLD_DIGITS = {"%": 2, "M": 6, "G": 6, "T": 5}
_PAGE_DIGITS = 7
_PERCENT_DIGITS = 2
_DIGITS = string.digits
_WORD = string.ascii_letters + string.digits
_BLANKS = " \t"

Reason = Literal[
    "too-many-digits",
    "minimum-above-target",
    "missing-value",
    "extraneous-characters",
    "duplicate-keyword",
    "mutually-exclusive",
    "missing-multiplier",
    "unrecognized-text",
    "non-numeric",
    "mixed-percent-and-absolute",
    "percent-exceeds-limit",
]

# reason code -> (the IAR046I reason line, as the slide prints it; our explanation)
REASONS: dict[str, tuple[str, str]] = {
    "too-many-digits": (
        "VALUE EXCEEDS MAXIMUM NUMBER OF DIGITS.",
        "A number is longer than the field allows: 2 digits for a percentage, 6 for mmmmmmM and "
        "ggggggG, 5 for tttttT, 7 for a 1M= or 2G= page count.",
    ),
    "minimum-above-target": (
        "MINIMUM VALUE GREATER THAN TARGET VALUE.",
        "In (target,minimum) the minimum is the least the system may settle for, so it cannot be "
        "larger than the target.",
    ),
    "missing-value": (
        "MISSING EXPECTED VALUE.",
        "A value (or the closing parenthesis) is expected here but the statement has nothing: an "
        "empty LFAREA=, an empty pair of parentheses, a doubled or trailing comma, or an unclosed "
        "parenthesis.",
    ),
    "extraneous-characters": (
        "EXTRANEIOUS CHARACTERS DETECTED.",
        "A complete specification is followed by more text: after the closing parenthesis, after a "
        "value, a third number in (target,minimum), or a multiplier on a 1M=/2G= page count.",
    ),
    "duplicate-keyword": (
        "DUPLICATE KEYWORDS OR SPECIFICATIONS DETECTED.",
        "The same keyword (1M=, 2G=, PROMPT, NOPROMPT) appears twice, or the old form gives more than one size.",
    ),
    "mutually-exclusive": (
        "MUTUALLY EXCLUSIVE KEYWORDS OR VALUES DETECTED.",
        "PROMPT and NOPROMPT are both given, or an old-form size (xx%, nM, nG, nT) is mixed with "
        "the new-form keywords 1M=, 2G=, PROMPT, NOPROMPT; the two forms cannot be combined.",
    ),
    "missing-multiplier": (
        "MISSING MULTIPLIER M, G, OR T.",
        "An old-form size needs its unit: write nM, nG, nT or xx%. (A bare number is only valid "
        "inside 1M= or 2G=, where it counts pages.)",
    ),
    "unrecognized-text": (
        "UNRECOGNIZED SPECIFICATION.",
        "This is not part of the LFAREA syntax: the only keywords are 1M=, 2G=, PROMPT and "
        "NOPROMPT, and the only multipliers M, G, T and %.",
    ),
    "non-numeric": (
        "NON-NUMERIC DETECTED WHERE NUMERIC EXPECTED.",
        "A target or minimum must be a whole number of pages or a whole percentage.",
    ),
    "mixed-percent-and-absolute": (
        "PERCENTAGE WITH NON-PERCENTAGE IN SAME KEYWORD.",
        "Within one 1M= or 2G= the target and minimum must both be percentages or both page "
        "counts, e.g. (10%,5%) or (12,10), not (10%,5).",
    ),
    "percent-exceeds-limit": (
        "REQUEST WITH PERCENTAGE EXCEEDS SYSTEM LIMIT.",
        "At most 80% may be requested: a single percentage above 80, or 1M= and 2G= minimum "
        "percentages (the target when no minimum is given) adding up to more than 80, can never "
        "fit whatever the online storage.",
    ),
}


class LfareaSyntaxError(ValueError):
    """The statement is not valid LFAREA syntax: what IAR046I reports at IPL.

    `reason` is one of the stable codes in `REASONS`; `offset` (0-based) and `column`
    (1-based) point into `statement`, the text as read after IEASYSxx record handling.
    At IPL a syntax error always prompts the operator, even with NOPROMPT
    ("Externals: Configuration & Setup", third slide).
    """

    message_id = "IAR046I"

    def __init__(self, reason: Reason, statement: str, offset: int, hint: str | None = None):
        self.reason = reason
        self.statement = statement
        self.offset = offset
        self.column = offset + 1
        self.ibm_reason, explanation = REASONS[reason]
        self.explanation = f"{explanation} {hint}" if hint else explanation
        self.citations = [CITE_IAR046I, CITE_PROMPT]
        super().__init__(f"IAR046I {reason} at column {self.column}: {self.explanation}")

    def to_dict(self) -> dict:
        return {
            "message_id": self.message_id,
            "reason": self.reason,
            "ibm_reason": self.ibm_reason,
            "explanation": self.explanation,
            "statement": self.statement,
            "column": self.column,
            "citations": [c.model_dump() for c in self.citations],
        }


class Amount(BaseModel):
    """One number of the statement with the unit it was written in.

    Old form: `%`, `M`, `G` or `T`. New form: `%`, or a page count (`1M pages`, `2G pages`)
    because a bare target or minimum counts pages ("Configuration & Setup", second slide).
    """

    model_config = ConfigDict(frozen=True)

    value: int
    unit: Unit

    @computed_field  # type: ignore[prop-decorator]  # pydantic's documented form; mypy cannot type a decorated property
    @property
    def size_mb(self) -> int | None:
        """The absolute size in MB; None for a percentage, which depends on the online storage."""
        return None if self.unit == "%" else self.value * _MB[self.unit]


class PageRequest(BaseModel):
    """`1M=req` or `2G=req`; the old form is held as a 1M request without a minimum."""

    model_config = ConfigDict(frozen=True)

    target: Amount
    minimum: Amount | None = None  # None: the minimum defaults to the target (third slide)

    @property
    def effective_minimum(self) -> Amount:
        return self.minimum or self.target


class LfareaRequest(BaseModel):
    """A parsed LFAREA statement. No 1M=/2G= means zero pages of that size (the default)."""

    model_config = ConfigDict(frozen=True)

    form: Form
    statement: str
    one_mb: PageRequest | None = None
    two_gb: PageRequest | None = None
    prompt: bool = True  # PROMPT is the default; the old form has no NOPROMPT


def _up(text: str) -> str:
    """Upper case for ASCII only, so offsets never shift (Unicode upper() can change length)."""
    return text.upper() if text.isascii() else text


def _records(raw: str) -> tuple[str, int, bool]:
    """Apply the IEASYSxx record rules; return (text, end of the statement, comment dropped).

    On each line leading blanks are skipped and the first blank after the text ends it
    (what follows is a comment); a line ending in a comma continues on the next non-blank
    line. Text on a line after one that does not end in a comma is kept in `text` (so it
    can be shown) but lies beyond `end`, where the parser reports it as extraneous.
    """
    text, end, dropped, open_ = "", None, False, True
    for line in raw.split("\n"):
        stripped = line.lstrip(_BLANKS + "\r")
        cut = next((i for i, c in enumerate(stripped) if c in _BLANKS + "\r"), len(stripped))
        part = stripped[:cut]
        dropped = dropped or bool(stripped[cut:].strip(_BLANKS + "\r"))
        if not part:
            continue
        if not open_ and end is None:
            end = len(text)
        text += part
        open_ = part.endswith(",")
    return text, len(text) if end is None else end, dropped


class _Parser:
    """A left-to-right scanner: the first error found is the one reported, at its column."""

    _KEY = linre.compile(r"[0-9]+[A-Za-z]*=")

    def __init__(self, raw: str):
        self.text, self.end, self.dropped = _records(raw)
        self.pos = 0
        self.seen: set[str] = set()
        self.old: Amount | None = None
        self.reqs: dict[str, PageRequest] = {}

    def peek(self) -> str:
        return self.text[self.pos] if self.pos < self.end else ""

    def fail(self, reason: Reason, at: int | None = None) -> NoReturn:
        at = self.pos if at is None else at
        hint = None
        if reason == "missing-value" and at >= self.end and self.dropped:
            hint = "In IEASYSxx a blank ends the text on its line; what followed it was read as a comment."
        raise LfareaSyntaxError(reason, self.text, at, hint)

    def parse(self) -> LfareaRequest:
        if _up(self.text[:6]) == "LFAREA":
            self.pos = 6
            if self.peek() == "=":
                self.pos += 1
            elif self.peek():
                self.fail("unrecognized-text")
        if not self.peek():
            self.fail("missing-value")
        if self.peek() == "(":
            self.pos += 1
            while True:
                self.item()
                if self.peek() == ",":
                    self.pos += 1
                    continue
                if self.peek() == ")":
                    self.pos += 1
                    break
                self.fail("missing-value" if not self.peek() else "extraneous-characters")
        else:
            self.item()  # parentheses may be left off around a single value
        if self.pos < len(self.text):
            self.fail("extraneous-characters")
        if self.old is not None:
            return LfareaRequest(form="old", statement=self.text, one_mb=PageRequest(target=self.old))
        return LfareaRequest(
            form="new",
            statement=self.text,
            one_mb=self.reqs.get("1M"),
            two_gb=self.reqs.get("2G"),
            prompt="NOPROMPT" not in self.seen,
        )

    def item(self) -> None:
        start, c = self.pos, self.peek()
        if c in ("", ",", ")"):
            self.fail("missing-value")
        if c in _DIGITS:
            key = self._KEY.match(self.text, self.pos, self.end)
            if key and _up(key.group()) not in ("1M=", "2G="):
                self.fail("unrecognized-text")
            if key:
                name = _up(key.group())[:2]
                self.accept(name, start)
                self.pos = key.end()
                self.request(name, start)
            else:
                self.accept("old", start)
                self.old = self.old_value()
            return
        while self.peek() and self.peek() in _WORD:
            self.pos += 1
        word = _up(self.text[start : self.pos])
        if word not in ("PROMPT", "NOPROMPT"):
            self.fail("unrecognized-text", start)
        self.accept(word, start)

    def accept(self, name: str, at: int) -> None:
        """Duplicates and exclusive pairs are reported where the second one starts."""
        if name in self.seen:
            self.fail("duplicate-keyword", at)
        mixes_forms = bool(self.seen) and (name == "old" or "old" in self.seen)
        if mixes_forms or {name, *self.seen} >= {"PROMPT", "NOPROMPT"}:
            self.fail("mutually-exclusive", at)
        self.seen.add(name)

    def old_value(self) -> Amount:
        start = self.pos
        digits = self.digits()
        unit = _up(self.peek())
        if unit not in _OLD_DIGITS:
            self.fail("missing-multiplier" if unit in ("", ",", ")") else "unrecognized-text")
        if len(digits) > _OLD_DIGITS[unit]:
            self.fail("too-many-digits", start)
        self.pos += 1
        if unit == "%" and int(digits) > _MAX_PERCENT:
            self.fail("percent-exceeds-limit", start)
        return Amount(value=int(digits), unit=unit)

    def request(self, name: str, start: int) -> None:
        minimum, min_at = None, 0
        if self.peek() != "(":
            target = self.count(name)
        else:
            self.pos += 1
            target = self.count(name)
            if self.peek() == ",":
                self.pos += 1
                min_at = self.pos
                minimum = self.count(name)
            if self.peek() != ")":
                self.fail("missing-value" if not self.peek() else "extraneous-characters")
            self.pos += 1
        if minimum is not None and (minimum.unit == "%") != (target.unit == "%"):
            self.fail("mixed-percent-and-absolute", min_at)
        if minimum is not None and minimum.value > target.value:
            self.fail("minimum-above-target", min_at)
        self.reqs[name] = PageRequest(target=target, minimum=minimum)
        floors = [r.effective_minimum for r in self.reqs.values()]
        if len(floors) == 2 and all(a.unit == "%" for a in floors) and sum(a.value for a in floors) > _MAX_PERCENT:
            self.fail("percent-exceeds-limit", start)

    def count(self, name: str) -> Amount:
        start, c = self.pos, self.peek()
        if c in ("", ",", ")"):
            self.fail("missing-value")
        if c not in _DIGITS:
            self.fail("non-numeric")
        digits = self.digits()
        percent = self.peek() == "%"
        if len(digits) > (_PERCENT_DIGITS if percent else _PAGE_DIGITS):
            self.fail("too-many-digits", start)
        self.pos += percent
        if percent and int(digits) > _MAX_PERCENT:
            self.fail("percent-exceeds-limit", start)
        return Amount(value=int(digits), unit="%" if percent else f"{name} pages")

    def digits(self) -> str:
        start = self.pos
        while self.peek() and self.peek() in _DIGITS:
            self.pos += 1
        return self.text[start : self.pos]


def parse_lfarea(statement: str) -> LfareaRequest:
    """Parse an IEASYSxx LFAREA statement (with or without `LFAREA=`, any case).

    Accepted: the old form `xx% | nM | nG | nT`, with or without parentheses, and the new
    form `([1M=req][,2G=req][,PROMPT|NOPROMPT])` in any order, `req` being `(target[%]
    [,minimum[%]])` or a bare `target[%]` ("Configuration & Setup", first and second slides).
    Raises LfareaSyntaxError with the IAR046I reason ("Externals: Messages") otherwise.
    """
    return _Parser(statement).parse()


def _online_mb(online_storage_gb: float) -> Fraction:
    if not math.isfinite(online_storage_gb) or online_storage_gb < 0:
        raise ValueError(f"online storage must be a finite number of GB >= 0, not {online_storage_gb!r}")
    return Fraction(str(online_storage_gb)) * 1024


def _limit_mb(online_mb: Fraction, form: Form) -> Fraction:
    """Old form: 80% x online - 2G; new form: 80% x (online - 4G); never below zero (first slide)."""
    limit = Fraction(4, 5) * online_mb - 2048 if form == "old" else Fraction(4, 5) * (online_mb - 4096)
    return max(limit, Fraction(0))


def lfarea_limit_gb(online_storage_gb: float, form: Form) -> float:
    """The most LFAREA can reserve ("Configuration & Setup", first slide): 16 GB gives 10.8 (old), 9.6 (new)."""
    return float(_limit_mb(_online_mb(online_storage_gb), form) / 1024)


def _share_mb(amount: Amount, form: Form, online_mb: Fraction) -> Fraction:
    """What a percentage asks for by the slides' formula, before whole pages: old form xx% of online - 2G, new form
    xx% of (online - 4G) (first and second slides: 30% on 256G is 75.6G in the new form)."""
    base = online_mb * amount.value / 100 - 2048 if form == "old" else (online_mb - 4096) * amount.value / 100
    return max(Fraction(0), base)


def _pages(amount: Amount | None, size: PageSize, form: Form, online_mb: Fraction) -> int:
    """Whole pages an amount asks for; a percentage of the form's base is rounded down to a page."""
    if amount is None:
        return 0
    if amount.size_mb is not None:
        return amount.size_mb // _PAGE_MB[size]
    return math.floor(_share_mb(amount, form, online_mb) / _PAGE_MB[size])


def _share_gb(req: PageRequest | None, form: Form, online_mb: Fraction) -> float | None:
    """The GB a percentage target asks for by the slides' formula; None for a target in pages or a size."""
    if req is None or req.target.unit != "%":
        return None
    return float(_share_mb(req.target, form, online_mb) / 1024)


class LfareaAssessment(BaseModel):
    """What a statement asks for on a given online storage, whether it fits, and what IPL does.

    `pages_*` are the target pages, `minimum_pages_*` the least acceptable, `reserved_pages_*`
    what IPL ends up with (None when the operator is prompted and decides). `satisfiable`
    means at least the minimums fit under `limit_gb`; `fits_at_target` that the targets do.
    `share_*_gb` is what a percentage target asks for by the slides' formula, before whole pages (None for a
    target in pages or a size).
    """

    form: Form
    request: LfareaRequest
    online_storage_gb: float
    limit_gb: float
    requested_1m_gb: float
    requested_2g_gb: float
    share_1m_gb: float | None = None
    share_2g_gb: float | None = None
    pages_1m: int
    pages_2g: int
    minimum_pages_1m: int
    minimum_pages_2g: int
    total_requested_gb: float
    minimum_total_gb: float
    fits_at_target: bool
    satisfiable: bool
    reserved_pages_1m: int | None
    reserved_pages_2g: int | None
    ipl_outcome: IplOutcome
    ipl_message_ids: list[str]
    ipl_message: str
    citations: list[Cite]


def _gb(mb: Fraction | int) -> str:
    return f"{float(Fraction(mb) / 1024):.2f}".rstrip("0").rstrip(".") + " GB"


def assess_lfarea(statement: str, online_storage_gb: float) -> LfareaAssessment:
    """Parse `statement` and judge it against the limit for `online_storage_gb` (GiB at IPL).

    Fits at target: IAR048I reports the pages reserved. New form over the limit at target but
    not at the minimums: the request is reduced (IAR048I "REQUEST REDUCED"). The slides only
    promise at least the minimum; we keep 2 GB pages first and cut 1 MB pages toward their
    minimum. Over the limit even at the minimums (third slide): IAR043I, then with PROMPT
    IAR047I and IEA341A ask the operator (ENTER means zero pages of both sizes), with
    NOPROMPT zero pages of both sizes (IAR048I). The old form always prompts.
    """
    request = parse_lfarea(statement)
    form = request.form
    online_mb = _online_mb(online_storage_gb)
    limit = _limit_mb(online_mb, form)
    one, two = request.one_mb, request.two_gb
    t1 = _pages(one.target if one else None, "1M", form, online_mb)
    t2 = _pages(two.target if two else None, "2G", form, online_mb)
    m1 = _pages(one.effective_minimum if one else None, "1M", form, online_mb)
    m2 = _pages(two.effective_minimum if two else None, "2G", form, online_mb)
    target_mb, minimum_mb = t1 + 2048 * t2, m1 + 2048 * m2
    fits, satisfiable = target_mb <= limit, minimum_mb <= limit

    ids: list[str] = []
    r1: int | None
    r2: int | None
    if fits:
        outcome, r1, r2 = "reserved", t1, t2
        ids.append("IAR048I")
        message = f"IPL reserves {t1} 1 MB and {t2} 2 GB pages ({_gb(target_mb)} of the {_gb(limit)} limit)."
    elif satisfiable:
        outcome = "reduced"
        r2 = min(t2, math.floor((limit - m1) / 2048))
        r1 = min(t1, math.floor(limit - 2048 * r2))
        ids.append("IAR048I")
        message = (
            f"The targets total {_gb(target_mb)}, over the {_gb(limit)} limit, but the minimums "
            f"({_gb(minimum_mb)}) fit: IPL reduces the request (over system limit) and reserves "
            f"{r1} 1 MB and {r2} 2 GB pages (our split: 2 GB pages kept first, 1 MB pages cut toward "
            f"their minimum)."
        )
    else:
        r1 = r2 = None
        has_minimum = any(r and r.minimum for r in (one, two))
        over = (
            f"{'Even the minimums total' if has_minimum else 'The request totals'} {_gb(minimum_mb)}, "
            f"over the {_gb(limit)} limit (IAR043I)."
        )
        if request.prompt:
            outcome = "prompt"
            ids += ["IAR043I", "IAR047I", "IEA341A"]
            message = (
                f"{over} IPL prompts the operator for a new LFAREA (IAR047I, IEA341A); pressing ENTER "
                f"reserves zero 1 MB and zero 2 GB pages."
            )
        else:
            outcome, r1, r2 = "zero-pages", 0, 0
            ids += ["IAR043I", "IAR048I"]
            message = f"{over} NOPROMPT is given, so IPL reserves zero 1 MB and zero 2 GB pages (IAR048I)."

    sizes: tuple[tuple[PageRequest | None, PageSize], ...] = ((one, "1M"), (two, "2G"))
    zeroed = [
        (a, size)
        for req, size in sizes
        if req
        for a in dict.fromkeys([req.target, req.effective_minimum])
        if a.unit == "%" and a.value and not _pages(a, size, form, online_mb)
    ]
    if zeroed:
        ids.insert(0, "IAR042I")
        message += (
            " "
            + ", ".join(f"{a.value}% for {size}" for a, size in zeroed)
            + (" comes to less than one page here, so it asks for zero pages (IAR042I).")
        )

    citations = [CITE_FORMS] + ([CITE_REQ, CITE_PROMPT] if form == "new" else [])
    citations.append(Cite(source=SOURCE, section=_MESSAGES, locator="New Messages: " + ", ".join(ids)))
    return LfareaAssessment(
        form=form,
        request=request,
        online_storage_gb=online_storage_gb,
        limit_gb=float(limit / 1024),
        requested_1m_gb=t1 / 1024,
        requested_2g_gb=2.0 * t2,
        share_1m_gb=_share_gb(one, form, online_mb),
        share_2g_gb=_share_gb(two, form, online_mb),
        pages_1m=t1,
        pages_2g=t2,
        minimum_pages_1m=m1,
        minimum_pages_2g=m2,
        total_requested_gb=target_mb / 1024,
        minimum_total_gb=minimum_mb / 1024,
        fits_at_target=fits,
        satisfiable=satisfiable,
        reserved_pages_1m=r1,
        reserved_pages_2g=r2,
        ipl_outcome=outcome,
        ipl_message_ids=ids,
        ipl_message=message,
        citations=citations,
    )


class LfareaRequestSize(BaseModel):
    """What a statement asks for before the online storage is known: a fixed size, a share of the form's base, and
    whether it fits the limit whatever the online storage (a share of the base within the 80 % the limit allows)
    or from which online storage on."""

    statement: str
    form: Form
    fixed_gb: float  # the sizes and page counts at target: the same on any online storage
    percent: int  # the percentages at target, summed: of online storage (old form) or of online - 4 GB (new)
    base: str
    fits_any_online: bool
    min_online_gb: float | None  # the least online storage on which the target fits; None when it never does
    formula: str
    citations: list[Cite]


def request_alone(statement: str) -> LfareaRequestSize:
    """The target of a statement without the online storage. New form: fixed + p x (online - 4 GB) against
    0.8 x (online - 4 GB), so it fits from 4 GB + fixed / (0.8 - p) on; old form: p x online - 2 GB (or the size)
    against 0.8 x online - 2 GB."""
    req = parse_lfarea(statement)
    targets = [r.target for r in (req.one_mb, req.two_gb) if r is not None]
    fixed_mb = sum(a.size_mb or 0 for a in targets)
    pct = sum(a.value for a in targets if a.size_mb is None)
    share = Fraction(pct, 100)
    if req.form == "new":
        base, reserve, formula = (
            "online storage - 4 GB",
            Fraction(4096),
            "fixed + p% x (online - 4 GB) <= 0.8 x (online - 4 GB)",
        )
    else:
        base, reserve, formula = (
            "online storage",
            Fraction(0),
            "p% x online - 2 GB (or the size) <= 0.8 x online - 2 GB",
        )
    fits_any = fixed_mb == 0 and share <= Fraction(4, 5)
    least: Fraction | None
    if fits_any:
        least = Fraction(0)
    elif share >= Fraction(4, 5):
        least = None
    elif req.form == "new":
        least = reserve + fixed_mb / (Fraction(4, 5) - share)
    else:  # an old-form size: 0.8 x online - 2 GB >= size
        least = (fixed_mb + 2048) / Fraction(4, 5)
    return LfareaRequestSize(
        statement=req.statement,
        form=req.form,
        fixed_gb=fixed_mb / 1024,
        percent=pct,
        base=base,
        fits_any_online=fits_any,
        min_online_gb=None if least is None else round(float(least / 1024), 3),
        formula=formula,
        citations=[CITE_FORMS, CITE_REQ],
    )
