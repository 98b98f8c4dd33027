"""POST /v1/chat and GET /v1/chat/{session_id}: grounded turns over HTTP, sessions in SQLite, errors as problems."""

from __future__ import annotations

import json
import re

import pytest
from fastapi.testclient import TestClient

from advisor.chat.state import RECALLED
from api.app import create_app
from api.examples import EXAMPLE_DOCUMENT, EXAMPLE_OUTPUTS
from tests.api.test_errors import assert_problem
from tests.api.test_parse_api import AMEPAT_4_7
from tests.parsers.parser_samples import load
from tests.support.store import OPERATOR, sql

MARKED = re.compile(r"\[\d+\]$")
CONTRACT_FIELDS = {"session_id", "answer", "citations", "findings", "questions", "follow_ups"}


def assert_grounded(body: dict) -> None:
    """Every line of the answer ends in citation markers that index `citations`."""
    assert body["citations"], body["answer"]
    for line in body["answer"].splitlines():
        assert MARKED.search(line), line
        for n in re.findall(r"\[(\d+)\]", line):
            assert 1 <= int(n) <= len(body["citations"])


def turn(client: TestClient, message: str, **extra) -> dict:
    r = client.post("/v1/chat", json={"message": message, **extra})
    assert r.status_code == 200, r.text
    body = r.json()
    assert CONTRACT_FIELDS <= set(body) and body["session_id"].startswith("cs_")
    return body


def test_a_conversation_review_why_whatif_diff_then_the_session(client):
    review = turn(client, "review", document=EXAMPLE_DOCUMENT)
    sid = review["session_id"]
    assert review["intent"] == "review" and review["findings"][0]["rule_id"] == "AME-001"
    assert_grounded(review)

    why = turn(client, "why?", session_id=sid)
    assert why["session_id"] == sid and why["intent"] == "explain"
    assert [f["rule_id"] for f in why["findings"]] == ["AME-001"]
    assert_grounded(why)

    whatif = turn(client, "what if I set ame.page_support = 64K", session_id=sid)
    assert whatif["intent"] == "whatif"
    assert "AME-001" in {f["rule_id"] for f in whatif["diff"]["resolved"]}
    assert whatif["diff"]["summary"]["resolved"] >= 1 and "AME-001" not in {f["rule_id"] for f in whatif["findings"]}
    assert_grounded(whatif)

    session = client.get(f"/v1/chat/{sid}")
    assert session.status_code == 200, session.text
    s = session.json()
    assert s["session_id"] == sid and s["document"]["ame"]["page_support"] == "64K" and s["undo_depth"] == 1
    assert [(t["n"], t["role"]) for t in s["turns"]] == [(n, "user" if n % 2 else "advisor") for n in range(1, 7)]
    assert [t["text"] for t in s["turns"] if t["role"] == "user"] == [
        "review",
        "why?",
        "what if I set ame.page_support = 64K",
    ]
    advisor = [t for t in s["turns"] if t["role"] == "advisor"]
    assert [t["intent"] for t in advisor] == ["review", "explain", "whatif"]
    assert [t["text"] for t in advisor] == [review["answer"], why["answer"], whatif["answer"]]
    assert [t["citations"] for t in advisor] == [review["citations"], why["citations"], whatif["citations"]]
    assert s["created_at"] <= s["updated_at"]

    undo = turn(client, "undo", session_id=sid)
    assert undo["intent"] == "review" and undo["findings"][0]["rule_id"] == "AME-001"
    after = client.get(f"/v1/chat/{sid}").json()
    assert after["document"] == EXAMPLE_DOCUMENT and after["undo_depth"] == 0 and len(after["turns"]) == 8
    assert after["findings"][0]["rule_id"] == "AME-001" and after["focus"] == "AME-001"


def test_a_question_alone_starts_a_session_without_a_document(client):
    body = turn(client, "Can I use AME with 64K pages on POWER7?")
    assert body["covered"] and body["intent"] != "error"
    assert_grounded(body)
    assert client.get(f"/v1/chat/{body['session_id']}").json()["document"] is None


def test_out_of_scope_is_200_and_not_covered(client):
    body = turn(client, "How do I tune the Windows registry for SQL Server?")
    assert body["covered"] is False and body["citations"] == [] and "diff" not in body


def test_outputs_start_a_session_on_the_assembled_document(client):
    body = turn(client, "review", outputs=[{"text": load(AMEPAT_4_7)}])
    assert body["findings"][0]["rule_id"] == "AME-006" and body["findings"][0]["severity"] == "critical"
    session = client.get(f"/v1/chat/{body['session_id']}").json()
    assert session["document"]["name"] == "ibmsvr2" and session["document"]["ame"]["deficit_mb"] == 1645
    bundle = turn(client, "review", outputs=EXAMPLE_OUTPUTS)
    assert bundle["findings"][0]["rule_id"] == "AME-001"


def test_a_new_document_replaces_the_sessions(client):
    sid = turn(client, "review", document=EXAMPLE_DOCUMENT)["session_id"]
    fixed = {**EXAMPLE_DOCUMENT, "ame": {**EXAMPLE_DOCUMENT["ame"], "page_support": "64K"}}
    body = turn(client, "review", session_id=sid, document=fixed)
    assert "AME-001" not in {f["rule_id"] for f in body["findings"]}
    assert client.get(f"/v1/chat/{sid}").json()["document"] == fixed


# --- errors ---


def test_unknown_session_is_404(client):
    r = client.post("/v1/chat", json={"message": "why?", "session_id": "cs_00000000000000000000"})
    assert_problem(r, 404, "chat-session-not-found")
    assert_problem(client.get("/v1/chat/cs_00000000000000000000"), 404, "chat-session-not-found")


def test_malformed_session_ids_are_422(client):
    body = assert_problem(client.post("/v1/chat", json={"message": "x", "session_id": "nope"}), 422, "invalid-request")
    assert body["errors"][0]["path"] == "$.session_id"
    body = assert_problem(client.get("/v1/chat/nope"), 422, "invalid-parameters")
    assert body["errors"][0]["path"] == "path.session_id"


def test_an_error_reply_is_422_and_stores_nothing(app, client):
    store = app.state.store
    assert_problem(client.post("/v1/chat", json={"message": "review"}), 422, "invalid-chat-turn")  # no document
    assert sql(store, "SELECT count(*) FROM chat_sessions")[0][0] == 0
    sid = turn(client, "review", document=EXAMPLE_DOCUMENT)["session_id"]
    body = assert_problem(
        client.post("/v1/chat", json={"message": "set ame.page_suport = 64K", "session_id": sid}),
        422,
        "invalid-chat-turn",
    )
    assert "page_suport" in body["detail"] and body["session_id"] == sid
    assert_problem(
        client.post("/v1/chat", json={"message": "why AME-999?", "session_id": sid}), 422, "invalid-chat-turn"
    )
    session = client.get(f"/v1/chat/{sid}").json()
    assert len(session["turns"]) == 2 and session["document"] == EXAMPLE_DOCUMENT


@pytest.mark.parametrize(
    "payload, name, path",
    [
        ({}, "invalid-request", "$.message"),
        ({"message": 3}, "invalid-request", "$.message"),
        ({"message": "x", "sesion_id": "cs_00000000000000000000"}, "invalid-request", "$.sesion_id"),
        ({"message": "x", "document": EXAMPLE_DOCUMENT, "outputs": EXAMPLE_OUTPUTS}, "invalid-request", "$"),
        ({"message": "x", "name": "y"}, "invalid-request", "$"),
        (
            {"message": "x", "document": {**EXAMPLE_DOCUMENT, "ame": {"page_suport": "4K"}}},
            "invalid-document",
            "$.document.ame.page_suport",
        ),
        (
            {"message": "x", "document": {"kind": "aix-lpar", "name": "n", "memory": {"max_gb": 1e300}}},
            "number-out-of-range",
            "$.document.memory.max_gb",
        ),
        ({"message": "x", "outputs": [{"text": "garbage"}]}, "invalid-outputs", "$.outputs[0].text"),
    ],
)
def test_bad_requests(client, payload, name, path):
    body = assert_problem(client.post("/v1/chat", json=payload), 422, name)
    assert path in {e["path"] for e in body["errors"]}, body


def test_chat_routes_need_a_key(anon):
    assert_problem(anon.post("/v1/chat", json={"message": "x"}), 401, "unauthorized")
    assert_problem(anon.get("/v1/chat/cs_00000000000000000000"), 401, "unauthorized")


# --- persistence ---


def test_sessions_survive_a_restart_and_are_audited(settings, client):
    sid = turn(client, "review", document=EXAMPLE_DOCUMENT)["session_id"]
    turn(client, "why?", session_id=sid)
    client.app.state.store.close()
    again = create_app(settings)
    try:
        c = TestClient(again)
        c.headers.update(client.headers)
        assert turn(c, "what if I set ame.page_support = 64K", session_id=sid)["intent"] == "whatif"
        assert len(c.get(f"/v1/chat/{sid}").json()["turns"]) == 6
        store = again.state.store
        key_id = store.list_keys(OPERATOR)[0].id
        audit = [
            (e.action, e.object_id, e.api_key_id, e.actor)
            for e in store.audit_entries(OPERATOR)
            if e.action.startswith("chat.")
        ]
        assert audit == [("chat.turn", sid, key_id, f"api-key:{key_id}")] * 2 + [
            ("chat.create", sid, key_id, f"api-key:{key_id}")
        ]
        key, count, state = sql(store, "SELECT api_key_id, message_count, state FROM chat_sessions WHERE id = ?", sid)[
            0
        ]
        assert (key, count) == (key_id, 6)
        # every message is a row of chat_turns; the state keeps only the latest ones the dialogue reads back
        assert len(json.loads(state)["turns"]) <= RECALLED
    finally:
        again.state.store.close()


def test_a_follow_up_leaning_on_two_turns_back_answers_over_the_api_as_in_process(app, client):
    """The stored state keeps the latest messages the dialogue reads back: "is it shared between the cores?" takes
    its subject from the first question (the NX unit), two turns back, over the API as in process."""
    from advisor.chat import ChatEngine

    said = ["is the NX unit on POWER7+ used for AME?", "what AIX TL?", "is it shared between the cores?"]
    engine, state, session = ChatEngine(), None, {}
    for message in said:
        local = engine.turn(message, state)
        state = json.loads(local.state.model_dump_json())
        body = turn(client, message, **session)
        session = {"session_id": body["session_id"]}
        assert body["answer"] == local.answer
    assert body["verdict"]["answer"] == "yes"
    stored = app.state.store.get_chat_session(OPERATOR, session["session_id"]).state
    assert [t["text"] for t in stored["turns"] if t["role"] == "user"] == said
    for message in ("what does it compress?", "and on POWER7?", "how much CPU does it save?"):
        session = {"session_id": turn(client, message, **session)["session_id"]}
    stored = app.state.store.get_chat_session(OPERATOR, session["session_id"]).state
    assert len(stored["turns"]) == RECALLED and stored["turns"][-2]["text"] == "how much CPU does it save?"
