"""kind "zos-lpar": a z/OS partition."""

from __future__ import annotations

from typing import Literal

from advisor.documents.fields import Block, fld

ZMachine = Literal["z9", "z10", "z114", "z196", "zBC12", "zEC12", "z13", "z13s", "z14", "z15", "z16", "z17"]


class ZosLpar(Block):
    kind: Literal["zos-lpar"]
    name: str = fld("System name.", default=..., min_length=1)
    machine: ZMachine | None = fld("IBM Z machine generation.", command="D M=CPU")
    zos_version: str | None = fld("z/OS release, e.g. \"2.1\".", command="D IPLINFO", pattern=r"^\d+\.\d+$")
    online_storage_gb: float | None = fld("Online real storage at IPL.", unit="GiB", command="D M=STOR", ge=0)
    lfarea: str | None = fld(
        "The IEASYSxx LFAREA statement as written, e.g. \"LFAREA=(1M=(40%),2G=(8))\".", command="IEASYSxx member")
