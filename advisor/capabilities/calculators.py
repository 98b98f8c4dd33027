"""The sizing calculators as capabilities: a strict request model and a cited result each.

Each function takes its validated request and returns the calculator's own result, whose
`citations` name the source, section and locator of every figure it uses. Bad values that
the request model cannot catch (an LFAREA statement IPL would reject, a deficit as large as the
expanded memory) are `CapabilityError`s with the path of the value at fault.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, model_validator

from advisor import derive
from advisor.calculators import veth_buffers, zvm_smt
from advisor.calculators.ame import (
    AmeSizing,
    DeficitEstimate,
    FactorFigures,
    TrueMemoryForFactor,
    VirtualMemoryLimit,
    ame_sizing,
    deficit_free_estimate,
    factor_figures,
    rebalance,
    virtual_memory_limit,
)
from advisor.calculators.clm import ClmSizing, clm_sizing
from advisor.calculators.getstor import GetstorSize, getstor_size
from advisor.calculators.hpt import HptPartition, HptSize, hpt_size
from advisor.calculators.lfarea import (
    CITE_FORMS,
    LfareaAssessment,
    LfareaRequestSize,
    LfareaSyntaxError,
    assess_lfarea,
    lfarea_limit_gb,
    request_alone,
)
from advisor.calculators.plarea import PlareaSize, plarea_size
from advisor.calculators.sap_instances import InstanceRange, instance_range
from advisor.calculators.vios_memory import ViosMemoryRequirement, vios_memory_requirement
from advisor.capabilities.context import Context
from advisor.capabilities.errors import CapabilityError, ErrorItem
from advisor.capabilities.models import JsonInt, Strict, json_integer
from advisor.citations import Cite
from advisor.documents.io import validate_document


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
    paging_space_gb: float | None = Field(
        None,
        ge=0,
        le=1_048_576,
        description="Paging space (lsps -s): returns the virtual memory limit, expanded memory + paging space.",
    )


class AmeAssessment(BaseModel):
    sizing: AmeSizing
    rebalance: TrueMemoryForFactor | None = None
    deficit: DeficitEstimate | None = None
    virtual_memory_limit: VirtualMemoryLimit | None = None


class AmeFactorInput(Strict):
    """An expansion factor alone (gain, savings, validity), with the expanded memory to reach (the true memory
    it needs), or no factor and both memories (the factor they make)."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [
                {"expansion_factor": 2.8},
                {"expansion_factor": 2.2, "expanded_memory_gb": 44},
                {"true_memory_gb": 16, "expanded_memory_gb": 40},
            ]
        },
    )

    expansion_factor: float | None = Field(None, ge=0.01, le=100, description="The factor (valid: 1.00 to 10.00).")
    true_memory_gb: float | None = Field(None, gt=0, le=1_048_576, description="With expanded_memory_gb, no factor.")
    expanded_memory_gb: float | None = Field(None, ge=0, le=104_857_600, description="Memory AIX is to see, GiB.")


class SapInstancesInput(Strict):
    """Cores (and optionally SAPS) of an HP-UX server running SAP: how many instances it should run."""

    model_config = ConfigDict(
        extra="forbid", strict=True, json_schema_extra={"examples": [{"cores": 32, "saps": 40000}]}
    )

    cores: float = Field(ge=0, le=100_000, description="Cores the SAP system runs on.")
    saps: float | None = Field(None, ge=0, le=1_000_000_000, description="SAPS of the system, when sized in SAPS.")


class GetstorInput(Strict):
    """An IARV64 REQUEST=GETSTOR request's size keywords: UNITS with UNITSIZE, or SEGMENTS."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={"examples": [{"units": 5, "unitsize": "2G"}, {"segments": 2048}]},
    )

    units: JsonInt | None = Field(None, ge=0, le=1_000_000_000, description="UNITS=: the number of units.")
    unitsize: Literal["1M", "2G"] | None = Field(None, description="UNITSIZE=: 1M or 2G; required with UNITS.")
    segments: JsonInt | None = Field(None, ge=0, le=1_000_000_000, description="SEGMENTS=: 1 MB segments.")


class LfareaLimitInput(Strict):
    """The online storage alone: the most an LFAREA statement of either form may reserve."""

    model_config = ConfigDict(extra="forbid", strict=True, json_schema_extra={"examples": [{"online_storage_gb": 16}]})

    online_storage_gb: float = Field(ge=4, le=1_048_576, description="Online real storage at IPL, GiB.")


class LfareaStatementInput(Strict):
    """An IEASYSxx LFAREA statement alone, before the online storage is known."""

    model_config = ConfigDict(
        extra="forbid", strict=True, json_schema_extra={"examples": [{"statement": "LFAREA=(1M=(10%),2G=(2))"}]}
    )

    statement: str = Field(min_length=1, max_length=4096, description="As written in IEASYSxx.")


class LfareaLimits(BaseModel):
    online_storage_gb: float
    old_form_limit_gb: float  # LFAREA=xx%|nM|nG|nT
    new_form_limit_gb: float  # LFAREA=(1M=...,2G=...)
    formulas: dict[str, str]
    citations: list[Cite]


class HpuxKernelInput(Strict):
    """Memory of an HP-UX server running SAP; the swap and buffer cache share configured, to judge them."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={"examples": [{"memory_gb": 64, "swap_gb": 96, "buffer_cache_pct": 5}]},
    )

    memory_gb: float = Field(gt=0, le=1_048_576, description="Physical memory of the server, GiB.")
    swap_gb: float | None = Field(None, ge=0, le=104_857_600, description="Swap configured (swapinfo -tam), GiB.")
    buffer_cache_pct: float | None = Field(None, ge=0, le=100, description="Buffer cache as a share of memory, %.")


class HpuxKernelSizing(BaseModel):
    memory_gb: float
    buffer_cache_max_gb: float  # 3 % of memory: more than enough buffer cache for SAP
    swap_min_gb: float  # at least twice the memory
    swap_enough: bool | None = None  # with swap_gb
    buffer_cache_within: bool | None = None  # with buffer_cache_pct
    formulas: dict[str, str]
    citations: list[Cite]


class VethBuffersInput(Strict):
    """One buffer pool of a virtual Ethernet adapter as netstat -v / entstat -d print it (Receive Information)."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={"examples": [{"pool": "huge", "min_buffers": 24, "max_buffers": 64, "max_allocated": 64}]},
    )

    pool: Literal["tiny", "small", "medium", "large", "huge"]
    min_buffers: JsonInt | None = Field(
        None, ge=0, le=1_000_000, description="Min Buffers; unknown: the advice is the least Min Buffers to set."
    )
    max_buffers: JsonInt | None = Field(
        None, ge=0, le=1_000_000, description="Max Buffers; unknown: the pool's attribute limit caps the advice."
    )
    max_allocated: JsonInt = Field(ge=0, le=1_000_000, description="History: Max Allocated.")


class VethBuffersAdvice(BaseModel):
    pool: str
    min_buffers: int | None
    max_buffers: int | None
    max_allocated: int
    exhausted: bool | None  # Max Allocated reached Max Buffers (None: Max Buffers not given)
    new_min_buffers: int
    new_max_buffers: int | None
    attributes: str  # the chdev attributes, e.g. "min_buf_huge=72 max_buf_huge=128"; "" when nothing changes
    formula: str
    citations: list[Cite]


class ZvmSmtInput(Strict):
    """The runs to compare (REDP-5287 Table 2): the z13 with SMT (or, core to core, the z13 without it: `run`)
    against the z13 without SMT or the zEC12 (`baseline`)."""

    model_config = ConfigDict(
        extra="forbid",
        strict=True,
        json_schema_extra={
            "examples": [{"baseline": "zEC12"}, {"run": "z13", "baseline": "zEC12"}],
            # the one pair that is no comparison: the z13 without SMT against itself (baseline defaults to "z13")
            "not": {"required": ["run"], "properties": {"run": {"const": "z13"}, "baseline": {"const": "z13"}}},
        },
    )

    baseline: Literal["z13", "zEC12"] = "z13"
    run: Literal["z13-smt", "z13"] = "z13-smt"

    @model_validator(mode="after")
    def _two_runs(self) -> ZvmSmtInput:
        if self.run == self.baseline:
            raise ValueError("run and baseline must be two different runs")
        return self


class ZvmSmtGain(BaseModel):
    baseline: zvm_smt.Run
    smt: zvm_smt.Run  # the run compared with the baseline (the z13 without SMT for a core-to-core `run`)
    etr_pct: float
    itr_pct: float
    users: int
    users_pct: float
    formula: str
    paper_states: str | None = None  # the paper's own rounding of the gain, where it states one
    citations: list[Cite]


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
        raise lfarea_syntax(e) from None
    except ValueError as e:
        raise invalid_value("$", e) from None


def lfarea_request(req: LfareaStatementInput, ctx: Context) -> LfareaRequestSize:
    """z/OS LFAREA before the online storage is known: its fixed size, its share of the base, and whether it fits
    whatever the online storage (or from which online storage on)."""
    try:
        return request_alone(req.statement)
    except LfareaSyntaxError as e:
        raise lfarea_syntax(e) from None


def lfarea_syntax(e: LfareaSyntaxError) -> CapabilityError:
    return CapabilityError(
        "lfarea-syntax",
        f"{e.message_id} {e.reason} at column {e.column}: {e.explanation}",
        errors=[ErrorItem(path="$.statement", message=f"{e.ibm_reason} (column {e.column})")],
        extra={"lfarea": e.to_dict()},
    )


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
    if req.paging_space_gb is not None:
        out.virtual_memory_limit = virtual_memory_limit(req.true_memory_gb, req.expansion_factor, req.paging_space_gb)
    return out


def ame_factor(req: AmeFactorInput, ctx: Context) -> FactorFigures:
    """AME factor figures: gain and savings of a factor, the true memory for an expanded memory, or the factor."""
    try:
        return factor_figures(req.expansion_factor, req.true_memory_gb, req.expanded_memory_gb)
    except ValueError as e:
        raise invalid_value("$", e) from None


def getstor(req: GetstorInput, ctx: Context) -> GetstorSize:
    """IARV64 GETSTOR: UNITS x UNITSIZE or SEGMENTS x 1 MB."""
    try:
        return getstor_size(req.units, req.unitsize, req.segments)
    except ValueError as e:
        raise invalid_value("$", e) from None


LFAREA_FORMULAS = {"old": "0.8 x online storage - 2 GB", "new": "0.8 x (online storage - 4 GB)"}


def lfarea_limit(req: LfareaLimitInput, ctx: Context) -> LfareaLimits:
    """The most LFAREA can reserve on an online storage size, in the old and the new form."""
    return LfareaLimits(
        online_storage_gb=req.online_storage_gb,
        old_form_limit_gb=lfarea_limit_gb(req.online_storage_gb, "old"),
        new_form_limit_gb=lfarea_limit_gb(req.online_storage_gb, "new"),
        formulas=dict(LFAREA_FORMULAS),
        citations=[CITE_FORMS],
    )


HPUX_FORMULAS = {"buffer_cache_max_gb": "0.03 x memory", "swap_min_gb": "2 x memory"}


def hpux_kernel(req: HpuxKernelInput, ctx: Context) -> HpuxKernelSizing:
    """HP-UX for SAP: buffer cache at most 3 % of memory, swap at least twice the memory (the derived values the
    rules use, from a document of the server's memory alone)."""
    doc = validate_document({"kind": "hpux-server", "name": "calculator", "memory_gb": req.memory_gb})
    derived = derive.everything()
    cache, swap = derived["buffer_cache_target_gb"], derived["swap_min_gb"]
    cache_gb, swap_gb = float(cache.func(doc)), float(swap.func(doc))
    return HpuxKernelSizing(
        memory_gb=req.memory_gb,
        buffer_cache_max_gb=cache_gb,
        swap_min_gb=swap_gb,
        swap_enough=None if req.swap_gb is None else req.swap_gb >= swap_gb,
        buffer_cache_within=None if req.buffer_cache_pct is None else req.buffer_cache_pct <= BUFFER_CACHE_PCT,
        formulas=dict(HPUX_FORMULAS),
        citations=list(dict.fromkeys([*cache.citations, *swap.citations])),
    )


BUFFER_CACHE_PCT = 3.0  # HP KOD kernel slide: 3 % of memory is more than enough buffer cache for SAP


def buffer_cache_citations() -> list[Cite]:
    """Where the 3 % buffer cache figure comes from (judging a share needs no memory size)."""
    return list(derive.everything()["buffer_cache_target_gb"].citations)


def veth_buffers_advice(req: VethBuffersInput, ctx: Context) -> VethBuffersAdvice:
    """Virtual Ethernet buffers: Min Buffers above Max Allocated, to the pool's next step; Max Buffers to the pool's
    limit when Max Allocated reached it."""
    assumed = req.max_buffers if req.max_buffers is not None else veth_buffers.POOL_LIMIT[req.pool]
    least = req.min_buffers if req.min_buffers is not None else 0
    advice = veth_buffers.advise(req.pool, least, assumed, req.max_allocated)
    new_min = advice.new_min_buffers if advice else least
    new_max = advice.new_max_buffers if advice else assumed
    return VethBuffersAdvice(
        pool=req.pool,
        min_buffers=req.min_buffers,
        max_buffers=req.max_buffers,
        max_allocated=req.max_allocated,
        exhausted=None if req.max_buffers is None else veth_buffers.exhausted(req.max_buffers, req.max_allocated),
        new_min_buffers=new_min,
        new_max_buffers=new_max if req.max_buffers is not None else None,
        attributes=(advice.attributes if advice and req.max_buffers is not None else "")
        or (f"min_buf_{req.pool}={new_min}" if new_min != req.min_buffers else ""),
        formula=VETH_FORMULA.format(step=veth_buffers.MIN_STEP[req.pool], limit=veth_buffers.POOL_LIMIT[req.pool]),
        citations=list(veth_buffers.CITE),
    )


VETH_FORMULA = (
    "Min Buffers = the next multiple of {step} above Max Allocated, at most Max Buffers; Max Buffers to {limit} "
    "(the attribute's limit) when Max Allocated reached it"
)


def zvm_smt_gain(req: ZvmSmtInput, ctx: Context) -> ZvmSmtGain:
    """z13 with SMT (or without it, core to core) against the z13 without it or the zEC12 (REDP-5287 Table 2, at
    about 90 % CPU)."""
    g = zvm_smt.gain(req.baseline, req.run)
    return ZvmSmtGain(
        baseline=zvm_smt.TABLE2[req.baseline],
        smt=zvm_smt.TABLE2[req.run],
        etr_pct=g.etr_pct,
        itr_pct=g.itr_pct,
        users=g.users,
        users_pct=g.users_pct,
        formula="gain = (run / baseline - 1) x 100%, for ETR, ITR and users",
        paper_states=zvm_smt.paper_states(req.baseline, req.run),
        citations=[zvm_smt.CITE_TABLE2],
    )


def sap_instances(req: SapInstancesInput, ctx: Context) -> InstanceRange:
    """HP-UX SAP instances: one per 2 to 4 cores (1 500 to 2 500 SAPS each)."""
    return instance_range(req.cores, req.saps)


def invalid_value(path: str, exc: ValueError) -> CapabilityError:
    return CapabilityError(
        "invalid-request", f"The request has 1 problem: {path}: {exc}", errors=[ErrorItem(path=path, message=str(exc))]
    )
