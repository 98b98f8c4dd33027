"""`oslevel -s`: AIX version, technology level, service pack and build.

"7200-04-05-2016" is AIX 7.2 TL4 SP5 built in week 16 of 2020; the TL/SP
gate several AME and network features.  `oslevel -r` ("7200-04") gives no
SP; plain `oslevel` ("7.2.0.0") only the version: what is missing is
reported, not filled in.
"""

from __future__ import annotations

from advisor import linre

from ._text import Builder, clean, lines_of
from .base import ParseResult

COMMAND = "oslevel -s"
ALIASES = ("oslevel", "oslevel -r")

_FULL = linre.compile(r"^\s*(\d)(\d)00-(\d\d)(?:-(\d\d)-(\d{4}))?\s*$")
_PLAIN = linre.compile(r"^\s*([5-7])\.(\d)\.\d+\.\d+\s*$")


def detect(text: str) -> float:
    """Certain for '7200-04-05-2016'; only a hint for '7.2.0.0', which other commands print too."""
    rows = [r for r in clean(text).splitlines() if r.strip()]
    if not rows or len(rows) > 3:
        return 0.0
    if any(_FULL.match(r) for r in rows):
        return 0.9 / len(rows)
    return 0.3 / len(rows) if any(_PLAIN.match(r) for r in rows) else 0.0


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    for line in lines_of(text, COMMAND, detect):
        full, plain = _FULL.match(line.text), _PLAIN.match(line.text)
        if out.has("version") and line.text.strip():
            out.unknown(line)
        elif full:
            out.put("oslevel", line.text.strip(), line)
            out.put("version", f"{full.group(1)}.{full.group(2)}", line)
            out.put("tl", int(full.group(3)), line)
            if full.group(4):
                out.put("sp", int(full.group(4)), line)
                out.put("build", full.group(5), line)
            else:
                out.warn(line, "no service pack in the level (oslevel -r output?); sp left out")
        elif plain:
            out.put("oslevel", line.text.strip(), line)
            out.put("version", f"{plain.group(1)}.{plain.group(2)}", line)
            out.warn(line, "plain oslevel output: no technology level or service pack")
        elif line.text.strip():
            out.unknown(line)
    return out.finish()
