"""Pasted text as admins send it: command outputs inside a mail's quoting, an ISPF or SDSF screen, a ticket.

What is taken away here is no part of any output, and only where the text shows it for sure:

- **Mail quoting.** ``> `` before each line, nested (``> > ``, ``>>``): taken off every quoted line when at
  least half of the text lines carry it (a quoted ``machinfo`` in a reply).  A session whose shell printed
  a few ``> `` continuation prompts stays as it is.
- **Line-number columns.** ISPF EDIT/VIEW/BROWSE's six-digit numbers (`` 000100 LFAREA=...``) and ``cat -n``'s
  numbers and tab, when at least half of the text lines carry them and they count up: the number column is
  taken off, so a member reads from its first column again.
- **Screen furniture** of a 3270 copy (a line reading ``===>``, or ``Top of Data``): the menu bar, the
  ``EDIT ... Columns 00001 00072`` and ``SDSF ...`` title lines, ``Command ===>`` lines, the
  ``*** Top of Data ***`` / ``Bottom of Data`` rules, ISPF's ``==MSG>`` / ``=COLS>`` lines and the PF-key
  lines become blank lines.
- **Code comments** holding an output, as projects publish them (``# System Model: ...``, a C block's
  ``     *      Processor Type: ...``, ``// ``, ``-- ``, ``; ``): when at least four in five of the text lines,
  and half of its first ten, open with the same marker (blanks before it allowed), the marker and one blank
  after it are taken off every line that has it, and then the indentation all those lines share.  A root
  prompt's ``# cmd`` lines never make four in five of a session; the lines without the marker (the code between
  the comments) stay.
- **String literals whose lines end in an escaped line end** (a Java text block or a concatenated string in a
  test: ``Type:  8561\\n``, ``"Type:  8561\\n" +``): when at least four in five of the text lines end so, the
  escape and the quote and ``+`` around each line are taken off, and the shared indentation; ``\\s`` is a
  blank, ``\\t`` a tab.
- **A monitoring agent's section header** (Checkmk's ``<<<prtconf:sep(58)>>>``) becomes a blank line, so what
  follows it reads as an output of its own.

Every line keeps its number (a line taken away becomes a blank line), so provenance still points at the
line of the file; the line it quotes is the unwrapped one.  The tests are made on the text's head and the
rewriting is one linear pass per kind, only for a text that needs it.
"""

from __future__ import annotations

from advisor import linre

_HEAD = 16 * 1024  # what the kinds of wrapping are judged on: the first screenful or mail
_QUOTE = linre.compile(r"(?m)^[ \t]{0,3}>(?:[ \t]?>)*[ \t]?")
_ISPF_NUMBER = linre.compile(r"(?m)^ ?(\d{6})(?: |$)")
_CAT_N = linre.compile(r"(?m)^ {0,6}(\d{1,7})\t")
_SCREEN = linre.compile(r"(?im)===>|\bTOP OF DATA\b")
_FURNITURE = linre.compile(
    r"(?im)^(?:"
    r"[^\n]*===>[^\n]*"  # Command ===>   Scroll ===> CSR, COMMAND INPUT ===>
    r"|[ \t]*\*{3,}[^\n]*\b(?:TOP|BOTTOM) OF DATA\b[^\n]*"  # ****** **** Top of Data ****
    r"|[ \t]*(?:EDIT|VIEW|BROWSE)[ \t]+\S+[^\n]*\bCOLUMNS[ \t]+\d+[ \t]+\d+[ \t]*"  # EDIT SYS1.PARMLIB(X) Columns 1 72
    r"|[ \t]*SDSF[ \t]+[A-Z][^\n]*"  # SDSF ULOG CONSOLE ..., SDSF OPERLOG DATE ...
    r"|[ \t]*(?:File|Display)[ \t]{1,4}(?:Edit|Filter)[ \t][^\n]*\bHelp[ \t]*"  # the menu bar
    r"|[ \t]*-{20,}[ \t]*"  # the rule under the menu bar
    r"|[ \t]*F\d{1,2}=\S+(?:[ \t]+F\d{1,2}=\S+)+[ \t]*"  # F1=HELP F2=SPLIT ...
    r"|[ \t]?(?:==MSG>|=NOTE=|=COLS>|=PROF>|=TABS>|=BNDS>|=MASK>|''''''|\.{6} )[^\n]*"  # ISPF special lines
    r")\r?$"
)
_MARKED = linre.compile(r"^[ \t]*(#+|//|\*|--|;)(?:[ \t]|$)")
_AGENT_SECTION = linre.compile(r"(?m)^<<<[A-Za-z0-9_.:()-]{1,200}>>>[ \t]*\r?$")
_ESCAPED_END = linre.compile(r'\\n"?[ \t]*\+?[ \t]*\r?$')
_STRING_LINE = linre.compile(r'^([ \t]*)"?(.*?)(?:\\n"?[ \t]*\+?)?[ \t]*(\r?)$')
# the lines that open or close the comment or the literal, no part of the output: /*  */  """  """;  x = """
_DELIMITER = linre.compile(r'(?m)^[ \t]*(?:/\*+|\*+/|[^\n"]{0,80}"""[ \t]*[;),]?)[ \t]*\r?$')


def unwrap(text: str) -> str:
    """``text`` without a mail's quoting, a line-number column and 3270 screen furniture (each only where
    the text shows it, see the module's doc); a text with none of them is returned as it is."""
    if text[:1] == "\ufeff":
        text = text[1:]
    lines = _text_lines(text)
    quoted = sum(1 for line in lines if line.lstrip(" \t")[:1] == ">")
    if quoted >= 3 and 2 * quoted >= len(lines):
        text = _QUOTE.sub("", text)
    text = _uncomment(text)
    if _SCREEN.search(text[:_HEAD]) is not None:
        text = _FURNITURE.sub("", text)
    head, lines = text[:_HEAD], _text_lines(text)
    if _counting(_ISPF_NUMBER.findall(head), len(lines)):
        return _ISPF_NUMBER.sub("", text)
    if _counting(_CAT_N.findall(head), len(lines)):
        return _CAT_N.sub("", text)
    return text


def _text_lines(text: str) -> list[str]:
    """The lines of the text's head that hold more than blanks."""
    return [line for line in text[:_HEAD].splitlines() if line.strip()]


def _counting(numbers: list[str], lines: int) -> bool:
    """Line numbers on at least half of the text lines (three or more), each larger than the one before."""
    if len(numbers) < 3 or 2 * len(numbers) < lines:
        return False
    values = [int(n) for n in numbers]
    return all(a < b for a, b in zip(values, values[1:], strict=False))


def _uncomment(text: str) -> str:
    """``text`` out of the comment markers or string-literal escapes around each of its lines (see the module's
    doc); a text with neither is returned as it is."""
    lines = [line for line in _text_lines(text) if not _DELIMITER.match(line)]
    if len(lines) >= 3:
        markers = [_marker(line) for line in lines]
        marker = max(set(markers), key=markers.count)
        if marker and _most(markers.count(marker), len(lines)) and 2 * markers[:10].count(marker) >= len(markers[:10]):
            text = _rewrite(_DELIMITER.sub("", text), _marker_pattern(marker), "")
        elif _most(sum(1 for line in lines if _ESCAPED_END.search(line)), len(lines)):
            text = _rewrite(_DELIMITER.sub("", text), _STRING_LINE, r"\1\2\3").replace("\\s", " ").replace("\\t", "\t")
    if "<<<" in text[:_HEAD]:
        text = _AGENT_SECTION.sub("", text)
    return text


def _most(count: int, lines: int) -> bool:
    """At least four in five of the text lines: a root prompt's ``# cmd`` lines never make that many."""
    return 5 * count >= 4 * lines


def _marker(line: str) -> str:
    """The comment marker the line opens with ('#' for any run of them), or ''."""
    m = _MARKED.match(line)
    return "" if m is None else m.group(1)[:1] if m.group(1)[0] == "#" else m.group(1)


def _marker_pattern(marker: str) -> linre.Pattern:
    more = "#*" if marker == "#" else ""  # "## 1310720 memory pages": a converted page's heading marks
    return linre.compile(rf"^[ \t]*{linre.escape(marker)}{more}(?:[ \t]|$)")


def _rewrite(text: str, pattern: linre.Pattern, keep: str) -> str:
    """Each line ``pattern`` matches, as ``keep`` of the match (``\\1``) or with the match taken off (''), then
    without the indentation all those lines share; other lines as they are."""
    out = text.split("\n")
    rewritten: list[int] = []
    for i, line in enumerate(out):
        m = pattern.match(line)
        if m is not None:
            rewritten.append(i)
            out[i] = m.expand(keep) if keep else line[m.end() :]
    indents = [len(out[i]) - len(out[i].lstrip(" \t")) for i in rewritten if out[i].strip()]
    cut = min(indents, default=0)
    if cut:
        for i in rewritten:
            out[i] = out[i][cut:]
    return "\n".join(out)
