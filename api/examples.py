"""Example requests for the OpenAPI schema and docs/api.md.

Only requests are written here; the response examples are computed from them with the
live rulebook when the schema is built (api.openapi), so they never drift from the rules.
"""

from __future__ import annotations

import copy
from typing import Any

from pydantic import BaseModel

# The aix-lpar document of contract section 1: AME in 4K mode under SAP on 64K pages.
EXAMPLE_DOCUMENT: dict[str, Any] = {
    "kind": "aix-lpar",
    "name": "sapapp01",
    "environment": "production",
    "processor": "POWER9",
    "os": {"version": "7.2", "tl": 4, "sp": 5},
    "cpu": {
        "mode": "shared",
        "entitled_capacity": 1.0,
        "virtual_processors": 2,
        "sharing": "uncapped",
        "weight": 128,
        "smt": 8,
    },
    "memory": {"desired_gb": 7, "max_gb": 16, "paging_space_gb": 0.5},
    "ame": {"enabled": True, "page_support": "4K", "expansion_factor": 2.0, "deficit_mb": 0},
    "workload": {"type": "sap-abap", "app_page_size": "64K", "peak": {"physc_avg": 0.29, "virtual_memory_gb": 10.2}},
}

# The same partition after switching AME to 64K pages (vmo -ro ame_mpsize_support=1).
FIXED_DOCUMENT: dict[str, Any] = copy.deepcopy(EXAMPLE_DOCUMENT)
FIXED_DOCUMENT["ame"]["page_support"] = "64K"

# The same partition as the admin sees it: lparstat -i (excerpt), the AME page-size tunable, ps -eZ (excerpt).
LPARSTAT_I = """Node Name : sapapp01
Partition Name : sapapp01
Type : Shared-SMT-8
Mode : Uncapped
Entitled Capacity : 1.00
Online Virtual CPUs : 2
Online Memory : 7168 MB
Maximum Memory : 16384 MB
Variable Capacity Weight : 128
Memory Mode : Dedicated-Expanded
Target Memory Expansion Factor : 2.00
"""
VMO_AME = "ame_mpsize_support = 0\n"
PS_EZ = """      PID    TTY  TIME DPGSZ SPGSZ TPGSZ SHMPGSZ CMD
        1      -  0:02    4K    4K    4K      4K init
  9175394      -  1:13   64K   64K   64K     64K disp+work
"""
EXAMPLE_OUTPUTS: list[dict[str, str]] = [
    {"command": "lparstat -i", "text": LPARSTAT_I},
    {"command": "vmo -o ame_mpsize_support", "text": VMO_AME},
    {"text": PS_EZ},  # no command: detected
]
EXAMPLE_BUNDLE = "".join(
    [
        '#### advisor-bundle format="1" host="sapapp01" collector="aix-collect.sh" ####\n',
        '#### advisor-bundle command="lparstat -i" host="sapapp01" rc="0" ####\n',
        LPARSTAT_I,
        '#### advisor-bundle command="vmo -o ame_mpsize_support" host="sapapp01" rc="0" ####\n',
        VMO_AME,
        '#### advisor-bundle command="ps -eZ" host="sapapp01" rc="0" ####\n',
        PS_EZ,
    ]
)

REVIEW_REQUEST_EXAMPLES = {
    "document": {"summary": "A document as the body", "value": EXAMPLE_DOCUMENT},
    "wrapped": {"summary": 'The same, wrapped as {"document": ...}', "value": {"document": EXAMPLE_DOCUMENT}},
    "outputs": {
        "summary": "The same partition as command outputs (the command of the last one is detected)",
        "value": {"outputs": EXAMPLE_OUTPUTS},
    },
}

PARSE_REQUEST_EXAMPLES = {
    "outputs": {"summary": "Command outputs, each with its command or detected", "value": {"outputs": EXAMPLE_OUTPUTS}},
    "bundle": {"summary": "A collector bundle (collect/aix-collect.sh)", "value": {"bundle": EXAMPLE_BUNDLE}},
}

CHAT_REQUEST_EXAMPLES = {
    "review": {
        "summary": "Start a session with a document: it is reviewed",
        "value": {"message": "review", "document": EXAMPLE_DOCUMENT},
    },
    "outputs": {
        "summary": "Start a session with command outputs",
        "value": {"message": "what is wrong with this partition?", "outputs": EXAMPLE_OUTPUTS},
    },
    "question": {
        "summary": "A question on its own (send `session_id` to continue a session)",
        "value": {"message": "Can I use AME with 64K pages on POWER7?"},
    },
}

DIFF_REQUEST_EXAMPLES = {
    "ame64k": {
        "summary": "Switching AME from 4K to 64K pages",
        "value": {"before": EXAMPLE_DOCUMENT, "after": FIXED_DOCUMENT},
    },
}


def examples_of(model: type[BaseModel]) -> list[Any]:
    """A request model's own `examples` (its json_schema_extra dict); [] when it has none."""
    extra = model.model_config.get("json_schema_extra")
    examples = extra.get("examples") if isinstance(extra, dict) else None
    return examples if isinstance(examples, list) else []


def model_examples(model: type[BaseModel]) -> dict[str, Any]:
    """A request model's own `examples` as OpenAPI media-type examples."""
    return {f"example{i + 1}": {"value": value} for i, value in enumerate(examples_of(model))}
