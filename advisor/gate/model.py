"""The gate result: one model that every output format (text, JSON, SARIF, JUnit, Markdown,
GitHub) renders, so they can never disagree on what failed.

Each finding of each document gets one status:

* failing          at or above `--fail-on`, not waived, new or worse than its baseline;
* below-threshold  reported, does not fail the gate;
* waived           matched by a waiver (reason, owner, expiry kept for the report);
* baselined        already in the baseline at the same or a higher severity.

Rules that could not be assessed are gaps: `not-assessed`, or `failing` with
`--fail-on-not-assessed` (when the rule could reach the threshold), or `waived`, or
`not-applicable` when the values the document states rule the finding out whatever the missing
ones are (advisor.coverage); those never fail and are not listed as missing data.
Rules evaluated with no finding are passes (JUnit reports them).

An input the gate could not judge (a document, the waivers, the baseline, a selection) is an
`InputError`: the run fails with exit 2 and every format says so, never "passed".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from advisor.coverage import Need
from advisor.findings import Finding, NotAssessed, Review
from advisor.gate.identity import fingerprint
from advisor.gate.selection import Selection
from advisor.gate.waivers import Waiver, Waivers
from advisor.rulebook.compiled import Rulebook

if TYPE_CHECKING:  # loaded by --baseline only (advisor.cli.inputs.build_policy)
    from advisor.gate.baseline import Baseline

FindingStatus = Literal["failing", "below-threshold", "waived", "baselined"]
GapStatus = Literal["failing", "not-assessed", "waived", "not-applicable"]
STATUSES = ("failing", "below-threshold", "waived", "baselined")
COUNTED = STATUSES + ("not-assessed", "not-applicable")


@dataclass(frozen=True)
class Policy:
    fail_on: str = "high"
    fail_on_not_assessed: bool = False
    selection: Selection = field(default_factory=Selection)
    waivers: Waivers = field(default_factory=lambda: Waivers(file=None))
    baseline: Baseline | None = None
    baseline_file: str | None = None


@dataclass(frozen=True)
class GateFinding:
    finding: Finding
    file: str
    status: FindingStatus
    waiver: Waiver | None = None
    baseline_severity: str | None = None  # set when the finding is in the baseline

    @property
    def rule_id(self) -> str:
        return self.finding.rule_id

    @property
    def target(self) -> str:
        return self.finding.target

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.finding.rule_id, self.finding.target, self.file)

    @property
    def new(self) -> bool:
        """Not in the baseline (always true without one)."""
        return self.baseline_severity is None


@dataclass(frozen=True)
class GateGap:
    item: NotAssessed
    file: str
    status: GapStatus
    waiver: Waiver | None = None

    @property
    def rule_id(self) -> str:
        return self.item.rule_id

    @property
    def target(self) -> str:
        return self.item.target

    @property
    def fingerprint(self) -> str:
        return fingerprint(self.item.rule_id, self.item.target, self.file)


@dataclass(frozen=True)
class GatePass:
    rule_id: str
    title: str
    severity: str
    target: str
    path: str


@dataclass(frozen=True)
class GateDocument:
    file: str  # display path (relative to the working directory)
    source: str  # as given on the command line, '-' for standard input
    review: Review  # after --select/--ignore, re-ranked
    findings: tuple[GateFinding, ...]
    gaps: tuple[GateGap, ...]
    passes: tuple[GatePass, ...]
    needs: tuple[Need, ...] = ()  # the not-assessed gaps grouped by the commands that would assess them

    def with_status(self, *statuses: str) -> list[GateFinding]:
        return [f for f in self.findings if f.status in statuses]

    def items(self) -> tuple[GateFinding | GateGap, ...]:
        """The findings, then the gaps: everything that has a status and may carry a waiver."""
        return self.findings + self.gaps

    def waived(self) -> list[tuple[GateFinding | GateGap, Waiver]]:
        """Each waived finding or gap with the waiver that covers it."""
        return [(i, i.waiver) for i in self.items() if i.status == "waived" and i.waiver is not None]

    def counts(self) -> dict[str, int]:
        """Every finding and gap counted once, under its status."""
        out = {s: 0 for s in COUNTED}
        for item in self.items():
            out[item.status] += 1
        return out

    def with_gap_status(self, *statuses: str) -> list[GateGap]:
        return [g for g in self.gaps if g.status in statuses]

    def open_gaps(self) -> list[GateGap]:
        """Gaps that are missing data (not waived, not ruled out by the stated values)."""
        return [g for g in self.gaps if g.status in ("not-assessed", "failing")]

    @property
    def failed(self) -> bool:
        return any(f.status == "failing" for f in self.findings) or any(g.status == "failing" for g in self.gaps)


@dataclass(frozen=True)
class InputError:
    """One problem with one input: `file` as displayed, `path` the JSON path or entry inside it."""

    file: str
    message: str
    path: str = ""
    suggestion: str | None = None
    source: str = ""  # as given on the command line (to find the line); empty for option errors
    position: int = -1  # index among the inputs given, -1 for the gate's own files and options

    def __str__(self) -> str:
        hint = f" (did you mean '{self.suggestion}'?)" if self.suggestion else ""
        where = f"{self.file}: {self.path}" if self.path else self.file
        return f"{where}: {self.message}{hint}"


@dataclass(frozen=True)
class GateResult:
    documents: tuple[GateDocument, ...]
    policy: Policy
    rulebook: Rulebook
    unused_waivers: tuple[Waiver, ...] = ()
    errors: tuple[InputError, ...] = ()
    single: bool = False  # one input was given: JSON prints one object, not an array

    @property
    def rulebook_version(self) -> str:
        return self.rulebook.version

    @property
    def findings(self) -> list[GateFinding]:
        return [f for d in self.documents for f in d.findings]

    @property
    def gaps(self) -> list[GateGap]:
        return [g for d in self.documents for g in d.gaps]

    def counts(self) -> dict[str, int]:
        """Every finding and gap counted once, under its status; `passed` counts rule x target passes."""
        out = {s: 0 for s in COUNTED}
        for doc in self.documents:
            for status, n in doc.counts().items():
                out[status] += n
        out["passed"] = sum(len(d.passes) for d in self.documents)
        return out

    @property
    def failed(self) -> bool:
        return bool(self.errors) or any(d.failed for d in self.documents)

    @property
    def exit_code(self) -> int:
        """2: an input was wrong (whatever the findings); 1: the gate failed; 0: it passed."""
        return 2 if self.errors else 1 if self.failed else 0

    def error_files(self) -> list[str]:
        return list(dict.fromkeys(e.file for e in self.errors))
