"""Shell prompts in pasted terminal sessions: where one command's output ends and the next begins.

Admins paste sessions as their shells show them::

    root@aix1:/ # lparstat -i        sapapp01:/home/root> svmon -G      [root@lnx01 ~]# lscpu
    aixhost:/ #                      bash-4.4# lsdev -Cc disk            root@db01:/#
    # vmo -L                         $ oslevel -s                       [root@aix1:/home/root]# prtconf
    sapaix01 # lparstat -i           sapaix01> svmon -G   (these two only before a command the advisor reads)

A prompt is a boundary with or without a command after it; without one the output that follows is
recognised by detection.  Each form is anchored at the line start and built from single character
classes, so matching is linear in the line's length.
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


class Prompt(NamedTuple):
    host: str | None
    command: str | None  # the command typed after the prompt, None for a bare prompt


def prompt(line: str) -> Prompt | None:
    """The prompt on ``line`` (a shell prompt, optionally followed by the command typed), or None."""
    if "#" not in line and "$" not in line and ">" not in line:
        return None  # every form ends in one of them: most lines of a session are rejected here
    m = _PATTERN.match(line.rstrip())
    if m is None:
        return _loose(line)
    command = m.group("command")
    host = m.group("bracket") or m.group("pathed") or m.group("plain")
    return Prompt(host, command.strip() if command else None)


def _loose(line: str) -> Prompt | None:
    m = _LOOSE.fullmatch(line.rstrip())
    if m is None:
        return None
    from advisor.parsers import registry  # the registry imports every parser: only for the rare loose form

    command = m.group("command").strip()
    return Prompt(m.group("host"), command) if registry.parser_for(command) is not None else None
