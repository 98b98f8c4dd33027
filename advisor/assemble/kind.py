"""Which kind of document a set of outputs describes.

- ``ioslevel``, or a VIOS command line (``ioscli ...``, ``lsdev -dev X -attr``, ``lsdev -type``,
  ``entstat -all``): vios.  A VIOS runs lparstat, schedo and the AIX tools too.
- ``lssyscfg`` / ``lshwres`` / ``lslic`` (HMC CLI): managed-system.
- ``machinfo`` / ``kctune``: hpux-server (machinfo of a PA-RISC server, 9000/800, is refused).
  ``D VIRTSTOR,LFAREA`` / IEASYSxx: zos-lpar.
- ``lscpu``: zvm-lpar only when its hypervisor lines name z/VM.  Linux straight in a PR/SM LPAR, a
  KVM guest (or an emulator such as QEMU, which reports KVM), another architecture, or an lscpu
  without hypervisor lines is refused, naming what it shows: no document kind describes those.
- ``cat /proc/sysinfo``: zvm-lpar only when a VMnn Control Program line names z/VM (KVM/Linux, or
  no VMnn lines at all, is refused like lscpu's).
- ``swapinfo``, ``parstatus``, ``mpsched -s``, ``psrset``, ``chatr``: hpux-server.  ``lsmap -all``: vios.
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
    "D M=STOR": "zos-lpar",
    "D IPLINFO": "zos-lpar",
    "IAR040I/IAR048I": "zos-lpar",
    "lscpu": "zvm-lpar",
    "lssyscfg": "managed-system",
    "lshwres": "managed-system",
    "lslic": "managed-system",
    "swapinfo -tam": "hpux-server",
    "parstatus": "hpux-server",
    "mpsched -s": "hpux-server",
    "psrset": "hpux-server",
    "chatr": "hpux-server",
    "vparstatus": "hpux-server",
    "vmcp q multithread": "zvm-lpar",
}
_VIOS_LINE = linre.compile(r"^\s*(?:\S*/)?ioscli\b|\blsdev\s+-(?:dev|type)\b|\bentstat\s+-all\b")
ASSEMBLED_KINDS = ("aix-lpar", "vios", "hpux-server", "zos-lpar", "zvm-lpar", "managed-system")


class KindError(ValueError):
    pass


class _Unsettled(KindError):
    """The output cannot tell the platform alone; another output of the same system may."""


def lscpu_platform(output: Output) -> str:
    """zvm-lpar for Linux under z/VM; KindError saying what the lscpu shows otherwise."""
    data = output.result.data
    arch = str(data.get("architecture", "s390x"))
    hypervisor, vendor = data.get("hypervisor"), data.get("hypervisor_vendor")
    shown = ", ".join(
        f"{label}: {value}" for label, value in (("Hypervisor", hypervisor), ("Hypervisor vendor", vendor)) if value
    )
    if not arch.startswith("s390"):
        raise KindError(f"lscpu of a {arch} machine: the advisor reads lscpu of Linux on IBM Z (s390x) under z/VM only")
    if hypervisor is not None and str(hypervisor).startswith("z/VM"):
        return "zvm-lpar"
    if hypervisor is None and vendor is None:
        raise KindError(
            "lscpu names no hypervisor (no 'Hypervisor' lines): it cannot tell z/VM from an LPAR, a KVM guest or "
            "an emulator; give the kind (--kind zvm-lpar) if this is a z/VM guest"
        )
    if hypervisor is None and str(vendor) == "IBM":  # util-linux before the "Hypervisor:" line: z/VM and PR/SM alike
        raise _Unsettled(
            "lscpu says only 'Hypervisor vendor: IBM' (an older util-linux): that is z/VM or a PR/SM LPAR alike; "
            "add cat /proc/sysinfo (its VM00 lines name z/VM) or give the kind (--kind zvm-lpar)"
        )
    if "PR/SM" in str(hypervisor):
        what = "Linux running directly in a PR/SM LPAR, not as a z/VM guest"
    elif "KVM" in f"{hypervisor} {vendor}":
        what = "a KVM guest (or an emulator reporting KVM), not a z/VM guest"
    else:
        what = "a hypervisor other than z/VM"
    raise KindError(f"lscpu shows {what} ({shown}): no document kind describes it; zvm-lpar is for z/VM")


def is_vios_output(output: Output) -> bool:
    return output.command in ("ioslevel", "lsmap -all") or bool(_VIOS_LINE.search(output.result.command_line or ""))


def sysinfo_platform(output: Output) -> str:
    """zvm-lpar when /proc/sysinfo's hypervisor levels name z/VM; KindError saying what it shows otherwise."""
    programs = [str(row.get("control_program", "")) for row in output.result.data.get("vm") or []]
    if any(p.startswith("z/VM") for p in programs):
        return "zvm-lpar"
    if not programs:
        raise KindError(
            "/proc/sysinfo shows no hypervisor level (no VMnn lines): Linux directly in a PR/SM LPAR, not a z/VM "
            "guest; no document kind describes it"
        )
    raise KindError(
        f"/proc/sysinfo shows the hypervisor {', '.join(programs)}, not z/VM: no document kind describes it; "
        "zvm-lpar is for z/VM"
    )


def machinfo_platform(output: Output) -> str:
    """hpux-server for HP-UX on Itanium; KindError for a PA-RISC server (machine 9000/800): not what it describes."""
    machine = str((output.data.get("os") or {}).get("machine", ""))
    if machine.startswith("9000/"):
        raise KindError(
            f"machinfo shows a PA-RISC server (Machine: {machine}): hpux-server documents describe HP-UX on Itanium"
        )
    return "hpux-server"


def decide_kind(outputs: Iterable[Output]) -> str:
    outputs = list(outputs)
    platforms: dict[str, list[str]] = {}
    for output in outputs:
        if output.command == "lscpu":
            try:
                platform = lscpu_platform(output)
            except _Unsettled:
                if any(other.command == "cat /proc/sysinfo" for other in outputs):
                    continue  # /proc/sysinfo's VMnn lines decide
                raise
        elif output.command == "cat /proc/sysinfo":
            platform = sysinfo_platform(output)
        elif output.command == "machinfo":
            platform = machinfo_platform(output)
        else:
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
