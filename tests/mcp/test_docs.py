"""docs/mcp.md and the README name every tool, with the example call the tool really accepts."""

from __future__ import annotations

import json

import pytest

from advisor.capabilities import CAPABILITIES, CapabilityError, Context
from tests.mcp.conftest import ROOT

DOC = (ROOT / "docs" / "mcp.md").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("cap", CAPABILITIES, ids=lambda c: c.name)
def test_each_tool_is_documented_with_a_call_that_works(cap, durable_advisor):
    assert f"### `{cap.name}`" in DOC and cap.description in DOC
    call = json.dumps({"name": cap.name, "arguments": cap.example_args()})
    assert call in DOC, f"docs/mcp.md: the example call of {cap.name} drifted from its definition"
    if cap.reads_store:  # the fleet tools need a store (tests/mcp/test_tools.py calls them over HTTP)
        with pytest.raises(CapabilityError, match="no store"):
            cap.invoke(json.loads(call)["arguments"], Context(advisor=durable_advisor))
    else:
        cap.invoke(json.loads(call)["arguments"], Context(advisor=durable_advisor))
    assert f"`{cap.name}`" in README
