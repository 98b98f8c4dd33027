"""AIX Workload Partitions hosted by a global AIX (aix-lpar), and partition operations (vios)."""

from __future__ import annotations

from typing import Literal

from advisor.documents.fields import Block, fld


class Wpar(Block):
    """One workload partition as the global AIX instance shows it."""

    name: str = fld("WPAR name.", default=..., min_length=1, command="lswpar")
    type: Literal["system", "application"] | None = fld("WPAR type (lswpar Type S / A).", command="lswpar: Type")
    rootvg: bool | None = fld("rootvg WPAR: its own rootvg on a dedicated hdisk.", command="lswpar: RootVG WPAR")
    versioned_aix: Literal["5.2", "5.3"] | None = fld(
        "AIX release of a versioned WPAR; leave out for a WPAR at the global AIX level.",
        command="lswpar -L: OStype; clogin <wpar> oslevel",
    )
    adapters: list[str] | None = fld(
        "Fibre Channel adapters (physical or NPIV) exported to the WPAR, e.g. fcs2.",
        command="lswpar -D <wpar>: Type adapter",
    )
    disks: list[str] | None = fld("hdisks exported to the WPAR.", command="lswpar -D <wpar>: Type disk")
    nfs_from_global: list[str] | None = fld(
        "Mount points inside the WPAR that NFS-mount a file system exported by its own global AIX.",
        command="clogin <wpar> mount (vfs nfs, node = the global host); /etc/exports of the global",
    )


class AixWpars(Block):
    """WPARs hosted by this AIX partition (the global environment)."""

    sddpcm_installed: bool | None = fld("SDDPCM is installed in the global AIX.", command="lslpp -l *sddpcm*")
    wpars: list[Wpar] | None = fld("Hosted WPARs.", command="lswpar; lswpar -D; lswpar -L")


class PartitionOperations(Block):
    """Operations planned for the partition (runbooks, maintenance plans)."""

    suspend_resume_planned: bool | None = fld(
        "A suspend/resume of this partition is planned (e.g. to survive a server power cycle).",
        command="HMC: lssyscfg -r lpar -F name,suspend_capable; runbook",
    )
