"""Engine figures: durable-rules vs the generated evaluator on the same rules and facts.

The baseline is the rulebook compiled to one straight-line Python function per kind
(`advisor.engine.generated`): the fastest honest way to decide the same conditions in this
language. The reference evaluator is the correctness oracle, not the yardstick (it re-decides a
rule's base condition for every escalation and walks the AST per fact); every document is
checked against it before anything is timed. Only `evaluator.fired_many(facts)` is timed:
facts (units, derived values, build_fact) are built beforehand, because that work is shared by
both evaluators. One "document" is every
unit of it (a managed system is its partitions plus the frame), evaluated in one call as a review
does; the batched rows put the documents of one `advisor check --jobs` chunk in one call, as a
fleet run does.
"""

from __future__ import annotations

import dataclasses
import itertools
from typing import Any

from advisor import derive
from advisor.documents.io import validate_document
from advisor.engine.durable import DurableEngine
from advisor.engine.generated import GeneratedEvaluator
from advisor.engine.reference import ReferenceEvaluator
from advisor.review import BATCH, build_fact, units_of
from advisor.rulebook.condition import And, Arith, Cmp, Exists, Lit, Node, Or
from advisor.rulebook.loader import CompiledRule, Rulebook, load_rulebook
from bench import generator
from bench.stats import paired
from tests.support.maximal import maximal_document

TARGET_RATIO = 3.0
# One maximal document of each kind; the managed system's is a frame with one partition of each kind.
MAXIMAL_KINDS = ("aix-lpar", "vios", "hpux-server", "zos-lpar", "zvm-lpar", "managed-system")
Facts = list[tuple[str, dict]]  # (kind, fact) per unit of one document


def facts_of(raw: dict) -> Facts:
    doc = validate_document(raw)
    return [(u.kind, build_fact(u, derive.compute(u.kind, u.model).values)) for u in units_of(doc)]


def _nudge(node: Node, k: int) -> Node:
    """The same condition with every numeric literal moved by k %, so variants are distinct alpha nodes."""
    if isinstance(node, Cmp):
        return Cmp(node.path, node.op, _nudge_op(node.rhs, k))
    if isinstance(node, Exists):
        return node
    items = tuple(_nudge(i, k) for i in node.items)
    return And(items) if isinstance(node, And) else Or(items)


def _nudge_op(op, k: int):
    if isinstance(op, Lit) and isinstance(op.value, (int, float)) and not isinstance(op.value, bool):
        return Lit(op.value * (1 + k / 100) if op.value else float(k) / 100)
    if isinstance(op, Arith):
        return Arith(op.op, _nudge_op(op.left, k), _nudge_op(op.right, k))
    return op


def variant(cr: CompiledRule, k: int) -> CompiledRule:
    rid = f"{cr.id}-v{k}"
    return dataclasses.replace(
        cr,
        rule=cr.rule.model_copy(update={"id": rid}),
        condition=_nudge(cr.condition, k),
        escalations=tuple((_nudge(c, k), e) for c, e in cr.escalations),
    )


def sub_rulebook(rulebook: Rulebook, n: int) -> tuple[Rulebook, int]:
    """`n` rules taken round-robin across kinds (so every kind keeps a share); when the rulebook has
    fewer than `n`, synthetic variants (numeric thresholds moved) make up the rest. Returns
    (rulebook, number of synthetic rules)."""
    by_kind: dict[str, list[CompiledRule]] = {}
    for cr in rulebook.rules.values():
        by_kind.setdefault(cr.rule.kinds[0], []).append(cr)
    order: list[CompiledRule] = []
    for group in itertools.zip_longest(*by_kind.values()):
        order += [cr for cr in group if cr is not None]
    chosen = order[:n]
    synthetic = 0
    k = 1
    while len(chosen) < n:
        for cr in order:
            if len(chosen) >= n:
                break
            chosen.append(variant(cr, k))
            synthetic += 1
        k += 1
    rules = {cr.id: cr for cr in chosen}
    return Rulebook(rules=rules, version=f"{rulebook.version}+sub{n}", files=rulebook.files), synthetic


def kind_rulebook(rulebook: Rulebook, kind: str, n: int) -> tuple[Rulebook, int]:
    """`n` rules of one kind: its own, then variants of them."""
    own = [cr for cr in rulebook.for_kind(kind)]
    chosen, k = own[:n], 1
    while len(chosen) < n:
        chosen += [variant(cr, k) for cr in own][: n - len(chosen)]
        k += 1
    synthetic = max(0, n - len(own))
    return Rulebook(rules={cr.id: cr for cr in chosen}, version=f"{rulebook.version}+{kind}{n}"), synthetic


def _pair(rulebook: Rulebook, corpus: list[Facts], n: int, warmup: int = 30, batch: int = 1):
    """Paired timing per document: each call evaluates `batch` consecutive documents (every unit of
    each) in one `fired_many`, as the product does (a managed system's units; a chunk of a fleet
    run), and the figure is per document."""
    durable, generated, oracle = DurableEngine(rulebook), GeneratedEvaluator(rulebook), ReferenceEvaluator(rulebook)
    for facts in corpus:  # all three must agree on every document before anything is timed
        for kind, fact in facts:
            expected = oracle.fired(kind, fact)
            for name, evaluator in (("durable", durable), ("generated", generated)):
                got = evaluator.fired(kind, fact)
                if got != expected:
                    raise AssertionError(f"{name} and reference disagree on a {kind} fact: {sorted(got ^ expected)}")
    docs = corpus * batch  # every call holds `batch` documents, also for a corpus smaller than that
    calls = [[f for facts in docs[i : i + batch] for f in facts] for i in range(0, len(docs), batch)]
    flat = [f for facts in corpus for f in facts]
    if durable.fired_many(flat) != oracle.fired_many(flat):  # and batched, with the facts' ids mapped back
        raise AssertionError("durable-rules batched and the reference disagree")
    cycle_a, cycle_b = itertools.cycle(calls), itertools.cycle(calls)

    def run(evaluator, it):
        def once():
            evaluator.fired_many(next(it))

        return once

    return paired(run(durable, cycle_a), run(generated, cycle_b), n=n, warmup=warmup, per=batch)


def run(quick: bool = False) -> list[dict[str, Any]]:
    rulebook = load_rulebook()
    n = 1500 if quick else 6000
    fleet = [facts_of(g.document) for g in generator.generate(500, seed=3)]
    aix = [facts_of(d) for d in generator.aix_documents(200, seed=5)]
    maximal = [facts_of(maximal_document(k)) for k in MAXIMAL_KINDS]
    rows: list[dict[str, Any]] = []

    def row(name, corpus, rb=rulebook, count=n, note="", target=False, batch=1, **extra):
        subject, baseline = _pair(rb, corpus, max(10, count // batch), batch=batch)
        out = {
            "section": "engine",
            "name": name,
            "subject": subject.to_dict(),
            "baseline": baseline.to_dict(),
            "subject_label": "durable-rules",
            "baseline_label": "generated",
            "note": note,
            **extra,
        }
        if target:
            out["target"] = f"<= {TARGET_RATIO:g}x generated"
            out["verdict"] = "yes" if subject.median <= TARGET_RATIO * baseline.median else "NO"
        rows.append(out)

    total = len(rulebook.rules)
    row(
        "per document, whole rulebook: fleet mix",
        fleet,
        target=True,
        note=f"{total} rules; 500 generated documents, all kinds",
    )
    row(
        "per document, whole rulebook: aix-lpar",
        aix,
        target=True,
        note=f"{len(rulebook.for_kind('aix-lpar'))} aix-lpar rules; 200 generated documents",
    )
    row(
        "per document, whole rulebook: maximal documents",
        maximal,
        target=True,
        note="worst case: every field present, rules near thresholds; one per kind, managed system included",
    )
    for name, corpus, what in (
        ("fleet mix", fleet, "500 generated documents, all kinds"),
        ("maximal documents", maximal, "the maximal document of each kind, repeated"),
    ):
        row(
            f"per document, batched {BATCH} (as a fleet run reviews them): {name}",
            corpus,
            target=True,
            batch=BATCH,
            note=f"{BATCH} documents per fired_many call, one engine session per ruleset; {what}",
        )
    for count in (10, 50, total):
        sub, synthetic = sub_rulebook(rulebook, count)
        label = "all" if count == total else str(count)
        row(
            f"rule count {label} ({count}): fleet mix",
            fleet,
            rb=sub,
            rules=count,
            synthetic=synthetic,
            note=f"{synthetic} synthetic variants" if synthetic else "",
        )
    for count in (10, 50, 100):
        sub, synthetic = kind_rulebook(rulebook, "aix-lpar", count)
        row(
            f"aix-lpar rules {count}: aix-lpar documents",
            aix,
            rb=sub,
            rules=count,
            synthetic=synthetic,
            note=f"{synthetic} synthetic variants of the aix-lpar rules" if synthetic else "",
        )
    for parts in (1, 10, 100, 1000):
        corpus = [facts_of(generator.managed_system(parts, seed=parts))]
        count = max(20, min(n, 20000 // parts)) if not quick else max(10, min(n, 4000 // parts))
        row(
            f"managed system, {parts} partitions",
            corpus,
            count=count,
            partitions=parts,
            note=f"{len(corpus[0])} units per document",
        )
    return rows
