"""The rule catalogue: what `advisor rules`, `/v1/rules` and docs/rules/ show about each rule."""

from __future__ import annotations

from typing import Any

from advisor.rulebook.condition import render as render_condition
from advisor.rulebook.loader import CompiledRule, Rulebook
from advisor.sources import load_sources


def resolved_citations(cr: CompiledRule) -> list[dict[str, Any]]:
    sources = load_sources()
    return [
        {
            "source_id": c.source,
            "title": sources[c.source].title,
            "section": c.section,
            "locator": c.locator,
            "url": sources[c.source].url,
        }
        for c in cr.rule.citations
    ]


def summary(cr: CompiledRule) -> dict[str, Any]:
    r = cr.rule
    return {
        "id": r.id,
        "title": r.title,
        "severity": r.severity,
        "kinds": list(r.kinds),
        "applies": r.applies,
        "domain": cr.domain,
        "citations": resolved_citations(cr),
    }


def detail(cr: CompiledRule) -> dict[str, Any]:
    r = cr.rule
    return {
        **summary(cr),
        "file": cr.file,
        "when": " ".join(r.when.split()),
        "condition": render_condition(cr.condition),
        "escalations": [
            {"when": " ".join(e.when.split()), "severity": e.severity, "reason": e.reason} for e in r.escalations
        ],
        "requires": list(r.requires),
        "optional": list(r.optional),
        "message": " ".join(r.message.split()),
        "rationale": " ".join(r.rationale.split()),
        "recommendation": " ".join(r.recommendation.split()),
        "remediation": [s.model_dump(mode="json") for s in r.remediation],
        "requires_reboot": any(s.requires_reboot for s in r.remediation),
        "impact": r.impact,
        "confidence": r.confidence,
        "examples": r.examples.model_dump(mode="json", by_alias=True),
    }


def listing(rulebook: Rulebook) -> list[dict[str, Any]]:
    return [summary(cr) for cr in sorted(rulebook.rules.values(), key=lambda c: _order(c.id))]


def _order(rule_id: str) -> tuple:
    prefix, _, number = rule_id.partition("-")
    return (prefix, number)
