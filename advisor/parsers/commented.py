"""Outputs quoted inside program text, as projects publish them: in code comments and in string literals.

- **Comment markers.** A script's or a test's comment holding an output (``# System Model: ...``, a C
  block's ``     *      Processor Type: ...``, ``// ``, ``-- ``, ``; ``): when at least four in five of the
  text lines open with the same marker (blanks before it allowed), the marker and one blank after it are
  taken off every line that has it, and the indentation all those lines share.  A root prompt's ``# cmd``
  lines never make four in five of a session.  Lines without the marker (the code between comments) stay.
- **A monitoring agent's section header** (Checkmk's ``<<<prtconf:sep(58)>>>``): the line becomes blank, so
  what follows reads as an output of its own.
- **String literals whose lines end in an escaped line end** (a Java text block or a concatenated string:
  ``Type:  8561\\n``, ``"Type:  8561\\n" +``): when at least four in five of the text lines end so, the
  escape (and the quote and ``+`` around the line) is taken off; ``\\s`` is a blank, ``\\t`` a tab.

Every line keeps its number, so provenance still points at the line of the file (the line it quotes is the
unwrapped one).  The test is made on the text's head; the rewriting is one linear pass, only for a text that
needs it.
"""

from __future__ import annotations

from advisor import linre

_HEAD = 16 * 1024  # what the kind of quoting is judged on
_MARKED = linre.compile(r"^[ \t]*(#+|//|\*|--|;)(?:[ \t]|$)")
_AGENT_SECTION = linre.compile(r"(?m)^<<<[A-Za-z0-9_.:()-]{1,200}>>>[ \t]*\r?$")
_ESCAPED_END = linre.compile(r'\\n"?[ \t]*\+?[ \t]*\r?$')
_STRING_LINE = linre.compile(r'^([ \t]*)"?(.*?)(?:\\n"?[ \t]*\+?)?[ \t]*(\r?)$')


def uncomment(text: str) -> str:
    """``text`` out of the comment markers or string-literal escapes around each of its lines (see the module's
    doc); a text with neither is returned as it is."""
    lines = [line for line in text[:_HEAD].splitlines() if line.strip()]
    if len(lines) >= 3:
        markers = [_marker(line) for line in lines]
        marker = max(set(markers), key=markers.count)
        if marker and _most(markers.count(marker), len(lines)) and 2 * markers[:10].count(marker) >= len(markers[:10]):
            text = _rewrite(text, _marker_pattern(marker), "")
        elif _most(sum(1 for line in lines if _ESCAPED_END.search(line)), len(lines)):
            text = _rewrite(text, _STRING_LINE, r"\1\2\3").replace("\\s", " ").replace("\\t", "\t")
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
