"""AIX `lswpar` and `lswpar -D` (with `lslpp -l`) to aix-lpar ``wpar.wpars``.

The WPAR rules read each WPAR's exported disks and adapters and whether it is a versioned WPAR; a
WPAR written into the document without them would read as "none" and pass those rules unseen.  So
``wpar.wpars`` is built only when the outputs state all three for sure:

- the list (``lswpar``): name, type (S -> system, A -> application), rootvg (RootVG WPAR column;
  AIX 6.1 prints none and ``rootvg`` stays unknown);
- the devices (``lswpar -D``): ``disks`` (Type disk) and ``adapters`` (Type adapter) per WPAR, an
  empty list when -D lists none for it;
- versioned WPARs: an ``lslpp -l`` listing without any ``vwpar.*`` fileset means no WPAR can be a
  versioned one (the versioned WPAR images install those filesets).  With them installed, which WPAR
  is versioned is not in these outputs: the WPARs are left out with a note.

``nfs_from_global`` (NFS mounts made inside a WPAR) is not visible from the global's lswpar: a note
says so whenever WPARs are built.
"""

from __future__ import annotations

from collections.abc import Iterable

from advisor.assemble.common import Context, Emit
from advisor.assemble.model import Fact, InputWarning, Output
from advisor.parsers.base import was_cut

COMMANDS = ("lswpar",)
TYPES = {"S": "system", "A": "application"}


def _note(ctx: Context, reason: str) -> None:
    ctx.notes.append(InputWarning(file=None, command="lswpar", line_no=None, line=None, reason=reason))


def _versioned_state(outputs: list[Output]) -> str:
    """'none' (a full lslpp -l without vwpar filesets, or lslpp's "not installed" for ``vwpar*``), 'installed',
    or 'unknown' (no full listing)."""
    full = False
    for output in outputs:
        if output.command != "lslpp -l":
            continue
        names = [str(f.get("name", "")) for f in output.data.get("filesets") or []]
        if any(n.startswith("vwpar.") for n in names):
            return "installed"
        if any(str(p).strip("'\"") in ("vwpar*", "vwpar.*") for p in output.data.get("not_installed") or []):
            full = True  # lslpp -l "vwpar*": "0504-132 Fileset vwpar* not installed": none of them
            continue
        line = output.result.command_line
        whole = line is not None and line.split("|")[0].split() == ["lslpp", "-l"] and not was_cut(output.result)
        full = full or (whole and bool(names))
    return "none" if full else "unknown"


def facts(outputs: Iterable[Output], ctx: Context) -> list[Fact]:
    outputs = list(outputs)
    emits = [ctx.emit(o) for o in outputs if o.command in COMMANDS]
    lists = [e for e in emits if e.get("wpars")]
    devices = [e for e in emits if e.get("devices")]
    if not lists and not devices:
        return []
    missing = []
    if not lists:
        missing.append("the WPAR list (lswpar)")
    if not devices:
        missing.append("the exported devices (lswpar -D)")
    missing += [
        f"all of {e.output.result.command_line or e.output.command} (it is cut short: its last line has no line end)"
        for e in lists + devices
        if was_cut(e.output.result)
    ]
    versioned = _versioned_state(outputs)
    if versioned == "installed":
        missing.append("which WPAR is versioned (vwpar filesets are installed; give wpar.wpars[].versioned_aix)")
    elif versioned == "unknown":
        missing.append("whether any WPAR is versioned (add a full lslpp -l: no vwpar.* fileset means none)")
    if missing:
        _note(ctx, f"wpar.wpars left out: the outputs do not state {'; '.join(missing)}")
        return []
    out: list[Fact] = []
    exported = {str(r.get("wpar")) for e in devices for r in e.get("devices")}
    names: list[str] = []
    for emit in lists:
        for n, row in enumerate(emit.get("wpars")):
            if row["name"] not in exported:  # every WPAR has its pseudo devices: -D was cut or filtered
                emit.note(f"WPAR {row['name']}: lswpar -D lists no device for it; left out", f"wpars.{n}.name")
                continue
            names.append(row["name"])
            _wpar(emit, f"wpars.{n}", row)
    for emit in devices:
        _devices(emit, names)
    for emit in emits:
        out += emit.facts
    _note(
        ctx,
        "wpar.wpars[].nfs_from_global is not read: NFS mounts made inside a WPAR do not show in the global's "
        "lswpar; state them if a WPAR mounts a file system its own global exports",
    )
    return out


def _wpar(emit: Emit, key: str, row: dict[str, str]) -> None:
    base = f"wpar.wpars[{row['name']}]"
    emit.fact(f"{base}.name", row["name"], f"{key}.name")
    letter = row.get("type")
    if letter in TYPES:
        emit.fact(f"{base}.type", TYPES[letter], f"{key}.type", note=f"Type {letter}")
    elif letter is not None:
        emit.note(f"WPAR {row['name']}: Type {letter!r} is neither S nor A; type left out", f"{key}.type")
    rootvg = row.get("rootvg")
    if rootvg in ("yes", "no"):
        emit.fact(f"{base}.rootvg", rootvg == "yes", f"{key}.rootvg", note=f"RootVG WPAR {rootvg}")


def _devices(emit: Emit, names: list[str]) -> None:
    rows = emit.get("devices")
    for name in names:
        own = [(n, r) for n, r in enumerate(rows) if r.get("wpar") == name]
        for field, kind in (("disks", "disk"), ("adapters", "adapter")):
            hits = [(n, r["device"]) for n, r in own if r.get("type") == kind]
            if hits:
                emit.fact(f"wpar.wpars[{name}].{field}", [d for _, d in hits], f"devices.{hits[0][0]}.device")
            elif own:
                emit.fact(
                    f"wpar.wpars[{name}].{field}", [], f"devices.{own[0][0]}.device", note=f"lswpar -D lists no {kind}"
                )
