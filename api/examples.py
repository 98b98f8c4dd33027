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
    "cpu": {"mode": "shared", "entitled_capacity": 1.0, "virtual_processors": 2, "sharing": "uncapped",
            "weight": 128, "smt": 8},
    "memory": {"desired_gb": 7, "max_gb": 16, "paging_space_gb": 0.5},
    "ame": {"enabled": True, "page_support": "4K", "expansion_factor": 2.0, "deficit_mb": 0},
    "workload": {"type": "sap-abap", "app_page_size": "64K",
                 "peak": {"physc_avg": 0.29, "virtual_memory_gb": 10.2}},
}

# The same partition after switching AME to 64K pages (vmo -ro ame_mpsize_support=1).
FIXED_DOCUMENT: dict[str, Any] = copy.deepcopy(EXAMPLE_DOCUMENT)
FIXED_DOCUMENT["ame"]["page_support"] = "64K"

REVIEW_REQUEST_EXAMPLES = {
    "document": {"summary": "A document as the body", "value": EXAMPLE_DOCUMENT},
    "wrapped": {"summary": "The same, wrapped as {\"document\": ...}", "value": {"document": EXAMPLE_DOCUMENT}},
}

DIFF_REQUEST_EXAMPLES = {
    "ame64k": {"summary": "Switching AME from 4K to 64K pages",
               "value": {"before": EXAMPLE_DOCUMENT, "after": FIXED_DOCUMENT}},
}


def model_examples(model: type[BaseModel]) -> dict[str, Any]:
    """A request model's own `examples` (json_schema_extra) as OpenAPI media-type examples."""
    extra = model.model_config.get("json_schema_extra") or {}
    return {f"example{i + 1}": {"value": value} for i, value in enumerate(extra.get("examples", []))}
