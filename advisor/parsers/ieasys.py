"""IEASYSxx (z/OS system parameters): the LFAREA statement, as written.

Only extraction happens here; the syntax and the limits are judged by the
LFAREA calculator.  IEASYSxx rules honoured: columns 72-80 are ignored, the
operand is the first blank-delimited field (anything after it is comment),
a value may continue on the next line after a comma while a parenthesis is
open.  No LFAREA at all is itself a fact (``lfarea_specified: false``: zero
1M and 2G pages are reserved).  When LFAREA occurs more than once the member
is ambiguous, so ``lfarea`` is left out and all occurrences are listed.
"""

from __future__ import annotations

from advisor import linre

from ._text import Builder, Line, clean, lines_of
from .base import ParseResult

COMMAND = "IEASYSxx"
ALIASES = ("IEASYS*", "SYS1.PARMLIB(IEASYS*)", "*IEASYS*")

_KEYWORDS = linre.compile(
    r"(?:^|,)(CLPA(?:,|$)|(CMB|CSA|SQA|LNK|LNKAUTH|PAGE|SMF|MAXUSER|LFAREA|PROG|SCH|CLOCK|COUPLE|GRS|"
    r"PLEXCFG|SVC|RSU|REAL|VRREGN|CON|OMVS|LPA|MLPA|APF|DUMP|IOS|OPI|PAGTOTL|RSVNONR|RSVSTRT|SYSNAME)=)",
    linre.I,
)
_LFAREA = linre.compile(r"(?:^|,)(LFAREA=)", linre.I)
_SEQUENCE = linre.compile(r"(?:^|\s)\d{8}$")  # a card's sequence number, columns 73-80
_ONLY_SEQUENCE = linre.compile(r"^\s*\d{8}$")
_NUMBER_END = linre.compile(r"(?:^|\s)\d{1,8}$")
# what the rest of an LFAREA statement can be: sizes, percentages and page counts in parentheses, NOPROMPT
_CONTINUES = linre.compile(r"(?:[0-9(),=%MGTKmgtk]*\d[0-9(),=%MGTKmgtk]*|[(]?(?:NO)?PROMPT[)]*,?)")


def _operand(line: Line) -> str:
    field = line.text[:71]
    m = linre.match(r"\s*(\S*)", field)
    return m.group(1) if m else ""


def detect(text: str) -> float:
    operands = [o.split()[0] for o in clean(text).splitlines() if o.strip() and not o.lstrip().startswith("/*")]
    if not operands:
        return 0.0
    hits = sum(1 for o in operands if _KEYWORDS.search(o))
    if hits < 2 or not all(linre.fullmatch(r"[A-Za-z0-9=(),%.$#@'*&+/-]+", o) for o in operands):
        return 0.0
    return min(0.95, 0.3 * hits)


def parse(text: str) -> ParseResult:
    lines = list(lines_of(text, COMMAND, detect))
    out = Builder(COMMAND)
    statements: list[tuple[str | None, Line]] = []
    comment = False
    for i, line in enumerate(lines):
        operand = _operand(line)
        if operand.startswith("/*") or comment:
            comment = "*/" not in line.text and not (comment and _closes_wrapped(lines[i - 1], line))
            out.known(line)
            continue
        out.known(line)
        m = _LFAREA.search(operand)
        if m:
            statements.append((_statement(lines, i, m.start(1), out, _numbered(lines)), line))
    if len(statements) == 1:
        out.put("lfarea_specified", True, statements[0][1])
        if statements[0][0] is not None:
            out.put("lfarea", statements[0][0], statements[0][1])
    elif statements:
        out.put("lfarea_specified", True, statements[0][1])
        for value, line in statements:
            if value is not None:
                out.append("lfarea_statements", value, line)
            out.warn(line, "LFAREA specified more than once; lfarea left out")
    elif _operand(last := [line for line in lines if _operand(line)][-1]).endswith(","):
        out.warn(last, "the member ends on a continuation comma, it may be cut short; lfarea_specified left out")
    elif comment:
        out.warn(last, "a comment never closes (its '*/' lost or cut by the copy?); lfarea_specified left out")
    else:
        out.put("lfarea_specified", False, last)
    return out.finish(allow_empty=True)


def _closes_wrapped(before: Line, line: Line) -> bool:
    """A comment's ``*/`` that a terminal wrap broke in two: one line ends in ``*``, the next starts with ``/``."""
    return before.text.rstrip().endswith("*") and line.text.lstrip().startswith("/")


def _between(line: Line) -> bool:
    operand = _operand(line)
    return not operand or (operand.startswith("/*") and "*/" in line.text)


def _tail_digits(text: str) -> str:
    """The digits ``text`` ends in after a blank: the start of a sequence number the wrap cut ("... 0000")."""
    words = text.rstrip().rsplit(None, 1)
    return words[-1] if len(words) == 2 and words[-1].isascii() and words[-1].isdigit() else ""


def _numbered(lines: list[Line]) -> bool:
    """The member's cards carry sequence numbers (columns 73-80): three lines or more end in one, or in a piece of
    one that a wrap left (an operand ends in "," or ")", or in "=64": never in digits after a blank)."""
    return sum(1 for line in lines if _NUMBER_END.search(line.text.rstrip())) >= 3


def _statement(lines: list[Line], index: int, start: int, out: Builder, numbered: bool) -> str | None:
    """The LFAREA=... text from ``start`` on line ``index``, across continuation lines; None when the
    member stops inside it (a copy cut short: what is left of the statement is not the statement), or when
    a card of it is broken in two lines by a terminal or a mail program (in a numbered member, a line without
    its sequence number, then the rest of the card ending in it): the rest is skipped when it is only the
    number, else the statement is left out (the break may be inside the operand)."""
    value, depth = "", 0
    operand = _operand(lines[index])[start:]
    while True:
        for ch in operand:
            if ch == "," and depth == 0 and "=" in value:
                return value
            depth += {"(": 1, ")": -1}.get(ch, 0)
            value += ch
            if depth < 0:
                out.warn(lines[index], "LFAREA has an unmatched ')'; statement kept as written")
                return value
        piece = lines[index]
        index += 1
        after = index
        while after < len(lines) and not lines[after].text.strip():
            after += 1  # a double-spaced copy puts a blank line between the pieces too
        if numbered and after < len(lines) and not _SEQUENCE.search(piece.text.rstrip()):
            rest = lines[after].text.rstrip()
            if _ONLY_SEQUENCE.match(_tail_digits(piece.text) + rest.strip()):
                out.known(lines[after])  # the card's own sequence number (or its end) wrapped onto a line of its own
                index = after + 1
            elif _SEQUENCE.search(rest) and len(rest) < 80:
                out.warn(piece, "this card is broken in two lines (a wrapped copy): lfarea left out")
                return None
        while depth > 0 and operand.endswith(",") and index < len(lines) and _between(lines[index]):
            out.known(lines[index])  # a blank line (a double-spaced copy) or a comment line inside the statement
            index += 1
        if depth > 0 and operand.endswith(",") and not any(_operand(line) for line in lines[index:]):
            out.warn(lines[index - 1], "the member ends inside the LFAREA statement: it is cut short; lfarea left out")
            return None
        if depth == 0 or not operand.endswith(",") or index >= len(lines):
            break
        if not _CONTINUES.fullmatch(_operand(lines[index])):  # "I will send the rest tomorrow": prose after a cut
            out.warn(piece, "LFAREA goes on with a line that is not part of it: cut short; lfarea left out")
            return None
        operand = _operand(lines[index])
        out.known(lines[index])
    if depth > 0:
        out.warn(lines[index - 1], "LFAREA has an unclosed '('; statement kept as written")
    return value
