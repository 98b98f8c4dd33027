"""The sizing calculators as capabilities: a strict request model and a cited result each.

Each function takes its validated request and returns the calculator's own result, whose
`citations` name the source, section and locator of every figure it uses. Bad values that
the request model cannot catch (an LFAREA statement IPL would reject, a deficit as large as the
expanded memory) are `CapabilityError`s with the path of the value at fault.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from advisor.calculators.ame import (
    AmeSizing,
    DeficitEstimate,
    TrueMemoryForFactor,
    ame_sizing,
    deficit_free_estimate,
    rebalance,
)
from advisor.calculators.clm import ClmSizing, clm_sizing
from advisor.calculators.hpt import HptPartition, HptSize, hpt_size
from advisor.calculators.lfarea import LfareaAssessment, LfareaSyntaxError, assess_lfarea
from advisor.calculators.plarea import PlareaSize, plarea_size
from advisor.calculators.sap_instances import InstanceRange, instance_range
from advisor.calculators.vios_memory import ViosMemoryRequirement, vios_memory_requirement
from advisor.capabilities.context import Context
from advisor.capabilities.errors import CapabilityError, ErrorItem
from advisor.capabilities.models import JsonInt, Strict, json_integer


class ViosMemoryInput(Strict):
    """Inputs of the VIOS memory guideline (Redbook SG24-8079 3.5.2); adapter counts default to 0."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [
                {
                    "system_cores": 32,
                    "eth_1g_ports": 2,
                    "eth_10g_ports": 2,
                    "fc_8g_ports": 4,
                    "npiv_vfc_adapters": 20,
                    "virtual_eth_adapters": 6,
                }
            ]
        },
    )

    system_cores: JsonInt = Field(ge=0, le=100_000, description="Cores in the managed system.")
    lhea: JsonInt = Field(0, ge=0, le=100_000)
    lhea_ports: JsonInt = Field(0, ge=0, le=100_000)
    eth_1g_ports: JsonInt = Field(0, ge=0, le=100_000)
    eth_10g_ports: JsonInt = Field(0, ge=0, le=100_000)
    fc_8g_ports: JsonInt = Field(0, ge=0, le=100_000)
    npiv_vfc_adapters: JsonInt = Field(0, ge=0, le=100_000)
    virtual_eth_adapters: JsonInt = Field(0, ge=0, le=100_000)


class ClmInput(Strict):
    """Inputs of the HP-UX cell local memory sizing (HP KOD slides, "CLM recommendations")."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={"examples": [{"memory_gb": 128, "clm_pct": 0, "sap_shared_memory_gb": 20}]},
    )

    memory_gb: float = Field(ge=0, le=1_048_576, description="Memory of the server, GiB.")
    clm_pct: float = Field(ge=0, le=100, description="Share of memory configured as CLM, 0-100.")
    sap_shared_memory_gb: float = Field(ge=0, le=1_048_576, description="SAP shared memory, GiB.")


class LfareaInput(Strict):
    """An IEASYSxx LFAREA statement and the online storage it is judged against."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={"examples": [{"statement": "LFAREA=(1M=(40%),2G=(8))", "online_storage_gb": 1024}]},
    )

    statement: str = Field(min_length=1, max_length=4096, description="As written in IEASYSxx.")
    online_storage_gb: float = Field(ge=0, le=1_048_576, description="Online real storage at IPL, GiB.")


class PlareaInput(Strict):
    model_config = ConfigDict(extra="forbid", strict=True, json_schema_extra={"examples": [{"online_storage_gb": 16}]})

    online_storage_gb: float = Field(ge=0, le=1_048_576, description="Online real storage at IPL, GiB.")


class HptPartitionInput(Strict):
    name: str = Field(min_length=1, max_length=256)
    max_memory_gb: float = Field(
        ge=0, le=1_048_576, description="Maximum memory of the profile, GiB: what the HPT is sized from."
    )
    os: Literal["aix", "linux", "vios", "ibmi"] = "aix"
    ams: bool = Field(False, description="Uses Active Memory Sharing (always divisor 64).")
    desired_memory_gb: float | None = Field(None, ge=0, le=1_048_576, description="To report HPT spent above desired.")


class HptInput(Strict):
    """Partitions of one managed system, for the hypervisor page table (Redbook 3.1, Example 3-1)."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [
                {
                    "processor": "POWER9",
                    "partitions": [
                        {"name": "sapapp01", "max_memory_gb": 64, "desired_memory_gb": 16},
                        {"name": "vios1", "max_memory_gb": 8, "os": "vios"},
                    ],
                }
            ]
        },
    )

    processor: Literal["POWER5", "POWER6", "POWER7", "POWER7+", "POWER8", "POWER9", "POWER10"]
    default_ratio: Annotated[int, Field(ge=1, le=4096), BeforeValidator(json_integer)] | None = Field(
        None,
        description=(
            "The HMC's default HPT ratio divisor (lshwres -r mem --level sys -F default_hpt_ratios), when known."
        ),
    )
    partitions: list[HptPartitionInput] = Field(min_length=1)


class AmeInput(Strict):
    """True memory and expansion factor; optionally a factor to move to, and a measured deficit."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [
                {"true_memory_gb": 7, "expansion_factor": 2.0, "target_factor": 4.35, "granularity_gb": 0.25},
                {"true_memory_gb": 8, "expansion_factor": 2.5, "deficit_mb": 1024},
            ]
        },
    )

    true_memory_gb: float = Field(ge=0, le=1_048_576, description="Memory the partition really has, GiB.")
    expansion_factor: float = Field(ge=0.01, le=100, description="Valid AME factors: 1.00 to 10.00 in 0.01 steps.")
    target_factor: float | None = Field(
        None,
        ge=0.01,
        le=100,
        description=("Factor to move to, keeping the expanded memory: returns the true memory to configure."),
    )
    granularity_gb: float | None = Field(
        None,
        ge=0.001,
        le=1024,
        description=("Round the true memory up to this step (the HMC's memory block size; the 2023 guide used 0.25)."),
    )
    deficit_mb: float | None = Field(
        None,
        ge=0,
        le=1_073_741_824,
        description=(
            "Measured AME deficit (lparstat -c dxm): estimates the achieved factor and the true memory without one."
        ),
    )


class AmeAssessment(BaseModel):
    sizing: AmeSizing
    rebalance: TrueMemoryForFactor | None = None
    deficit: DeficitEstimate | None = None


class SapInstancesInput(Strict):
    """Cores (and optionally SAPS) of an HP-UX server running SAP: how many instances it should run."""

    model_config = ConfigDict(
        extra="forbid", strict=True, json_schema_extra={"examples": [{"cores": 32, "saps": 40000}]}
    )

    cores: float = Field(ge=0, le=100_000, description="Cores the SAP system runs on.")
    saps: float | None = Field(None, ge=0, le=1_000_000_000, description="SAPS of the system, when sized in SAPS.")


def vios_memory(req: ViosMemoryInput, ctx: Context) -> ViosMemoryRequirement:
    """VIOS memory: 2 GB per 16 cores, or 768 MB plus a share per adapter, whichever is larger."""
    return vios_memory_requirement(**req.model_dump())


def clm(req: ClmInput, ctx: Context) -> ClmSizing:
    """HP-UX cell local memory for SAP: 10 % for the kernel plus the SAP shared memory."""
    return clm_sizing(req.memory_gb, req.clm_pct, req.sap_shared_memory_gb)


def lfarea(req: LfareaInput, ctx: Context) -> LfareaAssessment:
    """z/OS LFAREA: system limit, 1 MB / 2 GB pages, whether it fits and what IPL does."""
    try:
        return assess_lfarea(req.statement, req.online_storage_gb)
    except LfareaSyntaxError as e:
        raise CapabilityError(
            "lfarea-syntax",
            f"{e.message_id} {e.reason} at column {e.column}: {e.explanation}",
            errors=[ErrorItem(path="$.statement", message=f"{e.ibm_reason} (column {e.column})")],
            extra={"lfarea": e.to_dict()},
        ) from None
    except ValueError as e:
        raise invalid_value("$", e) from None


def plarea(req: PlareaInput, ctx: Context) -> PlareaSize:
    """z/OS PLAREA: 12.5 % of (online storage - quad area)."""
    return plarea_size(req.online_storage_gb)


def hpt(req: HptInput, ctx: Context) -> HptSize:
    """Hypervisor page table: each partition's maximum memory / 64 or / 128 (by generation and OS)."""
    try:
        return hpt_size([HptPartition(**p.model_dump()) for p in req.partitions], req.processor, req.default_ratio)
    except ValueError as e:
        raise invalid_value("$", e) from None


def ame(req: AmeInput, ctx: Context) -> AmeAssessment:
    """AME: expanded memory, gain and savings; true memory for another factor; deficit estimate."""
    out = AmeAssessment(sizing=ame_sizing(req.true_memory_gb, req.expansion_factor))
    if req.target_factor is not None:
        out.rebalance = rebalance(req.true_memory_gb, req.expansion_factor, req.target_factor, req.granularity_gb)
    if req.deficit_mb is not None:
        try:
            out.deficit = deficit_free_estimate(req.true_memory_gb, req.expansion_factor, req.deficit_mb)
        except ValueError as e:  # no true memory, or a deficit as large as the expanded memory
            raise invalid_value("$.deficit_mb", e) from None
    return out


def sap_instances(req: SapInstancesInput, ctx: Context) -> InstanceRange:
    """HP-UX SAP instances: one per 2 to 4 cores (1 500 to 2 500 SAPS each)."""
    return instance_range(req.cores, req.saps)


def invalid_value(path: str, exc: ValueError) -> CapabilityError:
    return CapabilityError(
        "invalid-request", f"The request has 1 problem: {path}: {exc}", errors=[ErrorItem(path=path, message=str(exc))]
    )
