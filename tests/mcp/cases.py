"""Per tool: a valid call, invalid calls with the error they must get, and the same request through REST."""

from __future__ import annotations

from typing import Any

import httpx

from advisor.capabilities import CAPABILITIES, Capability

# (arguments, expected problem name, expected errors[0].path) beyond the unknown field every tool refuses
INVALID: dict[str, list[tuple[dict[str, Any], str, str]]] = {
    "explain_rule": [({"rule_id": "AMW-001"}, "rule-not-found", "$.rule_id")],
    "why_not_fired": [
        (
            {"rule_id": "AME-001", "document": {"kind": "aix-lpar", "name": "x", "ame": {"enabeld": True}}},
            "invalid-document",
            "$.document.ame.enabeld",
        ),
    ],
    "what_if": [
        (
            {"document": {"kind": "aix-lpar", "name": "x"}, "changes": [{"path": "ame.page_suport", "value": "64K"}]},
            "invalid-document",
            "$.changes[0].path",
        ),
    ],
    "search_guidance": [({"q": "large pages", "platform": "z/0S"}, "invalid-request", "$.platform")],
    "calc_lfarea": [({"statement": "LFAREA=(1M=(40%)", "online_storage_gb": 64}, "lfarea-syntax", "$.statement")],
    "calc_vios_memory": [({"system_cores": -1}, "invalid-request", "$.system_cores")],
    "get_rule": [({"rule_id": "NET-9"}, "rule-not-found", "$.rule_id")],
    "parse_outputs": [
        ({"outputs": [{"command": "lparstat -x", "text": "a"}]}, "invalid-outputs", "$.outputs[0].command")
    ],
}


def invalid_calls(cap: Capability) -> list[tuple[dict[str, Any], str, str]]:
    unknown = {**cap.example_args(), "bogus": 1}
    return [(unknown, "invalid-request", "$.bogus"), *INVALID.get(cap.name, [])]


def rest(http: httpx.Client, cap: Capability, args: dict[str, Any]) -> Any:
    """The same request through the REST route the capability also serves, as that route answers it."""
    method, _, path = cap.route.partition(" ")
    if cap.name == "search_guidance":
        return http.get(path, params=args).json()
    if cap.name == "get_rule":
        return http.get(path.replace("{rule_id}", args["rule_id"])).json()
    if cap.name == "list_rules":
        return {"rules": [r for r in http.get(path).json() if args.get("kind") in (None, *r["kinds"])]}
    if cap.name == "list_sources":
        return {"sources": http.get(path).json()}
    assert method == "POST", cap.route
    answer = http.post(path, json=args)
    assert answer.status_code in (200, 201), answer.text
    return answer.json()


def comparable(cap: Capability, result: dict[str, Any]) -> dict[str, Any]:
    """A stored review adds where it is stored; everything else must be identical."""
    if cap.name == "review_configuration":
        return {k: v for k, v in result.items() if k not in ("review_id", "created_at")}
    return result


TOOLS = [c.name for c in CAPABILITIES]
