"""What the advisor can do, defined once: every surface (REST, MCP, CLI, chat) is a thin adapter.

Each capability is a function `fn(request, ctx) -> result` over typed pydantic models, with the
citations inside the result. `CAPABILITIES` lists them with an LLM-usable name and description,
from which the MCP tools and the `/v1/tools` function manifest are generated; `Capability.invoke`
validates raw JSON arguments the way every surface must (depth, partitions, strict types, JSON
paths in errors) before calling the function.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from advisor.capabilities import calculators, explain, fleet, rules, search, whatif
from advisor.capabilities import review as reviewing
from advisor.capabilities.context import Context
from advisor.capabilities.errors import CapabilityError, ErrorItem
from advisor.capabilities.inputs import check_partitions, validate_model
from advisor.capabilities.outputs import OutputsRequest, ParseOut, parse_outputs
from advisor.documents.limits import depth_exceeds


@dataclass(frozen=True)
class Capability:
    name: str
    title: str
    description: str
    request: type[BaseModel]
    result: type[BaseModel]
    run: Callable[[Any, Context], BaseModel]
    route: str = ""
    stores: bool = False  # may write (a review stored under the caller's key); every other capability only reads
    example: dict[str, Any] | None = None  # valid arguments; default: the request model's first example
    reads_store: bool = False  # answers from the caller's stored reviews: only where the surface has a store

    def example_args(self) -> dict[str, Any]:
        if self.example is not None:
            return self.example
        extra = self.request.model_config.get("json_schema_extra")
        assert isinstance(extra, dict) and isinstance(extra["examples"], list), self.name
        example = extra["examples"][0]
        assert isinstance(example, dict), self.name
        return example

    def input_schema(self) -> dict[str, Any]:
        return self.request.model_json_schema()

    def output_schema(self) -> dict[str, Any]:
        return self.result.model_json_schema(mode="serialization")

    def invoke(self, args: Any, ctx: Context) -> BaseModel:
        """Raw JSON arguments in, result out; bad arguments are a CapabilityError with JSON paths."""
        if depth_exceeds(args, ctx.limits.max_depth):
            raise CapabilityError(
                "too-deeply-nested",
                f"The arguments nest deeper than {ctx.limits.max_depth} levels.",
                errors=[ErrorItem(path="$", message=f"deeper than {ctx.limits.max_depth} levels")],
            )
        check_partitions([(args, "$")], ctx.limits)
        return self.run(validate_model(self.request, args), ctx)


_SYSTEM = (
    " Give the system as `document` (a configuration document: `kind`, `name`, fields), as `outputs` "
    "(command outputs as printed, e.g. lparstat -i, amepat, vmo -L) or `bundle`, or as the `review_id` of a "
    "stored review."
)

CAPABILITIES: tuple[Capability, ...] = (
    Capability(
        "review_configuration",
        "Review a configuration",
        "Review one system's configuration (AIX LPAR, VIOS, Power managed system, HP-UX, z/OS, z/VM) against the "
        "rulebook: ranked findings with severity, this system's evidence, the fix and citations to the sources, plus "
        "the rules that could not be assessed and the fields they miss. Give `document` or command `outputs`.",
        reviewing.ReviewSystemRequest,
        reviewing.ReviewResult,
        reviewing.review,
        route="POST /v1/reviews",
        stores=True,
    ),
    Capability(
        "explain_rule",
        "Explain a rule or finding",
        "Why a rule fired for a system: each condition with this system's values, the rationale, the fix and "
        "citations. Without a system: what the rule checks and why." + _SYSTEM,
        explain.ExplainRequest,
        explain.ExplainResult,
        explain.explain,
        route="POST /v1/explain",
    ),
    Capability(
        "why_not_fired",
        "Why a rule did not fire",
        "Why a rule did not fire for a system: the comparisons that are false, with this system's value against the "
        "threshold; or, when it could not be assessed, the missing fields and the command that shows each." + _SYSTEM,
        explain.ExplainRequest,
        explain.ExplainResult,
        explain.explain,
        route="POST /v1/explain",
        example={
            "rule_id": "AME-001",
            "document": {
                "kind": "aix-lpar",
                "name": "sapapp02",
                "processor": "POWER9",
                "ame": {"enabled": True, "page_support": "64K"},
                "workload": {"type": "sap-abap", "app_page_size": "64K"},
            },
        },
    ),
    Capability(
        "what_if",
        "What if a setting changed",
        'Change fields of a system\'s document ({path, value}, e.g. ame.page_support = "64K") and review it again: '
        "the findings the change introduces, resolves, keeps and whose severity it changes, each cited, plus the "
        "changed document and the rules that read the changed fields." + _SYSTEM,
        whatif.WhatIfRequest,
        whatif.WhatIfResult,
        whatif.whatif,
        route="POST /v1/whatif",
    ),
    Capability(
        "search_guidance",
        "Search the guidance",
        "Search the vendor guidance the advisor is built on (IBM AIX/PowerVM/VIOS, HP-UX SAP, z/OS large pages, "
        "z/VM SMT): paraphrased passages, best first, each with source, section, locator and relevance score.",
        search.SearchRequest,
        search.SearchResult,
        search.search_guidance,
        route="GET /v1/knowledge/search",
    ),
    Capability(
        "calc_vios_memory",
        "VIOS memory",
        "Memory a Virtual I/O Server needs (Redbook 3.5.2): 2 GB per 16 cores of the system, or 768 MB plus a share "
        "per adapter, whichever is larger; with the breakdown and citation.",
        calculators.ViosMemoryInput,
        calculators.ViosMemoryRequirement,
        calculators.vios_memory,
        route="POST /v1/calculators/vios-memory",
    ),
    Capability(
        "calc_lfarea",
        "z/OS LFAREA",
        "Judge a z/OS IEASYSxx LFAREA statement against the online storage: the system limit, 1 MB and 2 GB pages "
        "requested, whether it fits and what IPL does (messages), cited.",
        calculators.LfareaInput,
        calculators.LfareaAssessment,
        calculators.lfarea,
        route="POST /v1/calculators/lfarea",
    ),
    Capability(
        "calc_plarea",
        "z/OS PLAREA",
        "Size of the z/OS pageable large page area: 12.5 % of (online storage - quad area), cited.",
        calculators.PlareaInput,
        calculators.PlareaSize,
        calculators.plarea,
        route="POST /v1/calculators/plarea",
    ),
    Capability(
        "calc_clm",
        "HP-UX cell local memory",
        "Cell local memory an HP-UX server running SAP needs: 10 % of memory for the kernel plus the SAP shared "
        "memory; the shortfall against what is configured, cited.",
        calculators.ClmInput,
        calculators.ClmSizing,
        calculators.clm,
        route="POST /v1/calculators/clm",
    ),
    Capability(
        "calc_hpt",
        "Hypervisor page table",
        "Memory the PowerVM hypervisor reserves for the partitions' hardware page tables: each partition's maximum "
        "memory / 64 or / 128 by processor generation and OS, per partition and in total, cited.",
        calculators.HptInput,
        calculators.HptSize,
        calculators.hpt,
        route="POST /v1/calculators/hpt",
    ),
    Capability(
        "calc_ame",
        "AME sizing",
        "AIX Active Memory Expansion: expanded memory, gain and savings for a true memory and factor; the true memory "
        "for another factor; the factor really achieved given a measured deficit, cited.",
        calculators.AmeInput,
        calculators.AmeAssessment,
        calculators.ame,
        route="POST /v1/calculators/ame",
    ),
    Capability(
        "calc_sap_instances",
        "SAP instances",
        "How many SAP instances an HP-UX server should run: one per 2 to 4 cores (1 500 to 2 500 SAPS each), cited.",
        calculators.SapInstancesInput,
        calculators.InstanceRange,
        calculators.sap_instances,
        route="POST /v1/calculators/sap-instances",
    ),
    Capability(
        "calc_ame_factor",
        "AME factor",
        "AIX Active Memory Expansion factor on its own: memory gain (factor - 1) and savings (1 - 1 / factor) with the "
        "2023 guide's measured Table 5 row when it has one, and validity; with the expanded memory to reach, the true "
        "memory it needs; or, without a factor, the factor a true and an expanded memory make, cited.",
        calculators.AmeFactorInput,
        calculators.FactorFigures,
        calculators.ame_factor,
        route="POST /v1/calculators/ame-factor",
    ),
    Capability(
        "calc_getstor",
        "z/OS IARV64 GETSTOR size",
        "Size of the memory object an IARV64 REQUEST=GETSTOR asks for: UNITS x UNITSIZE (1M or 2G), or SEGMENTS x "
        "1 MB, cited.",
        calculators.GetstorInput,
        calculators.GetstorSize,
        calculators.getstor,
        route="POST /v1/calculators/getstor",
    ),
    Capability(
        "calc_lfarea_limit",
        "z/OS LFAREA limit",
        "The most a z/OS LFAREA statement may reserve on an online storage size: old form 80 % of online storage - "
        "2 GB, new form 80 % of (online storage - 4 GB), cited.",
        calculators.LfareaLimitInput,
        calculators.LfareaLimits,
        calculators.lfarea_limit,
        route="POST /v1/calculators/lfarea-limit",
    ),
    Capability(
        "calc_lfarea_request",
        "z/OS LFAREA request",
        "What a z/OS LFAREA statement asks for before the online storage is known: its fixed size (sizes and page "
        "counts), its percentages and their base, whether it fits the system limit whatever the online storage, or "
        "the least online storage it fits on, cited.",
        calculators.LfareaStatementInput,
        calculators.LfareaRequestSize,
        calculators.lfarea_request,
        route="POST /v1/calculators/lfarea-request",
    ),
    Capability(
        "calc_hpux_kernel",
        "HP-UX buffer cache and swap",
        "HP-UX kernel sizing for SAP from the server's memory: buffer cache at most 3 % of memory, swap at least twice "
        "the memory; judges a configured swap and buffer cache share when given, cited.",
        calculators.HpuxKernelInput,
        calculators.HpuxKernelSizing,
        calculators.hpux_kernel,
        route="POST /v1/calculators/hpux-kernel",
    ),
    Capability(
        "calc_veth_buffers",
        "Virtual Ethernet buffers",
        "New Min and Max Buffers for one virtual Ethernet buffer pool from netstat -v: Min Buffers above Max "
        "Allocated to the pool's next step, Max Buffers to the attribute's limit when Max Allocated reached it; with "
        "the chdev attributes, cited.",
        calculators.VethBuffersInput,
        calculators.VethBuffersAdvice,
        calculators.veth_buffers_advice,
        route="POST /v1/calculators/veth-buffers",
    ),
    Capability(
        "calc_zvm_smt",
        "z13 SMT gain under z/VM",
        "Throughput gain of SAP application servers on a z13 with SMT under z/VM over the z13 without SMT or the "
        'zEC12, or core to core the z13 without SMT over the zEC12 (`run`: "z13") (REDP-5287 Table 2): ETR, ITR '
        "and users, in percent, cited.",
        calculators.ZvmSmtInput,
        calculators.ZvmSmtGain,
        calculators.zvm_smt_gain,
        route="POST /v1/calculators/zvm-smt",
    ),
    Capability(
        "list_rules",
        "List the rules",
        "The rule catalogue: id, title, severity, document kinds, domain and citations; filter by `kind` or `domain`.",
        rules.RulesRequest,
        rules.RuleList,
        rules.list_rules,
        route="GET /v1/rules",
        example={"kind": "zos-lpar"},
    ),
    Capability(
        "get_rule",
        "Get a rule",
        "One rule in full: its condition, required fields, message, rationale, fix, remediation commands, examples "
        "and citations.",
        rules.RuleRequest,
        rules.RuleDetail,
        rules.get_rule,
        route="GET /v1/rules/{rule_id}",
        example={"rule_id": "AME-001"},
    ),
    Capability(
        "list_sources",
        "List the sources",
        "The source documents every citation's source_id points into: title, publisher, date, version, url.",
        rules.SourcesRequest,
        rules.SourceList,
        rules.list_sources,
        route="GET /v1/sources",
        example={},
    ),
    Capability(
        "list_systems",
        "List the systems",
        "The reviewed systems of your tenant (the estate), each with its latest review: rating (red/amber/green), "
        "findings per severity, summed risk score, last seen. Filter by `kind`, `severity` (at or above), `rule` "
        "(fires now) or name `prefix`; sort by risk, name, last_seen or findings; page with `cursor`.",
        fleet.SystemsQuery,
        fleet.SystemsPage,
        fleet.list_systems,
        route="GET /v1/systems",
        example={"sort": "risk", "limit": 20},
        reads_store=True,
    ),
    Capability(
        "get_system",
        "Get a system",
        "One reviewed system of your tenant by name: its latest findings (ranked, cited) and not-assessed rules, its "
        "review history, and what changed between two of its reviews (`from`/`to` review ids; default the last two).",
        fleet.SystemRequest,
        fleet.SystemDetail,
        fleet.system_detail,
        route="GET /v1/systems/{name}",
        reads_store=True,
    ),
    Capability(
        "list_rule_systems",
        "Systems where a rule fires",
        "The systems of your tenant where a rule fires now (in their latest review), by name, with the findings and "
        "score of that rule on each.",
        fleet.RuleSystemsRequest,
        fleet.RuleSystemsPage,
        fleet.rule_systems,
        route="GET /v1/rules/{rule_id}/systems",
        reads_store=True,
    ),
    Capability(
        "fleet_summary",
        "Fleet summary",
        "Your tenant's estate at a glance: systems by rating and by severity, the top rules by systems affected and "
        "by score, the data most often missing (what to collect next) and reviews per day.",
        fleet.FleetSummaryRequest,
        fleet.FleetSummary,
        fleet.fleet_summary,
        route="GET /v1/fleet/summary",
        example={},
        reads_store=True,
    ),
    Capability(
        "parse_outputs",
        "Parse command outputs",
        "Turn raw command outputs of one system (lparstat -i, amepat, vmo -L, lsdev, kctune, D VIRTSTOR, ...) or a "
        "collector bundle into a configuration document, with the output line each value was read from.",
        OutputsRequest,
        ParseOut,
        parse_outputs,
        route="POST /v1/parse",
        example={
            "outputs": [
                {
                    "command": "lparstat -i",
                    "text": "Node Name : sapapp01\nType : Shared-SMT-8\nEntitled Capacity : 1.00\n",
                }
            ]
        },
    ),
)

BY_NAME = {c.name: c for c in CAPABILITIES}

__all__ = ["BY_NAME", "CAPABILITIES", "Capability", "CapabilityError", "Context", "ErrorItem"]
