"""VIOS `lsmap -all` (virtual SCSI) and `lsmap -all -npiv` (virtual Fibre Channel) mappings.

    SVSA            Physloc                                      Client Partition ID
    --------------- -------------------------------------------- ------------------
    vhost0          U8233.E8B.061AB2P-V1-C20                     0x00000003

    VTD                   vtscsi0
    Status                Available
    LUN                   0x8100000000000000
    Backing device        hdisk4

    Name          Physloc                            ClntID ClntName       ClntOS
    vfchost0      U8233.E8B.061AB2P-V1-C30                3 sapprd01       AIX
    Status:LOGGED_IN
    FC name:fcs0                    FC loc code:U78A0.001.DNWHZS4-P1-C3-T1

``vhosts``: one row per server adapter (``name``, ``physloc``, ``client_id``) and ``vtds``: one row
per target device (``vhost``, ``vtd``, ``status``, ``lun``, ``backing_device``, ``physloc``,
``mirrored`` when printed).  ``vfchosts``: one row per NPIV server adapter (``name``, ``physloc``,
``client_id``, ``client_name``, ``client_os``, ``status``, ``fc_name``, ``ports_logged_in``,
``vfc_client_name``), and ``fc_mappings`` (``vfchost``, ``fc_name``) quoted from each FC name line.
A target device row is quoted from its Backing device line.  An empty cell is left out of the row,
never filled.
"""

from __future__ import annotations

from typing import Any

from advisor import linre

from ._text import Builder, Line, ahead, lines_of, score, snake
from .base import ParseResult

COMMAND = "lsmap -all"
ALIASES = ("lsmap *", "lsmap")

_SVSA_HEADER = linre.compile(r"^\s*SVSA\s+Physloc\s+Client Partition ID\s*$")
_NPIV_HEADER = linre.compile(r"^\s*Name\s+Physloc\s+ClntID\s+ClntName\s+ClntOS\s*$")
_RULE = linre.compile(r"^[\s-]+$")
_HEX_REST = linre.compile(r"^[0-9a-fA-F]{1,8}\s*$")  # the rest of a client id a wrap cut
_VHOST = linre.compile(r"^(vhost\d{1,5})\s+(\S+)\s+(0x[0-9a-fA-F]{1,8})\s*$")
_VFCHOST = linre.compile(r"^(vfchost\d{1,5})\s+(\S+)(?:\s+(\d{1,5}))?(?:\s+(\S+))?(?:\s+(\S+))?\s*$")
_VTD_FIELD = linre.compile(r"^(VTD|Status|LUN|Backing device|Physloc|Mirrored)(?:\s+(\S.*?))?\s*$")
_NO_VTD = "NO VIRTUAL TARGET DEVICE FOUND"
_NPIV_FIELD = linre.compile(r"(Status|FC name|FC loc code|Ports logged in|Flags|VFC client name|VFC client DRC):(\S*)")

_SIGNATURES = [
    linre.compile(r"^\s*SVSA\s+Physloc\s+Client Partition ID", linre.M),
    linre.compile(r"^\s*Name\s+Physloc\s+ClntID\s+ClntName", linre.M),
    linre.compile(r"^(?:VTD\s+\S|Backing device\s+\S|FC name:|vhost\d+\s|vfchost\d+\s)", linre.M),
]


def detect(text: str) -> float:
    return score(text, _SIGNATURES, 2)


def parse(text: str) -> ParseResult:
    out = Builder(COMMAND)
    vhost: str | None = None
    vtd: tuple[dict[str, Any], Line] | None = None
    vfc: tuple[dict[str, Any], Line] | None = None

    def flush() -> None:
        nonlocal vtd, vfc
        if vtd is not None:
            out.put_row("vtds", vtd[0], vtd[1])
        if vfc is not None:
            out.put_row("vfchosts", vfc[0], vfc[1])
        vtd = vfc = None

    rest = False  # this line is the rest of a server adapter row a wrap cut
    for line, following in ahead(lines_of(text, COMMAND, detect)):
        body = line.text.strip()
        if not body:
            continue
        if rest:
            out.warn(line, "the rest of the line before, wrapped: skipped")
            rest = False
            continue
        cut = _VHOST.match(body) if following is not None and _HEX_REST.match(following.text) else None
        if cut:  # "vhost0  U9009...-C20  0x0" / "0000003"
            flush()
            vhost = cut.group(1)
            out.warn(line, f"{vhost}: the line is wrapped inside its client id (it goes on below); left out")
            rest = True
            continue
        if line.cut:
            out.warn(line, "the output ends inside this line (no line end): its value may be cut off; left out")
            continue
        if _SVSA_HEADER.match(body) or _NPIV_HEADER.match(body) or _RULE.match(body):
            flush()
            out.known(line)
        elif m := _VHOST.match(body):
            flush()
            vhost = m.group(1)
            out.put_row("vhosts", {"name": vhost, "physloc": m.group(2), "client_id": int(m.group(3), 16)}, line)
        elif m := _VFCHOST.match(body):
            flush()
            row: dict[str, Any] = {"name": m.group(1), "physloc": m.group(2)}
            for key, value in (("client_id", m.group(3)), ("client_name", m.group(4)), ("client_os", m.group(5))):
                if value is not None:
                    row[key] = int(value) if key == "client_id" else value
            vfc = (row, line)
        elif body == f"VTD {_NO_VTD}" or body.split(None, 1)[-1] == _NO_VTD:
            out.known(line)
        elif (m := _VTD_FIELD.match(body)) and vhost is not None:
            if m.group(1) == "VTD":
                if vtd is not None:
                    out.put_row("vtds", vtd[0], vtd[1])
                vtd = ({"vhost": vhost, "vtd": m.group(2) or ""}, line)
            elif vtd is not None and m.group(2):
                vtd[0][snake(m.group(1))] = m.group(2)
                if m.group(1) == "Backing device":  # the row is quoted from the line that names the device
                    vtd = (vtd[0], line)
                out.known(line)
            else:
                out.known(line)
        elif vfc is not None and _NPIV_FIELD.match(body):
            for field in _NPIV_FIELD.finditer(body):
                key, value = snake(field.group(1)), field.group(2)
                if value:
                    vfc[0][key] = (
                        int(value) if key == "ports_logged_in" and value.isascii() and value.isdigit() else value
                    )
                if key == "fc_name" and value:  # the port mapping, quoted from its own line
                    out.put_row("fc_mappings", {"vfchost": vfc[0]["name"], "fc_name": value}, line)
            out.known(line)
        else:
            out.unknown(line)
    flush()
    return out.finish()
