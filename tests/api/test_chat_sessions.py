"""Chat sessions in the store: migration 2, the optimistic turn check, and concurrent turns of one session
serialised within a process (threads), across processes (two workers) and when another worker wins a race."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from advisor.client import AdvisorClient
from advisor.store import ChatTurnRecord, Principal, SQLiteStore, StoreConflict, migrations
from api.examples import EXAMPLE_DOCUMENT
from tests.api.live import serve_in_thread
from tests.api.server import running
from tests.support.store import MEMBER, OPERATOR, sql

RULES = ["AME-001", "AME-002", "AME-003", "AME-004", "AME-005", "AME-006", "AME-007", "AME-008"]


def records(before: int, message: str, answer: str, citations: list | None = None) -> list[ChatTurnRecord]:
    return [
        ChatTurnRecord(before + 1, "user", message, None, [], "t"),
        ChatTurnRecord(
            before + 2, "advisor", answer, "ask", [{"source_id": "s"}] if citations is None else citations, "t"
        ),
    ]


@pytest.fixture
def store(tmp_path):
    s = SQLiteStore(tmp_path / "s.db")
    s.migrate()
    yield s
    s.close()


def test_migrations_upgrade_a_version_1_database_keeping_its_data(tmp_path, monkeypatch):
    old = SQLiteStore(tmp_path / "old.db")
    monkeypatch.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:1])
    assert old.migrate() == 1
    sql(old, "INSERT INTO api_keys (id, name, hash, created_at) VALUES ('0123456789ab', 'k', 'h', 't')")
    monkeypatch.undo()
    assert old.migrate() == migrations.latest_version() >= 2
    tables = {r[0] for r in sql(old, "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"chat_sessions", "chat_turns", "reviews", "api_keys", "tenants"} <= tables
    # an existing key lands in the default tenant as a submitter (what it could do before roles)
    assert [(k.name, k.tenant, k.role) for k in old.list_keys(OPERATOR)] == [("k", "default", "submitter")]
    assert [r[1] for r in sql(old, "SELECT * FROM schema_version ORDER BY version")] == [
        "reviews, api keys, audit log",
        "chat sessions",
        "fleet tables",
        "tenants, roles, idempotency keys",
        "fleet tables per tenant, striped sums",
        "large JSON values: lz4, kept in the row (PostgreSQL)",
    ]
    old.close()


def test_a_turn_computed_from_a_stale_state_is_refused(store):
    store.create_chat_session(MEMBER, session_id="cs_1", state_json="{}", turns=records(0, "a", "A"), now="t")
    assert store.append_chat_turns(
        MEMBER,
        session_id="cs_1",
        expected=2,
        state_json='{"focus": "X"}',
        turns=records(2, "b", "B"),
        now="t",
    )
    # a second turn computed from the 2-message state lost the race: nothing of it is written
    assert not store.append_chat_turns(
        MEMBER,
        session_id="cs_1",
        expected=2,
        state_json='{"focus": "Y"}',
        turns=records(2, "c", "C"),
        now="t",
    )
    assert not store.append_chat_turns(
        MEMBER,
        session_id="cs_nope",
        expected=0,
        state_json="{}",
        turns=records(0, "x", "X"),
        now="t",
    )
    session, turns = store.chat_conversation(OPERATOR, "cs_1")
    assert session.message_count == 4 and session.state == {"focus": "X"}
    assert [(t.n, t.text) for t in turns] == [(1, "a"), (2, "A"), (3, "b"), (4, "B")]
    assert turns[1].citations == [{"source_id": "s"}]
    assert [e.action for e in store.audit_entries(OPERATOR)] == ["chat.turn", "chat.create"]


def test_schema_constraints(store):
    with pytest.raises(StoreConflict):  # a turn of no session
        sql(store, "INSERT INTO chat_turns VALUES ('cs_x', 1, 'user', 't', NULL, '[]', 't')")
    with pytest.raises(StoreConflict):
        store.create_chat_session(MEMBER, session_id="cs_2", state_json="not json", turns=[], now="t")
    with pytest.raises(StoreConflict):  # an unknown key
        store.create_chat_session(
            Principal("default", "admin", "t", "nokey"), session_id="cs_3", state_json="{}", turns=[], now="t"
        )
    assert store.get_chat_session(OPERATOR, "cs_2") is None and store.audit_entries(OPERATOR) == []


def test_another_workers_turn_in_between_makes_this_one_start_again(app, client):
    """Simulates a second worker process: its turn lands after ours read the state and before ours is stored."""
    sid = client.post("/v1/chat", json={"message": "review", "document": EXAMPLE_DOCUMENT}).json()["session_id"]
    service, store = app.state.chat, app.state.store
    real_turn = service.engine.turn
    seen: list[int] = []

    def racing_turn(message, state, document=None):
        reply = real_turn(message, state, document=document)
        seen.append(len((state or {}).get("previous_documents", [])))
        if len(seen) == 1:  # the other worker: a what-if, stored first
            other = real_turn("what if I set ame.page_support = 64K", state)
            assert store.append_chat_turns(
                MEMBER,
                session_id=sid,
                expected=2,
                state_json=other.state.model_dump_json(exclude={"turns"}),
                turns=records(
                    2,
                    "what if I set ame.page_support = 64K",
                    other.answer,
                    [c.model_dump(mode="json") for c in other.citations],
                ),
                now="t",
            )
        return reply

    service.engine.turn = racing_turn
    try:
        body = client.post("/v1/chat", json={"message": "undo", "session_id": sid}).json()
    finally:
        service.engine.turn = real_turn
    assert seen == [0, 1]  # computed twice: the second time from the state the other worker left
    assert body["intent"] == "review"  # undo of the other worker's what-if, not "nothing to undo"
    turns = client.get(f"/v1/chat/{sid}").json()["turns"]
    assert [t["text"] for t in turns if t["role"] == "user"] == [
        "review",
        "what if I set ame.page_support = 64K",
        "undo",
    ]


def _check_serialised(turns: list[dict], sent: list[str]) -> None:
    assert [t["n"] for t in turns] == list(range(1, len(turns) + 1))
    assert [t["role"] for t in turns] == ["user", "advisor"] * (len(turns) // 2)
    users = [t["text"] for t in turns if t["role"] == "user"][1:]
    assert sorted(users) == sorted(sent)
    for question, answer in zip(turns[2::2], turns[3::2], strict=False):  # each answer follows its own question
        assert question["text"].split()[1].rstrip("?") in answer["text"]


def test_concurrent_turns_of_one_session_in_one_process_are_serialised(app, key):
    with serve_in_thread(app) as url, AdvisorClient(url, key) as advisor:
        sid = advisor.chat("review", document=EXAMPLE_DOCUMENT).session_id
        sent = [f"why {rule}?" for rule in RULES]
        with ThreadPoolExecutor(len(sent)) as pool:
            replies = list(pool.map(lambda m: advisor.chat(m, session_id=sid), sent))
        assert {r.session_id for r in replies} == {sid}
        _check_serialised(advisor.chat_session(sid).model_dump(mode="json")["turns"], sent)


def test_concurrent_turns_of_one_session_on_two_workers_are_serialised(tmp_path):
    db = tmp_path / "chat.db"
    s = SQLiteStore(db)
    s.migrate()
    key = s.create_key(OPERATOR, "chat", role="admin")[1]
    s.close()
    sent = [f"why {rule}?" for rule in RULES * 2]

    async def burst(url: str) -> list[dict]:
        async with httpx.AsyncClient(base_url=url, timeout=60, headers={"Authorization": f"Bearer {key}"}) as c:
            sid = (await c.post("/v1/chat", json={"message": "review", "document": EXAMPLE_DOCUMENT})).json()[
                "session_id"
            ]
            responses = await asyncio.gather(
                *(c.post("/v1/chat", json={"message": m, "session_id": sid}) for m in sent)
            )
            assert [r.status_code for r in responses] == [200] * len(sent), [
                r.text for r in responses if r.status_code != 200
            ]
            return (await c.get(f"/v1/chat/{sid}")).json()["turns"]

    with running(db, tmp_path / "serve.log", workers=2) as server:
        turns = asyncio.run(burst(server.url))
    _check_serialised(turns, sent)
