"""Loading rules/*.yaml: validate everything, then compile conditions once.

A broken rule is a load error naming the file and the rule id, never a silent skip.
"""

from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from advisor.datadirs import rules_dir
from advisor.derive import applicable as derived_for
from advisor.documents.errors import DocumentError
from advisor.documents.io import validate_document
from advisor.documents.paths import FieldType, model_fields_at, schema_paths
from advisor.rulebook.compiled import CompiledRule, Rulebook, RulebookError, RuleProblem
from advisor.rulebook.condition import (
    Arith,
    Cmp,
    ConditionError,
    Lit,
    Ref,
    comparisons,
    node_paths,
    parse_condition,
)
from advisor.rulebook.model import SEVERITIES, Rule, RuleFile
from advisor.rulebook.templates import placeholders, unguarded
from advisor.rulebook.version import digest_of, rule_files
from advisor.sources import load_sources

PARTITION_KINDS = ("aix-lpar", "vios")
ALWAYS_PRESENT = ("name", "kind")  # required by every document model


def _field_types(kind: str) -> dict[str, FieldType]:
    types = dict(schema_paths(kind))
    for path, d in derived_for(kind).items():
        types[path] = FieldType(path, d.type, (), d.description)
    return types


def _operand_type(op, types: dict[str, FieldType]) -> str:
    if isinstance(op, Lit):
        if isinstance(op.value, bool):
            return "bool"
        return "number" if isinstance(op.value, (int, float)) else "string"
    if isinstance(op, Ref):
        return types[op.path].type
    assert isinstance(op, Arith)
    return "number"


def _check_comparison(cmp: Cmp, types: dict[str, FieldType], kind: str) -> None:
    ft = types[cmp.path]
    rhs = _operand_type(cmp.rhs, types)
    if isinstance(cmp.rhs, Arith):
        for leaf in (cmp.rhs.left, cmp.rhs.right):
            stack = [leaf]
            while stack:
                item = stack.pop()
                if isinstance(item, Arith):
                    stack += [item.left, item.right]
                elif _operand_type(item, types) != "number":
                    raise ValueError(f"arithmetic on a non-number in '{cmp.path} {cmp.op} ...'")
    if ft.type in ("list", "object"):
        raise ValueError(f"'{cmp.path}' is a {ft.type} ({kind}); compare a derived count instead")
    if ft.type == "number":
        if rhs != "number":
            raise ValueError(f"'{cmp.path}' is a number ({kind}) but is compared with a {rhs}")
        return
    if cmp.op not in ("==", "!="):
        raise ValueError(f"'{cmp.path}' is a {ft.type} ({kind}): only == and != apply")
    if ft.type == "bool" and rhs != "bool":
        raise ValueError(f"'{cmp.path}' is true/false ({kind}) but is compared with a {rhs}")
    if ft.type == "enum":
        if not isinstance(cmp.rhs, Lit) or cmp.rhs.value not in ft.choices:
            value = cmp.rhs.value if isinstance(cmp.rhs, Lit) else cmp.rhs
            close = difflib.get_close_matches(str(value), [str(c) for c in ft.choices], n=1, cutoff=0.5)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise ValueError(f"'{cmp.path}' ({kind}) is one of {list(ft.choices)}, not {value!r}{hint}")
    if ft.type == "string" and rhs != "string":
        raise ValueError(f"'{cmp.path}' is a string ({kind}) but is compared with a {rhs}")


def _unknown_path(path: str, types: dict[str, FieldType], kind: str) -> str:
    close = difflib.get_close_matches(path, list(types), n=1, cutoff=0.6)
    hint = f"; did you mean '{close[0]}'?" if close else ""
    return f"unknown field '{path}' for kind {kind}{hint}"


SAP_HOST_KINDS = ("aix-lpar", "hpux-server")  # kinds where a reboot takes SAP instances down
REBOOTS = ("shutdown -Fr", "shutdown -r", "shutdown -R")


def _check_reboot_steps(rule: Rule, fail) -> None:
    """A reboot of a partition that may run production SAP is planned, not typed: the step names the
    maintenance window, and when it reboots by command, SAP is stopped before."""
    if not set(rule.kinds) & set(SAP_HOST_KINDS):
        return
    for i, step in enumerate(rule.remediation):
        if step.requires_reboot and "maintenance window" not in step.description:
            raise fail(f"remediation[{i}] needs a reboot: its description must start from the maintenance window")
        for j, command in enumerate(step.commands):
            if command.startswith(REBOOTS) and not any("sapcontrol" in c and "Stop" in c for c in step.commands[:j]):
                raise fail(f"remediation[{i}] reboots ({command!r}) without stopping SAP first (sapcontrol ... Stop)")


def compile_rule(rule: Rule, file: str, domain: str) -> CompiledRule:
    """Validate one rule against the schemas, sources and derived values; compile its conditions."""

    def fail(message: str) -> RulebookError:
        return RulebookError(file, rule.id, message)

    sources = load_sources()
    for cite in rule.citations:
        if cite.source not in sources:
            raise fail(f"citation of unknown source '{cite.source}' (known: {', '.join(sources)})")
    try:
        condition = parse_condition(rule.when)
    except ConditionError as exc:
        raise fail(f"when: {exc}") from None
    escalations = []
    for i, esc in enumerate(rule.escalations, 1):
        try:
            escalations.append((parse_condition(esc.when), esc))
        except ConditionError as exc:
            raise fail(f"escalations[{i - 1}].when: {exc}") from None
        if SEVERITIES.index(esc.severity) >= SEVERITIES.index(rule.severity):
            raise fail(f"escalations[{i - 1}] must raise the severity above {rule.severity}, not to {esc.severity}")

    declared = set(rule.requires) | set(rule.optional)
    conditions = [condition] + [c for c, _ in escalations]
    used = [p for c in conditions for p in node_paths(c)]
    undeclared = sorted({p for p in used if p not in declared})
    if undeclared:
        raise fail(f"condition reads {', '.join(undeclared)} without listing it in requires or optional")
    texts = (
        [rule.message, rule.recommendation]
        + [r.description for r in rule.remediation]
        + [c for r in rule.remediation for c in r.commands]
    )
    for text in texts:
        for ph in placeholders(text):
            if ph not in declared and ph not in ALWAYS_PRESENT:
                raise fail(f"template placeholder {{{ph}}} is not in requires or optional")
        for ph in unguarded(text):
            if ph in rule.optional:
                raise fail(
                    f"template placeholder {{{ph}}} reads an optional field, which a document may lack: put it in "
                    f"an optional segment [[...]] or give it a fallback {{{ph}|...}}"
                )

    _check_reboot_steps(rule, fail)

    for kind in rule.kinds:
        types = _field_types(kind)
        for path in sorted(declared):
            if path not in types:
                raise fail(_unknown_path(path, types, kind))
        for cond in conditions:
            for cmp in comparisons(cond):
                try:
                    _check_comparison(cmp, types, kind)
                except ValueError as exc:
                    raise fail(str(exc)) from None

    for group, examples in (("fire", rule.examples.fire), ("pass", rule.examples.pass_)):
        for i, example in enumerate(examples):
            try:
                doc = validate_document(example.document, f"examples.{group}[{i}]")
            except DocumentError as exc:
                raise fail(str(exc)) from None
            allowed = set(rule.kinds) | ({"managed-system"} if set(rule.kinds) & set(PARTITION_KINDS) else set())
            if doc.kind not in allowed:
                raise fail(
                    f"examples.{group}[{i}] is a {doc.kind} document; the rule applies to {', '.join(rule.kinds)}"
                )
    reads = tuple(dict.fromkeys([*rule.requires, *rule.optional, *used]))
    return CompiledRule(rule, file, domain, condition, tuple(escalations), reads)


def _read_yaml(text: str) -> Any:
    """A rule file (our own, trusted): libyaml's loader when PyYAML has it (about 10x the pure-Python
    one on 330 KB of rules), and the pure-Python one to word an error (its message names line and column)."""
    import yaml

    fast = getattr(yaml, "CSafeLoader", None)
    if fast is not None:
        try:
            return yaml.load(text, Loader=fast)  # noqa: S506 - CSafeLoader is the safe loader in C
        except yaml.YAMLError:
            pass
    return yaml.safe_load(text)


def load_rulebook(directory: Path | None = None) -> Rulebook:
    import yaml  # here: a cached rulebook (advisor.rulebook.cache) reads no YAML

    directory = directory or rules_dir()
    files = rule_files(directory)
    if not files:
        raise RulebookError(str(directory), None, "no rule files (*.yaml) found")
    texts = [(path.name, path.read_text(encoding="utf-8")) for path in files]
    rules: dict[str, CompiledRule] = {}
    problems: list[RuleProblem] = []  # every file and rule is checked, so one run lists them all
    for name, text in texts:
        try:
            data = _read_yaml(text)
        except yaml.YAMLError as exc:
            problems.append(RuleProblem(name, None, f"not valid YAML: {exc}"))
            continue
        try:
            rule_file = RuleFile.model_validate(data)
        except ValidationError as exc:
            problems += _file_problems(name, data, exc)
            rule_file = _valid_rules(data)  # the rules that do validate are still checked in full
        for rule in rule_file.rules:
            if rule.id in rules:
                problems.append(RuleProblem(name, rule.id, f"duplicate id (also in {rules[rule.id].file})"))
                continue
            try:
                rules[rule.id] = compile_rule(rule, name, rule_file.domain)
            except RulebookError as exc:
                problems += exc.problems
    problems += _shared_fix_problems(rules)
    if problems:
        raise RulebookError.of(problems)
    return Rulebook(rules=rules, version=digest_of(texts), files=tuple(f.name for f in files))


def _shared_fix_problems(rules: dict[str, CompiledRule]) -> list[RuleProblem]:
    """A shared fix is one fix: every rule naming it must carry exactly the same remediation."""
    first: dict[str, CompiledRule] = {}
    out = []
    for cr in rules.values():
        group = cr.rule.shared_fix
        if group is None:
            continue
        if group in first and first[group].rule.remediation != cr.rule.remediation:
            out.append(
                RuleProblem(cr.file, cr.id, f"shared_fix '{group}': remediation differs from {first[group].id}'s")
            )
        first.setdefault(group, cr)
    return out


def _valid_rules(data: object) -> RuleFile:
    raw = data.get("rules") if isinstance(data, dict) else None
    valid = []
    for item in raw if isinstance(raw, list) else []:
        try:
            valid.append(Rule.model_validate(item))
        except ValidationError:
            continue
    domain = data.get("domain") if isinstance(data, dict) else None
    return RuleFile.model_construct(domain=domain if isinstance(domain, str) else "", rules=tuple(valid))


def _file_problems(name: str, data: object, exc: ValidationError) -> list[RuleProblem]:
    """Every validation error of a rule file, with the rule id, the field and a close valid name."""
    out = []
    for err in exc.errors(include_url=False):
        loc = err["loc"]
        rule_id = None
        model: type[BaseModel] = RuleFile
        if len(loc) >= 2 and loc[0] == "rules" and isinstance(loc[1], int):
            try:
                rule_id = data["rules"][loc[1]].get("id")  # type: ignore[index]
            except (KeyError, IndexError, TypeError, AttributeError):
                rule_id = None
            rule_id = rule_id or f"#{loc[1]}"
            loc, model = loc[2:], Rule
        where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in loc).lstrip(".") or None
        suggestion = None
        if err["type"] == "extra_forbidden" and loc:
            parent, _ = model_fields_at(model, tuple(loc))
            names = list(parent.model_fields) if parent is not None else []
            close = difflib.get_close_matches(str(loc[-1]), names, n=1, cutoff=0.6)
            suggestion = close[0] if close else None
        message = "unknown field" if err["type"] == "extra_forbidden" else err["msg"]
        out.append(RuleProblem(name, rule_id, message, where, suggestion))
    return out
