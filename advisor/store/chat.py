"""Chat sessions: the state of each session and its numbered turns, written with optimistic concurrency.

`chat_sessions` holds each session's state (the ChatState JSON without its turns) and
`message_count`; `chat_turns` holds every message, user and advisor, numbered 1, 2, ... per
session, so the state stays small however long the conversation. A turn is stored with
`append_chat_turns(..., expected=N)`: it applies only while the session still has N messages,
so of two turns computed from the same state one wins and the other is told to start again
(no lock is held while the chat engine runs).
"""

from __future__ import annotations

import json

from advisor.store.audit import record_audit
from advisor.store.base import StoreBase, Tx
from advisor.store.records import ChatTurnRecord, StoredChatSession

_SESSION = "SELECT id, created_at, updated_at, api_key_id, message_count, state FROM chat_sessions WHERE id = ?"


def _insert_turns(tx: Tx, session_id: str, turns: list[ChatTurnRecord]) -> None:
    tx.executemany(
        "INSERT INTO chat_turns (session_id, n, role, text, intent, citations, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(session_id, t.n, t.role, t.text, t.intent, json.dumps(t.citations), t.created_at) for t in turns],
    )


def _session(tx: Tx, session_id: str) -> StoredChatSession | None:
    row = tx.execute(_SESSION, (session_id,)).fetchone()
    return StoredChatSession(row[0], row[1], row[2], row[3], row[4], json.loads(row[5])) if row else None


class ChatQueries(StoreBase):
    def create_chat_session(
        self,
        *,
        session_id: str,
        state_json: str,
        turns: list[ChatTurnRecord],
        api_key_id: str | None,
        actor: str,
        now: str,
    ) -> None:
        """A new session with its first turns and audit entry, in one transaction."""

        def work(tx: Tx) -> None:
            tx.execute(
                "INSERT INTO chat_sessions (id, created_at, updated_at, api_key_id, message_count, state) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (session_id, now, now, api_key_id, len(turns), state_json),
            )
            _insert_turns(tx, session_id, turns)
            record_audit(tx, actor, "chat.create", session_id, {"messages": len(turns)}, api_key_id, now)

        self._write(work)

    def append_chat_turns(
        self,
        *,
        session_id: str,
        expected: int,
        state_json: str,
        turns: list[ChatTurnRecord],
        api_key_id: str | None,
        actor: str,
        now: str,
    ) -> bool:
        """Store a turn computed from the session as it was with `expected` messages.

        False (nothing written) when the session has moved on since, or no longer exists: the
        caller reads it again and recomputes. Turn numbers continue from `expected`."""

        def work(tx: Tx) -> bool:
            cur = tx.execute(
                "UPDATE chat_sessions SET state = ?, updated_at = ?, message_count = ? "
                "WHERE id = ? AND message_count = ?",
                (state_json, now, expected + len(turns), session_id, expected),
            )
            if cur.rowcount != 1:
                return False
            _insert_turns(tx, session_id, turns)
            record_audit(tx, actor, "chat.turn", session_id, {"messages": expected + len(turns)}, api_key_id, now)
            return True

        return self._write(work)

    def get_chat_session(self, session_id: str) -> StoredChatSession | None:
        return self._read(lambda tx: _session(tx, session_id))

    def chat_message_count(self, session_id: str) -> int | None:
        row = self._read(
            lambda tx: tx.execute("SELECT message_count FROM chat_sessions WHERE id = ?", (session_id,)).fetchone()
        )
        return row[0] if row else None

    def chat_conversation(self, session_id: str) -> tuple[StoredChatSession, list[ChatTurnRecord]] | None:
        """The session and all its messages, read on one snapshot (they agree)."""

        def work(tx: Tx) -> tuple[StoredChatSession, list[ChatTurnRecord]] | None:
            session = _session(tx, session_id)
            if session is None:
                return None
            rows = tx.execute(
                "SELECT n, role, text, intent, citations, created_at FROM chat_turns WHERE session_id = ? ORDER BY n",
                (session_id,),
            ).fetchall()
            return session, [ChatTurnRecord(n, r, t, i, json.loads(c), at) for n, r, t, i, c, at in rows]

        return self._read(work)
