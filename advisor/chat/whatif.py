"""The what-if turn in words: advisor.capabilities.whatif changes the document and compares the reviews.

The words become changes (advisor/chat/changes.py, advisor/chat/wording.py); what cannot be placed for
sure is a question back, never a guess: two fields or partitions the words fit equally, a field named
with no value, a value the schema refuses ("weight 300" is above 255), a negative amount. The question
is pending in the session, and the reply ("the cpu one", "sapdb01", "200") resumes the change. A change
to the value the document already has says so, and shows the review. Findings are compared with
advisor.diff (matched on rule id and target): what the change introduces, resolves, keeps, and whose
severity moved. Lines cite the rules concerned; when no finding moves, the answer names the rules
that read the changed fields, so even "nothing changes" is backed by the rules that were checked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from advisor import derive, linre
from advisor.capabilities.context import Context
from advisor.capabilities.whatif import ChangeError, apply_changes, get_at, outcome, readers
from advisor.chat import compose, docfigures, followups, selector
from advisor.chat.changes import WHOLE_LFAREA, Change, WhichOne, field_types, parse_changes
from advisor.chat.explain import held_off
from advisor.chat.fieldwords import path_words, words_of
from advisor.chat.intents import RULE_ID, UNDO_LEAD, Intent
from advisor.chat.reader import Reading, read
from advisor.chat.reply import ChatReply, Claim, Composer, Question, Verdict, from_out
from advisor.chat.review import refs
from advisor.chat.state import ChatState, Pending
from advisor.chat.wording import LAYOUT, MEMORY, ambiguous_fields, document_changes, word_changes
from advisor.diff import ReviewDiff, diff_reviews
from advisor.documents import KIND_MODELS
from advisor.documents.errors import DocumentError
from advisor.documents.io import validate_document
from advisor.documents.paths import model_fields_at
from advisor.findings import Finding
from advisor.review import units_of

if TYPE_CHECKING:
    from advisor.chat.engine import ChatEngine

PENDING = "whatif"  # Pending.needs of a what-if waiting for the user's choice: whatif-field, -partition, -value


def _cite(advisor, rule_id: str):
    return from_out(advisor.citations(rule_id)[0], f"rule:{rule_id}")


_show = docfigures.show  # a value as admins read it, with its unit ("4 GB -> 6 GB", not "4 -> 6")


def _line(f: Finding) -> str:
    return f"{f.rule_id} ({f.severity}) on {f.target}: {f.title}"


def whatif_answer(
    advisor,
    before_doc: dict,
    changes: list[Change],
    diff: ReviewDiff,
    rule_ids: list[str],
    out: Composer,
    before: list[Finding] | None = None,
) -> None:
    touched = ", ".join(
        f"{c.path} {_show(get_at(before_doc, c.path), c.path)} -> {_show(c.value, c.path)}" for c in changes
    )
    touched += _os_levels(before_doc, changes)
    cites = [_cite(advisor, rid) for rid in rule_ids[:3]] or [
        _cite(advisor, f.rule_id) for f in (diff.introduced + diff.resolved + diff.kept)[:3]
    ]
    if cites:
        out.say(f"What if {touched}: reviewed again with the change.", *cites)
    moved_lines(advisor, diff, out, changes=changes, doc=before_doc)
    if diff.kept:
        out.say(
            "Kept: " + "; ".join(_line(f) for f in diff.kept[:6]) + ".",
            *[_cite(advisor, f.rule_id) for f in diff.kept[:3]],
        )
    _restated(advisor, diff.kept, before or [], rule_ids, out, changes, before_doc)
    if not (diff.resolved or diff.introduced or diff.changed) and rule_ids:
        out.say(
            f"No finding changes: the rules that read {', '.join(c.path for c in changes)} "
            f"({', '.join(rule_ids[:6])}) give the same result before and after.",
            *[_cite(advisor, rid) for rid in rule_ids[:3]],
        )


def _restated(
    advisor,
    kept: list[Finding],
    before: list[Finding],
    rule_ids: list[str],
    out: Composer,
    changes: list[Change] | None = None,
    doc: dict | None = None,
) -> None:
    """A finding the change keeps but whose message it moves (POWER7 -> POWER9 keeps AME-004, now for the AIX level
    alone): its message after the change, so the answer says what still stands in the way, and the command of its
    fix that makes such a change ("bind D01 to ld 1": `mpsched -l ...`)."""
    was = {(f.rule_id, f.target, f.path): f.message for f in before}
    for f in [f for f in kept if f.rule_id in rule_ids][:2]:
        message = was.get((f.rule_id, f.target, f.path))
        if message is not None and message != f.message:
            fix = _made_with(f, changes or [], doc)
            out.say(
                f"Still {f.rule_id} on {f.target}, now: {f.message}{f' Its fix: `{fix}.' if fix else ''}",
                _cite(advisor, f.rule_id),
            )


_OS_FIELD = linre.compile(r"^(.*?)\bos\.(?:version|tl|sp)$")


def _level(os: object) -> str:
    """ "7.2 TL5 SP1" from an os block (what admins call a level; the fields alone read "os.tl 0 -> 5")."""
    if not isinstance(os, dict) or os.get("version") is None:
        return "(not set)"
    tl, sp = os.get("tl"), os.get("sp")
    return " ".join(
        [str(os["version"]), *([f"TL{tl}"] if tl is not None else []), *([f"SP{sp}"] if sp is not None else [])]
    )


def _os_levels(before_doc: dict, changes: list[Change]) -> str:
    """The OS level before and after, for a change of its version, TL or SP ("(AIX 7.2 TL0 SP4 -> 7.2 TL5)")."""
    prefixes = list(dict.fromkeys(m.group(1) for c in changes if (m := _OS_FIELD.match(c.path))))
    if not prefixes:
        return ""
    try:
        after_doc = apply_changes(before_doc, changes)
    except ChangeError:
        return ""
    shown = []
    for prefix in prefixes[:2]:
        before, after = get_at(before_doc, prefix + "os"), get_at(after_doc, prefix + "os")
        shown.append(f"{prefix.rstrip('.') + ': ' if prefix else ''}AIX {_level(before)} -> {_level(after)}")
    return f" ({'; '.join(shown)})"


def _made_with(finding: Finding, changes: list[Change], doc: dict | None = None) -> str | None:
    """The command of the finding's fix that makes the change: the first that names a changed field (by its name, or
    the tunable its schema description names: ame.page_support is "ame_mpsize_support") or a new value given as text
    ("chatr +pi 16M +pd 64M disp+work" for text 4K -> 16M, "kctune numa_policy=1"), with ", needs a reboot" when
    its step does."""
    marks = {c.path.rsplit(".", 1)[-1] for c in changes if "_" in c.path.rsplit(".", 1)[-1]}
    marks |= {c.value for c in changes if isinstance(c.value, str) and len(c.value) >= 2}
    tools = {cmd.split()[0] for step in finding.remediation for cmd in step.commands if cmd.split()}
    for c in changes if doc is not None else []:
        described = _described(doc or {}, c.path)
        marks |= set(linre.findall(r"\b[a-z]+_[a-z_]+\b", described))
        marks |= {w for w in linre.findall(r"\b[a-z]{4,}\b", described) if w in tools}  # "bound ... with mpsched"
    found = [(cmd, step) for step in finding.remediation for cmd in step.commands if any(m in cmd for m in marks)]
    values = {f" {c.value} " for c in changes if isinstance(c.value, int | str) and not isinstance(c.value, bool)}
    # the command that sets a value, or names the new one, before one that only shows it
    found.sort(key=lambda pair: not ("=" in pair[0] or any(v in f" {pair[0]} " for v in values)))
    if not found:
        return None
    cmd, step = found[0]
    return f"{cmd}`, which needs a reboot" if step.requires_reboot else f"{cmd}`"


def _described(doc: dict, path: str) -> str:
    """The schema's description of a document field, inside lists too ("sap.instances[1].locality_domain": "Locality
    domain (cell) the instance is bound to with mpsched ...")."""
    kind, inner = _kind_of(doc, path)
    if kind not in KIND_MODELS:
        return ""
    loc = tuple(int(k) if k.isdigit() else k for k in linre.split(r"[.\[\]]+", inner) if k)
    model, _ = model_fields_at(KIND_MODELS[kind], loc)
    info = model.model_fields.get(str(loc[-1])) if model is not None and loc else None
    return (info.description or "") if info is not None else ""


def _measured(advisor, rule_id: str) -> str | None:
    """The sentence of a rule's rationale that gives what the source measured ("Measured in REDP-5287 (Table 2 ...):
    ... (+28 %)"), in the rule's own paraphrase; None when it gives none."""
    compiled = advisor.rulebook.rules.get(rule_id)
    rationale = (compiled.rule.rationale if compiled is not None else "") or ""
    sentences = _sentences(rationale)
    said = next((s for s in sentences if s.startswith("Measured") or " measured the " in s), None)
    # or the first sentence that gives a table's figures ("... from 46 % to 48 % on POWER9 (Table 2)")
    said = said or next((s for s in sentences if _TABLE_FIGURES.search(s) and _FIGURE.search(s)), None)
    return f"{said.rstrip('.')}." if said else None


_TABLE_FIGURES = linre.compile(r"\b(?:Table|Figure)\s+\d")
_FIGURE = linre.compile(r"\d\s*%|\d\s*->\s*\d|\bfrom\s+\d[\d.]*\s*\S*\s+to\s+\d")


def _sentences(text: str) -> list[str]:
    """A text cut at each full stop that a capital follows, except after "vs" and "e.g" ("CLM vs. ILM")."""
    out, start = [], 0
    for m in linre.finditer(r"\.\s+[A-Z]", text):
        if not text[: m.start()].endswith(("vs", "e.g")):
            out.append(text[start : m.start()])
            start = m.end() - 1
    return [*out, text[start:]]


def moved_lines(
    advisor,
    diff: ReviewDiff,
    out: Composer,
    brief: bool = False,
    changes: list[Change] | None = None,
    doc: dict | None = None,
) -> None:
    """The findings a change resolves (with the command of their fix that makes the change, when one names the
    field or the new value), introduces (with the command of its fix that names the field), and whose severity it
    moves, each cited, and what the source measured for the first of them (`brief`: an introduced finding by its
    title, when the review that follows gives its message)."""
    for f in diff.resolved:
        made = _made_with(f, changes or [], doc)
        out.say(
            f"Resolved: {_line(f)}{f' (the change is made with `{made})' if made else ''}.", _cite(advisor, f.rule_id)
        )
    for f in diff.introduced:
        fix = "" if brief else _made_with(f, changes or [], doc)
        said = f"Introduced: {_line(f)}{'.' if brief else ': ' + f.message}"
        out.say(f"{said}{f' Its fix: `{fix}.' if fix else ''}", _cite(advisor, f.rule_id))
    measured = (
        [] if brief else [(f, m) for f in diff.resolved + diff.introduced if (m := _measured(advisor, f.rule_id))]
    )
    for f, said in measured[:1]:  # what the source measured, for the first finding whose rule gives it
        out.say(said, _cite(advisor, f.rule_id))
    for c in diff.changed:
        why = f" ({c.after.escalation})" if c.after.escalation and c.direction == "worsened" else ""
        out.say(
            f"Changed severity: {c.rule_id} on {c.target}: {c.before.severity} -> {c.after.severity}, "
            f"{c.direction}{why}.",
            _cite(advisor, c.rule_id),
        )


def so_far(original, before_doc, after_doc, out: Composer, advisor, rule_ids, diff) -> None:
    """After several what-ifs: every field that now differs from the document as given, first and now."""
    if original is None or original == before_doc:
        return
    moved = document_changes(original, after_doc)
    if not moved:
        return
    cites = [_cite(advisor, rid) for rid in rule_ids[:1]] or [
        _cite(advisor, f.rule_id) for f in (diff.resolved + diff.kept)[:1]
    ]
    if cites:
        shown = "; ".join(f"{path}: {_show(a, path)} -> {_show(b, path)}" for path, a, b in moved[:8])
        out.say(
            f"Changes so far against the document as given: {shown} ('undo' steps back, 'start over' resets).", *cites
        )


def read_changes(doc: dict, text: str, explicit: tuple[str, str] | None = None) -> list[Change]:
    """Every change the words ask for, those to the value the document already has included; ChangeError (or
    WhichOne) when one cannot be placed for sure."""
    # the figures inside a statement written whole ("LFAREA=(1M=(9000,5000))") are the statement's, not amounts of
    # fields of their own: the words are read without it
    text = _SAME_ON.sub(r" what if it had \1", text)  # "the same on a 12 GB lpar": the document's unit at that size
    for rule in RULE_ID.finditer(text):  # "is ZVM-001 still there?": a rule named, never a value ("001")
        text = text[: rule.start()] + " " * (rule.end() - rule.start()) + text[rule.end() :]
    bare = _WHOLE_STATEMENT.sub(" ", text)
    worded = [] if explicit else word_changes(doc, bare, read(bare))
    try:
        changes = parse_changes(doc, LAYOUT.sub(" ", text), explicit)  # "8 instances of 4 cores": no server cores
    except ChangeError:
        if explicit or not worded:
            raise
        changes = []
    if worded:  # the reader's reading of amounts and levels wins over a phrase on the same field
        paths = {c.path for c in worded}
        changes = worded + [c for c in changes if c.path not in paths and not _same_block(c.path, paths)]
    return changes


# "and the same on a 12 GB lpar?", "same thing with a 64 core box": the document's unit with the size said
_SAME_ON = linre.compile(r"\bsame(?:\s+\w+)?\s+(?:on|in|with|for)\s+(?:a|an|one)\s+(\d)", linre.IGNORECASE)


def _same_block(path: str, paths: set[str]) -> bool:
    """os.tl next to os.version: a phrase's partial reading of a level the reader already took whole."""
    return any(path.rsplit(".", 1)[0] == p.rsplit(".", 1)[0] and "." in p for p in paths if p.startswith("os."))


# a question, not a change: "is 4 GB enough?", "what does AME-001 mean?" (but "what if ...", "what about ...")
_QUESTION = linre.compile(
    r"^\s*(?:(?:and|so|ok|okay|but)[\s,]+)?(?:what|which|how|why|when|where|who|is|are|can|"
    r"could|should|would|will|does|do|did|explain|tell)\b",
    linre.IGNORECASE,
)
_SUPPOSED = linre.compile(r"^\s*(?:(?:and|so|ok|okay|but)[\s,]+)?what\s+(?:if|about)\b", linre.IGNORECASE)
# "and ...", "also ...", "actually ...": a message that goes on from the last what-if
_GOES_ON = linre.compile(
    r"^\s*(?:and|also|plus|then|now|ok|okay|actually|instead|rather|hmm+|no|next|oh)\b", linre.IGNORECASE
)


# "cut it by 44 GB", "double that": the field the last what-if changed
_ON_IT = linre.compile(
    r"\b(?:cut|raise|lower|increase|decrease|reduce|double|halve|triple|bump|drop|trim|shrink|grow|set|change|bring|"
    r"put|move|take|make)\s+(?:it|that|this|them)\b",
    linre.IGNORECASE,
)
_LEAD = linre.compile(r"^\s*(?:(?:and|also|plus|then|now|ok|okay|so)\b[\s,]*)+", linre.IGNORECASE)


def _read(
    doc: dict, text: str, st: ChatState, explicit: tuple[str, str] | None = None, focus: list[str] | None = None
) -> list[Change]:
    """The changes of a message in the session (`explicit`: path and value of `set path to value`): "it" of "cut
    it by 44 GB" is the field the last what-if changed (or, after an explanation, the one number field of the
    finding explained: `focus`), and a message going on from a what-if ("and network intensive too") is supposed as
    that one was."""
    if explicit:  # "set large_pages to text 16M data 64M": a group of fields, each named with its value
        grouped = read_changes(doc, text) if isinstance(get_at(doc, explicit[0]), dict) else []
        return grouped or read_changes(doc, text, explicit)
    instead = _instead_of_last(doc, text, st)
    if instead:
        return instead
    said, last = text, _last_fields(st) or (focus or [])
    on_it = _ON_IT.search(text)
    if on_it is not None and len(last) == 1 and not _named_fields(doc, text[: on_it.end()]):
        # "make it 20% and numa_policy=1": the field "it" stands for, said where "it" is
        text = f"{text[: on_it.end()]} ({last[0]}){text[on_it.end() :]}"
    changes = read_changes(doc, text)
    if not changes and st.subject.intent == "whatif" and not _SUPPOSED.search(text):
        changes = read_changes(doc, "what if " + _LEAD.sub("", text, count=1))
    return _with_bare(doc, said, st, changes) if changes else _onto_last(doc, said, st, focus)


def _with_bare(doc: dict, text: str, st: ChatState, changes: list[Change]) -> list[Change]:
    """ "ok instead 2.8 with true memory 5 GB" after "try factor 4.7": besides the changes its words name, a bare
    number no change took goes on the one field the last what-if changed, when that field takes a plain number."""
    if st.subject.intent != "whatif" or not st.previous_documents:
        return changes
    last = [p for p, _, b in document_changes(st.previous_documents[-1], doc) if isinstance(b, int | float)]
    taken = [c.value for c in changes]
    reading = read(text)
    bare = [
        q
        for q in reading.quantities
        if q.kind == "number" and q.value not in taken and not _OLD_BEFORE.match(reading.text[q.end : q.end + 12])
    ]
    if len(last) != 1 or len(bare) != 1 or last[0] in {c.path for c in changes} or not _unit_fits(last[0], bare[0]):
        return changes
    value = bare[0].value
    return [
        *changes,
        Change(last[0], int(value) if value.is_integer() and isinstance(get_at(doc, last[0]), int) else value),
    ]


# "10G ports 2 -> 4": the amount before the arrow is the value the field had, none to put anywhere
_OLD_BEFORE = linre.compile(r"^\s*(?:->|→|=>|>)")


# "make it 10 instead of 4", "2.8 rather than 3": the new amount, and the one it replaces
_INSTEAD_OF = linre.compile(
    r"(\d+(?:\.\d+)?)\s*(?:%|[GMT]B?\b|gigs?\b)?\s*(?:[A-Za-z]+\s+){0,2}(?:instead\s+of|rather\s+than|not)\s+"
    r"(?:the\s+)?(\d+(?:\.\d+)?)\b",
    linre.IGNORECASE,
)


# "add 4", "lost 2 of its FC ports", "+8 NPIV": a change said as an amount added or taken away
_BY_AMOUNT = linre.compile(
    r"\b(?:add|adding|added|plus|more|extra|another|lose|lost|losing|remove|removing|removed|drop|fewer|less|minus)\b"
    r"|\+\s?\d",
    linre.IGNORECASE,
)


def _instead_of_last(doc: dict, text: str, st: ChatState) -> list[Change]:
    """ "make it 10 instead of 4" after "add 4 npiv adapters" (20 -> 24): the amount the last what-if added or took
    replaced (20 + 10), or, when the replaced amount is the value the field has now, the value itself. Empty when the
    message names another field or the replaced amount is neither (then the words are read as they are)."""
    m = _INSTEAD_OF.search(text)
    if m is None or not st.previous_documents or _named_fields(doc, text[: m.start()]):
        return []
    moved = [(p, a, b) for p, a, b in document_changes(st.previous_documents[-1], doc)]
    if len(moved) != 1 or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in moved[0][1:]):
        return []
    path, before, now = moved[0]
    new, old = float(m.group(1)), float(m.group(2))
    by = abs(old - abs(now - before)) < 1e-9 and now != before  # the amount the last change added or took
    if by and (abs(old - now) >= 1e-9 or _BY_AMOUNT.search(st.subject.question or "")):
        value = before + new if now > before else before - new  # "lost 2 FC ports" (4 -> 2), "make it 3 instead of 2"
    elif abs(old - now) < 1e-9:
        value = new
    else:
        return []
    return [Change(path, int(value) if value == int(value) and isinstance(now, int) else value)]


def _onto_last(doc: dict, text: str, st: ChatState, focus: list[str] | None = None) -> list[Change]:
    """ "what if we went to 30%" after "CLM 15%" (and a question about it): the one amount of a message that names
    no field, put on the one field the last what-if changed (or, with none, the one field of the finding in focus:
    "make it 50%" after a review whose one finding is the LFAREA statement)."""
    last, reading = _last_fields(st, any_turn=True) or (focus or []), read(text)
    if len(last) != 1 or len(reading.quantities) != 1 or _named_fields(doc, text):
        return []
    paths = [p for p, _, _ in document_changes(st.previous_documents[-1], doc)] if st.previous_documents else []
    if len(paths) == 1 and not _unit_fits(paths[0], reading.quantities[0]):
        return []  # "and 128 GB?" after a new factor: not the factor
    at = reading.quantities[0].start  # the field's words before the amount ("what if memory 8 GB then")
    for said in (f"{text} ({last[0]})", f"{reading.text[:at]}{last[0]} {reading.text[at:]}"):
        try:
            changes = read_changes(doc, said)
        except ChangeError:
            continue
        if changes:
            return changes
    return []


def _unit_fits(path: str, q) -> bool:
    """An amount fits a field by its unit: GB/MB/TB a size field ("memory_gb"), a percentage a "_pct" field, a bare
    number any other."""
    leaf = path.rsplit(".", 1)[-1]
    sized, pct = q.kind == "size", q.raw.rstrip().endswith("%")
    if leaf.endswith(("_gb", "_mb", "_tb")):
        return sized
    if leaf.endswith(("_pct", "_percent")):
        return pct or not sized
    return not (sized or pct)


def _focus_fields(engine: ChatEngine, st: ChatState) -> list[str]:
    """After a finding was explained (or was the one finding of a review), the one number or text field of the
    document its rule compares, in words ("sapapp01 ame expansion factor"), or else the one document field its
    evidence shows (the LFAREA statement of ZOS-002, whose condition reads derived values only): what "lower it to
    2.5", "make it 50%" change. Empty when the rule compares none or several (then "it" is asked about, never
    guessed)."""
    finding = _finding_in_focus(engine, st)
    if finding is None or st.document is None:
        return []
    doc = engine._model(st)
    unit = next((u for u in units_of(doc) if u.path == finding.path), None) if doc is not None else None
    if unit is None:
        return []
    types = field_types(unit.kind)
    settable = {path for path, ft in types.items() if ft.type in ("number", "string")}
    paths = {path for _, path, _ in followups.candidates(engine.advisor, finding, unit.kind)} & settable
    paths = paths or set(finding.evidence) & settable
    if len(paths) != 1:
        return []
    name = finding.target if doc is not None and doc.kind == "managed-system" else ""
    return [" ".join([name, *sorted(path_words(paths.pop()))]).strip()]


def _finding_in_focus(engine: ChatEngine, st: ChatState) -> Finding | None:
    """The finding the last answer explained (one target of the rule in focus), if the last turn explained one or
    reviewed the document and found just that one."""
    single = st.subject.intent == "review" and len(st.findings) == 1
    if not (st.subject.intent == "explain" or single) or not st.focus or st.document is None:
        return None
    doc = engine._model(st)
    fired = [f for f in engine.advisor.review(doc).findings if f.rule_id == st.focus] if doc is not None else []
    return fired[0] if len({f.target for f in fired}) == 1 else None


def _current_partition(engine: ChatEngine, st: ChatState) -> str | None:
    """The partition the conversation is on: the one the last what-if changed, or the one whose finding the last
    answer explained ("und wenn wir vpm_fold_policy auf 4 setzen?" after "warum ist vioB auffällig?")."""
    if st.document is None or st.document.get("kind") != "managed-system":
        return None
    parts = st.document.get("partitions") or []
    if st.subject.intent == "whatif" and st.previous_documents:
        changed = {
            int(m.group(1))
            for path, _, _ in document_changes(st.previous_documents[-1], st.document)
            if (m := linre.match(r"^partitions\[(\d+)\]\.", path))
        }
        if len(changed) == 1 and (i := changed.pop()) < len(parts):
            return str(parts[i].get("name", "")) or None
        return None
    finding = _finding_in_focus(engine, st)
    names = {str(p.get("name", "")) for p in parts}
    return finding.target if finding is not None and finding.target in names else None


def _last_fields(st: ChatState, any_turn: bool = False) -> list[str]:
    """The fields the last what-if changed, in words ("sapapp01 memory desired"), when the last turn was one (or,
    `any_turn`, whatever came after it)."""
    if (st.subject.intent != "whatif" and not any_turn) or not st.previous_documents or st.document is None:
        return []
    out = []
    for path, _, _ in document_changes(st.previous_documents[-1], st.document):
        m = linre.match(r"^partitions\[(\d+)\]\.(.+)$", path)
        parts = st.document.get("partitions") or []
        name = str(parts[int(m.group(1))].get("name", "")) if m and int(m.group(1)) < len(parts) else ""
        out.append(" ".join([name, *sorted(path_words(m.group(2) if m else path))]).strip())
    return out


# "CLM 15% pls", "factor 2.5", "vios1 8 GB", "factor 2.5 and 10 GB desired memory": a few words with an amount
# (up to four such, joined by "and" or commas) and no question, changes in shorthand
_PAIR = (
    r"(?:(?:[A-Za-z][\w.+-]*\s+){1,3}\d+(?:\.\d+)?\s*(?:%|[GMT]B?\b|gigs?\b)?"
    r"|\d+(?:\.\d+)?\s*(?:%|[GMT]B?\b|gigs?\b)?(?:\s+[A-Za-z][\w.+-]*){1,3})"
)
_TERSE = linre.compile(
    rf"^\s*{_PAIR}(?:\s*(?:,|\band\b|&)\s*{_PAIR}){{0,3}}"
    r"(?:\s+(?:pls|please|plz|thx|thanks|then|instead))*\s*[.!]*\s*$",
    linre.IGNORECASE,
)
_TOLD = linre.compile(r"^\s*(?:we|i|it|they|our|my|this|that|there|he|she|you)\b", linre.IGNORECASE)  # "we have 4 GB"


_WHOLE_STATEMENT = linre.compile(WHOLE_LFAREA, linre.IGNORECASE)


def states_field(doc: dict, text: str) -> bool:
    """The message gives one of the document's settings as a whole statement with another value than it holds
    ("swap them: LFAREA=(1M=(120000,100000))" on a z/OS LPAR): a change of the document, whatever words lead it."""
    if _WHOLE_STATEMENT.search(text) is None:
        return False
    try:
        changes = parse_changes(doc, text)
    except ChangeError:
        return False
    return any(c.path == "lfarea" and c.value != doc.get("lfarea") for c in changes)


# "so DB2 would get no large frames at all then?", "and that would still page?": a question about the last change
_ASKED_AFTER = linre.compile(r"\b(?:would|will|could|does|do|did|is|are|was|were)\b[^?]*\?\s*$", linre.IGNORECASE)


def reads_as_change(text: str, reading: Reading, st: ChatState) -> bool:
    """A message with no what-if verb that still changes the session's document: after a what-if, or going on
    from one ("pinned memory 12%", "and sapapp01 ame factor 1.5", "actually downgrade to P8"); never a
    question, though it may be followed by one ("clm to 15%. does HPUX-004 go away?")."""
    head, _ = compose.split(text)
    if head:
        return reads_as_change(head, read(head), st)
    if st.document is None or reading.yes_no or (_QUESTION.search(text) and not _SUPPOSED.search(text)):
        return False
    if _ASKED_AFTER.search(text) and not _SUPPOSED.search(text):
        return False  # "so DB2 would get no large frames at all then?": what the last change means, asked
    if states_field(st.document, text):
        return True
    terse = _TERSE.match(text) and not _TOLD.match(text)
    if st.subject.intent != "whatif" and not _GOES_ON.search(text) and not terse:
        return False
    try:
        return bool(word_changes(st.document, text, reading) or _read(st.document, text, st))
    except ChangeError:
        return True  # a change that cannot be made: the what-if turn asks about it


_WH_QUESTION = linre.compile(r"^\s*(?:(?:and|so|ok|then)[\s,]+)*(?:what|which|where|why|how|who|when)\b", linre.I)


def status_after(engine: ChatEngine, text: str, reading: Reading, st: ChatState) -> ChatReply | None:
    """After a what-if, a question with no change in it about a finding it names ("and is the 4K/64K mismatch still
    there after that?", "is HPUX-005 gone now?"): Kept or Resolved, the document as the what-ifs left it against the
    one before the last change; None for any other message."""
    if st.document is None or not st.previous_documents or "?" not in text or reads_as_change(text, reading, st):
        return None
    question = compose.asking(text)
    if _WH_QUESTION.match(question) or RULE_ID.search(question):
        return None  # "what's still open?" lists; "is AME-001 still there?" is the rule's (explain.still_there)
    if not (compose.STILL.search(question) or compose.GONE.search(question)):
        return None
    before = engine.advisor.review(validate_document(st.previous_documents[-1], "document")).findings
    after = engine.advisor.review(engine._model(st)).findings
    probe = compose.finding_asked(question, before, after, Composer())
    if probe is None:
        return None
    now = {(f.rule_id, f.target) for f in after}
    out = Composer()
    keys = {(f.rule_id, f.target) for f in before}
    for f in compose.named_findings(question, before + [f for f in after if (f.rule_id, f.target) not in keys])[:3]:
        word = "Kept" if (f.rule_id, f.target) in now else "Resolved"
        out.say(f"{word}: {_line(f)} (the document as the what-ifs left it).", _cite(engine.advisor, f.rule_id))
    verdict = compose.finding_asked(question, before, after, out)
    return engine._reply("review", st, out, findings=after, verdict=verdict)


def stands_alone(text: str, reading: Reading, st: ChatState) -> bool:
    """A what-if in so many words ("what if there was no flash express", "suppose 15% CLM") that changes the
    session's document on its own: it is not a follow-up of the last question, whatever words it shares."""
    if st.document is None or st.pending is not None:
        return False
    if st.subject.calculator == docfigures.ASKED and not _QUESTION.search(text) and _onto_last(st.document, text, st):
        return True  # "and at 30%?" after "how many GB is that?": the change again, on the same field
    if not _SUPPOSED_CHANGE.search(text):
        return False
    try:
        return bool(word_changes(st.document, text, reading) or _onto_last(st.document, text, st))
    except ChangeError:
        return False


# "sapapp01 -> expansion factor 2.0", "simulate: true memory 3 GB, factor 4.7", "business wants sapapp01 uncapped
# weight 255. impact?", "same vios but in a 128 core frame", "amepat shows a deficit of 900 MB, re-check", "what would
# chatr +pi 4M +pd 16M change": words that say the message states a change of the document, whatever its form
_CHANGE_CUE = linre.compile(
    r"->|=>|→|\bsimulat\w*|\bpretend\w*|\b(?:try|test)\s+(?:it|that|this)\b|\bwants?\b|\bwould\s+like\b|\bimpact\b|\beffects?\b|"
    r"\bconsequences?\b|\bresults?\b|\boutcome\b|\bre-?check\w*|\bre-?run\b|\bre-?evaluate\b|\bre-?assess\b|\bupdate\b|"
    r"\bsame\s+\w+(?:\s+\w+)?\s+but\b|\bsame\s+(?:\w+\s+)?(?:on|in|with|for)\s+(?:a|an|the|one)\b|\bwhat\s+would\b.*\bchange\b|\bwhat\s+happens\b",
    linre.IGNORECASE,
)


# "the business wants to know if 14 GB is enough": a question relayed, not a change someone wants
_ASKS_TO_KNOW = linre.compile(
    r"\b(?:wants?|would\s+like|asks?|asked)\s+(?:us\s+|me\s+)?to\s+(?:know|check|see|understand|confirm|verify|ask|find)\b"
    r"|\bwants?\s+(?:to\s+)?(?:an?\s+)?(?:answer|confirmation|review)\b",
    linre.IGNORECASE,
)


# "check sapapp21 before the P8 -> P10 move", "review it ahead of the upgrade to P10": a review asked now, the change
# named only as its occasion
_REVIEW_BEFORE = linre.compile(
    r"^\s*(?:please\s+|pls\s+|can\s+you\s+|could\s+you\s+)?(?:review|check|assess|audit|look\s+(?:at|over)|go\s+over)\b"
    r"[^.?!]{0,80}\b(?:before|ahead\s+of|prior\s+to|in\s+advance\s+of)\s+(?:the\s+|our\s+|its\s+|a\s+|this\s+)?"
    r"[^.?!]{0,40}\b(?:move|moving|migration|migrating|upgrade|upgrading|cutover|switch)\b",
    linre.IGNORECASE,
)


def cued_change(text: str, st: ChatState) -> bool:
    """A message that says it states a change (an arrow, "simulate", "X wants ...", "impact?") and whose words read
    as a change of a value the session's document holds: a what-if, whatever else it asks ("fine?", "new memory
    target?"). Only real changes count: "is 3 GB enough? impact?" on a 3 GB VIOS changes nothing."""
    if st.document is None or st.pending is not None or _ASKS_TO_KNOW.search(text) or _REVIEW_BEFORE.search(text):
        return False
    if not (_CHANGE_CUE.search(text) or LAYOUT.search(text) or _asked_of_change(text)):
        return False
    try:
        changes = read_changes(st.document, text)
    except (ChangeError, WhichOne):
        return False
    return any(get_at(st.document, c.path) != c.value for c in changes)


# "does 8G hold then?", "HPUX-007 still there?", "will the peak still fit?": a question about what the change said
# before it leaves
_AFTER_IT = linre.compile(
    r"\b(?:still|now|then|anymore|after\s+(?:that|this|it))\b|\b(?:show(?:s)?\s+up|come(?:s)?\s+back|go(?:es)?\s+away|"
    r"gone|disappear\w*|clear(?:s|ed)?)\b",
    linre.IGNORECASE,
)


def _asked_of_change(text: str) -> bool:
    """A change said first and a question about the document it leaves asked after it ("decommission 2 of the 6 FC
    ports + 10 fewer npiv. does 8G hold then?"); whether the first part changes anything, cued_change reads."""
    head, question = compose.split(text)
    return bool(head) and bool(_AFTER_IT.search(question))


_SUPPOSED_CHANGE = linre.compile(
    r"^\s*(?:(?:and|so|ok|okay|also|then|now)[\s,]+)*(?:what\s+if|suppose|supposing|assume|imagine|hypothetically|"
    r"let'?s\s+say|say\s+we|with\s+(?:\d|an?\s|one\s|two\s|(?:\w+\s+)?(?:more|fewer|less|extra|additional)\b)|"
    r"with\s+[^.?!]{1,40}\binstead\b)",  # "and with paging space 2 GB instead?"
    linre.IGNORECASE,
)


def alone_or(text: str, question: str, st: ChatState) -> str:
    """A follow-up that is a change of its own ("and go to AIX 7.3 TL1") stands alone; a bare value ("and
    128 GB?") is the last what-if with it (`question`, as the dialogue resolved it)."""
    if st.document is None:
        return question
    try:
        return text if word_changes(st.document, text, read(text)) else question
    except ChangeError:
        return question


def _question(st: ChatState, text: str, ask: str, needs: str, candidates: list[str], path: str = "") -> ChatReply:
    question = Question(
        path=path or (candidates[0] if needs == "whatif-field" and candidates else "message"), question=ask
    )
    st.pending = Pending(question=text, needs=needs, ask=ask, raw=",".join(candidates))
    return ChatReply.clarify(ask, [question], st)


def _kind_of(doc: dict, path: str) -> tuple[str, str]:
    """(kind, path inside the unit) of a document path (`partitions[2].cpu.smt` -> aix-lpar, cpu.smt)."""
    m = linre.match(r"^partitions\[(\d+)\]\.(.+)$", path)
    if m is None:
        return str(doc.get("kind")), path
    parts = doc.get("partitions") or []
    i = int(m.group(1))
    return (str(parts[i].get("kind")) if i < len(parts) else ""), m.group(2)


def _named_fields(doc: dict, text: str) -> list[str]:
    """Fields the words name outright (a word of the field's own name), for "raise the weight" with no value."""
    words = words_of(text) - {"set", "change", "raise", "lower", "increase", "decrease", "make", "what", "if"}
    kind = str(doc.get("kind"))
    scored: list[tuple[int, str]] = []
    for path, ft in field_types(kind).items():
        if path in ("kind", "name") or ft.type == "list":
            continue
        leaf = path_words(path.rsplit(".", 1)[-1])
        if leaf and leaf & words:
            scored.append((len(path_words(path) & words), path))
    default = MEMORY.get(kind)
    if default and "memory" in words and all(path_words(p) & words <= {"memory"} for _, p in scored):
        return [default]  # "lower the memory": the memory it has, not a measurement of memory
    if not scored:
        return []
    best = max(h for h, _ in scored)
    return [p for h, p in scored if h == best]


_CHANGE_VERB = linre.compile(
    r"\b(?:set|change|raise|lower|increase|decrease|reduce|bump|grow|shrink|cut|adjust|modify|resize|tune|alter)"
    r"(?:s|d|ed|ing)?\b",
    linre.IGNORECASE,
)


def turn(engine: ChatEngine, text: str, intent: Intent, st: ChatState) -> ChatReply:
    """One what-if on the session's document: the change applied and judged, or the question it needs."""
    assert st.document is not None
    doc = st.document
    said = compose.split(text)[0] if _asked_of_change(text) else text  # "... does 8G hold then?": 8G is asked
    try:
        try:
            changes = _read(doc, said, st, intent.explicit_set, _focus_fields(engine, st))
        except WhichOne as which:
            current = _current_partition(engine, st) if which.what == "partition" else None
            if current is None or current not in which.candidates:
                raise
            changes = _read(doc, f"{said} (on {current})", st, intent.explicit_set)
        if not changes and said != text:  # the question clause held the words of the change after all
            changes = _read(doc, text, st, intent.explicit_set, _focus_fields(engine, st))
    except WhichOne as which:
        what = "partition" if which.what == "partition" else "setting"
        ask = (
            f"Which {what} should the change apply to: {' or '.join(which.candidates[:6])}? "
            "Name it and I make the change."
        )
        return _question(st, text, ask, f"whatif-{which.what}", which.candidates)
    except ChangeError as exc:
        if intent.explicit_set:  # `set path = value` is the exact form (bots, `advisor ask`): a clear error
            return engine._error(st, f"Cannot apply the change: {exc}")
        return _question(st, text, f"I cannot make that change as said: {exc}. What should it be?", "whatif-none", [])
    if not changes:
        tied = ambiguous_fields(doc, text, read(text))
        if tied:  # "make it dedicated": processor or memory? asked, never guessed
            ask = f"Which setting do you mean: {' or '.join(tied[:4])}? Name it and I make the change."
            return _question(st, text, ask, "whatif-field", tied[:4])
        named = _named_fields(doc, text) if _CHANGE_VERB.search(text) else []
        if len(named) == 1:  # "raise the weight": to what?
            ask = f"What value should {named[0]} have? It is {_show(get_at(doc, named[0]), named[0])} now."
            return _question(st, text, ask, "whatif-value", named, named[0])
        if len(named) > 1:
            ask = f"Which setting do you mean: {' or '.join(named[:4])}? Say it with its new value."
            return _question(st, text, ask, "whatif-none", named[:4])
        return engine._ask(text, intent, st)
    real = [c for c in changes if get_at(doc, c.path) != c.value]
    if not real:
        return _no_op(engine, text, st, changes)
    try:
        new_doc = apply_changes(doc, real)
        after_model = validate_document(new_doc, "document")
    except ChangeError as exc:
        return _question(st, text, f"I cannot make that change as said: {exc}. What should it be?", "whatif-none", [])
    except DocumentError as exc:
        if intent.explicit_set:
            return engine._error(st, f"The change makes the document invalid: {exc}")
        return _refused(st, text, doc, exc)
    result, after = outcome(Context(advisor=engine.advisor), doc, engine._model(st), new_doc, after_model, real)
    diff = ReviewDiff.model_construct(**{name: getattr(result, name) for name in ReviewDiff.model_fields})
    out = Composer()
    read_by = [r.rule_id for r in result.rules_read]
    before = engine.advisor.review(engine._model(st)).findings
    whatif_answer(engine.advisor, doc, real, diff, read_by, out, before)
    if out.empty:
        return engine._error(st, "No rule reads the changed fields; the findings stay as they are.")
    if not (diff.resolved or diff.introduced or diff.changed) and len(read_by) <= 2:  # why nothing moves
        for rid in read_by:
            held_off(engine.advisor, rid, after_model, after, [c.path for c in real], out)
    docfigures.moved(engine._model(st), after_model, out)
    so_far(st.original_document, doc, new_doc, out, engine.advisor, read_by, diff)
    target = _current_partition(engine, st)
    verdict = compose.verdict(
        text, diff, before, after.findings, read_by, (engine._model(st), after_model), out, target
    )
    st.push_document(new_doc)
    st.subject.question = text  # what "and 128 GB?" varies next
    st.findings = refs(after)
    lead = diff.introduced or diff.resolved or after.findings  # what a bare "why?" next asks about
    st.focus = lead[0].rule_id if lead else None
    return engine._reply(
        "whatif",
        st,
        out,
        findings=after.findings,
        diff=diff,
        verdict=verdict,
        follow_ups=followups.after_whatif(after),
    )


def _refused(st: ChatState, text: str, doc: dict, exc: DocumentError) -> ChatReply:
    """A value the schema refuses ("weight 300"): the limit said, and the value asked for again."""
    issue = exc.issues[0]
    path = issue.path[2:] if issue.path.startswith("$.") else issue.path
    now = get_at(doc, path)
    ask = (
        f"{path} cannot take that value: {issue.message[:1].lower()}{issue.message[1:]}"
        f" (it is {_show(now, path)} now). What value should it have?"
    )
    return _question(st, text, ask, "whatif-value", [path], path)


def _no_op(engine: ChatEngine, text: str, st: ChatState, changes: list[Change]) -> ChatReply:
    """ "smt off" when it is off: said so, with the review of the document as it stands."""
    said = "; ".join(f"{c.path} is already {_show(get_at(st.document or {}, c.path), c.path)}" for c in changes[:6])
    return _before_review(engine, text, st, f"Nothing to change: {said} in this document. The review as it stands:")


def nothing_to_undo(engine: ChatEngine, text: str, st: ChatState) -> ChatReply:
    """ "undo" when no what-if has changed the document (the last one asked for the value it already had): said so,
    with the review of the document as it stands, never an error."""
    moved = document_changes(st.original_document or {}, st.document or {})
    now = "; ".join(f"{path} {_show(b, path)}" for path, _, b in moved[:8])
    line = (
        f"Nothing more to undo (only the last changes are kept): the document keeps {now}; 'start over' goes back to "
        "the document as given. The review as it stands:"
        if moved
        else "Nothing to undo: no what-if has changed the document, which is as it was given. The review as it stands:"
    )
    return _before_review(engine, text, st, line, "undo")


def _before_review(engine: ChatEngine, text: str, st: ChatState, line: str, intent: str = "whatif") -> ChatReply:
    """The review of the session's document with one line before it, cited as the review is."""
    reply = engine._review(text, Intent("review"), st)
    if reply.citations:
        reply.answer = f"{line} [1]\n{reply.answer}"
        reply.claims.insert(0, Claim(text=line, citations=[1]))
    else:
        reply.answer = f"{line}\n{reply.answer}"
    reply.intent = intent
    return reply


def resume(engine: ChatEngine, text: str, st: ChatState) -> ChatReply | None:
    """The reply to a what-if question back ("the cpu one", "sapdb01", "200"): the change made; None when the
    message is not an answer to it (the question is dropped and the message taken on its own)."""
    pending = st.pending
    if pending is None or not pending.needs.startswith(PENDING) or st.document is None:
        return None
    st.pending = None
    candidates = [c for c in (pending.raw or "").split(",") if c]
    if len(text.split()) > 8:
        return None
    if pending.needs == "whatif-partition":
        named = [n for n in candidates if n.lower() in text.lower()]
        if len(named) == 1:
            return turn(engine, f"{pending.question} on {named[0]}", Intent("whatif"), st)
        return None
    if pending.needs == "whatif-field":
        words = words_of(text)
        hits = [(len(path_words(c) & words), c) for c in candidates]
        best = max((h for h, _ in hits), default=0)
        chosen = [c for h, c in hits if h == best and h > 0]
        if len(chosen) == 1:
            spelled = " ".join(sorted(path_words(chosen[0])))
            return turn(engine, f"{pending.question} ({spelled})", Intent("whatif"), st)
        return None
    if pending.needs == "whatif-value" and candidates:
        value = linre.sub(r"^\s*(?:(?:make\s+it|set\s+it\s+to|to|it|let'?s\s+say|say|use)\s+)+", "", text)
        value = value.strip(" ?.!")
        if not value or len(value.split()) > 3:
            return None
        return turn(engine, text, Intent("whatif", explicit_set=(candidates[0], value)), st)
    return None


# "undo both changes", "undo the last two", "revert 3 steps": how many what-ifs an undo takes back
_STEPS = linre.compile(r"\b(both|two|2|three|3)\b", linre.IGNORECASE)
_COUNTS = {"both": 2, "two": 2, "2": 2, "three": 3, "3": 3}
# words of an undo that name no field ("undo the last change only")
_UNDO_WORDS = {
    "undo",
    "revert",
    "roll",
    "back",
    "change",
    "changes",
    "only",
    "part",
    "last",
    "step",
    "one",
    "keep",
    "just",
}


def undo(engine: ChatEngine, text: str, st: ChatState) -> ChatReply:
    """ "undo" (the last what-if), "undo both changes" (the last two), "undo the npiv change only" (the fields named
    set back to the document as given, the other changes kept, as a step of its own), each with the figures it moves,
    and "undo. values now?" with the values instead of the review."""
    values = docfigures.asks_values(text)
    said = text[: m.start()] if (m := docfigures.VALUES_NOW.search(text)) else text
    said = compose.split(said)[0] or said  # "revert that one. memory still enough?": the memory is asked, not undone
    named = undone_fields(st, said)
    if named and st.original_document is not None:
        try:
            to = apply_changes(st.document or {}, [Change(p, get_at(st.original_document, p)) for p in named])
        except ChangeError:
            to = None
        if to is not None:
            previous = st.document or {}
            reply = revert(engine, text, st, to, "Undone", values)
            st.previous_documents.append(previous)  # itself a step: "undo" again brings the fields back
            return reply
    steps = undo_steps(said, st)
    to = st.previous_documents[-steps]
    del st.previous_documents[-steps:]
    return revert(engine, text, st, to, "Undone", values)


def undo_steps(said: str, st: ChatState) -> int:
    """How many what-ifs an undo takes back: "undo both" 2, "undo" 1, never more than there are."""
    m = _STEPS.search(said)
    return max(1, min(_COUNTS[m.group(1).lower()] if m else 1, len(st.previous_documents)))


def undone_fields(st: ChatState, said: str) -> list[str]:
    """The fields changed since the document as given that an undo names ("undo the npiv change only"), when they
    are not just those of the last what-if (then it is the plain undo)."""
    if st.document is None or st.original_document is None or not st.previous_documents:
        return []
    words = words_of(said) - _UNDO_WORDS
    changed = [p for p, _, _ in document_changes(st.original_document, st.document)]
    named = [p for p in changed if path_words(linre.sub(r"^partitions\[\d+\]\.", "", p)) & words]
    last = {p for p, _, _ in document_changes(st.previous_documents[-1], st.document)}
    return named if named and set(named) != last else []


def revert(engine: ChatEngine, text: str, st: ChatState, to: dict, what: str, values: bool = False) -> ChatReply:
    """ "undo" (`to` the document before the last what-if) or "start over" (the document as given): the fields
    put back, before and after, what that resolves and introduces (cited), the figures that moves, then the review
    as it stands (`values`: the values as they stand instead, for "undo. values now?")."""
    before_doc, before_model = st.document or {}, engine._model(st)
    st.document = to
    moved = document_changes(before_doc, to)
    verdicts: list[Verdict] = []  # "undo. still ok?", "go back to 4K pages. fits?": asked of the document undone

    def lead(out: Composer) -> None:
        if not moved:
            return
        after_model = engine._model(st)
        before = engine.advisor.review(before_model)
        diff = diff_reviews(before, engine.advisor.review(after_model))
        put_back = [Change(path, b) for path, _, b in moved]
        read_by = readers(Context(advisor=engine.advisor), before_model, after_model, put_back)
        after = engine.advisor.review(after_model)
        cited = read_by[:1] or [f.rule_id for f in (diff.resolved + diff.introduced + after.findings)[:1]]
        cites = [_cite(engine.advisor, rid) for rid in cited]
        if not cites:
            return  # nothing to cite it with: the review below stands alone
        shown = "; ".join(f"{path}: {_show(a, path)} -> {_show(b, path)}" for path, a, b in moved[:8])
        left = len(st.previous_documents)
        out.say(f"{what}: {shown}. {left} more change(s) can be undone.", *cites)
        moved_lines(engine.advisor, diff, out, brief=True)
        docfigures.moved(before_model, after_model, out, undone=True)
        models = (before_model, after_model)
        asked = compose.verdict(text, diff, before.findings, after.findings, read_by, models, out, None, implicit=False)
        verdicts.extend([asked] if asked is not None else [])

    if values:
        out = Composer()
        lead(out)
        review = engine.advisor.review(engine._model(st))
        docfigures.values_lines(engine, st, out)
        st.findings = refs(review)
        st.focus = review.findings[0].rule_id if review.findings else None
        return engine._reply("review", st, out, findings=review.findings, verdict=next(iter(verdicts), None))
    reply = engine._review(text, Intent("review"), st, lead=lead)
    reply.verdict = next(iter(verdicts), reply.verdict)
    return reply


# an undo said first: "undo", "ok revert that", "go back to the original adapters", "scratch that", "nah, forget it"
_UNDO_CLAUSE = linre.compile(
    rf"^\s*{UNDO_LEAD}(?:undo|revert|roll\s*back|go\s+back|back\s+out|scratch\s+that|forget\s+(?:it|that)|"
    r"never\s*mind|nvm|cancel\s+(?:that|it))\b",
    linre.IGNORECASE,
)
# where the undo clause ends and the change begins ("undo that, bump mem", "revert. and now set", "undo + 2G=(4)")
_CLAUSE_END = linre.compile(r"[.,;:!?]|\s[-+&]+\s|\s(?:and|then|but|plus)\b", linre.IGNORECASE)
_REST_LEAD = linre.compile(
    r"^(?:[\s,.;:!+&-]*(?:and|then|now|but|plus|so|ok(?:ay)?)\b)*[\s,.;:!+&-]*", linre.IGNORECASE
)


def undo_then(engine: ChatEngine, text: str, st: ChatState) -> ChatReply | None:
    """ "undo that and set memory to 7 GB", "go back to the original adapters and ...": the undo, then the changes
    the rest of the message reads as, on the document as the undo left it; None when the message does not open
    with an undo or its rest holds no change (the undo and what-if readings take it then)."""
    if st.document is None:
        return None
    m = _UNDO_CLAUSE.match(text)
    end = _CLAUSE_END.search(text[m.end() :]) if m is not None else None
    if m is None or end is None:
        return None
    said, rest = text[: m.end() + end.start()], text[m.end() + end.start() :]
    rest = _REST_LEAD.sub("", rest, count=1).strip()
    if not rest or (linre.search(r"\d", said) and not _STEPS.search(said)):
        return None  # "revert npiv to 20 and ...": a change said as a revert, not an undo
    to = _undone(st, said)
    try:
        changes = read_changes(to, rest)
    except (ChangeError, WhichOne):  # the what-if asks which field or value it means, on the undone document
        return change_after_undo(engine, said, rest, st)
    if not changes:
        return None
    if all(get_at(to, c.path) == c.value for c in changes):  # "... and keep numa 1": the undo alone
        return undo(engine, said, st) if st.previous_documents else None
    return change_after_undo(engine, said, rest, st)


def _undone(st: ChatState, said: str) -> dict:
    """The document an undo clause goes back to: the fields it names as given, or the document before the last
    what-if(s); the document as it is when there is nothing to undo."""
    named = undone_fields(st, said)
    if named and st.original_document is not None:
        try:
            return apply_changes(st.document or {}, [Change(p, get_at(st.original_document, p)) for p in named])
        except ChangeError:
            pass
    if not st.previous_documents:
        return st.document or {}
    return st.previous_documents[-undo_steps(said, st)]


def change_after_undo(engine: ChatEngine, said: str, change: str, st: ChatState) -> ChatReply:
    """The undo `said`, then the change on the document as it left it, with the fields it put back said first."""
    current = st.document or {}
    to = _undone(st, said)
    if undone_fields(st, said) and to is not current:
        st.previous_documents.append(current)  # the fields put back are a step of their own ("undo" brings them)
    elif st.previous_documents:
        del st.previous_documents[-undo_steps(said, st) :]
    st.document = to
    undone = document_changes(to, current)
    reply = turn(engine, change, Intent("whatif"), st)
    if undone and reply.citations:
        shown = "; ".join(f"{path}: {_show(b, path)} -> {_show(a, path)}" for path, a, b in undone[:8])
        line = f"Undone first: {shown}."
        reply.answer = f"{line} [1]\n{reply.answer}"
        reply.claims.insert(0, Claim(text=line, citations=[1]))
    return reply


# "apply it", "ok do that", "apply the fix please": the change the last answer suggested, made
_APPLY = linre.compile(
    r"^\s*(?:(?:ok(?:ay)?|yes|yep|sure|fine|good|please|pls|then|so|now|go\s+ahead\s+and|let'?s)[\s,.!]+)*"
    r"(?:(?:apply|do|make|implement|take|try)\s+(?:it|that|this|them|the\s+(?:fix|change|suggestion|recommendation|"
    r"suggested\s+(?:fix|change)|recommended\s+(?:fix|change|value)|command|one\s+command))"
    r"|(?:turn|switch)\s+(?:it|that|this|them)\s+on|(?:enable|activate)\s+(?:it|that|this|them))"  # "turn it on"
    r"(?:[\s,]+(?:please|pls|then|now|for\s+me))*\s*[.!]*\s*$",
    linre.IGNORECASE,
)


# "fix the fold policy on vios2 too", "and resolve the HPT one": the fix of the finding the words point at
_FIX_NAMED = linre.compile(
    r"^\s*(?:(?:and|also|now|then|please|pls|ok(?:ay)?|so)[\s,]+)*(?:fix|resolve|clear|correct|sort\s+out|remediate)\s+"
    r"(.+?)(?:\s+(?:too|as\s+well|also|please|pls))*\s*[?.!]*\s*$",
    linre.IGNORECASE,
)


_NOT_AN_ORDER = linre.compile(r"^(?:for|of|is|was|would|should|could|here|there|it\?)\b", linre.IGNORECASE)


def applied_fix(engine: ChatEngine, text: str, st: ChatState) -> ChatReply | None:
    """ "apply it" after findings were explained or suggested: the change that clears the finding in focus, or else
    the first finding the last answer named that one change clears; "fix the fold policy on vios2" the finding
    those words point at (advisor/chat/selector.py). The change is the follow-ups' `set path = value` from the
    rule's own condition, or a value the derivations suggest for a field ("lfarea_suggested"), checked by
    reviewing the changed document, and made as a what-if. None when the message is no such request or no finding
    the conversation is on has such a change."""
    named = _FIX_NAMED.match(text)
    if named is not None and ("?" in text or _NOT_AN_ORDER.match(named.group(1))):
        named = None  # "fix for the critical one?": what the fix is, asked (the follow-ups answer it)
    if st.document is None or not (_APPLY.match(text) or named):
        return None
    doc = engine._model(st)
    if doc is None:
        return None
    review = engine.advisor.review(doc)
    if named is not None:
        name = st.document.get("name")
        order = selector.select(
            engine.kb,
            f"{named.group(1)} finding",
            review.findings,
            document_name=name if isinstance(name, str) else None,
        )
    else:
        last = next(reversed(st.recalled("advisor")), "")
        mentioned = sorted((f for f in review.findings if f.rule_id in last), key=lambda f: last.index(f.rule_id))
        order = [f for f in review.findings if f.rule_id == st.focus] + mentioned
    for finding in order:
        unit = next((u for u in units_of(doc) if u.path == finding.path), None)
        if unit is None:
            continue
        fix = followups.fix_suggestion(engine.advisor, finding, st.document, unit.kind, before=review)
        match = _SET_FORM.match(fix or "") or _SET_FORM.match(_suggested(finding, unit) or "")
        if match is not None:
            st.focus = finding.rule_id
            return turn(engine, match.group(0), Intent("whatif", explicit_set=(match.group(1), match.group(2))), st)
    if named is not None and order:  # "fix the vios2 memory": no one change clears it; its fix, with its figure
        targets = sorted({f.target for f in order} & selector.named_targets(text, order))
        return engine._explain(text, Intent("explain", [f.rule_id for f in order[:3]], units=targets), st)
    return None


def _suggested(finding: Finding, unit) -> str | None:
    """A value the derivations compute for a document field as the way out ("lfarea_suggested" for `lfarea`), as a
    `set path = value`; None when they suggest none for this unit."""
    prefix = "" if finding.path == "$" else finding.path[2:] + "."
    types = field_types(unit.kind)
    for key, value in derive.compute(unit.kind, unit.model).values.items():
        field = key.removesuffix("_suggested")
        if key.endswith("_suggested") and field in types and isinstance(value, str | int | float) and value != "":
            return f"set {prefix}{field} = {value}"
    return None


_SET_FORM = linre.compile(r"^set\s+(\S+)\s+=\s+(.+)$")
