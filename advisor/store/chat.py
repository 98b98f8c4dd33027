"""Chat sessions: the state of each session and its numbered turns, written with optimistic concurrency.

`chat_sessions` holds each session's state (the ChatState JSON with only the latest messages) and
`message_count`; `chat_turns` holds every message, user and advisor, numbered 1, 2, ... per
session, so the state stays small however long the conversation. A turn is stored with
`append_chat_turns(..., expected=N)`: it applies only while the session still has N messages,
so of two turns computed from the same state one wins and the other is told to start again
(no lock is held while the chat engine runs).
"""

from __future__ import annotations

import json

from advisor.store.audit import record_audit
from advisor.store.base import StoreBase, Tx, scope
from advisor.store.idempotency import Replay, remember
from advisor.store.records import ChatTurnRecord, Principal, StoredChatSession

_SESSION = "SELECT id, created_at, updated_at, api_key_id, message_count, state FROM chat_sessions WHERE id = ? AND "


def _insert_turns(tx: Tx, session_id: str, turns: list[ChatTurnRecord]) -> None:
    tx.executemany(
        "INSERT INTO chat_turns (session_id, n, role, text, intent, citations, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(session_id, t.n, t.role, t.text, t.intent, json.dumps(t.citations), t.created_at) for t in turns],
    )


def _session(tx: Tx, who: Principal, session_id: str) -> StoredChatSession | None:
    where, args = scope(who)
    row = tx.execute(_SESSION + where, (session_id, *args)).fetchone()
    return StoredChatSession(row[0], row[1], row[2], row[3], row[4], json.loads(row[5])) if row else None


class ChatQueries(StoreBase):
    def create_chat_session(
        self,
        who: Principal,
        *,
        session_id: str,
        state_json: str,
        turns: list[ChatTurnRecord],
        now: str,
        replay: Replay | None = None,
    ) -> None:
        """A new session with its first turns and audit entry, in one transaction."""

        def work(tx: Tx) -> None:
            tx.execute(
                "INSERT INTO chat_sessions (id, created_at, updated_at, api_key_id, message_count, state, tenant_id) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (session_id, now, now, who.key_id, len(turns), state_json, who.tenant),
            )
            _insert_turns(tx, session_id, turns)
            record_audit(tx, who, "chat.create", session_id, {"messages": len(turns)}, now)
            if replay is not None:
                remember(tx, who, replay, now)

        self._write(work)

    def append_chat_turns(
        self,
        who: Principal,
        *,
        session_id: str,
        expected: int,
        state_json: str,
        turns: list[ChatTurnRecord],
        now: str,
        replay: Replay | None = None,
    ) -> bool:
        """Store a turn computed from the session as it was with `expected` messages.

        False (nothing written) when the session has moved on since, or no longer exists: the
        caller reads it again and recomputes. Turn numbers continue from `expected`."""

        where, args = scope(who)

        def work(tx: Tx) -> bool:
            cur = tx.execute(
                "UPDATE chat_sessions SET state = ?, updated_at = ?, message_count = ? "
                f"WHERE id = ? AND message_count = ? AND {where}",
                (state_json, now, expected + len(turns), session_id, expected, *args),
            )
            if cur.rowcount != 1:
                return False
            _insert_turns(tx, session_id, turns)
            record_audit(tx, who, "chat.turn", session_id, {"messages": expected + len(turns)}, now)
            if replay is not None:
                remember(tx, who, replay, now)
            return True

        return self._write(work)

    def get_chat_session(self, who: Principal, session_id: str) -> StoredChatSession | None:
        return self._read(lambda tx: _session(tx, who, session_id))

    def chat_message_count(self, who: Principal, session_id: str) -> int | None:
        where, args = scope(who)
        row = self._read(
            lambda tx: tx.execute(
                f"SELECT message_count FROM chat_sessions WHERE id = ? AND {where}", (session_id, *args)
            ).fetchone()
        )
        return row[0] if row else None

    def chat_conversation(
        self, who: Principal, session_id: str
    ) -> tuple[StoredChatSession, list[ChatTurnRecord]] | None:
        """The session and all its messages, read on one snapshot (they agree)."""

        def work(tx: Tx) -> tuple[StoredChatSession, list[ChatTurnRecord]] | None:
            session = _session(tx, who, session_id)
            if session is None:
                return None
            rows = tx.execute(
                "SELECT n, role, text, intent, citations, created_at FROM chat_turns WHERE session_id = ? ORDER BY n",
                (session_id,),
            ).fetchall()
            return session, [ChatTurnRecord(n, r, t, i, json.loads(c), at) for n, r, t, i, c, at in rows]

        return self._read(work)
