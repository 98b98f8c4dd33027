"""The rule catalogue: what `advisor rules`, `/v1/rules` (advisor.capabilities.rules), findings
and docs/rules/ show about each rule, defined once here.

Light on purpose (no capability registry): SARIF reports and `advisor rules` import it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from advisor.findings import CitationOut
from advisor.rulebook.compiled import CompiledRule, Rulebook
from advisor.rulebook.condition import render as render_condition
from advisor.sources import Source, load_sources

C = TypeVar("C")


def citations_of(cr: CompiledRule, sources: Mapping[str, Source]) -> list[CitationOut]:
    """The rule's citations resolved against the source list: title and url beside section and locator."""
    return [
        CitationOut(
            source_id=c.source,
            title=sources[c.source].title,
            section=c.section,
            locator=c.locator,
            url=sources[c.source].url,
        )
        for c in cr.rule.citations
    ]


def resolved_citations(cr: CompiledRule) -> list[dict[str, Any]]:
    return [c.model_dump(mode="json") for c in citations_of(cr, load_sources())]


def summary_of(cr: CompiledRule, citations: list[C]) -> dict[str, Any]:
    """The summary of a rule (RuleSummary's fields), with its citations as the caller holds them."""
    r = cr.rule
    return {
        "id": r.id,
        "title": r.title,
        "severity": r.severity,
        "kinds": list(r.kinds),
        "applies": r.applies,
        "domain": cr.domain,
        "citations": citations,
    }


def summary(cr: CompiledRule) -> dict[str, Any]:
    """The summary as JSON data (`advisor rules --json`)."""
    return summary_of(cr, resolved_citations(cr))


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
