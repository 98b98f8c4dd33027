"""Shell prompts in pasted terminal sessions: where one command's output ends and the next begins.

Admins paste sessions as their shells show them::

    root@aix1:/ # lparstat -i        sapapp01:/home/root> svmon -G      [root@lnx01 ~]# lscpu
    aixhost:/ #                      bash-4.4# lsdev -Cc disk            root@db01:/#
    # vmo -L                         $ oslevel -s                       [root@aix1:/home/root]# prtconf
    sapaix01 # lparstat -i           sapaix01> svmon -G   (these two only before a command the advisor reads)

A shell's trace (``set -x``: ``+ lparstat -i``) marks a command too.  A prompt is a boundary with or
without a command after it; without one the output that follows is recognised by detection.  Each form
is anchored at the line start and built from single character classes, so matching is linear in the
line's length.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from advisor import linre

_HOST = r"[\w.-]{1,253}"
_PATTERN = re.compile(
    r"^[ \t]*(?:"
    rf"\[[\w.-]{{1,64}}@(?P<bracket>{_HOST})(?:[ \t:][^\]\n]{{0,1024}})?\][ \t]?[#$]"  # [root@lnx01 ~]# [root@aix1:/]#
    rf"|(?:[\w.-]{{1,64}}@)?(?P<pathed>{_HOST}):[~/][^\s#$>]{{0,1024}}[ \t]?[#$>]"  # root@db01:/# host:/p>
    rf"|[\w.-]{{1,64}}@(?P<plain>{_HOST})[ \t]?[#$>]"  # root@aix1 #
    r"|(?:ba|k|z|c|tc)?sh(?:-\d{1,3}(?:\.\d{1,3}){0,2})?[#$]"  # bash-4.4#  sh-4.2$
    r"|[#$](?=[ \t]|$)"  # # lparstat -i   $ oslevel -s   (not "#size:goodsize", lsattr -EOl's header)
    r")(?:[ \t]*(?P<command>[A-Za-z/.][^\n]*))?$"
)
# "sapaix01 # lparstat -i", "sapaix01> svmon -G": a bare host name before the prompt sign is a prompt only
# when a command the advisor reads follows it (an output line may well look like "word # text").
_LOOSE = linre.compile(r"[ \t]*(?P<host>[A-Za-z][\w.-]{0,252})[ \t]?[#$>][ \t]*(?P<command>[A-Za-z/][^\n]*)")


# A shell's trace (`set -x`, a script run with `sh -x`): each command it runs, behind PS4 ("+ ", nested "++ ").
_TRACE = linre.compile(r"\+{1,3} (?P<command>[a-z][\w.+/-]{0,63}(?:[ \t][^\n]*)?)")


class Prompt(NamedTuple):
    host: str | None
    command: str | None  # the command typed after the prompt, None for a bare prompt


# Terminal control sequences a `script` log or a coloured PS1 leaves around the prompt:
# colours "\x1b[01;32m", bracketed paste "\x1b[?2004h", window titles "\x1b]0;root@h: ~\x07".
_CONTROL = linre.compile(r"\x1b\[[0-9;?]{0,32}[A-Za-z]|\x1b\][^\x07\x1b]{0,512}(?:\x07|\x1b\\)")


def prompt(line: str) -> Prompt | None:
    """The prompt on ``line`` (a shell prompt, optionally followed by the command typed), or None."""
    if line[:1] == "+" and (trace := _TRACE.fullmatch(line.rstrip())) is not None:
        return _remote(Prompt(None, trace.group("command").strip()))
    if "#" not in line and "$" not in line and ">" not in line:
        return None  # every form ends in one of them: most lines of a session are rejected here
    if "\x1b" in line:
        line = _CONTROL.sub("", line)
    m = _PATTERN.match(line.rstrip())
    if m is None:
        return _loose(line)
    command = m.group("command")
    host = m.group("bracket") or m.group("pathed") or m.group("plain")
    return _remote(Prompt(host, command.strip() if command else None))


def _loose(line: str) -> Prompt | None:
    m = _LOOSE.fullmatch(line.rstrip())
    if m is None:
        return None
    from advisor.parsers import registry  # the registry imports every parser: only for the rare loose form

    found = _remote(Prompt(m.group("host"), m.group("command").strip()))
    return found if found.command is not None and registry.parser_for(found.command) is not None else None


_SSH_OPTION_ARGS = frozenset("bcDEeFIiJLlmOopQRSWw")  # ssh options that take a value


def _remote(found: Prompt) -> Prompt:
    """``ssh [-l user] [user@]aix2 lparstat -i`` typed on a jump host ran on aix2: that is the output's host."""
    words = found.command.split() if found.command else []
    if words and words[0].rsplit("/", 1)[-1] in ("sudo", "pbrun"):  # sudo ssh aix2 ...: still aix2's output
        from advisor.parsers.registry import _unprivileged  # the registry imports every parser: only here

        words = _unprivileged(words)
    if not words or words[0] != "ssh":
        return found
    i = 1
    while i < len(words) and words[i].startswith("-"):
        i += 2 if len(words[i]) == 2 and words[i][1] in _SSH_OPTION_ARGS else 1
    if i + 1 >= len(words):
        return found  # an interactive login: what follows is the remote prompt's
    target = words[i].rsplit("@", 1)[-1]
    return Prompt(target, " ".join(words[i + 1 :]).strip("'\""))
