"""Command output pasted into a message, read the one way the advisor reads outputs, and the answer from it.

Admins paste what a command printed ("# schedo -o vpm_fold_policy / vpm_fold_policy = 3 / Action required?",
"D VIRTSTOR,LFAREA / IAR019I ... / Is LFAREA sized right?", a bot's "lparstat -i (aix1): ...") and ask about it.
The output is read by the command parsers (advisor/parsers: each block detected, or parsed as the command its prompt
or the line before it names) and assembled into a document of the kind the outputs show (advisor.inputs, as
`advisor parse` does), and the rules review that document. The answer, before what the question's words find:

* the verdict, when the question asks whether something is wrong ("anything wrong?", "action required?", "do I
  care?": yes when a rule fires on the values read) or whether it is right ("sized right?", "ok?", "fine?": no when
  one fires); no verdict when no rule could be assessed on what was pasted;
* each finding the values read give, with its fix and citations (the rule's);
* the values read, each with what the field means and the line it was read from, cited by the rules that judge it;
* the figures the sources define from them (expanded memory = true memory x factor, ...: advisor/chat/docfigures).

Nothing is guessed: a value the parsers cannot read for sure is not in the document (the parser's warning says
why), and a rule that needs it is not assessed; no "it is fine" while a rule reading a value pasted could not be
assessed. The top finding becomes the session's focus, so "the fix?" or "the command?" after it are about it; the
document stays out of the session (a paste is no configuration to run what-ifs on).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from advisor import derive, linre
from advisor.chat import docfigures, polarity
from advisor.chat.fieldwords import stem
from advisor.chat.numbers import fmt
from advisor.chat.reader import read as read_text
from advisor.chat.reader.pasted import MAX_LINES, line_kinds, printed, prompted
from advisor.chat.reply import ChatCitation, ChatReply, Composer, Verdict, carry, from_out, renumbered
from advisor.chat.review import could_fire, finding_lines
from advisor.documents.errors import DocumentError
from advisor.inputs import LoadedInput, TextInput, load_texts
from advisor.knowledge.text import STOPWORDS
from advisor.parsers import registry
from advisor.parsers.base import ParseError
from advisor.review import build_fact, units_of

if TYPE_CHECKING:
    from advisor.chat.engine import ChatEngine

NAME = "<partition>"  # the system's name when no output names it (z/OS and lscpu outputs never do)
MAX_BLOCKS = 8
MAX_VALUES = 12  # values read that the answer lists
_HEADS = frozenset(c.split()[0].lower() for c in registry.commands())
_WORD = linre.compile(r"[A-Za-z0-9_.,/+*-]+")
# what leads from a command to the output quoted after it: "shows", "says", "header says:", "output -"
_LEAD = linre.compile(
    r"^[\s:=-]*(?:(?:the\s+)?(?:header|output|banner|line|report)\s+)?(?:shows?|says?|reports?|prints?|gives?|"
    r"displays?|returns?)?[\s:=-]*",
    linre.IGNORECASE,
)
_TOPIC = linre.compile(r"[a-z][a-z0-9]{2,}")
_FAMILIES = frozenset({"ame", "hpux", "lpar", "net", "stor", "vios", "wpar", "zos", "zvm"})  # rule families: no topic
_CLAUSE = linre.compile(r"[,;]\s*|\.\s+|\s+and\s+", linre.IGNORECASE)


@dataclass
class Readout:
    """The document the pasted outputs make and where each of its values was read; what is asked of it."""

    loaded: LoadedInput
    question: str  # the message's lines that are no output

    @property
    def document(self) -> dict[str, Any]:
        return self.loaded.document_json()


def _named(line: str) -> str | None:
    """The command a line names ("lparstat -i (aix1):", "netstat -v ent0 attached by nmon-bot"), as the registry
    knows it; None when it names none."""
    words = _WORD.findall(line[:300])
    for i, word in enumerate(words[:40]):
        if word.lower().lstrip("#$") not in _HEADS:
            continue
        for n in (4, 3, 2, 1):
            parser = registry.parser_for(" ".join(words[i : i + n]))
            if parser is not None:
                return str(parser.COMMAND)
    return None


def blocks(lines: list[str], kinds: list[str]) -> list[TextInput]:
    """The runs of output lines (blank lines inside a run kept), cut at each prompt line: what a prompt's command
    printed is read as that command's output; a run without a prompt as the command its first line or the line
    before it names (None: detected)."""
    spans: list[tuple[int, int, str | None]] = []
    start, command = -1, None
    for i, (line, kind) in enumerate([*zip(lines, kinds, strict=True), ("?", "")]):
        # a command named: its output goes on through lines that read as printed ("2.5 target memory expansion
        # factor", "%user %sys ... dxm"), up to a line of the question
        goes_on = command is not None or any(k for k in kinds[i + 1 : i + 2])  # a rule line between output lines
        ends = (not kind and line.strip() and not (goes_on and printed(line))) or kind == "prompt"
        if ends and start >= 0:
            spans.append((start, i, command))
            start = -1
        intro = _introduces(line, kind)
        if kind == "prompt" or intro:
            if start >= 0:
                spans.append((start, i, command))
            start, command = i + 1, intro or _named(prompted(line) or "") or ""
        elif kind and start < 0:
            before = next((lines[j] for j in range(i - 1, -1, -1) if lines[j].strip()), "")
            start, command = i, _named(line) or _named(before)
    found: list[TextInput] = []
    for a, b, named in spans:
        body = [line for line in lines[a:b] if line.strip()]
        if not body or named == "":  # a prompt whose command no parser reads (oem_setup_env, exit)
            continue
        text = "\n".join(lines[a:b]).strip("\n") + "\n"  # a last line without its line end reads as cut off
        found.append(TextInput(text=text, source=f"pasted output {len(found) + 1}", command=named))
    return found[:MAX_BLOCKS]


def _introduces(line: str, kind: str) -> str | None:
    """The command a line introduces the output under it with: "vmstat -sc on sapapp03:", or a command line typed
    without its prompt ("lsattr -El mem0", "lparstat -c 30 3 on sapapp11"); None for any other line."""
    if kind == "prompt" or "?" in line:
        return None
    words = _WORD.findall(line[:300])
    if not kind and line.rstrip().endswith(":"):
        return _named(line)
    return _named(line) if words and words[0].lower() in _HEADS else None


def quoted(line: str) -> TextInput | None:
    """Output quoted inside a sentence, after the command that printed it ("vmstat -vc: 2.0 target memory expansion
    factor, 1.6 achieved memory expansion factor. bad?", "D VIRTSTOR,LFAREA shows TOTAL LFAREA = 64G, MAX LFAREA
    ALLOCATED (4K) = 40G"): its clauses, one a line, as that command's output; None when the line names no
    command or quotes no figure."""
    command = _named(line)
    if command is None:
        return None
    at = line.lower().find(command.lower())
    rest = _LEAD.sub("", line[at + len(command) :]) if at >= 0 else ""
    clauses = [(c or "").strip(" .") for c in _CLAUSE.split(rest.split("?")[0])]
    clauses = [c for c in clauses if any(ch.isdigit() for ch in c)]
    if not clauses:
        return None
    # "1.8 target and 1.8 achieved memory expansion factor": the last clause's head noun goes with the short ones
    last = clauses[-1].split()
    clauses = [f"{c} {' '.join(last[2:])}" if len(c.split()) == 2 and len(last) > 2 else c for c in clauses]
    return TextInput(text="\n".join(clauses) + "\n", source="the output quoted", command=command)


def read(message: str) -> Readout | None:
    """The document the message's pasted outputs make; None when it has none the parsers read into one."""
    lines = message.split("\n")[:MAX_LINES]
    kinds = line_kinds(lines)
    items = blocks(lines, kinds)
    items += [q for q in (quoted(x) for x, k in zip(lines, kinds, strict=True) if not k and x.strip()) if q]
    if not items:
        return None
    parsed = [item for item in items if _parses(item)]  # a ticket's header line read as output is left out
    loaded = _load(parsed) if parsed else None
    if loaded is None or not loaded.provenance:
        return None
    question = "\n".join(line for line, kind in zip(lines, kinds, strict=True) if not kind and line.strip())
    return Readout(loaded, question)


def _parses(item: TextInput) -> bool:
    try:
        registry.parse_output(item.text, item.command)
    except ParseError:
        return False
    return True


def _load(items: list[TextInput]) -> LoadedInput | None:
    try:
        return load_texts(items, name=NAME, source="the pasted output")
    except DocumentError:
        return None


def answer(engine: ChatEngine, readout: Readout, reply: ChatReply) -> ChatReply:
    """The answer to a question with pasted output: the verdict and findings the rules give on the values read, the
    values with their meaning, the sources' figures from them, then `reply` (what the question's words find)."""
    st, text = reply.state, readout.question
    model = readout.loaded.model
    review = engine.advisor.review(model, readout.loaded.provenance_text())
    out = Composer()
    assessed, unassessed = _assessed(engine, review, readout)
    asked = polarity.asked(text) if (read_text(text).yes_no or polarity.asks_wrong(text)) else None
    verdict = None
    if asked and (review.findings or (assessed and not unassessed)):
        fired = review.findings[0] if review.findings else None
        rule = fired.rule_id if fired else assessed[0]
        cite = from_out(engine.advisor.citations(rule)[0], f"rule:{rule}")
        yes = (fired is not None) == (asked == "problem")
        if fired is not None:
            because = f"{fired.rule_id} ({fired.severity}) fires on the values pasted: {fired.message}"
        else:
            because = f"{', '.join(assessed)} assessed on the values pasted, and none fires"
        out.say(f"{'Yes' if yes else 'No'}: {because.rstrip('.')}.", cite)
        verdict = Verdict(answer="yes" if yes else "no", because=because, citations=[1])
    finding_lines(engine.advisor, review.findings, out)
    _values(engine, readout, out)
    figures = docfigures.asked("", model, None, every=True)
    if figures is not None:
        out.extend(figures.out)
    if out.empty:
        return reply
    kept = reply.covered and reply.intent not in ("out-of-scope", "clarify")
    if kept:
        carry(out, reply)
    if review.findings:  # what "the fix?", "the command?" of a follow-up point at
        st.focus = review.findings[0].rule_id
    return engine._reply(
        reply.intent if kept else "review",
        st,
        out,
        findings=review.findings,
        verdict=verdict or (renumbered(reply.verdict, reply, out) if kept else None),
        questions=reply.questions if kept else [],
        calculations=reply.calculations if kept else [],
    )


def _assessed(engine: ChatEngine, review, readout: Readout) -> tuple[list[str], list[str]]:
    """The rules that read a value pasted: those assessed on it (fired or quiet), and those that could not be (a
    value they also need was not pasted): a quiet review is an answer only when there are none of the second."""
    model = readout.loaded.model
    fact = build_fact(units_of(model)[0], derive.compute(model.kind, model).values)
    missing = {  # a rule the values pasted already rule out, whatever the values it lacks, counts as quiet
        n.rule_id
        for n in review.not_assessed
        if could_fire(engine.advisor.rulebook.rules[n.rule_id], fact, set(n.missing)) is not False
    }
    pasted = set(readout.loaded.provenance)
    reading = [
        rule
        for rule in engine.advisor.rulebook.for_kind(readout.loaded.model.kind)
        if any(_reads(r, pasted) for r in rule.rule.requires)
    ]
    # "any AME deficit?", "1.8 target and 1.8 achieved ... good?": the rules whose title and fields name the most words
    # of the question, when some name any
    words = {stem(w) for w in _TOPIC.findall(readout.question.lower())} - _FAMILIES - {stem(w) for w in STOPWORDS}

    def overlap(rule) -> int:
        return len(words & {stem(w) for w in _TOPIC.findall(" ".join((rule.rule.title, *rule.rule.requires)).lower())})

    best = max((overlap(r) for r in reading), default=0)
    named = [r for r in reading if best and overlap(r) == best]
    ids = [r.id for r in named or reading]
    return [r for r in ids if r not in missing], [r for r in ids if r in missing]


def _reads(required: str, pasted: set[str]) -> bool:
    return any(p == required or p.startswith(required + ".") or required.startswith(p + ".") for p in pasted)


def _values(engine: ChatEngine, readout: Readout, out: Composer) -> None:
    """Each value read, with its unit, what the field means and the line it was read from, cited by the rules that
    judge it (a value no rule reads is not listed: there is no source to say what it means)."""
    schema = readout.loaded.model.model_json_schema()
    for path, source in list(readout.loaded.provenance.items())[:MAX_VALUES]:
        cites = _rule_cites(engine, path)
        spec = _field(schema, path)
        if not cites or spec is None:
            continue
        value = _at(readout.document, path)
        if value is None or isinstance(value, dict | list):
            continue
        unit = spec.get("x-unit") or ""
        shown = fmt(value) if isinstance(value, int | float) and not isinstance(value, bool) else str(value)
        meaning = str(spec.get("description", "")).split(". ")[0].rstrip(".")
        line = " ".join(source.line.split())[:120]
        out.say(
            f"Read from the pasted {source.command} (line '{line}'): {path} = {shown}"
            f"{' ' + unit if unit and unit != 'factor' else ''}: {meaning}.",
            *cites[:2],
        )


def _rule_cites(engine: ChatEngine, path: str) -> list[ChatCitation]:
    for rule in engine.advisor.rulebook.rules.values():
        if any(_reads(r, {path}) for r in rule.rule.requires):
            return [from_out(c, f"rule:{rule.id}") for c in engine.advisor.citations(rule.id)]
    return []


def _field(schema: dict, path: str) -> dict | None:
    """The JSON Schema of a dotted field path (`ame.deficit_mb`; list items by index)."""
    node: dict | None = schema
    defs = schema.get("$defs", {})
    for part in path.split("."):
        if node is None:
            return None
        node = _deref(node, defs)
        if part.isdigit() and node.get("type") == "array":
            node = node.get("items")
        else:
            node = node.get("properties", {}).get(part)
    return _deref(node, defs) if node is not None else None


def _deref(node: dict, defs: dict) -> dict:
    for choice in node.get("anyOf", []):
        if choice.get("type") != "null":
            node = {**choice, **{k: v for k, v in node.items() if k != "anyOf"}}
            break
    ref = node.get("$ref", "")
    return {**defs.get(ref.rsplit("/", 1)[-1], {}), **{k: v for k, v in node.items() if k != "$ref"}} if ref else node


def _at(document: dict, path: str) -> Any:
    value: Any = document
    for part in path.split("."):
        if isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        elif isinstance(value, dict):
            value = value.get(part)
        else:
            return None
    return value
