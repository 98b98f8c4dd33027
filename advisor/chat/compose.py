"""One message, several asks: an undo, the changes and the question about them, composed into one reply.

People say a what-if the way they think it: "go back to the original adapters and set memory to 7 GB. does it fit
now?", "undo, and instead change 2G to (4)", "double the IFLs to 32, smt still off -> still a finding?",
"suppose factor 1.3, is there room for the 10.2 GB peak?". Each clause goes to what it belongs to:

* an undo said first: the last what-if taken back, or only the fields it names ("the original adapters"), then the
  changes of the rest made on the document as the undo left it, with one "Undone first" line (whatif.undo_then);
* the question (`verdict`), asked of the changed document and answered from the re-review and the figures:
  - about a finding ("still a finding?", "is the SMT finding gone?", "does HPUX-004 go away?"): whether the finding
    it names (by rule id or by the words of its title; else those of the rules that read the changed fields) still
    stands after the change;
  - about a size ("does it fit now?", "memory still ok?", "room for the peak?", "would IPL still prompt?"): the
    changed document's figure against its need or limit (advisor/chat/docfigures.py);
  - "ok? / fine? / any problem? / does it fix it?": the change judged by what it introduces, worsens and leaves
    standing of the rules that read the changed fields;
  - no question at all ("what if 1M goes to 80%?", "-> 2G=(3,2) instead"): the fit of the figure the change moves
    against its need or limit, when it moves one.
A question it cannot place gets no verdict: the lines of the what-if stand alone.
"""

from __future__ import annotations

from advisor import linre
from advisor.chat import docfigures
from advisor.chat.fieldwords import words_of
from advisor.chat.intents import rule_ids
from advisor.chat.polarity import stated_verdict
from advisor.chat.reply import Composer, Verdict
from advisor.diff import ReviewDiff
from advisor.findings import Finding

# the question of a message, among its clauses: the one with a question mark, else the last
_CLAUSES = linre.compile(r"(?:[.!;:,]|\s[-–—]+|\s*(?:→|->|=>))\s+|\s*(?:→|->|=>)\s*")


def asking(text: str) -> str:
    """The clause of `text` that asks ("storage wants +8 NPIV. does it still fit?" -> "does it still fit?")."""
    pieces: list[str] = []
    for clause in _CLAUSES.split(text.strip()):
        parts = str(clause or "").split("?")
        pieces += [p.strip() + "?" for p in parts[:-1] if p.strip()]
        if parts[-1].strip():
            pieces.append(parts[-1].strip())
    asked = [p for p in pieces if p.endswith("?")]
    return (asked or pieces or [""])[-1]


def split(text: str) -> tuple[str, str]:
    """The change said first and the question asked after it ("clm to 15% + numa_policy=1. does HPUX-004 go away?"
    -> "clm to 15% + numa_policy=1", "does HPUX-004 go away?"); ("", "") when the message is one clause."""
    question = asking(text)
    at = text.rfind(question.rstrip("?").strip()) if question else -1
    head = text[:at].strip(" \t\n.,;:!-–—→>=") if at > 0 else ""
    return (head, question) if head and question.endswith("?") else ("", "")


# "still a finding?", "smt finding still there?", "ZVM-001 still flagged?", "does ZVM-001 show up?": whether one stands
STILL = linre.compile(
    r"\bstill\s+(?:(?:a|an|the|there|open|being|as\s+a)\s+)?(?:finding|flag(?:ged|s)?|there|open|fir(?:es|ing)|"
    r"active|present|reported|listed|show(?:s|ing|n)|raised|complain\w*|warn\w*|issue|problem|outstanding|red)\b"
    r"|\b(?:stays?|remains?|persists?|show(?:s)?\s+up|appears?|come(?:s)?\s+back|(?:get|gets|is)\s+flagged|fires?|"
    r"triggers?)\b",
    linre.IGNORECASE,
)
# "is the SMT finding gone?", "does HPUX-004 go away?", "does the AME64K finding clear?": whether it no longer stands
GONE = linre.compile(
    r"\b(?:gone|go(?:es)?\s+away|disappear\w*|vanish\w*|clear(?:s|ed)?|fix(?:es|ed)?|resolve[sd]?|solve[sd]?|"
    r"clean(?:ed)?\s+up|drops?\s+off|clos(?:es|ed))\b",
    linre.IGNORECASE,
)
# words of a question that name no finding
_NOT_A_NAME = frozenset(
    """finding findings still there gone away clear clears cleared fix fixes fixed resolve resolves resolved issue
    problem flagged flag open does did will would is are the a an it that this go goes now then after change check
    checks pass passes passing fail fails failing blocked blocking green red clean both all and config doe""".split()
)


def named_findings(question: str, findings: list[Finding]) -> list[Finding]:
    """The findings a question names: by rule id, else by words of their title ("the SMT finding", "the AME64K
    one"), of the partition it names if it names one ("the vios2 findings"); empty when it names none."""
    ids = set(rule_ids(question))
    if ids:
        return [f for f in findings if f.rule_id in ids]
    words = {w for w in words_of(question) if len(w) >= 3} - _NOT_A_NAME
    targets = {f.target for f in findings if f.target.lower() in words}  # "both vios2 findings": those of vios2
    findings = [f for f in findings if f.target in targets] if targets else findings
    words -= {t.lower() for t in targets}
    if not words:
        return findings if targets else []
    # a finding named only by words that another names too, with more ("the 4K vs 64K page mismatch": the AME4K
    # one, not the one about the hypervisor page table)
    shared = [(f, words & words_of(f.title)) for f in findings]
    return [f for f, w in shared if w and not any(w < other for _, other in shared)]


def _finding_verdict(
    question: str, before: list[Finding], after: list[Finding], read_by: list[str], out: Composer
) -> Verdict | None:
    still, gone = bool(STILL.search(question)), bool(GONE.search(question))
    if not (still or gone):
        return None
    either = before + [f for f in after if (f.rule_id, f.target) not in {(b.rule_id, b.target) for b in before}]
    named = named_findings(question, either)
    if not named:
        if not still:
            return None  # "does it fix it?": judged by what the change resolves (_ok_verdict)
        named = [f for f in before if f.rule_id in read_by]
    if not named:
        return None
    now = {(f.rule_id, f.target) for f in after}
    standing = [f for f in named if (f.rule_id, f.target) in now]
    cited = _rule_citations(out, [f.rule_id for f in (standing or named)])
    if standing:
        because = "Still standing after the change: " + "; ".join(
            f"{f.rule_id} on {f.target} ({f.title})" for f in standing[:3]
        )
    else:
        because = "Resolved by the change: " + "; ".join(f"{f.rule_id} on {f.target} ({f.title})" for f in named[:3])
    answer = bool(standing) if still else not standing
    return Verdict(answer="yes" if answer else "no", because=f"{because}.", citations=cited)


# "pass now?", "clean now?", "resolved?", "does the AME64K config pass?": whether the check passes after the change;
# "does it still fail on that?", "still blocked?": whether it fails
_PASSES = linre.compile(
    r"\b(?:pass(?:es|ed|ing)?|clean|green|compliant|resolved|through)\b[^?]{0,40}\?", linre.IGNORECASE
)
_FAILS = linre.compile(r"\b(?:fail(?:s|ed|ing)?|blocked|blocking|blocks|red)\b[^?]{0,40}\?", linre.IGNORECASE)


def _pass_verdict(
    question: str, diff: ReviewDiff, before: list[Finding], after: list[Finding], read_by: list[str], out: Composer
) -> Verdict | None:
    """ "pass now?", "does it pass the weight check?", "still blocked?": the check the question names (a finding by
    its words or rule id; else the rules that read the changed fields) judged on the changed document: it passes
    when none of its findings stands after the change and the change introduces none."""
    fails = bool(_FAILS.search(question))
    if not (fails or _PASSES.search(question)) or not read_by:
        return None
    keys = {(b.rule_id, b.target) for b in before}
    either = before + [f for f in after if (f.rule_id, f.target) not in keys]
    asked = named_findings(question, either)
    named = asked or [f for f in either if f.rule_id in read_by]
    now = {(f.rule_id, f.target) for f in after}
    standing = [f for f in named if (f.rule_id, f.target) in now]
    standing += [] if asked else [f for f in diff.introduced if (f.rule_id, f.target) not in keys | now]
    cited = _rule_citations(out, [f.rule_id for f in (standing or named)] or read_by)
    if standing:
        because = "Standing after the change: " + "; ".join(
            f"{f.rule_id} on {f.target} ({f.title})" for f in standing[:3]
        )
    elif named:
        because = "Resolved by the change: " + "; ".join(f"{f.rule_id} on {f.target} ({f.title})" for f in named[:3])
    else:
        because = f"No finding of the rules that read the changed fields ({', '.join(read_by[:3])}) stands."
    passes = not standing
    return Verdict(answer="yes" if passes != fails else "no", because=f"{because}.", citations=cited)


def finding_asked(question: str, before: list[Finding], after: list[Finding], out: Composer) -> Verdict | None:
    """ "is the page mismatch still there?", "is HPUX-005 gone now?" with no change said: whether the finding the
    question names stands in `after` (the document as the what-ifs left it); None when it names none."""
    return _finding_verdict(question, before, after, [], out)


def _rule_citations(out: Composer, rule_ids_: list[str]) -> list[int]:
    refs = {f"rule:{rid}" for rid in rule_ids_}
    return [i + 1 for i, c in enumerate(out.citations) if c.ref in refs][:2] or [1]


def _fit_verdict(question: str, models: tuple, out: Composer, target: str | None) -> Verdict | None:
    """ "does the memory still fit?", "memory still ok?", "room for the peak?": the changed document's figure
    against its need or limit (docfigures), cited as the figure's line above; a bare "enough now?" asks about the
    figure the change moves, when it moves one."""
    model = models[1]
    if docfigures.SIZE_FIT.search(question):  # "fits now?", "room for the peak?": the figures with a need or limit
        bare = not any(f.asked and linre.search(f.asked, question, linre.I) for f in docfigures.FIGURES)
        moved = docfigures.fit_moved(models[0], model, target) if bare else None
        if moved is not None and moved.verdict is not None and docfigures.NEGATIVE_FIT.search(question):
            answer = "no" if moved.verdict.answer == "yes" else "yes"  # "still short?": asked the other way round
            moved.verdict = moved.verdict.model_copy(update={"answer": answer})
        found = moved or docfigures.asked(question, model, None, target, sized=True)
    elif docfigures.FIT.search(question):  # "memory still ok?": only a figure the words name
        found = docfigures.asked(question, model, None, target)
    else:
        return None
    return _cited(found, out) if found is not None else None


def _cited(found: docfigures.Asked, out: Composer) -> Verdict | None:
    if found.verdict is None:
        return None
    refs = [c.ref for c in found.out.citations]
    wanted = {refs[i - 1] for i in found.verdict.citations if 0 < i <= len(refs)}
    cited = [i + 1 for i, c in enumerate(out.citations) if c.ref in wanted][:2]
    return Verdict(answer=found.verdict.answer, because=found.verdict.because, citations=cited or [1])


# "fine?", "is that ok?", "any problem?", "would it be ok at 1.0 with AME64K instead?": a change asked about yes/no
_ASKS_OK = linre.compile(
    r"\b(?:ok|okay|fine|good|safe|acceptable|alright|allowed|wise|sensible|problems?|issues?|risks?|risky|bad|"
    r"concerns?)\b[^?]{0,40}\?",
    linre.IGNORECASE,
)
# "does it fix it?", "would that help?": whether the change clears what was found
_ASKS_FIX = linre.compile(
    r"\b(?:fix|fixes|help|helps|resolve|resolves|solve|solves|clear|clears|go(?:es)?\s+away|disappears?|vanish(?:es)?)\b"
    r"[^?]{0,20}\?",
    linre.IGNORECASE,
)
# "a problem like with AME4K?": compared with a concern the user names, not the review's verdict
_LIKE = linre.compile(r"\b(?:like|as)\s+(?:with|for|on|in)\b|\bsimilar\b|\bthe\s+same\s+as\b", linre.IGNORECASE)


def _ok_verdict(text: str, diff: ReviewDiff, after: list[Finding], read_by: list[str], out: Composer) -> Verdict | None:
    """The yes/no to a change asked about ("set its weight to 255. ok?"): a change that introduces no finding,
    worsens none and leaves none standing of the rules that read what it changed is fine ("does it fix it?": one that
    also resolves one); asked the other way round ("any problem?"), the opposite. None for no such question, or one
    compared with a concern of the user's own."""
    fix = _ASKS_FIX.search(text)
    if not (fix or _ASKS_OK.search(text)) or _LIKE.search(text) or not out.claims:
        return None
    worse = [f.rule_id for f in diff.introduced] + [c.rule_id for c in diff.changed if c.direction == "worsened"]
    left = [] if fix else [f.rule_id for f in after if f.rule_id in read_by and f.rule_id not in worse]
    ok = not worse and not left and (bool(diff.resolved) if fix else True)
    if worse:
        because = f"The change introduces or worsens {', '.join(worse[:3])}."
    elif left:
        because = f"The change leaves {', '.join(left[:3])} standing."
    elif diff.resolved:
        because = f"The change introduces no finding and resolves {', '.join(f.rule_id for f in diff.resolved[:3])}."
    else:
        because = "The change introduces, resolves and worsens no finding."
    answer = "yes" if ok else "no"
    if not fix:
        answer = stated_verdict(ok, text)
    return Verdict(answer=answer, because=because, citations=list(out.claims[0].citations[:1]) or [1])


# a message whose only question is the change itself: "what if 1M goes to 80%?", "and with online storage 128G?",
# "and double the memory to 12?"
_ONLY_THE_CHANGE = linre.compile(
    r"^\s*(?:(?:and|so|ok|okay|but|now|then)[\s,]+)*(?:(?:what\s+(?:if|about)|if|with|suppose|supposing|say|"
    r"simulate|pretend|imagine|assume|let'?s\s+say|double|halve|triple|set|raise|lower|increase|decrease|reduce|bump|"
    r"give\s+it|make\s+it)\b|w/)",
    linre.IGNORECASE,
)


def verdict(
    text: str,
    diff: ReviewDiff,
    before: list[Finding],
    after: list[Finding],
    read_by: list[str],
    models: tuple,
    out: Composer,
    target: str | None,
    implicit: bool = True,
) -> Verdict | None:
    """The yes/no of a what-if's message, asked of the changed document (module docstring); `models`: the
    document's model before and after the change; `implicit`: a message that asks nothing gets the fit of the
    figure the change moves."""
    question = asking(text)
    found = _finding_verdict(question, before, after, read_by, out) or _fit_verdict(question, models, out, target)
    found = found or _pass_verdict(question, diff, before, after, read_by, out)
    found = found or _ok_verdict(text, diff, after, read_by, out)
    if found is not None or not implicit or ("?" in question and not _ONLY_THE_CHANGE.search(question)):
        return found
    moved = docfigures.fit_moved(models[0], models[1], target)  # "what if 1M goes to 80%?": does it still fit
    return _cited(moved, out) if moved is not None else None
