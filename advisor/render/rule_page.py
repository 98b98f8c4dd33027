"""One rule as a Markdown page (ruff-style): what it checks, why, example, fix, references."""

from __future__ import annotations

import json

import yaml

from advisor.catalogue import detail
from advisor.rulebook.loader import CompiledRule


def render(cr: CompiledRule) -> str:
    d = detail(cr)
    lines = [f"# {d['id']}: {d['title']}", "",
             f"**Severity:** {d['severity']} · **Applies to:** {', '.join(d['kinds'])} · **Domain:** {d['domain']} · "
             f"**Impact:** {d['impact']}/5 · **Confidence:** {d['confidence']}", "",
             "## What it checks", "", f"`{d['when']}`", ""]
    for esc in d["escalations"]:
        lines += [f"Raised to **{esc['severity']}** when `{esc['when']}`: {esc['reason']}", ""]
    lines += ["Needs: " + ", ".join(f"`{p}`" for p in d["requires"]) + ".", ""]
    if d["optional"]:
        lines += ["Uses when present: " + ", ".join(f"`{p}`" for p in d["optional"]) + ".", ""]
    lines += ["## Why it matters", "", d["rationale"], "", "## Example", "",
              "A document this rule flags:", "", "```json",
              json.dumps(cr.rule.examples.fire[0].document, indent=2), "```", "",
              "One it accepts:", "", "```json", json.dumps(cr.rule.examples.pass_[0].document, indent=2), "```", "",
              "## How to fix it", "", d["recommendation"], ""]
    for step in d["remediation"]:
        reboot = "needs a reboot" if step["requires_reboot"] else ("dynamic, no reboot" if step["dynamic"] else "no reboot")
        lines += [f"- {step['description']} ({reboot})"]
        lines += [f"  - `{c}`" for c in step["commands"]]
    lines += ["", f"Reboot needed: {'yes' if d['requires_reboot'] else 'no'}.", "", "## References", ""]
    for c in d["citations"]:
        loc = f", {c['locator']}" if c["locator"] else ""
        link = f" <{c['url']}>" if c["url"] else ""
        lines.append(f"- `{c['source_id']}`: {c['title']}, section \"{c['section']}\"{loc}.{link}")
    return "\n".join(lines) + "\n"


def render_yaml(cr: CompiledRule) -> str:
    return yaml.safe_dump(cr.rule.model_dump(mode="json", by_alias=True), sort_keys=False, allow_unicode=True)
