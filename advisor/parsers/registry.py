"""Which parser reads which command's output.

Command names arrive from people and scripts in many spellings ("lparstat -i",
"lparstat_-i", "/usr/bin/lparstat -i", "ioscli lsdev -type disk",
"lsattr -El ent6 | grep ha_mode"), so they are normalised before matching.
Matching is case-sensitive first (lslpp -l and -L differ), then
case-insensitive.  Detection picks the parser most confident that the text is
its command's output, and refuses to choose between equals.
"""

from __future__ import annotations

from fnmatch import fnmatchcase
from types import ModuleType

from advisor import budget, linre

from . import (
    amepat,
    chatr,
    dmstor,
    ieasys,
    ioslevel,
    iplinfo,
    iplmsg,
    kctune,
    lparstat_c,
    lparstat_e,
    lparstat_i,
    lsattr,
    lsattr_colon,
    lscpu,
    lsdev_adapter,
    lsdev_disk,
    lshwres,
    lslic,
    lslpp_l,
    lsmap,
    lssyscfg,
    lswpar,
    machinfo,
    mpsched,
    netstat_v,
    oslevel,
    parstatus,
    prtconf,
    ps_z,
    psrset,
    schedo,
    svmon_g,
    swapinfo,
    sysinfo,
    topas,
    virtstor,
    vmcp_mt,
    vmo_l,
    vmo_o,
    vmstat,
    vmstat_s,
    vmstat_v,
    vparstatus,
)
from ._text import DETECT_CHARS
from ._wraps import read_twice
from .base import CUT_REASON, ParseError, ParseResult, ParseWarning, was_cut

PARSERS: tuple[ModuleType, ...] = (
    lparstat_i,
    lparstat_c,
    lparstat_e,
    amepat,
    vmstat_v,
    vmstat_s,
    vmstat,
    vmo_l,
    vmo_o,
    schedo,
    svmon_g,
    lsattr,
    lsattr_colon,
    ps_z,
    lsdev_disk,
    lsdev_adapter,
    lslpp_l,
    netstat_v,
    topas,
    ioslevel,
    oslevel,
    prtconf,
    virtstor,
    dmstor,
    iplinfo,
    iplmsg,
    ieasys,
    machinfo,
    kctune,
    lscpu,
    lssyscfg,
    lshwres,
    lslic,
    lswpar,
    lsmap,
    swapinfo,
    parstatus,
    mpsched,
    psrset,
    chatr,
    vparstatus,
    sysinfo,
    vmcp_mt,
)

THRESHOLD = 0.5


def commands() -> list[str]:
    return [p.COMMAND for p in PARSERS]


def normalize(name: str) -> str:
    """'/usr/sbin/lsattr  -El ent6 | grep x' -> 'lsattr -El ent6'; '_' counts as a blank."""
    name = name.split("|")[0].replace("_", " ")
    words = _unprivileged(name.split())
    if words and words[0] == "ioscli":
        words = words[1:]
    if words and "/" in words[0]:
        words[0] = words[0].rsplit("/", 1)[1]
    return " ".join(words)


_RUN_AS = frozenset({"sudo", "pbrun"})  # run the command as another user: the command is what follows
_OPTION_ARGS = frozenset({"-u", "-g", "-h", "-p", "-C", "-U"})  # sudo options that take a value


def _unprivileged(words: list[str]) -> list[str]:
    """``sudo -u root /usr/sbin/lparstat -i`` -> ``/usr/sbin/lparstat -i``."""
    if not words or words[0].rsplit("/", 1)[-1] not in _RUN_AS:
        return words
    i = 1
    while i < len(words) and words[i].startswith("-"):
        i += 2 if words[i] in _OPTION_ARGS else 1
    return words[i:]


def _patterns(parser: ModuleType) -> list[str]:
    return [normalize(p) for p in (parser.COMMAND, *getattr(parser, "ALIASES", ()))]


def own_names(parser: ModuleType) -> set[str]:
    """The command names a parser gives without wildcards (``lparstat -i``, ``vmcp q mt``)."""
    return {p for p in _patterns(parser) if not any(c in p for c in "*?[")}


def parser_for(command: str) -> ModuleType | None:
    wanted = normalize(command)
    for fold in (str, str.casefold):
        exact = [p for p in PARSERS if fold(wanted) in {fold(x) for x in _patterns(p)}]
        if exact:
            return exact[0]
        globbed = [
            (len(linre.split(r"[*?\[]", pattern)[0] or ""), p)
            for p in PARSERS
            for pattern in _patterns(p)
            if any(c in pattern for c in "*?[") and fnmatchcase(fold(wanted), fold(pattern))
        ]
        if globbed:
            return max(globbed, key=lambda item: item[0])[1]
    return None


def scores(text: str) -> dict[str, float]:
    """Each parser's confidence, judged on the text's head: detection costs the same for 1 KB or 16 MB."""
    head = text[:DETECT_CHARS]
    found = {}
    for p in PARSERS:
        budget.check()
        found[p.COMMAND] = p.detect(head)
    return found


def detect(text: str) -> str | None:
    ranked = sorted(scores(text).items(), key=lambda item: item[1], reverse=True)
    best, score = ranked[0]
    if score < THRESHOLD or (len(ranked) > 1 and ranked[1][1] == score):
        return None
    return best


def parse_output(text: str, command: str | None = None, *, detected: str | None = None) -> ParseResult:
    """Parse ``text`` as ``command``'s output, or as the command it is detected to be (``detected``: what
    ``detect(text)`` gave, when the caller has run it already)."""
    if command is None:
        detected = detected or detect(text)
        if detected is None:
            raise ParseError(
                f"cannot tell which command produced this text; name the command. Known: {', '.join(commands())}"
            )
        found = parser_for(detected)
        assert found is not None  # detect() only names registered commands
        return _cut_noted(text, read_twice(text, found.parse, found.parse(text)))
    parser = parser_for(command)
    if parser is None:
        raise ParseError(f"no parser for command {command!r}. Known: {', '.join(commands())}")
    result = read_twice(text, parser.parse, parser.parse(text))
    return _cut_noted(text, result.model_copy(update={"command_line": " ".join(command.split())}))


def _cut_noted(text: str, result: ParseResult) -> ParseResult:
    """A text that stops inside its last line is warned about once, even when that line held no value:
    the assembly must not count or total over a listing cut short (``base.was_cut``)."""
    last = text[max(text.rfind("\n"), text.rfind("\r")) + 1 :]
    if not last.strip() or was_cut(result):
        return result
    warning = ParseWarning(
        command=result.command,
        line_no=text.count("\n") + text.count("\r") - text.count("\r\n") + 1,
        line=last,
        reason=f"{CUT_REASON} (no line end): the copy is cut short; no count or total is taken over it",
    )
    result.warnings.append(warning)
    return result
