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


def unwrap(text: str) -> str:
    """``text`` without a mail's quoting, a line-number column and 3270 screen furniture (each only where
    the text shows it, see the module's doc); a text with none of them is returned as it is."""
    if text[:1] == "\ufeff":
        text = text[1:]
    lines = _text_lines(text)
    quoted = sum(1 for line in lines if line.lstrip(" \t")[:1] == ">")
    if quoted >= 3 and 2 * quoted >= len(lines):
        text = _QUOTE.sub("", text)
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
