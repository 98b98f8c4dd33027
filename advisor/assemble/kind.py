"""Which kind of document a set of outputs describes.

- ``ioslevel``, or a VIOS command line (``ioscli ...``, ``lsdev -dev X -attr``, ``lsdev -type``,
  ``entstat -all``): vios.  A VIOS runs lparstat, schedo and the AIX tools too.
- ``machinfo`` / ``kctune``: hpux-server.  ``D VIRTSTOR,LFAREA`` / IEASYSxx: zos-lpar.
  ``lscpu``: zvm-lpar.
- any other (Power) command: aix-lpar.
Outputs of two platforms (say kctune with lparstat) are refused: they cannot be one system.
"""

from __future__ import annotations

from collections.abc import Iterable

from advisor import linre
from advisor.assemble.model import Output

PLATFORM_OF = {
    "machinfo": "hpux-server",
    "kctune": "hpux-server",
    "D VIRTSTOR,LFAREA": "zos-lpar",
    "IEASYSxx": "zos-lpar",
    "lscpu": "zvm-lpar",
}
_VIOS_LINE = linre.compile(r"^\s*(?:\S*/)?ioscli\b|\blsdev\s+-(?:dev|type)\b|\bentstat\s+-all\b")
ASSEMBLED_KINDS = ("aix-lpar", "vios", "hpux-server", "zos-lpar", "zvm-lpar")


class KindError(ValueError):
    pass


def is_vios_output(output: Output) -> bool:
    return output.command == "ioslevel" or bool(_VIOS_LINE.search(output.result.command_line or ""))


def decide_kind(outputs: Iterable[Output]) -> str:
    outputs = list(outputs)
    platforms: dict[str, list[str]] = {}
    for output in outputs:
        platform = PLATFORM_OF.get(output.command, "power")
        platforms.setdefault(platform, []).append(output.result.command_line or output.command)
    if len(platforms) > 1:
        named = "; ".join(
            f"{'IBM Power' if p == 'power' else p}: {', '.join(sorted(set(c)))}" for p, c in sorted(platforms.items())
        )
        raise KindError(f"the outputs come from different platforms ({named}); give one system's outputs")
    if not platforms:
        raise KindError("no command output to decide the kind from")
    platform = next(iter(platforms))
    if platform != "power":
        return platform
    return "vios" if any(is_vios_output(o) for o in outputs) else "aix-lpar"
