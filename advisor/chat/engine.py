"""The chat engine: one turn in, one grounded reply out, state carried as plain data.

`ChatEngine().turn(message, state, document=None)` recognises the intent (advisor/chat/
intents.py), runs the matching turn (review, explain, what-if, undo, ask) and returns a
ChatReply whose `state` is the new session state: the caller stores `reply.state` (JSON) and
passes it back with the next message. The engine holds no session of its own, so any process
can answer any turn of any session.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Callable
from typing import Any

from advisor import budget, linre
from advisor.chat import ask as asking
from advisor.chat import changewords, docfigures, focus, followups, readout, selector, tables, whatif
from advisor.chat.calc import calculate
from advisor.chat.dialogue import (
    MAX_FOLLOW_UP_WORDS,
    Resolution,
    document_inputs,
    fragment_of,
    meaning_asked_of,
    points_back,
    topicless,
    with_context,
)
from advisor.chat.dialogue import lead_in_stripped as _lead_in_stripped
from advisor.chat.dialogue import resolve as resolve_follow_up
from advisor.chat.explain import explain_rule_alone, explain_with_document, still_there
from advisor.chat.fieldwords import stem
from advisor.chat.intents import UNDO_LEAD, Intent, bare_why, recognise, rule_ids
from advisor.chat.judge import change_outcome, document_levels, earlier_questions
from advisor.chat.reader import read
from advisor.chat.reader.bridge import in_conversation, to_english
from advisor.chat.reader.pasted import condense
from advisor.chat.reader.shorthand import expand
from advisor.chat.reader.wrappers import unwrap
from advisor.chat.reply import ChatReply, Claim, Composer, Question, Verdict, from_out
from advisor.chat.review import refs, review_answer, scoped
from advisor.chat.smalltalk import EXAMPLES, small_talk
from advisor.chat.state import ChatState, Subject
from advisor.chat.whatif import _show
from advisor.chat.wording import document_changes
from advisor.documents.errors import DocumentError
from advisor.documents.io import validate_document
from advisor.documents.limits import deep_issue
from advisor.findings import Review
from advisor.knowledge import KnowledgeBase, knowledge_base
from advisor.knowledge.inventory import INVENTORY, base_id
from advisor.knowledge.retrieval import split_aside
from advisor.knowledge.text import STOPWORDS
from advisor.knowledge.topic import facets
from advisor.review import Advisor, default_advisor, units_of

_KIND_TAGS = {
    "aix-lpar": "aix",
    "vios": "vios",
    "managed-system": "powervm",
    "hpux-server": "hpux",
    "zos-lpar": "zos",
    "zvm-lpar": "zvm",
}


def inline_document(message: str) -> tuple[dict | None, str]:
    """A JSON document pasted into the message (an object with a "kind"), and the message without it.

    JSON nested past the recursion limit raises DocumentError (not RecursionError): the limits of
    every other way in (advisor/documents/limits.py) apply when the engine validates the document."""
    start, end = message.find("{"), message.rfind("}")
    if start < 0 or end <= start:
        return None, message
    try:
        data = json.loads(message[start : end + 1])
    except RecursionError:
        raise DocumentError("message", [deep_issue()]) from None
    except json.JSONDecodeError:
        return None, message
    if not isinstance(data, dict) or "kind" not in data:
        return None, message
    return data, (message[:start] + " " + message[end + 1 :]).strip()


# what a document's name stands for in a question ("will SYSA IPL with this LFAREA?" -> "will this system IPL ...")
_KIND_NOUNS = {
    "aix-lpar": "this LPAR",
    "vios": "this VIOS",
    "managed-system": "this server",
    "hpux-server": "this server",
    "zos-lpar": "this system",
    "zvm-lpar": "this LPAR",
}


def without_document_name(text: str, doc: dict | None) -> str:
    """The question with the session's document named by its kind, not its name: a host or system name ("SYSA",
    "sapapp07", "PRD1") is no topic the sources could discuss, and read as one it makes the question look like
    one about an unknown product."""
    name = doc.get("name") if doc else None
    noun = _KIND_NOUNS.get(str(doc.get("kind", ""))) if doc else None
    if not isinstance(name, str) or not noun or not 2 <= len(name) <= 60 or name.lower() not in text.lower():
        return text
    pattern = r"(?:\b(?:the|this|our|my)\s+(?:lpar|vios|server|system|box|partition|host)\s+)?"
    pattern += r"(?:\b|^)" + linre.escape(name) + r"(?:'s)?(?:\b|$)"
    return linre.sub(pattern, noun, text, flags=linre.IGNORECASE)


def document_platforms(doc: dict | None) -> set[str]:
    if not doc:
        return set()
    tags = {_KIND_TAGS.get(doc.get("kind", ""), "")}
    for key in ("processor", "machine"):
        if isinstance(doc.get(key), str):
            tags.add(doc[key].lower())
    return {t for t in tags if t}


def _words(text: str) -> list[str]:
    """Lower-case words of two or more letters or digits, a plural's s off ("buffer_pools" -> buffer, pool)."""
    return [w.removesuffix("s") for w in linre.findall(r"[a-z0-9]{2,}", text.lower())]


# "can I just set numa_policy=1?", "should we enable SMT?", "ok to raise it?": a change proposed, asked yes or no
_PROPOSED = linre.compile(
    r"\b(?:(?:can|could|may|should|shall)\s+(?:I|we)|ok(?:ay)?\s+to|fine\s+to|safe\s+to)\s+(?:just\s+|simply\s+|safely\s+)?"
    r"(?:set|kctune|enable|disable|turn|switch|change|raise|lower|increase|decrease|bump|put|add|remove)\b",
    linre.IGNORECASE,
)
JUDGED_RULES = 8  # rules of the topic a "is my X ok?" judges: any that fires answers No
MAX_EXPLAINED = 3  # findings a message points at that are explained; more on the systems it names: their review
JUDGED_ALSO = 3  # of the rules that fire, the first is explained, the next ones named with their message
# words that ask about the document as a whole, not about a part of it ("config attached. is AME ok here?")
_WHOLE_DOCUMENT = frozenset(
    """config configuration setup attached here whole overall everything things all lpar vios server system partition
    box host point view perspective side respect standpoint""".split()
)

_JUDGEMENT = linre.compile(
    r"\b(?:ok|okay|enough|fine|right|correct|good|big|large|small|sized|safe|sane|set|configured|high|low)\b",
    linre.IGNORECASE,
)
# "how much does it need?", "what should it be?", "what's the limit?": the figure of the rule in focus
_FIGURE_ASKED = linre.compile(
    r"\bhow\s+(?:much|many|big|large)\b|\bwhat\s+(?:should|would|must)\s+it\s+be\b|\b(?:the\s+)?(?:limit|minimum|maximum|"
    r"target|recommended\s+(?:size|value))\s*\?",
    linre.IGNORECASE,
)
# "and memory?", "what about the numa policy?": another part of the document, named alone
_AND_PART = linre.compile(
    r"^\s*(?:and|what\s+about|how\s+about)\s+(?:the\s+)?([a-z_/.-][a-z_ /.-]{1,39}?)\s*\??\s*$", linre.IGNORECASE
)
# a message id the sources name (IAR048I, IEA341A): what "which message tells me?" after a what-if asks about
_MESSAGE_ID = linre.compile(r"\b[A-Z]{3}\d{3}[A-Z]\b")
MAX_NAMED_BEFORE = 3
_CHANGE_LEADS = frozenset({"with", "without", "if", "at", "on", "for", "in", "after", "before", "instead", "when"})
# "how much 1M memory does this reserve?", "what size is the swap then?": a figure asked of the attached document
_SIZE_ASKED = linre.compile(r"\bhow\s+(?:much|many|big|large)\b|\bwhat\s+size\b|\bsize\s+of\b", linre.IGNORECASE)
# "undo that.", "revert the last change and", "roll back, then": the undo, before a change said with it
_AFTER_UNDO = linre.compile(
    rf"^\s*{UNDO_LEAD}(?:undo|revert|roll\s*back|go\s+back)\b(?:\s+(?:that|it|this|the\s+last(?:\s+(?:one|change))?))?"
    r"[\s.,;:!-]*(?:(?:and|then)\b[\s,]*)*",
    linre.IGNORECASE,
)
_IT = linre.compile(r"\b(?:it|its|it's|this|that|they|them)\b", linre.IGNORECASE)
_ABOUT_IT = linre.compile(r"\b(?:my|our|this|the|it|its|these|that|here)\b", linre.IGNORECASE)


def _amounts(text: str) -> bool:
    """Amounts with a unit or a thing counted ("256 GB online", "4 FC ports"): a calculator's follow-up, which the
    dialogue's amount rules and the question before it answer, not the last answer's passages. A figure ("and at
    4.7?") may name one of those passages' figures; a small whole number ("which one") names nothing."""
    return any(q.kind != "number" or ("." not in q.raw and q.value < 10) for q in read(text).quantities)


# "cmd?", "msg id?", "the cmd pls": a message this short is spelled out before the follow-up readings see it
TERSE_WORDS = 3


# "should SMT be on?", "do we need to enable SMT?", "is it recommended to switch X on?": what to do, not "is it ok?"
_SHOULD_ON = linre.compile(
    r"\b(?:should|shall|ought\s+to|need\s+to|recommended\s+to)\b[^.?!]{0,60}"
    r"(?:\b(?:be\s+)?(?:on|enabled|switched\s+on|turned\s+on|activated)\b|\b(?:enable|activate|switch\s+on|turn\s+on)\b)",
    linre.IGNORECASE,
)
# a review asked with a question of a figure: "does 6G pass?", "enough instances?", "still short?"
_ASKS_FIGURE = linre.compile(r"\b(?:pass(?:es)?|enough|short|fits?|holds?)\b[^.!]{0,60}\?", linre.IGNORECASE)
_FIX_ON = linre.compile(r"\s*(?:enable|switch\s+on|turn\s+on|activate)\b", linre.IGNORECASE)


class ChatEngine:
    def __init__(self, advisor: Advisor | None = None, kb: KnowledgeBase | None = None):
        self.advisor = advisor or default_advisor()
        self.kb = kb or knowledge_base(self.advisor.rulebook)

    # ------------------------------------------------------------------ entry point
    def turn(self, message: str, state: ChatState | dict | None = None, document: dict | None = None) -> ChatReply:
        """One turn, under the chat budget (advisor/budget.py): BudgetExceeded past it, nothing half-done kept."""
        with budget.limit("chat"):
            return self._turn(message, state, document)

    def _turn(self, message: str, state: ChatState | dict | None, document: dict | None) -> ChatReply:
        st = ChatState.coerce(state)
        message = unwrap(message or "").text  # "[ci-gate] ...", "Ticket #1: RE: ...", {"text": ...}: the inner message
        try:
            inline, text = inline_document(message)
        except DocumentError as exc:
            return self._finish(st, message, self._error(st, f"The document is not valid: {exc}"))
        text = condense(text, self.kb.knows).text  # pasted command output: its known words, not its host names
        new_doc = document if document is not None else inline
        if new_doc is not None or st.document is not None:
            text = changewords.english(text)  # "y si migramos a z13?": the what-if in the words the reader knows
        # "wie viele SAP Instanzen pro Core?": the frame around the terms in English; "befehl?" after a German question
        text = in_conversation(text, st.recalled("user")).text
        if len(text.split()) <= TERSE_WORDS:  # "cmd?", "msg id?": a terse follow-up in plain words, so the
            spelt = expand(text)  # follow-up readings know it; a spelling that adds or drops words stays as said
            text = spelt if len(spelt.split()) == len(text.split()) else text
        if new_doc is not None and st.document is not None and new_doc in (st.document, st.original_document):
            new_doc = None  # a bot attaching the same document to every turn: the session goes on, what-ifs kept
        if new_doc is not None:
            try:
                validate_document(new_doc, "document")
            except DocumentError as exc:
                return self._finish(st, message, self._error(st, f"The document is not valid: {exc}"))
            st.document, st.previous_documents, st.findings, st.focus = new_doc, [], [], None
            st.original_document = new_doc
        said, text = text, without_document_name(text, st.document)
        reading = read(text)
        composed = whatif.undo_then(self, text, st) if new_doc is None else None  # "undo and set 2G to (4)"
        if composed is not None:
            return self._finish(st, message, composed)
        if whatif.cued_change(text, st):  # "sapapp01 -> factor 2.0", "business wants weight 255. impact?"
            return self._finish(st, message, self._whatif(text, Intent("whatif"), st))
        picked = self._picked(said, reading, st)
        if picked is not None:  # "why is sapapp01 critical?", "the remaining medium one": that finding explained
            handle = self._review if picked.name == "review" else self._explain
            return self._finish(st, message, handle(text, picked, st))
        if new_doc is None:
            again = self._judged_again(text, st)  # "and memory?" after "is folding configured right on it?"
            if again is not None:
                return self._finish(st, message, again)
            applied = whatif.applied_fix(self, text, st)  # "apply it": the fix just explained or suggested
            if applied is not None:
                return self._finish(st, message, applied)
            resumed = whatif.resume(self, text, st)  # the reply to a what-if's question back
            if resumed is not None:
                return self._finish(st, message, resumed)
            if whatif.stands_alone(text, reading, st):  # "what if there was no flash express": its own change
                return self._finish(st, message, self._whatif(text, Intent("whatif"), st))
            status = whatif.status_after(self, text, reading, st)  # "is the page mismatch still there now?"
            if status is not None:
                return self._finish(st, message, status)
            figure = docfigures.turn(self, text, reading, st)  # "expanded memory now?" after a what-if
            if figure is not None:  # the figure of the document as the what-ifs left it
                return self._finish(st, message, figure)
            follow = resolve_follow_up(text, reading, st, self.kb)
            if follow is not None:
                reply = self._follow_up(follow, text, st)
                if reply is not None:
                    return self._finish(st, message, reply)
        st.pending = None
        intent = recognise(text, has_document=st.document is not None, new_document=new_doc is not None)
        if intent.name == "explain" and not intent.rule_ids and bare_why(text) and self._answered_question(st):
            reply = self._about_answer(text, st)  # "why?" after "at what CPU utilization were the runs held?"
            if reply is not None:
                return self._finish(st, message, reply)
        if (intent.name == "ask" or (intent.name == "review" and new_doc is not None)) and whatif.reads_as_change(
            text, reading, st
        ):
            intent = Intent("whatif")  # "pinned memory 12%" after a what-if: another change
        if (
            intent.name == "review"
            and new_doc is not None
            and reading.yes_no
            and (_ABOUT_IT.search(text) or _JUDGEMENT.search(text))
        ):  # "smt setting ok?", "lfarea ok y/n" with the document: that part judged, not the whole reviewed
            intent = Intent("ask", intent.rule_ids)  # "is my LFAREA ok?" with the document: judge, then answer
        handler = {
            "review": self._review,
            "undo": self._undo,
            "whatif": self._whatif,
            "explain": self._explain,
            "ask": self._ask,
        }[intent.name]
        prior = st.subject.model_copy(deep=True)
        rule = st.focus or st.subject.rule
        if (
            new_doc is None
            and intent.name == "ask"
            and st.document is not None
            and rule in self.advisor.rulebook.rules
            and len(text.split()) <= 6
            and not reading.quantities
            and _FIGURE_ASKED.search(text)
            and _IT.search(text)
        ):  # "how much does it need?" after "is the memory of this vios enough?": the rule's figure on the document
            return self._finish(st, message, self._explain(text, Intent("explain", [rule]), st))
        if self._figure_of_document(text, intent, reading, st, new_doc is not None):
            joined = f"{document_inputs(st.document or {})}, {text.strip()}"  # "how much memory does this vios need?"
            return self._finish(st, message, self._ask(joined, Intent("ask"), st))
        if new_doc is None and intent.name == "ask" and prior.question and topicless(self.kb, text, reading):
            in_context = self._in_context(text, prior, st)  # "syntax?" after "explain LFAREA"
            if in_context is not None:
                return self._finish(st, message, in_context)
        reply = handler(text, intent, st)
        if reply.intent == "out-of-scope":
            reply = (None if new_doc is not None else self._in_context(text, prior, st)) or (
                self._about_document(text, st) or self._small_talk(text, st) or reply
            )
        return self._finish(st, message, reply)

    def _figure_of_document(self, text: str, intent: Intent, reading, st: ChatState, new_doc: bool) -> bool:
        """A figure asked of the attached document ("how much 1M memory does this reserve?", "how many SAP instances
        should it run?") that a calculator computes from the document's own inputs, where the message alone does
        not (figures the user gives win)."""
        if st.document is None or not _SIZE_ASKED.search(text):
            return False
        if not (intent.name == "ask" or (intent.name == "review" and new_doc) or _SIZE_ASKED.match(text)):
            return False  # a change ("what if it had 4 more ports, how much then?") is the what-if's
        alone = calculate(text, {p.tag for p in reading.platforms}, reading)
        inputs = document_inputs(st.document)
        if not inputs or (alone is not None and alone.calculations):
            return False
        joined = f"{inputs}, {text.strip()}"
        together = read(joined)
        computed = calculate(joined, {p.tag for p in together.platforms}, together)
        return computed is not None and bool(computed.calculations)

    def _picked(self, said: str, reading, st: ChatState) -> Intent | None:
        """An explain of the findings a message points at by severity, target or topic (advisor/chat/selector.py),
        or by rule id with a system named ("what is this LPAR-008 low finding on p9-frame1 about?", on that system);
        None for a rank (the intents read it), a change, a yes/no question or a figure asked, which other turns
        answer."""
        if st.document is None or not selector.points_at(said) or reading.yes_no:
            return None
        intent = recognise(said, has_document=True, new_document=False)
        if intent.name in ("whatif", "undo") or intent.ordinal is not None:
            return None
        doc = self._model(st)
        findings = self.advisor.review(doc).findings if doc is not None else []
        ids = rule_ids(said)
        if ids:  # the rule named; the systems named with it narrow the explanation to them
            named = sorted(selector.named_targets(said, [f for f in findings if f.rule_id in ids]))
            return (
                Intent("explain", ids, negative=intent.negative, units=named) if intent.name != "ask" or named else None
            )
        name = st.document.get("name")
        chosen = selector.select(
            self.kb, said, findings, document_name=name if isinstance(name, str) else None, focus=st.focus
        )
        units = sorted(selector.named_targets(said, chosen))
        if chosen and len(chosen) > MAX_EXPLAINED and units:
            return Intent("review", units=units)  # "what about sapapp01 on that frame?": its findings lead the review
        if not chosen or len(chosen) > MAX_EXPLAINED:
            return None
        return Intent("explain", [f.rule_id for f in chosen], units=units)

    def _small_talk(self, text: str, st: ChatState) -> ChatReply | None:
        """A greeting, thanks or "what can you do?": a short help answer, not a refusal."""
        answer = small_talk(text)
        if answer is None:
            return None
        return ChatReply(intent="help", answer=answer, citations=[], state=st, follow_ups=list(EXAMPLES[1:]))

    def _changes(self, text: str, st: ChatState) -> ChatReply:
        """ "what changed?": every field the what-ifs changed against the document as given, then the review."""
        moved = document_changes(st.original_document or {}, st.document or {})
        reply = self._review(text, Intent("review"), st)
        if moved:
            shown = "; ".join(f"{path}: {_show(a, path)} -> {_show(b, path)}" for path, a, b in moved[:12])
            line = f"Changes so far against the document as given: {shown} ('undo' steps back, 'start over' resets)."
        else:
            line = "No changes yet: the document is as it was given."
        if reply.citations:
            reply.answer = f"{line} [1]\n{reply.answer}"
            reply.claims.insert(0, Claim(text=line, citations=[1]))
        return reply

    def _overall(self, text: str, st: ChatState) -> ChatReply:
        """ "is this ok?" about the session's document with nothing in focus: the review, verdict first."""
        reply = self._review(text, Intent("review"), st)
        findings = reply.findings
        if findings:
            top = findings[0]
            answer, because = "no", f"{len(findings)} finding(s); the most severe is {top.rule_id} ({top.severity})"
        else:
            answer, because = "yes", "no rule fires on this document (see what could not be assessed below)"
        if reply.citations:
            reply.answer = f"{answer.capitalize()}: {because}. [1]\n{reply.answer}"
            reply.claims.insert(0, Claim(text=f"{answer.capitalize()}: {because}.", citations=[1]))
            reply.verdict = Verdict(answer=answer, because=because, citations=[1])  # type: ignore[arg-type]
        return reply

    def _unclear(self, text: str, st: ChatState) -> ChatReply:
        """A follow-up with a number the last question has no single place for: asked back, not guessed."""
        last = (st.subject.question or "").strip(" ?.!")
        ask = (
            f"Which value of your last question ({last!r}) should {text.strip(' ?.!')!r} replace? "
            "Please ask again with the whole question (for example with its unit: GB, cores, ports, factor)."
        )
        return ChatReply.clarify(ask, [Question(path="message", question=ask)], st)

    def _about_document(self, text: str, st: ChatState) -> ChatReply | None:
        """A short message refused on its own in a session with a document ("is 4 GB enough?", "how much does
        it need?", "what's the limit?"): the rule in focus judged or explained on that document."""
        if st.document is None or not fragment_of(self.kb, text, None):
            return None
        rule = st.focus or st.subject.rule
        if not rule or rule not in self.advisor.rulebook.rules:
            return self._overall(text, st) if read(text).yes_no else None
        if read(text).yes_no:
            return self._judge_document([rule], st)
        return self._explain(text, Intent("explain", [rule]), st)

    def _in_context(self, text: str, prior: Subject, st: ChatState) -> ChatReply | None:
        """A short message refused on its own ("uncapped?", "how?", "how do I create one?"), asked with
        the question it follows; None (the refusal stands) when it names anything the sources do not know."""
        if not fragment_of(self.kb, text, prior):
            return None
        after = st.subject
        st.subject = prior
        question = with_context(_lead_in_stripped(text), prior.question or "")
        reply = self._ask(question, Intent("ask", rule_ids(question)), st)
        if reply.covered:
            return reply
        st.subject = after
        return None

    def _finish(self, st: ChatState, message: str, reply: ChatReply) -> ChatReply:
        if st.document is None and reply.intent != "error":
            pasted = readout.read(message)  # command output in the message: what the rules say on its values
            if pasted is not None:
                reply = readout.answer(self, pasted, reply)
        reply = tables.lead(self.kb, to_english(message).text, st, reply)  # a source's measured figures asked for
        st.remember(message, reply.intent, reply.answer, reply.citations)
        if reply.intent != "error":
            st.subject.intent = reply.intent
            if reply.covered and reply.intent in ("ask", "calc") and not points_back(message):
                st.subject.anchor = st.subject.question  # what "it" of a later follow-up refers to
            if reply.intent in ("review", "explain", "whatif") and st.focus:
                st.subject.rule = st.focus
        if not reply.needs_input:
            reply.needs_input = list(reply.questions)
        reply.state = st
        return reply

    # ------------------------------------------------------------------ follow-ups
    def _follow_up(self, follow: Resolution, text: str, st: ChatState) -> ChatReply | None:
        """The turn a follow-up stands for; None when it turns out to stand on its own."""
        if follow.kind == "start-over":
            if st.original_document is None:
                return self._error(st, "Nothing to start over from: no document has been given in this conversation.")
            st.previous_documents = []
            return whatif.revert(self, text, st, st.original_document, "Back to the document as given")
        if follow.kind == "unclear":
            return self._unclear(follow.question, st)
        if follow.kind == "changes":
            return self._changes(text, st)
        if follow.kind == "whatif" and st.document is not None:
            return self._whatif(whatif.alone_or(text, follow.question, st), Intent("whatif"), st)
        if follow.kind in ("resume", "ellipsis"):
            st.pending = None
            return self._ask(follow.question, Intent("ask", rule_ids(follow.question)), st)
        if follow.kind == "more":
            return self._ask(
                follow.question, Intent("ask", rule_ids(follow.question)), st, skip=set(st.subject.passages)
            )
        rule = st.focus or st.subject.rule
        if self._answered_question(st) and (
            follow.kind == "fix"
            or (follow.kind == "command" and not self._rule_of_answer(rule, st))
            or (follow.kind == "meaning" and meaning_asked_of(text))
        ):  # "so what should we do with those lpars?", "what does that mean for batch?" after a question, no document;
            # "the command?" when the rule named last is not one of the quoted passages' (a side topic of the answer)
            reply = self._about_answer(text, st)
            if reply is not None:
                return reply
        if follow.kind in ("fix", "command", "meaning") and rule and rule in self.advisor.rulebook.rules:
            return self._focus(follow.kind, rule, st)
        if follow.kind == "meaning" and st.subject.question:
            question = st.subject.question
            return self._ask(question, Intent("ask", rule_ids(question)), st, skip=set(st.subject.passages))
        return None

    def _thread(self, text: str, st: ChatState) -> frozenset[str]:
        """The passages a short follow-up may go on from: the last answer's and their sections' (none for a long
        message, which states its own subject, or when the last turn answered no question)."""
        own = split_aside(text)[0]
        if len(own.split()) > MAX_FOLLOW_UP_WORDS or st.subject.intent not in ("ask", "calc", "clarify"):
            return frozenset()
        return self.kb.thread(st.subject.passages)

    def _rule_of_answer(self, rule: str | None, st: ChatState) -> bool:
        """The rule is one that a passage the last answer quoted speaks for."""
        return bool(rule) and any(rule in p.rules for pid in st.subject.passages if (p := self.kb.by_id.get(pid)))

    @staticmethod
    def _answered_question(st: ChatState) -> bool:
        """The conversation's last answer was to a question (no document, no findings in focus)."""
        return st.document is None and st.subject.intent in ("ask", "calc") and bool(st.subject.question)

    def _about_answer(self, text: str, st: ChatState) -> ChatReply | None:
        """ "why?", "what does that mean for batch?", "so what should we do with those lpars?" after an answer to
        a question: that question asked again with the follow-up's words, so the passages it was answered from
        speak (the reason, the consequence, the advice); the rule that was named beside them is no subject of
        its own. None when that is not covered (the caller falls back to the rule in focus)."""
        prior = st.subject.model_copy(deep=True)
        question = with_context(_lead_in_stripped(text), prior.question or "")
        reply = self._ask(question, Intent("ask", rule_ids(question)), st)
        if reply.covered and reply.citations:
            return reply
        st.subject = prior
        return None

    def _rules_for_document(self, text: str, st: ChatState) -> list[str]:
        """The rules the question is about that check this document (at most three).

        The judgement words ("ok", "enough", "right") say nothing about the topic, so the search
        runs without them; the rules come from the best passages first, then from the rules' own text.
        """
        doc = self._model(st)
        kinds = {u.kind for u in units_of(doc)} if doc is not None else set()

        # "large pages set right?": a judgement word inside a term of the field ("large pages") is the term's
        terms = " ".join(c.label for c in self.kb.synonyms.concepts(text) if " " in c.label)
        plain = f"{_JUDGEMENT.sub(' ', text)} {terms}"
        topic = {w for w in linre.findall(r"[a-z0-9]{3,}", plain.lower()) if w not in STOPWORDS}
        topic |= {w[:-1] for w in topic if w.endswith("s") and len(w) > 4}  # "psets" names the pset field

        def applies(rid: str) -> bool:
            """Checks this kind of document, and names a word of the question in its title or its fields."""
            cr = self.advisor.rulebook.rules.get(rid)
            if cr is None or not kinds & set(cr.rule.kinds):
                return False
            words = set(
                linre.findall(r"[a-z0-9]+", " ".join((cr.rule.title, *cr.rule.requires, *cr.rule.optional)).lower())
            )
            return bool(topic & words)

        r = self.kb.search(plain, extra_platforms=document_platforms(st.document))
        if not asking.in_scope(r):
            return []
        from_passages = [rid for h in r.hits[:3] for rid in h.passage.rules if applies(rid)]
        ranked = [
            rid for _, rid in sorted(((s, rid) for rid, s in r.rule_scores.items() if applies(rid)), reverse=True)
        ]
        # "is AME ok here?": the question names a family of rules and nothing narrower, so every rule of it that
        # fires on this document answers it, before the quiet ones the passages name ("is the AME factor ok?" is
        # narrower: the passages' rules answer that)
        families = {rid.split("-")[0].lower() for rid in self.advisor.rulebook.rules}
        narrower = topic - families - asking.NOT_A_TOPIC - _WHOLE_DOCUMENT - {w[:-1] for w in topic if w.endswith("s")}
        first: list[str] = []
        if doc is not None and topic & families and not narrower:
            first = [
                f.rule_id
                for f in self.advisor.review(doc).findings
                if f.rule_id.split("-")[0].lower() in topic and applies(f.rule_id)
            ]

        # "is SYSZ's LFAREA within the limit?": the rules whose titles name two or more of the question's words (here
        # LFAREA and limit) settle what is asked; the verdict is theirs, not that of every rule the passages name
        asked = topic - families - _WHOLE_DOCUMENT - asking.NOT_A_TOPIC

        def overlap(rid: str) -> int:
            title = {stem(w) for w in linre.findall(r"[a-z0-9]+", self.advisor.rulebook.rules[rid].rule.title.lower())}
            return len({stem(w) for w in asked} & title)

        best = max((overlap(rid) for rid in self.advisor.rulebook.rules if applies(rid)), default=0)
        titled = [rid for rid in self.advisor.rulebook.rules if applies(rid) and overlap(rid) == best]
        unassessed = {n.rule_id for n in self.advisor.review(doc).not_assessed} if doc is not None else set()
        if best >= 2 and not first and any(rid not in unassessed for rid in titled):
            return titled[:JUDGED_RULES]  # judged where it could be assessed; else every rule the words name
        return list(dict.fromkeys(first + from_passages + ranked))[:JUDGED_RULES]

    def _judged_again(self, text: str, st: ChatState) -> ChatReply | None:
        """ "and memory?", "what about the CLM?" right after a part of the document was judged (a Yes/No/It depends
        answer on it): the same judgement of that other part; None for anything else."""
        last = next((t for t in reversed(st.turns) if t.role == "advisor"), None)
        m = _AND_PART.match(text)
        if st.document is None or last is None or last.intent != "explain" or m is None:
            return None
        if not last.text.startswith(("Yes:", "No:", "It depends:")):
            return None
        part = m.group(1)
        if part.split()[0].lower() in _CHANGE_LEADS:
            return None  # "and with NOPROMPT?", "and if we drop it?": a change, the what-if's
        kind = str(st.document.get("kind", "")).replace("-", " ")  # "memory" alone is no topic; "vios memory" is
        rules = self._rules_for_document(part, st) or self._rules_for_document(f"{kind} {part}", st)
        return self._judge_document(rules, st, part)

    def _judge_document(self, rule_ids: list[str], st: ChatState, text: str = "") -> ChatReply | None:
        """ "is my LFAREA ok?" with a document in the session: the rules' verdict on that document.

        A rule that fires -> No (its message); all assessed and quiet -> Yes; otherwise It depends
        (on the fields a rule could not be assessed without, asked for). A rule that could not be assessed for want
        of fields the question does not name ("is the lfarea ok on PRD1?" and ZOS-003's DB2 buffer pools) leaves the
        verdict to the rules that were assessed, when there are any.
        """
        doc = self._model(st)
        if not rule_ids or doc is None:
            return None
        review = self.advisor.review(doc)
        order = {rid: i for i, rid in enumerate(rule_ids)}
        fired = sorted((f for f in review.findings if f.rule_id in order), key=lambda f: order[f.rule_id])
        missing = [n for n in review.not_assessed if n.rule_id in rule_ids]
        assessed = [rid for rid in rule_ids if rid not in {n.rule_id for n in missing}]
        if text and missing and assessed and not fired:
            # a missing field's own name (not the part of the document it sits in) says what it adds: "DB2 buffer
            # pools", "achieved factor"; not the "LFAREA" of lfarea_usage.total_mb
            asked = set(_words(text))
            missing = [n for n in missing if any(w in asked for p in n.missing for w in _words(p.rsplit(".", 1)[-1]))]
            rule_ids = assessed if not missing else rule_ids
        rule_id = fired[0].rule_id if fired else (missing[0].rule_id if missing else rule_ids[0])
        cite = from_out(self.advisor.citations(rule_id)[0], f"rule:{rule_id}")
        if fired and _SHOULD_ON.search(text) and _FIX_ON.match(fired[0].recommendation):
            # "should SMT be on?": the rule fires because it is not, and its fix switches it on
            answer = "yes"
            because = f"{rule_id} ({fired[0].severity}) fires for {fired[0].target}: {fired[0].message.rstrip('.')}"
            because += f". Its fix: {fired[0].recommendation.split('. ')[0].rstrip('.')}"
        elif fired:
            answer, because = "no", f"{rule_id} ({fired[0].severity}) fires for {fired[0].target}: {fired[0].message}"
        elif missing:
            answer = "it depends"
            because = (
                f"{rule_id} could not be assessed for {missing[0].target}: it needs {', '.join(missing[0].missing)}"
            )
        else:
            several = len(rule_ids) > 1
            verb = "were assessed and do not fire" if several else "was assessed and does not fire"
            answer, because = "yes", f"{', '.join(rule_ids)} {verb} on {review.target}"
        out, questions = Composer(), list[Question]()
        out.say(f"{answer.capitalize()}: {because.rstrip('.')}.", cite)
        for other in fired[1:JUDGED_ALSO]:  # "is the CLM ok?": every rule of the topic that fires says its own figure
            also = from_out(self.advisor.citations(other.rule_id)[0], f"rule:{other.rule_id}")
            out.say(f"Also {other.rule_id} ({other.severity}) on {other.target}: {other.message.rstrip('.')}.", also)
        explain_with_document(self.advisor, rule_id, doc, review, out, questions)
        st.focus = st.subject.rule = rule_id
        return self._reply(
            "explain",
            st,
            out,
            findings=fired,
            questions=questions,
            verdict=Verdict(answer=answer, because=because, citations=[1]),  # type: ignore[arg-type]
            follow_ups=followups.after_explain(self.advisor, rule_id, review, doc, st.document),
        )

    def _focus(self, kind: str, rule: str, st: ChatState) -> ChatReply:
        """The fix, the commands or the meaning of the rule in focus (advisor/chat/focus.py)."""
        doc = self._model(st)
        finding = None
        if doc is not None:
            finding = next((f for f in self.advisor.review(doc).findings if f.rule_id == rule), None)
        out = Composer()
        if kind == "fix":
            focus.fix(self.advisor, rule, finding, out)
        elif kind == "command":
            focus.commands(self.advisor, rule, finding, out)
        else:
            focus.meaning(self.advisor, rule, out)
        follow = [f"why {rule}?", "the command?" if kind != "command" else "the fix?"]
        return self._reply("explain", st, out, findings=[finding] if finding else [], follow_ups=follow)

    # ------------------------------------------------------------------ helpers
    def _model(self, st: ChatState):
        return validate_document(st.document, "document") if st.document is not None else None

    def _reply(self, intent: str, st: ChatState, out: Composer, **kw: Any) -> ChatReply:
        return ChatReply(intent=intent, answer=out.text(), citations=out.citations, claims=out.claims, state=st, **kw)

    def _error(self, st: ChatState, text: str) -> ChatReply:
        return ChatReply(intent="error", answer=text, citations=[], covered=True, state=st)

    # ------------------------------------------------------------------ intents
    def _review(
        self, text: str, intent: Intent, st: ChatState, lead: Callable[[Composer], None] | None = None
    ) -> ChatReply:
        """The review of the session's document; `lead` writes what comes before it (an undo's fields put back)."""
        if st.document is None:
            kinds = ", ".join(_KIND_TAGS)
            return self._error(
                st,
                "There is no configuration document in this conversation yet: send one with the "
                f"message (the API's `document`, or `advisor ask --config FILE`); kinds: {kinds}.",
            )
        doc = self._model(st)
        review = self.advisor.review(doc)
        out, questions = Composer(), list[Question]()
        if lead is not None:
            lead(out)
        # "pls look at vios2 only", "review the frame, VIOS side only": the systems or the kind of system it names lead
        names = set(linre.findall(r"[a-z0-9][a-z0-9_-]*", text.lower()))
        review_answer(self.advisor, doc, review, out, questions, scoped(review, names))
        if _ASKS_FIGURE.search(text):  # "memory check - does 6G pass?": the figures the sources set, as they stand
            docfigures.values_lines(self, st, out, review=True)
        st.findings = refs(review)
        st.focus = review.findings[0].rule_id if review.findings else None
        return self._reply(
            "review",
            st,
            out,
            findings=review.findings,
            questions=questions,
            follow_ups=followups.after_review(self.advisor, review, doc, questions, st.document),
        )

    def _explain(self, text: str, intent: Intent, st: ChatState) -> ChatReply:
        doc = self._model(st)
        review: Review | None = self.advisor.review(doc) if doc is not None else None
        targets = list(intent.rule_ids)
        unknown = [
            rid
            for rid in targets
            if rid not in self.advisor.rulebook.rules
            and not self.kb.passages_for_rule(rid)
            and base_id(rid) not in INVENTORY
        ]
        if unknown:
            close = difflib.get_close_matches(unknown[0], list(self.advisor.rulebook.rules), n=1)
            hint = f"; did you mean {close[0]}?" if close else ""
            return self._error(st, f"There is no rule {unknown[0]}{hint} (`advisor rules` lists them all).")
        if not targets and intent.ordinal is not None and review is not None and st.document is not None:
            findings = review.findings
            if findings:
                idx = len(findings) - 1 if intent.ordinal == -1 else intent.ordinal - 1
                if 0 <= idx < len(findings):
                    targets = [findings[idx].rule_id]
                else:
                    out, questions = Composer(), list[Question]()
                    review_answer(self.advisor, doc, review, out, questions)
                    return self._reply(
                        "explain",
                        st,
                        out,
                        findings=review.findings,
                        questions=questions,
                        follow_ups=followups.after_review(self.advisor, review, doc, questions, st.document),
                    )
        if not targets:
            focus = st.focus or (review.findings[0].rule_id if review and review.findings else None)
            targets = [focus] if focus else []
        if not targets:
            return self._ask(text, intent, st)
        out, questions = Composer(), []
        shown = []
        verdict = None
        changed = st.original_document is not None and st.document != st.original_document
        if changed and review is not None and intent.rule_ids and intent.rule_ids[0] in self.advisor.rulebook.rules:
            # "is AME-001 still there?" after what-ifs: kept, introduced or resolved, against the document as given
            given = self.advisor.review(validate_document(st.original_document, "document"))
            still = still_there(self.advisor, intent.rule_ids[0], given, review, text, out)
            if still is not None:
                verdict = Verdict(answer=still[0], because=still[1], citations=[1])  # type: ignore[arg-type]
        for rid in targets[:3]:
            if rid in self.advisor.rulebook.rules:
                if doc is not None and review is not None:
                    explain_with_document(self.advisor, rid, doc, review, out, questions, intent.units)
                else:
                    explain_rule_alone(self.advisor, rid, out)
                shown.append(rid)
            else:
                passages = self.kb.passages_for_rule(rid)
                if passages:
                    r = self.kb.search(f"{rid} {text}", mentioned_rules=[rid])
                    asking.quote(self.kb, r, out, [p for p in [h.passage for h in r.hits] if rid in p.rules][:2], set())
                    shown.append(rid)
        if out.empty:
            return self._ask(text, intent, st)
        st.focus = shown[0] if shown else st.focus
        findings = [f for f in (review.findings if review else []) if f.rule_id in shown]
        return self._reply(
            "explain",
            st,
            out,
            findings=findings,
            questions=questions,
            verdict=verdict,
            follow_ups=followups.after_explain(self.advisor, st.focus, review, doc, st.document),
        )

    def _whatif(self, text: str, intent: Intent, st: ChatState) -> ChatReply:
        return whatif.turn(self, text, intent, st)

    def _undo(self, text: str, intent: Intent, st: ChatState) -> ChatReply:
        m = _AFTER_UNDO.match(text)
        rest = text[m.end() :].strip() if m is not None else ""
        if m is not None and rest and recognise(rest, has_document=True, new_document=False).name == "whatif":
            return whatif.change_after_undo(self, m.group(0), rest, st)  # "undo that. what if ...?"
        if not st.previous_documents:
            return whatif.nothing_to_undo(self, text, st)
        return whatif.undo(self, text, st)

    def _answered(self, st: ChatState) -> str:
        """The title of the passage the last answer led with (what "that" of a yes/no follow-up may point at)."""
        first = self.kb.by_id.get(st.subject.passages[0]) if st.subject.passages else None
        return first.title if first is not None else ""

    @staticmethod
    def _named_before(text: str, st: ChatState) -> str:
        """ "which message tells me?" after a what-if, review or explanation that named the message: the question asked
        with the message ids that answer named (a question's own answer is the thread's: retrieval _continue)."""
        last = next((t for t in reversed(st.turns) if t.role == "advisor"), None)
        if last is None or last.intent not in ("whatif", "review", "explain") or "name" not in facets(text):
            return text
        ids = [i for i in dict.fromkeys(_MESSAGE_ID.findall(last.text)) if i not in text]
        if not ids or len(ids) > MAX_NAMED_BEFORE:
            return text
        return f"{text.strip(' ?.!')} ({' '.join(ids)})"

    def _ask(
        self, text: str, intent: Intent, st: ChatState, skip: frozenset[str] | set[str] = frozenset()
    ) -> ChatReply:
        text = self._named_before(text, st)
        reading = read(text)
        near = self._thread(text, st)
        result = asking.answer(
            self.kb,
            self.advisor,
            text,
            mentioned_rules=intent.rule_ids,
            doc_platforms=document_platforms(st.document),
            reading=reading,
            skip=skip,
            has_document=st.document is not None,
            context=earlier_questions(st),
            answered=self._answered(st),
            near=near,
            lead=st.subject.passages[0] if near and st.subject.passages else "",
            lean=bool(near) and st.document is None and not _amounts(split_aside(text)[0]),
            levels=document_levels(st.document),
        )
        # "can I just kctune numa_policy=1 on this box?": a change proposed is judged by what it does to the document's
        # findings, else by what the sources say of it (a claim, at the document's levels), never by whether a rule
        # fires on the document as it stands
        proposed = st.document is not None and reading.yes_no and _PROPOSED.search(text) is not None
        moved = change_outcome(self.advisor, st.document, text) if proposed and st.document is not None else None
        if moved is not None and (result.verdict is None or result.verdict.answer == moved[0]):
            answer, because, rid = moved
            if result.verdict is None:  # a claim that agrees keeps its own line
                cite = from_out(self.advisor.citations(rid)[0], f"rule:{rid}")
                result.out.prepend(f"{answer.capitalize()}: {because}.", cite)
                n = result.out.cite(cite)
                result.verdict = Verdict(answer=answer, because=because, citations=[n])  # type: ignore[arg-type]
        if (
            st.document is not None
            and reading.yes_no
            and not proposed
            and not result.settled
            and (_ABOUT_IT.search(text) or _JUDGEMENT.search(text))
        ):
            judged = self._judge_document(self._rules_for_document(reading.text, st), st, reading.text)
            if judged is not None:
                st.subject.question = reading.text  # what "and the swap?" asks the same of
                return judged
        st.note("platforms", [p.name for p in reading.platforms])
        st.note("os_levels", [o.label for o in reading.os_levels])
        st.subject.question = reading.text
        st.pending = result.pending
        if result.intent == "clarify" and result.out.empty:
            return ChatReply.clarify(result.text, result.questions, st)
        if not result.covered:
            return ChatReply(
                intent="out-of-scope",
                answer=result.text,
                citations=[],
                covered=False,
                state=st,
                follow_ups=[f"More on: {p.title}" for p in result.closest[:3]],
            )
        if skip and result.out.empty:  # "more" when everything the sources say has been quoted
            return ChatReply(
                intent="ask",
                answer="That is all my sources say on this; the passages above are the whole of it.",
                citations=[],
                covered=True,
                state=st,
                follow_ups=[f"More on: {p.title}" for p in result.closest[:3]],
            )
        if result.rules:
            st.focus = result.rules[0]
            st.subject.rule = result.rules[0]
        # "more" after "more": what was quoted before stays quoted, so the next "more" goes further
        st.subject.passages = list(dict.fromkeys([*skip, *(p.id for p in result.passages)]))
        st.subject.calculator = result.calculator
        questions: list[Question] = result.questions
        return self._reply(
            result.intent,
            st,
            result.out,
            questions=questions,
            follow_ups=followups.after_ask(result.rules, result.closest, st.document is not None),
            verdict=result.verdict,
            calculations=result.calculations,
            assumptions=result.assumptions,
            needs_input=questions,
        )
