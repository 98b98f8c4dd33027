"""Calculator answers for IBM Z: LFAREA limits and IPL outcome, PLAREA size, z13 SMT gains.

Calculators: advisor/calculators/lfarea.py and plarea.py (SHARE session 15142), zvm_smt.py
(REDP-5287 Table 2).
"""

from __future__ import annotations

import re

from advisor import linre
from advisor.calculators.lfarea import (
    CITE_FORMS,
    CITE_IAR046I,
    REASONS,
    LfareaAssessment,
    LfareaSyntaxError,
    assess_lfarea,
    lfarea_limit_gb,
    parse_lfarea,
)
from advisor.capabilities import calculators
from advisor.capabilities.errors import CapabilityError
from advisor.chat.calc.asked import asks_a_figure
from advisor.chat.calc.common import CalcAnswer, Calculation, _cites, _has, run
from advisor.chat.numbers import fmt, sizes_gb
from advisor.chat.polarity import asking_sentence, stated_verdict
from advisor.chat.reply import Composer, Question


def _written_end(text: str, i: int, stops: str, close_ends: bool) -> tuple[int, int]:
    """(where a statement written from i ends, the parenthesis depth there): at a blank or one of `stops` outside
    parentheses, or, with `close_ends`, right after the parenthesis that closes the first one opened."""
    depth = 0
    while i < len(text):
        c = text[i]
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if close_ends and depth == 0:
                return i + 1, depth
        elif depth == 0 and (c.isspace() or c in stops):
            break
        i += 1
    return i, depth


def _lfarea_statement(text: str) -> tuple[str | None, str]:
    """(the LFAREA=... statement as written, the text without it); parentheses balanced."""
    m = re.search(r"LFAREA\s*=", text, re.IGNORECASE)
    if not m:
        return None, text
    i, _ = _written_end(text, m.end(), ",?;", close_ends=True)
    stmt = text[m.start() : i].rstrip(".,")
    return stmt, text[: m.start()] + " " + text[i:]


# "1M fixed frames", "2 GB pages": a page size, never the system's online storage
_PAGE_SIZE = linre.compile(r"\b\d+(?:\.\d+)?\s*[KMGT]B?\s+(?:[a-z]+\s+){0,2}?(?:pages?|frames?)\b", linre.IGNORECASE)


def _online_gb(text: str) -> float | None:
    """The online storage the question gives: its only size that is not a page size, or the one named as the
    system's ("40 GB of 1M pages on a 256 GB system"); None when several sizes leave it open (never a guess)."""
    plain = _PAGE_SIZE.sub(" ", text)
    # "1M and 2G pages": page sizes named in a list, and anything below the 4 GB the new form takes off
    # first, are no z/OS system's online storage (that would be a limit of "0 GB": a wrong number)
    sizes = [gb for gb in sizes_gb(plain) if gb > MIN_ONLINE_GB]
    if len(sizes) <= 1:
        return next(iter(sizes), None)
    named = [m.group(1) or m.group(2) for m in _SYSTEM_SIZE.finditer(plain)]
    found = sizes_gb(named[0]) if len(named) == 1 else []
    return found[0] if found and found[0] > MIN_ONLINE_GB else None


MIN_ONLINE_GB = 4.0
# "will the operator get a prompt?", "does IPL stop and ask?": the IPL outcome asked
_PROMPT_ASKED = linre.compile(
    r"\bprompt\w*|\b(?:IPL|system)\s+(?:\w+\s+){0,2}(?:stop|ask|wait)\w*|\boperator\b", linre.I
)
# "will it fit?", "is it ok?", "does that work": a question a verdict answers
_YES_NO = linre.compile(
    r"^\s*(?:will|would|does|do|is|are|can|could|should)\b|\b(?:fit|fits|ok|okay|work|valid)\b", linre.I
)

# "256 GB system", "64G online", "online storage of 64 GB", "a 32 GB lpar": the size that is the system's
_SYSTEM_SIZE = linre.compile(
    r"(\d+(?:\.\d+)?\s*(?:TB|GB|T|G)\s+(?:of\s+)?(?:online|real|central|system|lpar|box|machine|partition|storage|memory)\b)"
    r"|(?:online|real|central)\s+(?:storage\s+)?(?:of\s+|is\s+|=\s*)?(\d+(?:\.\d+)?\s*(?:TB|GB|T|G))\b",
    linre.IGNORECASE,
)


def _syntax_only(stmt: str, yes_no: bool = False, text: str = "") -> CalcAnswer | None:
    """A statement given without the online storage: its syntax errors need none ("1M=(90%)", "1M=(10,20)")."""
    if "..." in stmt or "xx" in stmt.lower():
        return None
    try:
        assess_lfarea(stmt, SYNTAX_PROBE_GB)
    except LfareaSyntaxError as e:
        out = CalcAnswer("lfarea", Composer(), rules=["ZOS-002"])
        cites = _cites(e.citations, "lfarea")
        out.out.say(
            f"{stmt} is not valid: IAR046I {e.ibm_reason} {e.explanation} At IPL a syntax error always prompts "
            "for a new LFAREA.",
            *cites,
        )
        out.verdict = _syntax_verdict(stmt, e, text, cites)
        out.judges_stated = True  # "LFAREA=(2G=(10%,4))?": the statement as written is what is asked about
        return out
    except ValueError:
        return None
    return _request_alone(stmt, yes_no)


def _syntax_verdict(stmt: str, e: LfareaSyntaxError, text: str, cites: list) -> tuple[str, str, list]:
    """The verdict on a statement with a syntax error: not valid; asked what IPL does ("with NOPROMPT in there, does
    the IPL still stop?"), yes: a syntax error prompts for a new LFAREA whatever PROMPT or NOPROMPT says."""
    why = f"{stmt} is not valid (IAR046I {e.ibm_reason.rstrip('.').lower()})"
    if _prompt_asked(text, stmt):  # not "IPL prompted after LFAREA=4096. isn't that 4096 MB?"
        return "yes", f"{why}, and syntax errors always prompt for a new LFAREA at IPL, NOPROMPT or not", cites
    return stated_verdict(False, text), why, cites  # "any issue with ...?": yes


def _prompt_asked(text: str, stmt: str | None) -> bool:
    """Whether the asking sentence asks what IPL does (a prompt, the operator), the statement's own PROMPT / NOPROMPT
    keywords set aside ("is LFAREA=(1M=(30%),PROMPT,NOPROMPT) valid?" asks about validity)."""
    if stmt:
        at = text.lower().find(stmt.lower())
        if at >= 0:
            text = f"{text[:at]} {text[at + len(stmt) :]}"
    return _PROMPT_ASKED.search(asking_sentence(text)) is not None


_ONLINE_QUESTION = Question(
    path="online_storage_gb",
    question="How much real storage is online at IPL, in GB? Shown by: D M=STOR (or the LPAR's storage on the HMC).",
    command="D M=STOR",
    unit="GB",
    rule_id="ZOS-001",
)


def _request_alone(stmt: str, yes_no: bool) -> CalcAnswer | None:
    """A valid statement without the online storage: a share within the 80% the limit allows fits whatever the
    online storage; a fixed size is that size, fitting from some online storage on. A mix of both, or a share
    asked for in GB, needs the online storage (asked by advisor/chat/clarify.py)."""
    try:
        r = run(calculators.lfarea_request, calculators.LfareaStatementInput, statement=stmt)
    except CapabilityError:
        return None
    out = CalcAnswer("lfarea", Composer(), rules=["ZOS-001"])
    cites = _cites(r.citations, "lfarea")
    minus = "" if r.form == "new" else " minus 2 GB"
    if r.fits_any_online and yes_no:
        out.out.say(
            f"{stmt} asks for {r.percent}% of ({r.base}){minus}, and the {r.form} form's limit is 80% of the same"
            f"{minus}: {r.percent}% is within 80%, so it fits whatever storage is online; how many GB that is "
            "depends on the online storage.",
            *cites,
        )
        out.verdict = ("yes", f"{r.percent}% of ({r.base}) is always within the limit of 80% of it", cites)
        out.questions.append(_ONLINE_QUESTION)  # for the GB it reserves on this system
        return out
    if r.percent or r.min_online_gb is None:
        return None
    out.out.say(
        f"{stmt} asks for {fmt(r.fixed_gb)} GB at target whatever the online storage; it fits the {r.form} form's "
        f"limit ({LIMIT_WORDS[r.form]}) from {fmt(r.min_online_gb)} GB of online storage on.",
        *cites,
    )
    out.calculations += [
        Calculation(
            "lfarea.requested", {"statement": stmt}, r.fixed_gb, "GB", "sizes and page counts at target", cites
        ),
        Calculation("lfarea.min_online", {"statement": stmt}, r.min_online_gb, "GB", r.formula, cites),
    ]
    if yes_no:  # "will it fit?": on the storage this system has online
        out.questions.append(_ONLINE_QUESTION)
        out.verdict = ("it depends", f"{stmt} fits from {fmt(r.min_online_gb)} GB of online storage on", cites)
    return out


def _parts(a: LfareaAssessment) -> str:
    """Each page size's part of the request: a percentage as the slides' formula gives it, with the whole pages IPL
    counts when they come to less ("2G pages: 20% of (256 - 4) GB = 50.4 GB, 25 whole 2 GB pages = 50 GB"); empty
    when one size alone is asked for as a whole number of GB (the request line says it all)."""
    sizes = (
        ("1M pages", a.request.one_mb, a.share_1m_gb, a.requested_1m_gb, a.pages_1m, "1 MB"),
        ("2G pages", a.request.two_gb, a.share_2g_gb, a.requested_2g_gb, a.pages_2g, "2 GB"),
    )
    base = f"({fmt(a.online_storage_gb)} - 4) GB" if a.form == "new" else f"{fmt(a.online_storage_gb)} GB - 2 GB"
    said, rounded = [], False
    for label, req, share, gb, pages, size in sizes:
        if req is None:
            continue
        if share is None:
            said.append(f"{label}: {fmt(gb)} GB")
            continue
        said.append(f"{label}: {req.target.value}% of {base} = {fmt(share)} GB")
        if fmt(share, 1) != fmt(gb, 1):
            rounded = True
            said[-1] += f", {pages} whole {size} pages = {fmt(gb)} GB"
    return ", ".join(said) if len(said) > 1 or rounded else ""


LIMIT_WORDS = {"new": "80% of (online storage - 4 GB)", "old": "80% of online storage - 2 GB"}


SYNTAX_PROBE_GB = 1024.0  # any size: the syntax checks do not depend on it


# "LFAREA=nn%", "1M=(xxG)", "<n>%", "N%": a value's placeholder in the syntax as written, the form and not a value
_PLACEHOLDER = re.compile(
    r"<[^<>]{0,12}>|(?<![A-Za-z0-9])(?:[nN]{1,8}|[xX]{1,8}|m{2,8}|g{2,8}|t{2,8})(?=\s{0,2}(?:%|[MGT]\b|[),]|$))"
)


# "1M=(25%) on a 68G lpar": the new form's keywords without the word LFAREA ("1M=" is no other thing's syntax)
_BARE_REQUEST = linre.compile(r"(?:^|[\s(:])((?:1M|2G)\s*=\s*\()", linre.IGNORECASE)


def bare_request(text: str) -> str:
    """The text with a bare "1M=(...)[,2G=(...)]" written as the LFAREA statement it is (unchanged otherwise)."""
    m = _BARE_REQUEST.search(text)
    if m is None or _has(r"LFAREA|large frame area", text):
        return text
    start = m.start(1)
    i, depth = _written_end(text, start, "?;", close_ends=False)
    if depth != 0:
        return text  # unbalanced: left as written, never guessed
    spec = text[start:i].rstrip(".,")
    return f"{text[:start]}LFAREA=({spec}){text[start + len(spec) :]}"


def lfarea_answer(text: str) -> CalcAnswer | None:
    reason = next((code for code, (ibm, _) in REASONS.items() if ibm.rstrip(".").lower() in text.lower()), None)
    if reason and _has(r"IAR046I|LFAREA", text):
        out = CalcAnswer("lfarea", Composer(), rules=["ZOS-002"])
        ibm, why = REASONS[reason]
        out.out.say(f'IAR046I reason "{ibm.rstrip(".")}": {why}', *_cites([CITE_IAR046I], "lfarea"))
        return out
    text = bare_request(text)
    if not _has(r"LFAREA|large frame area", text) or _has(r"pageable\s+large", text):
        return None  # the pageable large frame area is the PLAREA
    stmt, rest = _lfarea_statement(text)
    if stmt is None:  # "lfarea 30 pct old form on 64 GB": the share and the form said in words
        stmt = _said_statement(text)
    online = _online_gb(rest)
    if online is None:
        yes_no = "?" in rest and _YES_NO.search(rest) is not None
        return _syntax_only(stmt, yes_no, text) if stmt is not None else None
    out = CalcAnswer("lfarea", Composer(), rules=["ZOS-001"])
    placeholder = stmt is None or "..." in stmt or _PLACEHOLDER.search(stmt) is not None
    if stmt is not None and not placeholder:
        try:
            a = assess_lfarea(stmt, online)
        except LfareaSyntaxError as e:
            out.out.say(
                f"{stmt} is not valid: IAR046I {e.ibm_reason} {e.explanation} At IPL a syntax error always "
                "prompts for a new LFAREA.",
                *_cites(e.citations, "lfarea"),
            )
            # the online storage was given: what a valid statement of the same form may reserve there
            new_form = _has(r"\b(?:1M|2G)\s*=", stmt)
            form = "new" if new_form else "old"
            limit = lfarea_limit_gb(online, "new" if new_form else "old")
            rule = "80% of (online storage - 4 GB)" if form == "new" else "80% of online storage - 2 GB"
            out.out.say(
                f"On {fmt(online)} GB online storage a valid {form}-form statement may reserve at most "
                f"{fmt(limit)} GB ({rule}).",
                *_cites([CITE_FORMS], "lfarea"),
            )
            out.rules = ["ZOS-002"]
            out.verdict = _syntax_verdict(stmt, e, text, _cites(e.citations, "lfarea"))
            out.judges_stated = True
            return out
        except ValueError:
            placeholder = True
        else:
            cites = _cites(a.citations, "lfarea")
            form = (
                "old form: 80% of online storage - 2 GB"
                if a.form == "old"
                else "new form: 80% of (online storage - 4 GB)"
            )
            by_formula = (a.share_1m_gb or a.requested_1m_gb) + (a.share_2g_gb or a.requested_2g_gb)
            whole = (
                f" ({fmt(a.total_requested_gb)} GB in whole pages)"
                if fmt(by_formula, 1) != fmt(a.total_requested_gb, 1)
                else ""
            )
            out.out.say(
                f"{a.request.statement} on {fmt(online)} GB online storage: the limit is {fmt(a.limit_gb)} GB "
                f"({form}); the request is {fmt(by_formula)} GB at target{whole}, "
                + (
                    "the same at the minimums."
                    if a.minimum_total_gb == a.total_requested_gb
                    else f"{fmt(a.minimum_total_gb)} GB at the minimums{' in whole pages' if whole else ''}."
                ),
                *cites,
            )
            out.out.say(f"At IPL: {a.ipl_message}", *cites)
            parts = _parts(a)
            if parts:  # "how many GB is each": both parts' sizes, a share as the slides' formula gives it
                out.out.say(f"Of that, {parts}.", *cites)
            fits = a.total_requested_gb <= a.limit_gb
            if _prompt_asked(text, stmt):  # "will the operator get a prompt at IPL?": what IPL does, not the fit
                prompted = a.ipl_outcome == "prompt"
                out.verdict = (
                    "yes" if prompted else "no",
                    f"{a.request.statement} on {fmt(online)} GB online storage: {a.ipl_message.rstrip('.')}",
                    cites,
                )
            else:
                # "LFAREA=50G with 64G online?": the user's statement on their storage ("..., size?" asks a figure)
                out.judges_stated = not asks_a_figure(text)
                out.verdict = (
                    stated_verdict(fits, text, "max"),  # "is it too much?", "over the limit?": fits answers no
                    f"{a.request.statement} asks for {fmt(a.total_requested_gb)} GB, "
                    f"{'within' if fits else 'over'} the {fmt(a.limit_gb)} GB limit on {fmt(online)} GB online storage",
                    cites,
                )
            out.calculations.append(
                Calculation(
                    "lfarea.limit",
                    {"online_storage_gb": online, "statement": a.request.statement, "form": a.form},
                    a.limit_gb,
                    "GB",
                    "old form: 0.8 x online - 2 GB; new form: 0.8 x (online - 4 GB)",
                    cites,
                )
            )
            return out
    forms = ["new", "old"]
    if (
        stmt
        and re.search(r"1M=|2G=", stmt, re.IGNORECASE)
        or _has(r"\bnew\b.{0,20}form", rest)
        and not _has(r"\bold\b", rest)
    ):
        forms = ["new"] if not _has(r"\bold\b", text) else forms
    if stmt and re.search(r"%|xx", stmt) and not re.search(r"1M=|2G=", stmt, re.IGNORECASE):
        forms = ["old", "new"]
    if _OLD_FORM.search(rest) and not _NEW_FORM.search(rest):
        forms = ["old"]  # "old form lfarea max on 64 GB": the form asked for alone
    limits = run(calculators.lfarea_limit, calculators.LfareaLimitInput, online_storage_gb=online)
    cites = _cites(limits.citations, "lfarea")
    for form in forms:
        limit = limits.new_form_limit_gb if form == "new" else limits.old_form_limit_gb
        out.calculations.append(
            Calculation(
                f"lfarea.limit_{form}_form", {"online_storage_gb": online}, limit, "GB", limits.formulas[form], cites
            )
        )
        if form == "new":
            out.out.say(
                f"New form LFAREA=(1M=...,2G=...): a percentage is of (online storage - 4 GB) and at most 80% "
                f"can be reserved: 0.8 x ({fmt(online)} - 4) GB = {fmt(limit)} GB on {fmt(online)} GB.",
                *cites,
            )
        else:
            out.out.say(
                f"Old form LFAREA=xx%|nM|nG|nT: the limit is 80% of online storage minus 2 GB: "
                f"0.8 x {fmt(online)} GB - 2 GB = {fmt(limit)} GB on {fmt(online)} GB.",
                *cites,
            )
    return out


_SHARE = linre.compile(r"\b(\d{1,2})\s*(?:%|pct|percent)", linre.I)
_OLD_FORM = linre.compile(r"\bold\b[\w\s]{0,12}?\b(?:form|syntax|format|style)\b", linre.I)
_NEW_FORM = linre.compile(r"\bnew\b[\w\s=/]{0,12}?\b(?:form|syntax|format|style)\b|\b1M=", linre.I)


def _said_statement(text: str) -> str | None:
    """ "30 pct old form" -> LFAREA=30%; "25% with the new 1M= syntax" -> LFAREA=(1M=(25%)); one share, one form."""
    shares = _SHARE.findall(text)
    old, new = _OLD_FORM.search(text) is not None, _NEW_FORM.search(text) is not None
    if len(shares) != 1 or old == new:
        return None
    return f"LFAREA={shares[0]}%" if old else f"LFAREA=(1M=({shares[0]}%))"


def plarea_answer(text: str) -> CalcAnswer | None:
    if not _has(r"PLAREA|pageable large (?:(?:page|frame) )?area|\bquad(?:\s+area)?\b", text):
        return None
    online = _online_gb(text)
    if online is None:
        return None
    p = run(calculators.plarea, calculators.PlareaInput, online_storage_gb=online)
    out = CalcAnswer("plarea", Composer(), rules=["ZOS-006"])
    out.out.say(
        f"On {fmt(online)} GB online storage the quad area is 12.5% = {fmt(p.quad_gb, 3)} GB and the PLAREA "
        f"12.5% of the rest: 0.125 x {fmt(online - p.quad_gb, 3)} GB = {fmt(p.plarea_gb, 3)} GB "
        f"({p.plarea_frames_1m} pageable 1 MB frames); the system sizes it itself, LFAREA does not enter it.",
        *_cites(p.citations, "plarea"),
    )
    out.calculations.append(
        Calculation(
            "plarea.quad",
            {"online_storage_gb": online},
            p.quad_gb,
            "GB",
            "0.125 x online",
            _cites(p.citations, "plarea"),
        )
    )
    out.calculations.append(
        Calculation(
            "plarea.size",
            {"online_storage_gb": online},
            p.plarea_gb,
            "GB",
            "0.125 x (online - 0.125 x online)",
            _cites(p.citations, "plarea"),
        )
    )
    return out


# "z13 without SMT", "SMT off", "core to core": the z13 run without SMT (Table 2's S41107B2)
_NO_SMT = linre.compile(
    r"\b(?:without|w/o|no|non)[\s-]{1,3}SMT\b|\bSMT[\s-]{1,3}(?:off|disabled)\b|\bcore[\s-]{1,3}to[\s-]{1,3}core\b",
    linre.I,
)
_SMT = r"\bSMT\b|multithreading"


def _smt_comparisons(text: str) -> list[tuple[str, str, str]]:
    """The Table 2 comparisons a question asks for, as (before, after, label): the z13 with SMT over the z13 without
    it (and over the zEC12 when named, or when no baseline is named at all: the paper's own headline gains, 38 % ETR
    and up to 40 % ITR, are over the zEC12); the z13 without SMT over the zEC12 when the question names that run and
    no SMT run ("z13 without SMT vs zEC12 - how much faster?": core to core, not the SMT gain)."""
    no_smt = _NO_SMT.search(text) is not None
    smt_on = _has(_SMT, _NO_SMT.sub(" ", text)) or _has(r"\bwith\s{1,3}(?:and|or|&|/)\s{1,3}without\b", text)
    ec12 = _has(r"zEC12|EC12", text)
    pairs = []
    if smt_on or not (no_smt and ec12):
        pairs.append(("z13", "z13-smt", "z13 with SMT over z13 without SMT"))
        if ec12 or not no_smt:
            pairs.append(("zEC12", "z13-smt", "z13 with SMT over zEC12"))
    if no_smt and ec12:
        pairs.append(("zEC12", "z13", "z13 without SMT over zEC12 (core to core)"))
    return pairs


def smt_answer(text: str) -> CalcAnswer | None:
    if not (
        _has(_SMT + r"|\bcore[\s-]{1,3}to[\s-]{1,3}core\b", text)
        and _has(r"z13", text)
        and _has(
            r"how much|gain|more|ETR|ITR|throughput|faster|percent(?:age)?|%|increase|higher|better|improve\w*|uplift|"
            r"go(?:es)? up|went up|grew",
            text,
        )
    ):
        return None
    out = CalcAnswer("zvm_smt", Composer(), rules=["ZVM-001"])
    for baseline, compared, label in _smt_comparisons(text):
        g = run(calculators.zvm_smt_gain, calculators.ZvmSmtInput, baseline=baseline, run=compared)
        a, b = g.baseline, g.smt
        cites = _cites(g.citations, "zvm_smt")
        out.out.say(
            f"{label}: ETR {fmt(a.etr)} -> {fmt(b.etr)} (+{fmt(g.etr_pct, 1)}%, about "
            f"+{fmt(g.etr_pct, 0)}%), ITR {fmt(a.itr)} -> {fmt(b.itr)} (+{fmt(g.itr_pct, 1)}%), "
            f"{a.users} -> {b.users} users (+{fmt(g.users_pct, 1)}%), measured at about 90% CPU"
            + (f"; the paper states {g.paper_states}." if g.paper_states else "."),
            *cites,
        )
        name = f"gain_over_{baseline}" if compared == "z13-smt" else f"core_to_core_over_{baseline}"
        inputs = {"baseline": baseline, "run": compared}
        out.calculations.append(Calculation(f"zvm_smt.{name}", inputs, g.etr_pct, "%", g.formula, cites))
    return out


_UNITS = linre.compile(r"\bUNITS\s*=\s*(\d{1,9})\b", linre.I)
_UNITSIZE = linre.compile(r"\bUNITSIZE\s*=\s*(1M|2G)\b", linre.I)
_SEGMENTS = linre.compile(r"\bSEGMENTS\s*=\s*(\d{1,9})\b", linre.I)


def getstor_answer(text: str) -> CalcAnswer | None:
    """ "IARV64 REQUEST=GETSTOR,UNITS=5,UNITSIZE=2G,... - how much storage is that": UNITS x UNITSIZE."""
    if not _has(r"GETSTOR|GETCOMMON|IARV64|\bUNITSIZE\s*=", text):  # UNITSIZE= is IARV64's own keyword
        return None
    units, size, segments = _UNITS.search(text), _UNITSIZE.search(text), _SEGMENTS.search(text)
    if units and size:
        g = run(
            calculators.getstor, calculators.GetstorInput, units=int(units.group(1)), unitsize=size.group(1).upper()
        )
        said = f"UNITS={g.units} with UNITSIZE={g.unitsize}: {g.units} x {'1 MB' if g.unitsize == '1M' else '2 GB'}"
    elif segments:
        g = run(calculators.getstor, calculators.GetstorInput, segments=int(segments.group(1)))
        said = f"SEGMENTS={g.segments}: {g.segments} x 1 MB segments"
    else:
        return None
    out = CalcAnswer("getstor", Composer(), rules=[])
    cites = _cites(g.citations, "getstor")
    small = g.size_gb < 1  # a few 1 MB units: given in MB, not as a rounded fraction of a GB
    shown = f"{g.size_mb} MB" if small else f"{fmt(g.size_gb)} GB ({g.size_mb} MB)"
    out.out.say(f"{said} = {shown} of above-the-bar storage.", *cites)
    inputs = g.model_dump(include={"units", "unitsize", "segments"}, exclude_none=True)
    result, unit_out = (g.size_mb, "MB") if small else (g.size_gb, "GB")
    out.calculations.append(Calculation("getstor.size", inputs, result, unit_out, g.formula, cites))
    return out


# "and in the new 1M= form?", "same 30% with the new syntax?", "and the old xx% form?": the other LFAREA form
_FORM_ASKED = linre.compile(
    r"\b(new|old)\b[\w\s=/%]{0,24}?\b(?:form|syntax|format|style|notation|way)\b|(1M=|2G=)|\b(xx%)", linre.I
)


def lfarea_in_form(last: str, fragment: str) -> str | None:
    """The last LFAREA question asked again in the form the follow-up names: its statement rewritten (an old-form
    xx% is (1M=(xx%)) in the new form; a new form with a 1M target alone is that target in the old), or, without
    a statement, the question for that form. None when the follow-up is no such question or the statement has no
    counterpart (2G pages and minimums exist in the new form only)."""
    m = _FORM_ASKED.search(fragment)
    if m is None or not _has(r"LFAREA|large frame area", last) or _has(r"LFAREA\s*=", fragment):
        return None
    form = "new" if (m.group(1) or "").lower() == "new" or m.group(2) else "old"
    stmt, _ = _lfarea_statement(last)
    share = linre.search(r"(\d{1,2})\s*%", fragment)  # "same 30% with the new syntax"
    if stmt is None or "xx" in stmt.lower() or "..." in stmt or _PLACEHOLDER.search(stmt) is not None:
        base = last.replace(stmt, "LFAREA") if stmt else last  # "LFAREA=nn%": a form named, not a value
        return f"{base.rstrip(' ?.!')}, in the {form} {'1M=/2G= ' if form == 'new' else 'xx% '}form?"
    try:
        req = parse_lfarea(stmt)
    except (LfareaSyntaxError, ValueError):
        return None
    if req.form == form:
        return None
    if form == "new":
        amount = req.one_mb.target if req.one_mb else None
        if amount is None:
            return None
        new = f"LFAREA=(1M=({amount.value}%))" if amount.size_mb is None else f"LFAREA=(1M={amount.size_mb})"
    else:
        one = req.one_mb
        if req.two_gb is not None or one is None or one.minimum is not None:
            return None
        new = f"LFAREA={one.target.value}%" if one.target.size_mb is None else f"LFAREA={one.target.size_mb}M"
    if share is not None and share.group(1) not in new:
        return None  # "same 40%" after a statement of 30%: not the same statement
    return last.replace(stmt, new, 1)
