"""JUnit XML for CI test reports (GitLab, Jenkins, Azure): one testcase per rule x target.

* failing finding: `<failure>` with the message, the fix and the citations;
* below-threshold finding: passes, the finding in `<system-out>`;
* rule that did not fire: passes;
* waived or baselined finding, rule not assessed: `<skipped>` saying why (missing fields);
* rule ruled out by the stated values (not applicable): passes, saying so in `<system-out>`;
* with `--fail-on-not-assessed`, a not-assessed rule that could reach the threshold fails;
* an input that could not be read: a suite named for the file with an `<error>` per problem.

Suites are the documents; a testcase's classname is the target system, its `file` the document.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from advisor.findings import Finding
from advisor.gate.model import GateDocument, GateResult, InputError
from advisor.render.parts import baseline_note, citation, evidence_lines, missing, reboot, waiver_note


def finding_body(f: Finding) -> str:
    lines = [f.message, "", f"Fix: {f.recommendation}"]
    for step in f.remediation:
        lines.append(f"  - {step.description} ({reboot(step)})")
        lines += [f"      $ {c}" for c in step.commands]
    lines.append("")
    lines += evidence_lines(f)
    lines += [f"Source: {citation(c)}" + (f" <{c.url}>" if c.url else "") for c in f.citations]
    return "\n".join(lines)


def _case(suite: ET.Element, doc: GateDocument, rule_id: str, title: str, target: str) -> ET.Element:
    return ET.SubElement(
        suite, "testcase", {"name": f"{rule_id}: {title}", "classname": target, "file": doc.file, "time": "0"}
    )


def _suite(root: ET.Element, doc: GateDocument) -> dict[str, int]:
    suite = ET.SubElement(root, "testsuite", {"name": doc.file})
    counts = {"tests": 0, "failures": 0, "skipped": 0}
    for item in doc.findings:
        f = item.finding
        case = _case(suite, doc, f.rule_id, f.title, f.target)
        if item.status == "failing":
            node = ET.SubElement(case, "failure", {"message": f"[{f.severity}] {f.message}", "type": f.severity})
            node.text = finding_body(f)
            counts["failures"] += 1
        elif item.status == "below-threshold":
            ET.SubElement(case, "system-out").text = f"[{f.severity}, below the gate threshold] " + finding_body(f)
        else:
            note = waiver_note(item) if item.status == "waived" else baseline_note(item)
            ET.SubElement(case, "skipped", {"message": f"{item.status}: [{f.severity}] {note}"})
            counts["skipped"] += 1
    for gap in doc.gaps:
        n = gap.item
        case = _case(suite, doc, n.rule_id, n.title, n.target)
        text = f"not assessed: the document lacks {missing(gap)}"
        if gap.status == "not-applicable":
            ET.SubElement(case, "system-out").text = f"cannot apply: the stated values rule it out ({text})"
        elif gap.status == "failing":
            ET.SubElement(case, "failure", {"message": text, "type": "not-assessed"}).text = text
            counts["failures"] += 1
        else:
            note = f"waived, {waiver_note(gap)}; {text}" if gap.status == "waived" else text
            ET.SubElement(case, "skipped", {"message": note})
            counts["skipped"] += 1
    for p in doc.passes:
        _case(suite, doc, p.rule_id, p.title, p.target)
    counts["tests"] = len(doc.findings) + len(doc.gaps) + len(doc.passes)
    suite.attrib.update({k: str(v) for k, v in counts.items()} | {"errors": "0", "time": "0"})
    return counts


def _error_suites(root: ET.Element, errors: tuple[InputError, ...]) -> None:
    for file in dict.fromkeys(e.file for e in errors):
        mine = [e for e in errors if e.file == file]
        suite = ET.SubElement(root, "testsuite", {"name": file})
        for err in mine:
            case = ET.SubElement(
                suite, "testcase", {"name": f"input: {err.path or file}", "classname": file, "file": file, "time": "0"}
            )
            ET.SubElement(case, "error", {"message": str(err), "type": "input-error"}).text = str(err)
        counts = {"tests": len(mine), "failures": 0, "errors": len(mine), "skipped": 0, "time": 0}
        suite.attrib.update({k: str(v) for k, v in counts.items()})


def render(result: GateResult) -> str:
    root = ET.Element("testsuites", {"name": "Platform Advisor"})
    totals = {"tests": len(result.errors), "failures": 0, "skipped": 0}
    for doc in result.documents:
        for key, n in _suite(root, doc).items():
            totals[key] += n
    _error_suites(root, result.errors)
    root.attrib.update({k: str(v) for k, v in totals.items()} | {"errors": str(len(result.errors)), "time": "0"})
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
