"""One rule as a Markdown page (ruff-style): what it checks, why, example, fix, reboot, references.

`pages(rulebook)` is the whole of docs/rules/: one `<ID>.md` per rule and a `README.md` index,
written by `advisor docs rules --out docs/rules` (and compared with the tree by a test).
"""

from __future__ import annotations

import json

import yaml

from advisor import derive, linre
from advisor.catalogue import detail
from advisor.rulebook.compiled import CompiledRule, Rulebook
from advisor.rulebook.templates import for_reading

PAGE_NAME = linre.compile(r"^[A-Z]+-\d{3}[a-z]?\.md$")


def _prose(text: str) -> str:
    """A message template for reading: `{ame.expansion_factor}` becomes `<ame.expansion_factor>` in code."""
    return for_reading(text, lambda path: f"`<{path}>`")


def _command(text: str) -> str:
    return for_reading(text, lambda path: f"<{path}>")


def _derived_notes(paths: list[str]) -> list[str]:
    out = []
    for path in paths:
        d = derive.everything().get(path.removeprefix("derived.")) if path.startswith("derived.") else None
        if d is not None:
            unit = f" ({d.unit})" if d.unit else ""
            out.append(f"- `{path}`{unit}: {' '.join(d.description.split())}")
    return out


def _example(title: str, example) -> list[str]:
    severity = f"; reported as **{example.severity}**" if example.severity else ""
    return [f"{title} ({example.note}{severity}):", "", "```json", json.dumps(example.document, indent=2), "```", ""]


def render(cr: CompiledRule) -> str:
    d = detail(cr)
    lines = [
        f"# {d['id']}: {d['title']}",
        "",
        f"**Severity:** {d['severity']} · **Applies to:** {', '.join(d['kinds'])} · **Domain:** {d['domain']} · "
        f"**Impact:** {d['impact']}/5 · **Confidence:** {d['confidence']} · "
        f"**Reboot to fix:** {'yes' if d['requires_reboot'] else 'no'}",
        "",
        f"**Applies to systems:** {d['applies']}",
        "",
        "## What it checks",
        "",
        f"`{d['when']}`",
        "",
    ]
    for esc in d["escalations"]:
        lines += [f"Raised to **{esc['severity']}** when `{esc['when']}`: {esc['reason']}", ""]
    lines += [f"It reports: {_prose(d['message'])}", ""]
    lines += [
        "Needs: " + ", ".join(f"`{p}`" for p in d["requires"]) + ". Without them the rule is reported "
        "as *not assessed* with the missing fields.",
        "",
    ]
    if d["optional"]:
        lines += ["Uses when present: " + ", ".join(f"`{p}`" for p in d["optional"]) + ".", ""]
    derived = _derived_notes(d["requires"] + d["optional"])
    if derived:
        lines += ["Values computed from the document:", "", *derived, ""]
    lines += ["## Why it matters", "", d["rationale"], "", "## Example", ""]
    lines += _example("A document this rule flags", cr.rule.examples.fire[0])
    lines += _example("One it accepts", cr.rule.examples.pass_[0])
    lines += ["## How to fix it", "", _prose(d["recommendation"]), ""]
    for step in d["remediation"]:
        reboot = (
            "needs a reboot" if step["requires_reboot"] else ("dynamic, no reboot" if step["dynamic"] else "no reboot")
        )
        lines += [f"- {_prose(' '.join(step['description'].split()))} ({reboot})"]
        lines += [f"  - `{_command(c)}`" for c in step["commands"]]
    lines += ["", f"Reboot needed: {'yes' if d['requires_reboot'] else 'no'}.", "", "## References", ""]
    for c in d["citations"]:
        loc = f", {c['locator']}" if c["locator"] else ""
        link = f" <{c['url']}>" if c["url"] else ""
        lines.append(f'- `{c["source_id"]}`: {c["title"]}, section "{c["section"]}"{loc}.{link}')
    lines += [
        "",
        "## In a pipeline",
        "",
        f"Run only this rule: `advisor check FILE --select {d['id']}`; skip it: `--ignore {d['id']}`. "
        "To accept a finding for a while, add a waiver (see [the CI guide](../ci.md)):",
        "",
        "```yaml",
        "waivers:",
        f"  - rule: {d['id']}",
        '    target: "SYSTEM-NAME*"',
        '    reason: "why it is accepted for now"',
        '    owner: "team"',
        "    expires: 2030-12-31",
        "```",
    ]
    return "\n".join(lines) + "\n"


def render_yaml(cr: CompiledRule) -> str:
    return yaml.safe_dump(cr.rule.model_dump(mode="json", by_alias=True), sort_keys=False, allow_unicode=True)


def _order(rule_id: str) -> tuple:
    prefix, _, number = rule_id.partition("-")
    return (prefix, number)


def index(rulebook: Rulebook) -> str:
    rules = sorted(rulebook.rules.values(), key=lambda cr: _order(cr.id))
    lines = [
        "# Rules",
        "",
        "<!-- Generated from rules/*.yaml by `advisor docs rules --out docs/rules`: do not edit by hand. -->",
        "",
        f"{len(rules)} rules. Each page says what the rule checks, why, an example, the fix, whether it needs "
        "a reboot and the sources it rests on. `advisor rules ID` prints the same page.",
        "",
    ]
    domains: dict[str, list[CompiledRule]] = {}
    for cr in rules:
        domains.setdefault(cr.domain, []).append(cr)
    for domain, group in domains.items():
        lines += [
            f"## {domain}",
            "",
            "| Rule | Title | Severity | Applies to | Systems | Reboot |",
            "|---|---|---|---|---|---|",
        ]
        for cr in group:
            r = cr.rule
            reboot = "yes" if any(s.requires_reboot for s in r.remediation) else "no"
            title = r.title.replace("|", "\\|")
            applies = r.applies.replace("|", "\\|")
            lines.append(
                f"| [{r.id}]({r.id}.md) | {title} | {r.severity} | {', '.join(r.kinds)} | {applies} | {reboot} |"
            )
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def pages(rulebook: Rulebook) -> dict[str, str]:
    """File name -> content for docs/rules/."""
    out = {f"{cr.id}.md": render(cr) for cr in rulebook.rules.values()}
    out["README.md"] = index(rulebook)
    return out
