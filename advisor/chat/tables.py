"""Answers from the sources' measured tables (advisor/knowledge/tables.py): the rows and columns a question asks for,
quoted with the table's citation ahead of whatever else the turn answered.

"response time AME4K vs AME64K at 2.8?" gives both rows of Table 4; "cpu?" or "and at 4.35?" after an answer that
quoted or cited a table reads that table again (the session remembers it in `Subject.table`). A question the rest of
the chat refused, which a table clearly answers in words the sources know, is answered from the table alone.
"""

from __future__ import annotations

from advisor import linre
from advisor.chat.reader import read
from advisor.chat.reply import CalculationOut, ChatReply, Composer, carry, renumbered
from advisor.chat.reply import resolve as resolve_cite
from advisor.chat.state import ChatState
from advisor.knowledge import KnowledgeBase, tables
from advisor.knowledge.text import STOPWORDS

FOLLOW_UP_WORDS = 8  # a follow-up on the table before is terse: "cpu diff?", "and the DB side?"
NOT_FRESH = ("whatif", "review", "undo", "error")  # a change or a review is no question about a source's table
_WORD = linre.compile(r"[a-z]{3,}")


def _cited(reply: ChatReply) -> tables.Table | None:
    """The first measured table the reply cites: what "cpu?" after it asks about."""
    for c in reply.citations:
        for t in tables.load_tables():
            if t.source == c.source_id and t.cited.search(c.locator or ""):
                return t
    return None


def _own_figures(reply: ChatReply) -> bool:
    """A figure computed from the user's own inputs answers the question; the sources' test rows would only stand
    beside it ("true 10 GB at factor 1.6, new true mem at 2.5?" is no question about Table 5's 1.6 row)."""
    return bool(reply.calculations) or reply.intent in NOT_FRESH


def _asked(text: str, st: ChatState, reply: ChatReply) -> tuple[tables.Asked | None, bool]:
    """The table asked about and whether the message named it itself (False: a follow-up on the table before)."""
    fresh = None if _own_figures(reply) else tables.resolve(text, yes_no=read(text).yes_no)
    if fresh is not None:
        return fresh, True
    before = tables.by_id(st.subject.table) if st.subject.table else None
    if before is None or len(text.split()) > FOLLOW_UP_WORDS:
        return None, False
    return tables.in_context(text, before, st.subject.table_rows, st.subject.table_columns), False


def _known(kb: KnowledgeBase, text: str) -> bool:
    """Every word of the message is one the sources use: "pod density on z13 IFLs with SMT" is not (the refusal
    stands), "how many SBS users did each run carry" is."""
    return all(w in STOPWORDS or kb.knows(w) for w in _WORD.findall(text.lower()))


def _other_line(kb: KnowledgeBase, text: str, table: tables.Table) -> bool:
    """The message names a platform of another product line than the table's source: "test numbers for AME with
    Db2 LUW on power10?" is no question about the z/OS DB2 results."""
    named = kb.synonyms.families(kb.synonyms.platform_tags(text))
    if not named:
        return False
    own = kb.synonyms.families({tag for p in kb.passages if p.source == table.source for tag in p.platforms})
    return bool(own) and not named & own


def lead(kb: KnowledgeBase, text: str, st: ChatState, reply: ChatReply) -> ChatReply:
    """The reply led by the table figures the message asks for; the table remembered for the next turn."""
    if reply.intent == "error":
        return reply
    asked, fresh = _asked(text, st, reply)
    refused = not reply.covered or reply.intent == "out-of-scope"
    if asked is not None and refused and not ((fresh or asked.columns) and _known(kb, text)):
        asked = None
    if asked is not None and _other_line(kb, text, asked.table):
        asked = None
    if asked is None:
        cited = None if reply.calculations else _cited(reply)
        st.subject.table, st.subject.table_rows, st.subject.table_columns = (cited.id if cited else None), [], []
        return reply
    rows = tables.picked(asked)
    st.subject.table = asked.table.id
    st.subject.table_rows = [r.label for r in rows]
    st.subject.table_columns = list(asked.columns)
    shown = reply.answer.lower()
    keys = asked.columns or [c.key for c in asked.table.columns]
    if all(r.values[k].lower() in shown for r in rows for k in keys if k in r.values):
        return reply  # the answer quotes these figures already
    out = Composer()
    first = 1 if not refused and reply.verdict is not None else 0  # a verdict keeps its place ahead of the figures
    carry(out, reply, reply.claims[:first])
    out.say(tables.line(asked), resolve_cite(asked.table.cite, f"table:{asked.table.id}"))
    if refused:
        st.pending = None
        return ChatReply(intent="ask", answer=out.text(), citations=out.citations, claims=out.claims, state=st)
    carry(out, reply, reply.claims[first:])
    calculations = [
        c.model_copy(update={"citations": [out.cite(reply.citations[n - 1]) for n in c.citations]})
        for c in reply.calculations
    ]
    return reply.model_copy(
        update={
            "answer": out.text(),
            "citations": out.citations,
            "claims": out.claims,
            "verdict": renumbered(reply.verdict, reply, out),
            "calculations": [CalculationOut.model_validate(c) for c in calculations],
        }
    )
