"""Chat sessions over HTTP: the engine's turns, stored in SQLite, one at a time per session.

The chat engine holds no session (docs/chat.md): each turn reads the stored state, runs
`ChatEngine.turn` and stores the new state with the turn's two messages (user, advisor).
Turns of one session are serialised two ways, without holding the database's write lock
while the engine runs:

* in this process, a lock per session (64 stripes) makes a second turn wait for the first;
* across worker processes, `Store.append_chat_turns(expected=N)` refuses a turn computed
  from a state that has moved on, and the turn is computed again from the new state.

So every turn sees the one before it and none is lost. A reply with intent `error` (bad
input: no document to review, an unknown field in a what-if) is a 422 and stores nothing,
once the state it was judged on is known to be the latest ("undo" may be refused on a state
that another worker's what-if has just changed).
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable
from typing import Any

from advisor.capabilities.inputs import one_document
from advisor.capabilities.outputs import load_outputs
from advisor.chat import ChatEngine, ChatReply, ChatState
from advisor.store import ChatTurnRecord, Principal, Replay, Store, utc_now
from api.models import ChatRequest
from api.problems import ProblemError
from api.settings import Settings

STRIPES = 64
MAX_ATTEMPTS = 8  # recomputations when other workers' turns of the same session keep winning


def new_session_id() -> str:
    return f"cs_{secrets.token_hex(10)}"


def request_document(req: ChatRequest, settings: Settings) -> dict[str, Any] | None:
    """The document the request brings, checked as a review's would be (paths into the body), or None."""
    if req.document is not None:
        return one_document(req.document, "$.document", settings)[0]
    if req.outputs is not None or req.bundle is not None:
        return load_outputs(req.outputs, req.bundle, kind=req.kind, name=req.name).document_json()
    return None


class ChatService:
    def __init__(self, store: Store, engine: ChatEngine):
        self.store, self.engine = store, engine
        self._locks = [threading.Lock() for _ in range(STRIPES)]

    # --- turns ---

    def turn(
        self,
        who: Principal,
        message: str,
        session_id: str | None,
        document: dict[str, Any] | None,
        replay: Callable[[dict[str, Any]], Replay | None] = lambda _: None,
    ) -> dict[str, Any]:
        """One turn: the response body (contract section 4), after the session is stored.

        `replay(body)` is what to remember for an Idempotency-Key, stored with the turn."""
        if session_id is None:
            reply = self.engine.turn(message, None, document=document)
            if reply.intent == "error":
                raise _refused(reply, None)
            session_id, now = new_session_id(), utc_now()
            state, turns = self._records(reply, message, 0, now)
            body = {**reply.public(), "session_id": session_id}
            self.store.create_chat_session(
                who, session_id=session_id, state_json=state, turns=turns, now=now, replay=replay(body)
            )
            return body
        with self._locks[hash(session_id) % STRIPES]:
            for _ in range(MAX_ATTEMPTS):
                stored = self.store.get_chat_session(who, session_id)
                if stored is None:
                    raise _not_found(session_id)
                reply = self.engine.turn(message, stored.state, document=document)
                if reply.intent == "error":
                    if self.store.chat_message_count(who, session_id) == stored.message_count:
                        raise _refused(reply, session_id)
                    continue  # judged on a state another worker has moved on from: judge it again
                now = utc_now()
                state, turns = self._records(reply, message, stored.message_count, now)
                body = {**reply.public(), "session_id": session_id}
                if self.store.append_chat_turns(
                    who,
                    session_id=session_id,
                    expected=stored.message_count,
                    state_json=state,
                    turns=turns,
                    now=now,
                    replay=replay(body),
                ):
                    return body
        raise ProblemError(
            "chat-session-busy",
            f"Turns of session {session_id} from other clients kept arriving "
            "while this one was answered; nothing was stored. Send it again.",
        )

    @staticmethod
    def _records(reply: ChatReply, message: str, before: int, now: str) -> tuple[str, list[ChatTurnRecord]]:
        """The state to store (with only the latest messages the dialogue reads back: every message is a row of
        chat_turns) and the turn's two messages."""
        state = reply.state.stored()
        citations = [c.model_dump(mode="json") for c in reply.citations]
        return state, [
            ChatTurnRecord(before + 1, "user", message, None, [], now),
            ChatTurnRecord(before + 2, "advisor", reply.answer, reply.intent, citations, now),
        ]

    # --- the conversation so far ---

    def conversation(self, who: Principal, session_id: str) -> dict[str, Any]:
        found = self.store.chat_conversation(who, session_id)
        if found is None:
            raise _not_found(session_id)
        session, turns = found
        state = ChatState.model_validate(session.state)
        return {
            "session_id": session.id,
            "created_at": session.created_at,
            "updated_at": session.updated_at,
            "document": state.document,
            "findings": [f.model_dump(mode="json") for f in state.findings],
            "focus": state.focus,
            "undo_depth": len(state.previous_documents),
            "turns": [
                {
                    "n": t.n,
                    "role": t.role,
                    "text": t.text,
                    "intent": t.intent,
                    "citations": t.citations,
                    "created_at": t.created_at,
                }
                for t in turns
            ],
        }


def _refused(reply: ChatReply, session_id: str | None) -> ProblemError:
    return ProblemError("invalid-chat-turn", reply.answer, extra={"session_id": session_id} if session_id else None)


def _not_found(session_id: str) -> ProblemError:
    return ProblemError(
        "chat-session-not-found", f"No chat session {session_id}; post a message without `session_id` to start one."
    )
