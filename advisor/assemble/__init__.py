"""Command outputs to configuration documents (the layer above advisor.parsers).

Parsers stay command-shaped; this package maps their typed data to document fields, one module per
command family, and merges the result:

    lpar        lparstat -i, lparstat -c, vmstat, prtconf, oslevel, ioslevel, schedo
    ame         amepat, vmo -L / -o, vmstat -vc, topas, svmon -G, lsattr -El mem0
    processes   ps -eZ (disp+work page sizes)
    devices     lsdev listings: the device inventory and the VIOS adapter counts
    storage     disks, FC adapters and ports, SDDPCM (lsdev, lsattr hdiskN/fcsN, lslpp)
    network     SEA, aggregations, ports, virtual adapters, interfaces (lsattr entN/enN, netstat -v)
    wpar        lswpar, lswpar -D (with lslpp -l for versioned WPARs)
    vios_maps   lsmap -all, lsmap -all -npiv
    hpux        machinfo, kctune, swapinfo, parstatus, chatr (mpsched -s, psrset: nothing mapped)
    managed     HMC lssyscfg, lshwres, lslic (managed-system: frame and partitions)
    zsystems    D VIRTSTOR,LFAREA, IEASYSxx, lscpu, /proc/sysinfo
    kind        which kind of document the outputs describe
    merge       precedence, conflicts, the nested document and its provenance
    validate    the pydantic model, dropping (and reporting) values the schema refuses

``assemble(outputs)`` returns an Assembly; ``advisor.inputs.load_input`` is the entry point that
reads files and validates.
"""

from __future__ import annotations

from collections.abc import Iterable

from advisor import linre
from advisor.assemble import (
    ame,
    devices,
    hpux,
    lpar,
    managed,
    network,
    processes,
    storage,
    vios_maps,
    wpar,
    zsystems,
)
from advisor.assemble.common import Context
from advisor.assemble.kind import ASSEMBLED_KINDS, KindError, decide_kind
from advisor.assemble.merge import build, field_exists, merge
from advisor.assemble.model import Assembly, Conflict, ConflictValue, Fact, InputWarning, Output, Source

FAMILIES = (lpar, ame, processes, devices, storage, network, wpar, vios_maps, hpux, zsystems, managed)
INTERNAL = ("_host",)

__all__ = [
    "Assembly",
    "AssemblyError",
    "Conflict",
    "ConflictValue",
    "InputWarning",
    "Output",
    "Source",
    "assemble",
    "decide_kind",
]


class AssemblyError(ValueError):
    """Outputs that cannot make one document: several hosts or platforms, or a kind outputs cannot build."""


def caller_source(value: str) -> Source:
    return Source(command="caller", line_no=0, line=value, note="given by the caller")


def _in_schema(facts: list[Fact], kind: str, unmapped: list[str]) -> list[Fact]:
    kept = []
    for fact in facts:
        if fact.path in INTERNAL or field_exists(kind, fact.path):
            kept.append(fact)
        else:
            entry = f"{fact.path} ({fact.source.command_line or fact.source.command})"
            if entry not in unmapped:
                unmapped.append(entry)
    return kept


# What redacted outputs print instead of a name: "xxxxxxxx", "<hostname>", "[REDACTED]", "****", "HOSTNAME".
_PLACEHOLDER = linre.compile(
    r"(?i)x{3,}|\*{3,}|#{3,}|\?{3,}|<[^<>]{1,64}>|\[[^\[\]]{1,64}\]|\{[^{}]{1,64}\}"
    r"|redacted|removed|hidden|masked|anonymi[sz]ed|(?:my|your)?[_-]?(?:host|server|node|lpar|partition)[_-]?name"
)


def _without_placeholders(facts: list[Fact], ctx: Context) -> list[Fact]:
    """Names a redacted output shows in place of the real one are no names: left out with a note."""
    kept = []
    for fact in facts:
        if fact.path in ("name", "_host") and _PLACEHOLDER.fullmatch(str(fact.value).strip()):
            reason = f"{fact.value!r} stands in for a redacted name; not used as the system's name"
            ctx.notes.append(
                InputWarning(
                    file=fact.source.file,
                    command=fact.source.command_line or fact.source.command,
                    line_no=fact.source.line_no,
                    line=fact.source.line,
                    reason=reason,
                )
            )
        else:
            kept.append(fact)
    return kept


def assemble(outputs: Iterable[Output], *, kind: str | None = None, name: str | None = None) -> Assembly:
    """One document from several outputs of one system; conflicts and notes are returned, not resolved silently."""
    outputs = list(outputs)
    if not outputs:
        raise AssemblyError("no command output to build a document from")
    hosts = sorted({o.result.host for o in outputs if o.result.host})
    if len(hosts) > 1:
        raise AssemblyError(f"the outputs come from several hosts ({', '.join(hosts)}); give one system's outputs")
    try:
        kind = kind or decide_kind(outputs)
    except KindError as err:
        raise AssemblyError(str(err)) from None
    if kind not in ASSEMBLED_KINDS:
        raise AssemblyError(
            f"kind {kind!r} cannot be built from command outputs; outputs make one of: {', '.join(ASSEMBLED_KINDS)}"
        )
    ctx = Context(kind)
    warnings = [InputWarning.from_parser(w, o.file, o.result.command_line) for o in outputs for w in o.result.warnings]
    unmapped: list[str] = []
    facts = _in_schema([f for family in FAMILIES for f in family.facts(outputs, ctx)], kind, unmapped)
    facts = _without_placeholders(facts, ctx)
    chosen, _ = merge(facts)
    facts += _in_schema(processes.dependent(outputs, ctx, {p: f.value for p, f in chosen.items()}), kind, unmapped)
    if name is not None:
        facts.append(Fact("name", name, caller_source(name), rank=-1))
    chosen, conflicts = merge(facts)
    named_hosts = {str(f.value).split(".")[0].casefold(): f for f in facts if f.path == "_host"}
    if len(named_hosts) > 1:
        named = "; ".join(f"{f.value!r} {f.source}" for f in named_hosts.values())
        raise AssemblyError(f"the outputs name different hosts ({named}); give one system's outputs")
    conflicts = [c for c in conflicts if c.path not in INTERNAL]
    host = chosen.pop("_host", None)
    if host is not None and kind == "managed-system" and host.source.line_no != 0:
        host = None  # a host an output prints (a prompt's) is the HMC's, not the managed system's
    if "name" not in chosen and host is not None:
        chosen["name"] = Fact(
            "name",
            host.value,
            host.source.model_copy(update={"note": "host name: no output gives the partition name"}),
            host.rank,
        )
    if "name" not in chosen and host is None and hosts and kind != "managed-system":  # uname -n of a bundle
        source = Source(
            command="bundle", line_no=0, line=f'host="{hosts[0]}"', note="host name from the collector bundle"
        )
        chosen["name"] = Fact("name", hosts[0], source)
    document, provenance = build(chosen)
    return Assembly(
        kind=kind,
        document={"kind": kind, **document},
        provenance=provenance,
        conflicts=conflicts,
        warnings=warnings + ctx.notes,
        unmapped=unmapped,
    )
