"""The review pipeline: document -> units -> derived values -> evaluation -> ranked, cited findings."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from advisor import budget, derive
from advisor.catalogue import citations_of
from advisor.derive import get_path
from advisor.engine import Evaluator
from advisor.findings import CitationOut, Finding, NotAssessed, RemediationOut, Review, RulebookInfo, trusted
from advisor.ranking import score, sort_key
from advisor.rulebook.compiled import CompiledRule, Rulebook
from advisor.rulebook.model import SEVERITIES
from advisor.rulebook.templates import render
from advisor.sources import Source, load_sources


@dataclass(frozen=True)
class Unit:
    """One system evaluated on its own: a document, or one partition of a managed system."""

    target: str
    path: str
    kind: str
    model: BaseModel


# What a partition inherits from its frame when it does not state it itself:
# (frame field, partition kinds, partition path). Nested paths only fill existing blocks.
# The pool size is deliberately not inherited: LPAR-002 judges it once, on the frame.
INHERITED = (
    ("processor", ("aix-lpar", "vios"), "processor"),
    ("cores", ("vios",), "system_cores"),
    ("powervm_edition", ("aix-lpar",), "powervm_edition"),
    ("firmware_level", ("aix-lpar",), "firmware_level"),
)


def _with(model: BaseModel, path: str, value: Any) -> BaseModel:
    """`model` with `path` set to `value` unless already stated (or its parent block is absent)."""
    head, _, rest = path.partition(".")
    current = getattr(model, head)
    if rest:
        if current is None:
            return model
        value = _with(current, rest, value)
        if value is current:
            return model
    elif current is not None:
        return model
    copy = model.model_copy(update={head: value})
    copy.__pydantic_fields_set__.add(head)
    return copy


def units_of(doc: Any) -> list[Unit]:
    """A managed system is reviewed partition by partition plus one frame-level unit.

    Partitions inherit what the frame states and they do not (INHERITED), so a partition need
    not repeat the processor generation, the pool size or the PowerVM edition.
    """
    if doc.kind != "managed-system":
        return [Unit(doc.name, "$", doc.kind, doc)]
    units = []
    for i, part in enumerate(doc.partitions or []):
        for frame_field, kinds, path in INHERITED:
            value = getattr(doc, frame_field)
            if value is not None and part.kind in kinds:
                part = _with(part, path, value)
        units.append(Unit(part.name, f"$.partitions[{i}]", part.kind, part))
    units.append(Unit(doc.name, "$", doc.kind, doc))
    return units


def _scalars(data: dict) -> dict:
    """The engine sees nested objects of scalars only: lists are summarised by derived values."""
    out = {}
    for key, value in data.items():
        if isinstance(value, dict):
            out[key] = _scalars(value)
        elif not isinstance(value, list):
            out[key] = value
    return out


def build_fact(unit: Unit, derived_values: dict[str, Any]) -> dict:
    fact = _scalars(unit.model.model_dump(mode="json", exclude_none=True))
    fact["derived"] = {k: v for k, v in derived_values.items() if not isinstance(v, (list, tuple, dict))}
    return fact


# Documents evaluated together by `evaluate_many`: the engine's cost per fact falls by about half
# from one to 16 facts a session and little after (bench/engine.py); the reviews of a batch are
# held until it is done, so it stays small.
BATCH = 16


@dataclass(frozen=True)
class Evaluated:
    """A review and the fact of each of its units (unit path -> what the engine saw), which the
    gate reuses to tell the rules that cannot apply without deriving everything again."""

    review: Review
    facts: dict[str, dict]


class Advisor:
    """A loaded rulebook plus an evaluator; one per process is enough (see `default_advisor`)."""

    def __init__(self, rulebook: Rulebook, evaluator: Evaluator, sources: dict[str, Source] | None = None):
        """`sources`: what the citations resolve against, when the caller has them (the rulebook cache)."""
        self.rulebook = rulebook
        self.evaluator = evaluator
        self._by_kind: dict[str, _KindPlan] = {}
        sources = sources if sources is not None else load_sources()
        self._citations = {rid: citations_of(cr, sources) for rid, cr in rulebook.rules.items()}

    def citations(self, rule_id: str) -> list[CitationOut]:
        return self._citations[rule_id]

    def review(self, doc: Any, provenance: dict[str, Any] | None = None) -> Review:
        """`provenance` (field path -> source line, from advisor.inputs) fills each finding's provenance
        for its evidence paths (and the items of evidence lists); it describes a single-system document,
        so partitions get none."""
        return next(self.evaluate_many([(doc, provenance)])).review

    def review_many(self, items: Sequence[tuple[Any, dict[str, Any] | None]]) -> Iterator[Review]:
        """`review(doc, provenance)` for each item, in order, the engine asked once for all of them."""
        return (e.review for e in self.evaluate_many(items))

    def evaluate_many(self, items: Sequence[tuple[Any, dict[str, Any] | None]]) -> Iterator[Evaluated]:
        """Each item's review and the facts the engine saw, in order, BATCH documents at a time: the
        units of a batch go to the evaluator together (`fired_many`: one engine session for many
        facts). If anything fails, that batch is evaluated one document at a time, so the error
        surfaces at the document that causes it, after the ones before it, as without batching."""
        for start in range(0, len(items), BATCH):
            batch = items[start : start + BATCH]
            try:
                done = self._evaluate(batch)
            except Exception:
                if len(batch) == 1:
                    raise
                for item in batch:
                    yield from self.evaluate_many([item])
                continue
            yield from done

    def _evaluate(self, items: Sequence[tuple[Any, dict[str, Any] | None]]) -> list[Evaluated]:
        prepared = [[self._prepare(unit) for unit in units_of(doc)] for doc, _ in items]
        fired = iter(self.evaluator.fired_many([(u.kind, fact) for units in prepared for u, _, fact in units]))
        return [
            self._assemble(doc, provenance, [(u, d, fact, next(fired)) for u, d, fact in units])
            for (doc, provenance), units in zip(items, prepared, strict=True)
        ]

    def _prepare(self, unit: Unit) -> tuple[Unit, derive.DerivedResult, dict]:
        budget.check()  # a chat turn reviews several variants of a document: stop at its budget
        derived = derive.compute(unit.kind, unit.model)
        return unit, derived, build_fact(unit, derived.values)

    def _assemble(
        self,
        doc: Any,
        provenance: dict[str, Any] | None,
        units: list[tuple[Unit, derive.DerivedResult, dict, set[str]]],
    ) -> Evaluated:
        findings: list[Finding] = []
        not_assessed: list[NotAssessed] = []
        for unit, derived, _, fired in units:
            f, n = self._review_unit(unit, derived, fired)
            findings += f
            not_assessed += n
        if provenance is not None:
            for finding in findings:
                if finding.path == "$":
                    finding.provenance = {
                        k: str(v)
                        for k, v in provenance.items()
                        if k in finding.evidence or any(k.startswith(p + ".") for p in finding.evidence)
                    }
        findings.sort(key=lambda f: sort_key(f.severity, f.score, f.rule_id, f.target))
        for rank, finding in enumerate(findings, 1):
            finding.rank = rank
        self._share_fixes(findings)
        not_assessed.sort(key=lambda n: (SEVERITIES.index(n.severity), n.rule_id, n.target))
        summary = {s: 0 for s in SEVERITIES}
        for finding in findings:
            summary[finding.severity] += 1
        review = Review(
            target=doc.name,
            kind=doc.kind,
            findings=findings,
            not_assessed=not_assessed,
            summary=summary,
            rulebook=RulebookInfo(version=self.rulebook.version, rules=len(self.rulebook.rules)),
        )
        return Evaluated(review, {unit.path: fact for unit, _, fact, _ in units})

    def _share_fixes(self, findings: list[Finding]) -> None:
        """Findings of one system whose rules share a fix (rules/*.yaml `shared_fix`): the first in rank
        keeps the steps, the others say so once and link to it instead of repeating them."""
        groups: dict[tuple[str, str, str], list[Finding]] = {}
        for f in findings:
            group = self.rulebook.rules[f.rule_id].rule.shared_fix
            if group:
                groups.setdefault((group, f.path, f.target), []).append(f)
        for members in groups.values():
            if len(members) < 2:
                continue
            lead, ids = members[0], [m.rule_id for m in members]
            for m in members:
                m.shares_fix_with = [i for i in ids if i != m.rule_id]
            for m in members[1:]:
                m.remediation = [
                    RemediationOut(
                        description=f"One fix for this and {lead.rule_id}: apply the steps given under "
                        f"{lead.rule_id} (rank {lead.rank}) once; they resolve both findings.",
                        requires_reboot=any(s.requires_reboot for s in lead.remediation),
                        dynamic=all(s.dynamic or not s.commands for s in lead.remediation),
                    )
                ]

    def _review_unit(
        self, unit: Unit, derived: derive.DerivedResult, fired: set[str]
    ) -> tuple[list[Finding], list[NotAssessed]]:
        plan = self._plan(unit.kind)
        model = unit.model
        absent = {path for path, parts in plan.paths if derive.absent(model, parts)}
        values = derived.values
        have = values.keys()
        seen: dict[str, Any] = {}

        def lookup(path: str) -> Any:
            """A finding's placeholders and evidence: get_path once per path and unit."""
            if path.startswith("derived."):
                return values.get(path[8:])
            try:
                return seen[path]
            except KeyError:
                value = seen[path] = get_path(model, path)
                return value

        findings, not_assessed = [], []
        for rule in plan.rules:
            if rule.paths.isdisjoint(absent) and have >= rule.names:
                if rule.id in fired:
                    findings.append(self._finding(rule, unit, fired, lookup))
                continue
            missing, reasons = _gaps(rule.requires, derived, absent)
            not_assessed.append(
                trusted(  # our own values, already of the model's types
                    NotAssessed,
                    rule_id=rule.id,
                    target=unit.target,
                    path=unit.path,
                    title=rule.title,
                    severity=rule.severity,
                    missing=missing,
                    reason="; ".join(reasons) or None,
                )
            )
        return findings, not_assessed

    def _plan(self, kind: str) -> _KindPlan:
        """The rules of a kind, each with what it requires split once into document paths and derived
        names, and every document path they require (looked up once per unit)."""
        try:
            return self._by_kind[kind]
        except KeyError:
            rules = [_RulePlan.of(cr) for cr in self.rulebook.for_kind(kind)]
            paths = dict.fromkeys(p for r in rules for p, name in r.requires if name is None)
            plan = self._by_kind[kind] = _KindPlan(tuple(rules), tuple((p, derive.path_parts(p)) for p in paths))
            return plan

    def _finding(self, plan: _RulePlan, unit: Unit, fired: set[str], lookup: Callable[[str], Any]) -> Finding:
        cr, rule = plan.cr, plan.cr.rule
        severity, why = rule.severity, None
        for i, (_, esc) in enumerate(cr.escalations, 1):
            if f"{rule.id}#{i}" in fired and SEVERITIES.index(esc.severity) < SEVERITIES.index(severity):
                severity, why = esc.severity, esc.reason
        evidence = {p: v for p in cr.reads if (v := lookup(p)) is not None}
        return trusted(  # our own values, of the model's types (tested byte-identical to Finding(...))
            Finding,
            rule_id=rule.id,
            rank=0,
            severity=severity,
            score=plan.score if severity == rule.severity else score(severity, rule.impact, rule.confidence),
            target=unit.target,
            path=unit.path,
            kind=unit.kind,
            title=rule.title,
            message=render(rule.message, lookup),
            rationale=plan.rationale,
            recommendation=render(rule.recommendation, lookup).strip(),
            remediation=[
                trusted(
                    RemediationOut,
                    description=render(r.description, lookup),
                    commands=[render(c, lookup) for c in r.commands],
                    requires_reboot=r.requires_reboot,
                    dynamic=r.dynamic,
                )
                for r in rule.remediation
            ],
            evidence=evidence,
            citations=list(self.citations(rule.id)),
            escalation=why,
            shares_fix_with=[],
            provenance=None,
        )


Requires = tuple[tuple[str, str | None], ...]  # (path, derived name or None) per required path


@dataclass(frozen=True)
class _RulePlan:
    """A rule as `_review_unit` reads it: its requirements split into document paths and derived
    names (both sides of the fast "everything present" test), and what its findings repeat."""

    cr: CompiledRule
    id: str
    title: str
    severity: str
    requires: Requires
    paths: frozenset[str]
    names: frozenset[str]
    rationale: str
    score: float

    @classmethod
    def of(cls, cr: CompiledRule) -> _RulePlan:
        rule = cr.rule
        requires = tuple((p, p[8:] if p.startswith("derived.") else None) for p in rule.requires)
        return cls(
            cr,
            cr.id,
            rule.title,
            rule.severity,
            requires,
            frozenset(p for p, name in requires if name is None),
            frozenset(name for _, name in requires if name is not None),
            rule.rationale.strip(),
            score(rule.severity, rule.impact, rule.confidence),
        )


@dataclass(frozen=True)
class _KindPlan:
    rules: tuple[_RulePlan, ...]
    paths: tuple[tuple[str, tuple[str, ...]], ...]  # every required document path, split at the dots


def _gaps(requires: Requires, derived: derive.DerivedResult, absent: set[str]) -> tuple[list[str], list[str]]:
    """What keeps a rule from being assessed: the document paths it lacks (`absent`: the unit's
    required paths with no value), and the reasons its derived values could not be computed."""
    missing: list[str] = []
    reasons: list[str] = []
    for path, name in requires:
        if name is None:
            if path in absent and path not in missing:
                missing.append(path)
        elif name in derived.values:
            continue
        elif name in derived.invalid:
            reasons.append(derived.invalid[name])
        else:
            lacking = derived.missing.get(name, [])
            if not lacking:
                reasons.append(f"{path} cannot be computed from this document")
            missing += [p for p in lacking if p not in missing]
    return missing, reasons


_DEFAULT: Advisor | None = None
_DEFAULT_LOCK = threading.Lock()


def default_advisor() -> Advisor:
    """The process-wide advisor: rulebook loaded and engine compiled once, on first use."""
    global _DEFAULT
    with _DEFAULT_LOCK:
        if _DEFAULT is None:
            from advisor.engine.durable import DurableEngine
            from advisor.rulebook.cache import load_compiled

            rulebook, sources = load_compiled()  # compiled once per rule-file content, then read from the cache
            _DEFAULT = Advisor(rulebook, DurableEngine(rulebook), sources)
        return _DEFAULT
