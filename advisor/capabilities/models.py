"""What every capability request shares: JSON types taken as the schema states them."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict
from pydantic_core import PydanticCustomError


def json_integer(value: Any) -> Any:
    """An integer as JSON Schema means it: 4 or 4.0 (the same JSON number), never "4" or true."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise PydanticCustomError("int_type", "Input should be a valid integer")
    return value


JsonInt = Annotated[int, BeforeValidator(json_integer)]


class Strict(BaseModel):
    """JSON types as the schema says: 4 is not "4", true is not 1."""

    model_config = ConfigDict(extra="forbid", strict=True)


# The example partition of the request examples (contract section 1): AME in 4K mode under SAP on 64K pages.
EXAMPLE_LPAR: dict[str, Any] = {
    "kind": "aix-lpar",
    "name": "sapapp01",
    "processor": "POWER9",
    "os": {"version": "7.2", "tl": 4, "sp": 5},
    "memory": {"desired_gb": 7, "max_gb": 16},
    "ame": {"enabled": True, "page_support": "4K", "expansion_factor": 2.0},
    "workload": {"type": "sap-abap", "app_page_size": "64K"},
}
