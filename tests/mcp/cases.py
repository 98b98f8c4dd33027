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
    "list_systems": [({"severity": "urgent"}, "invalid-request", "$.severity")],
    "get_system": [({"name": "sapapp01", "from": "rv_1"}, "invalid-request", "$.from")],
    "list_rule_systems": [({"rule_id": "AMW-001"}, "rule-not-found", "$.rule_id")],
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
    if cap.reads_store:  # the fleet: GET routes, path parameters named like the arguments
        args = dict(args)
        for name in ("name", "rule_id"):
            if "{" + name + "}" in path:
                path = path.replace("{" + name + "}", args.pop(name))
        return http.get(path, params=args).json()
    assert method == "POST", cap.route
    answer = http.post(path, json=args)
    assert answer.status_code in (200, 201), answer.text
    return answer.json()


# what later reviews of the same system change in the fleet (the REST call comes after other tests stored more)
_MOVING = {"last_seen", "reviews", "review_id", "history", "diff", "trend", "created_at"}


def _steady(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _steady(v) for k, v in value.items() if k not in _MOVING}
    if isinstance(value, list):
        return [_steady(v) for v in value]
    return value


def comparable(cap: Capability, result: dict[str, Any]) -> dict[str, Any]:
    """A stored review adds where it is stored; the fleet moves as reviews are added; all else is identical."""
    if cap.name == "review_configuration":
        return {k: v for k, v in result.items() if k not in ("review_id", "created_at")}
    if cap.reads_store:
        return _steady(result)
    return result


TOOLS = [c.name for c in CAPABILITIES]
