"""Baselines: the findings a system already had when the gate was introduced.

`advisor baseline create` records each finding's (rule id, target, document file) fingerprint with
its severity and the rulebook version; `advisor check --baseline` then fails only on findings
that are not in it, or are now worse than their recorded severity.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from pydantic import BaseModel, ConfigDict, PrivateAttr, ValidationError

from advisor.findings import Finding
from advisor.gate.errors import GateInputError
from advisor.gate.identity import fingerprint
from advisor.rulebook.model import Severity

FORMAT_VERSION = 1


class BaselineEntry(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    fingerprint: str
    rule_id: str
    target: str
    file: str
    severity: Severity


class Baseline(BaseModel):
    model_config = ConfigDict(extra="forbid")

    advisor_baseline: int = FORMAT_VERSION
    rulebook: str
    findings: list[BaselineEntry]
    _index: dict[str, str] | None = PrivateAttr(None)

    def severity_of(self, rule_id: str, target: str, file: str) -> str | None:
        """The recorded severity of this finding, None when it is not in the baseline."""
        if self._index is None:
            self._index = {e.fingerprint: e.severity for e in self.findings}
        return self._index.get(fingerprint(rule_id, target, file))


def build_baseline(findings: Iterable[tuple[str, Finding]], rulebook_version: str) -> Baseline:
    """`findings` pairs each finding with its document's display path; entries sort for stable files."""
    entries: dict[str, BaselineEntry] = {}
    for file, f in findings:
        fp = fingerprint(f.rule_id, f.target, file)
        entries.setdefault(
            fp, BaselineEntry(fingerprint=fp, rule_id=f.rule_id, target=f.target, file=file, severity=f.severity)
        )
    ordered = sorted(entries.values(), key=lambda e: (e.file, e.target, e.rule_id))
    return Baseline(rulebook=rulebook_version, findings=ordered)


def dump_baseline(baseline: Baseline) -> str:
    return json.dumps(baseline.model_dump(mode="json"), indent=2) + "\n"


def load_baseline(path: str) -> Baseline:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise GateInputError(path, f"cannot read the baseline: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise GateInputError(f"{path}:{exc.lineno}", f"not valid JSON: {exc.msg}") from None
    if isinstance(data, dict) and data.get("advisor_baseline") not in (None, FORMAT_VERSION):
        raise GateInputError(
            path,
            f"baseline format {data.get('advisor_baseline')!r} is not supported "
            f"(expected {FORMAT_VERSION}); recreate it with `advisor baseline create`",
        )
    try:
        return Baseline.model_validate(data)
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        loc = "$" + "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in err["loc"])
        raise GateInputError(f"{path}: {loc}", f"{err['msg']}; recreate it with `advisor baseline create`") from None
