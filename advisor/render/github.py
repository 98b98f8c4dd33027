"""GitHub Actions workflow commands: one annotation per finding on the document's line.

`::error file=F,line=N,title=RULE::message`: failing findings are errors; the others use the
SARIF level of their severity (warning, or notice for note); waived and baselined findings are
notices; a not-assessed rule is an error only when it fails the gate (GitHub shows few annotations
per step, so the rest are counted in the verdict, the last line).
"""

from __future__ import annotations

from advisor.gate.identity import STDIN
from advisor.gate.model import GateResult
from advisor.render.locate import finding_path, gap_path, line_of
from advisor.render.parts import baseline_note, missing, verdict, waiver_note
from advisor.render.sarif import level_for

COMMAND = {"error": "error", "warning": "warning", "note": "notice"}


def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _prop(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(command: str, source: str, file: str, line: int, title: str, message: str) -> str:
    props = [] if source == STDIN else [f"file={_prop(file)}", f"line={line}"]
    props.append(f"title={_prop(title)}")
    return f"::{command} {','.join(props)}::{_data(message)}"


def render(result: GateResult) -> str:
    lines = []
    for doc in result.documents:
        for item in doc.findings:
            f = item.finding
            if item.status == "failing":
                command, note = "error", ""
            elif item.status == "below-threshold":
                command, note = COMMAND[level_for(f.severity)], ""
            else:
                command = "notice"
                note = f" ({item.status}: {waiver_note(item) if item.status == 'waived' else baseline_note(item)})"
            message = f"[{f.severity}] {f.target}: {f.title}{note}. {f.message} Fix: {f.recommendation}"
            lines.append(
                annotation(command, doc.source, doc.file, line_of(doc.source, finding_path(f)), f.rule_id, message)
            )
        for gap in (g for g in doc.gaps if g.status == "failing"):
            message = f"{gap.target}: {gap.item.title}: not assessed, the document lacks {missing(gap)}"
            lines.append(
                annotation("error", doc.source, doc.file, line_of(doc.source, gap_path(gap.item)), gap.rule_id, message)
            )
    for err in result.errors:
        line = line_of(err.source, err.path) if err.source and err.path else 1
        message = f"input error: {err}"
        lines.append(annotation("error", err.source or STDIN, err.file, line, "Platform Advisor input error", message))
    lines.append(("::error::" if result.failed else "::notice::") + _data(f"Platform Advisor {verdict(result)}"))
    return "\n".join(lines) + "\n"
