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
from typing import Any

from advisor import budget, linre
from advisor.chat import ask as asking
from advisor.chat import followups
from advisor.chat.changes import ChangeError, apply, parse_changes
from advisor.chat.explain import explain_rule_alone, explain_with_document
from advisor.chat.intents import Intent, recognise
from advisor.chat.reply import ChatReply, Composer, Question
from advisor.chat.review import refs, review_answer
from advisor.chat.state import ChatState
from advisor.chat.whatif import readers, whatif_answer
from advisor.diff import diff_reviews
from advisor.documents.errors import DocumentError
from advisor.documents.io import validate_document
from advisor.documents.limits import deep_issue
from advisor.findings import Review
from advisor.knowledge import KnowledgeBase, knowledge_base
from advisor.knowledge.inventory import INVENTORY, base_id
from advisor.review import Advisor, default_advisor

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


def document_platforms(doc: dict | None) -> set[str]:
    if not doc:
        return set()
    tags = {_KIND_TAGS.get(doc.get("kind", ""), "")}
    for key in ("processor", "machine"):
        if isinstance(doc.get(key), str):
            tags.add(doc[key].lower())
    return {t for t in tags if t}


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
        try:
            inline, text = inline_document(message or "")
        except DocumentError as exc:
            return self._finish(st, message, self._error(st, f"The document is not valid: {exc}"))
        new_doc = document if document is not None else inline
        if new_doc is not None:
            try:
                validate_document(new_doc, "document")
            except DocumentError as exc:
                return self._finish(st, message, self._error(st, f"The document is not valid: {exc}"))
            st.document, st.previous_documents, st.findings, st.focus = new_doc, [], [], None
        intent = recognise(text, has_document=st.document is not None, new_document=new_doc is not None)
        handler = {
            "review": self._review,
            "undo": self._undo,
            "whatif": self._whatif,
            "explain": self._explain,
            "ask": self._ask,
        }[intent.name]
        reply = handler(text, intent, st)
        return self._finish(st, message, reply)

    def _finish(self, st: ChatState, message: str, reply: ChatReply) -> ChatReply:
        st.remember(message, reply.intent, reply.answer, reply.citations)
        reply.state = st
        return reply

    # ------------------------------------------------------------------ helpers
    def _model(self, st: ChatState):
        return validate_document(st.document, "document") if st.document is not None else None

    def _reply(self, intent: str, st: ChatState, out: Composer, **kw: Any) -> ChatReply:
        return ChatReply(intent=intent, answer=out.text(), citations=out.citations, state=st, **kw)

    def _error(self, st: ChatState, text: str) -> ChatReply:
        return ChatReply(intent="error", answer=text, citations=[], covered=True, state=st)

    # ------------------------------------------------------------------ intents
    def _review(self, text: str, intent: Intent, st: ChatState) -> ChatReply:
        if st.document is None:
            kinds = ", ".join(_KIND_TAGS)
            return self._error(
                st,
                "There is no configuration document in this conversation yet: send one with the "
                f"message (the API's `document`, or `advisor ask --config FILE`); kinds: {kinds}.",
            )
        doc = self._model(st)
        review = self.advisor.review(doc)
        out, questions = Composer(), []
        review_answer(self.advisor, doc, review, out, questions)
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
        if not targets and intent.ordinal is not None and review is not None:
            findings = review.findings
            if findings:
                idx = len(findings) - 1 if intent.ordinal == -1 else intent.ordinal - 1
                if 0 <= idx < len(findings):
                    targets = [findings[idx].rule_id]
                else:
                    out, questions = Composer(), []
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
        for rid in targets[:3]:
            if rid in self.advisor.rulebook.rules:
                if doc is not None:
                    explain_with_document(self.advisor, rid, doc, review, out, questions)
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
            follow_ups=followups.after_explain(self.advisor, st.focus, review, doc, st.document),
        )

    def _whatif(self, text: str, intent: Intent, st: ChatState) -> ChatReply:
        try:
            changes = parse_changes(st.document, text, intent.explicit_set)
        except ChangeError as exc:
            if intent.explicit_set:
                return self._error(st, f"Cannot apply the change: {exc}")
            changes = []
            error = str(exc)
        else:
            error = None
        if not changes:
            if error and linre.match(r"^\s*(what\s+if|set|change)\b", text, linre.IGNORECASE):
                return self._error(st, f"Cannot apply the change: {error}")
            return self._ask(text, intent, st)
        try:
            new_doc = apply(st.document, changes)
            after_model = validate_document(new_doc, "document")
        except ChangeError as exc:
            return self._error(st, f"Cannot apply the change: {exc}")
        except DocumentError as exc:
            return self._error(st, f"The change makes the document invalid: {exc}")
        before_model = self._model(st)
        before, after = self.advisor.review(before_model), self.advisor.review(after_model)
        diff = diff_reviews(before, after)
        out = Composer()
        rule_ids = readers(self.advisor, before_model, after_model, changes)
        whatif_answer(self.advisor, st.document, changes, diff, rule_ids, out)
        if out.empty:
            return self._error(st, "No rule reads the changed fields; the findings stay as they are.")
        st.push_document(new_doc)
        st.findings = refs(after)
        lead = diff.introduced or after.findings
        st.focus = lead[0].rule_id if lead else None
        return self._reply(
            "whatif", st, out, findings=after.findings, diff=diff, follow_ups=followups.after_whatif(after)
        )

    def _undo(self, text: str, intent: Intent, st: ChatState) -> ChatReply:
        if not st.previous_documents:
            return self._error(st, "Nothing to undo: the document is as it was given.")
        st.document = st.previous_documents.pop()
        return self._review(text, Intent("review"), st)

    def _ask(self, text: str, intent: Intent, st: ChatState) -> ChatReply:
        result = asking.answer(
            self.kb, self.advisor, text, mentioned_rules=intent.rule_ids, doc_platforms=document_platforms(st.document)
        )
        if not result.covered:
            return ChatReply(
                intent="out-of-scope",
                answer=result.text,
                citations=[],
                covered=False,
                state=st,
                follow_ups=[f"More on: {p.title}" for p in result.closest[:3]],
            )
        if result.rules:
            st.focus = result.rules[0]
        questions: list[Question] = result.questions
        return self._reply(
            result.intent,
            st,
            result.out,
            questions=questions,
            follow_ups=followups.after_ask(result.rules, result.closest, st.document is not None),
        )
