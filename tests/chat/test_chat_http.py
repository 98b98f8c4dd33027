"""The conversation over POST /v1/chat as a bot drives it: session ids, an attached document,
a question back that the next turn answers, and the structured fields beside `answer`."""

from __future__ import annotations

import warnings

warnings.filterwarnings("ignore", message=".*starlette.testclient.*")

import pytest  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

from api.app import create_app  # noqa: E402
from api.examples import EXAMPLE_DOCUMENT  # noqa: E402
from api.settings import Settings  # noqa: E402
from tests.support.store import OPERATOR  # noqa: E402

STRUCTURED = {"verdict", "claims", "calculations", "assumptions", "needs_input", "follow_ups"}
CONTRACT = {"session_id", "answer", "citations", "findings", "questions", "follow_ups"}


@pytest.fixture
def client(tmp_path):
    app = create_app(Settings(db_path=tmp_path / "advisor.db"))
    key = app.state.store.create_key(OPERATOR, "test")[1]
    c = TestClient(app, raise_server_exceptions=False)
    c.headers["Authorization"] = f"Bearer {key}"
    yield c
    app.state.store.close()


def post(client, message: str, **extra) -> dict:
    r = client.post("/v1/chat", json={"message": message, **extra})
    assert r.status_code == 200, r.text
    body = r.json()
    assert CONTRACT <= set(body) and STRUCTURED <= set(body)  # the contract's fields stay; the new ones are beside
    return body


def test_pending_question_persists_with_the_session_and_resumes(client):
    asked = post(client, "is my lfarea ok")
    sid = asked["session_id"]
    assert asked["intent"] == "clarify" and asked["needs_input"] and asked["verdict"]["answer"] == "it depends"
    resumed = post(client, "32 GB", session_id=sid)
    assert "= 23.6 GB" in resumed["answer"] and "= 22.4 GB" in resumed["answer"]
    again = post(client, "and for 128 GB?", session_id=sid)
    assert "= 100.4 GB" in again["answer"] and "= 99.2 GB" in again["answer"]


def test_structured_fields_index_the_citations(client):
    body = post(client, "vios mem for a 64 core box w/ 2 x 10Gb ports, 4 x 8Gb FC ports and 60 NPIV clients")
    n = len(body["citations"])
    assert body["claims"] and all(1 <= c <= n for claim in body["claims"] for c in claim["citations"])
    assert [claim["text"] for claim in body["claims"]] == [
        line.rsplit(" [", 1)[0] for line in body["answer"].splitlines()
    ]
    required = next(c for c in body["calculations"] if c["name"] == "vios_memory.required")
    assert required["result"] == 12240 and all(1 <= c <= n for c in required["citations"])
    verdict = post(client, "are 2 GB pages pageable?")["verdict"]
    assert verdict["answer"] == "no" and verdict["citations"] == [1]


def test_what_if_in_words_on_the_attached_document(client):
    sid = post(client, "review", document=EXAMPLE_DOCUMENT)["session_id"]
    r = post(client, "switch to AME64K", session_id=sid)
    assert r["intent"] == "whatif" and "AME-001" in {f["rule_id"] for f in r["diff"]["resolved"]}
    post(client, "add 2 GB", session_id=sid)
    session = client.get(f"/v1/chat/{sid}").json()
    assert session["undo_depth"] == 2
    assert session["document"]["memory"]["desired_gb"] == EXAMPLE_DOCUMENT["memory"]["desired_gb"] + 2
    post(client, "start over", session_id=sid)
    assert client.get(f"/v1/chat/{sid}").json()["document"] == EXAMPLE_DOCUMENT


def test_openapi_lists_the_structured_fields(client):
    schema = client.get("/openapi.json").json()["components"]["schemas"]["ChatOut"]["properties"]
    assert STRUCTURED <= set(schema)


def test_a_bot_that_attaches_the_document_to_every_turn_keeps_the_conversation(client):
    """The same document sent again with each message is the session's own: what-ifs add up and undo works."""
    sid = post(client, "review", document=EXAMPLE_DOCUMENT)["session_id"]
    post(client, "switch to AME64K", session_id=sid, document=EXAMPLE_DOCUMENT)
    post(client, "add 2 GB", session_id=sid, document=EXAMPLE_DOCUMENT)
    assert client.get(f"/v1/chat/{sid}").json()["undo_depth"] == 2
    undone = post(client, "undo", session_id=sid, document=EXAMPLE_DOCUMENT)
    assert undone["answer"].startswith("Undone: memory.desired_gb")
    other = {**EXAMPLE_DOCUMENT, "name": "another-lpar"}
    post(client, "review", session_id=sid, document=other)  # a different document starts afresh
    assert client.get(f"/v1/chat/{sid}").json()["undo_depth"] == 0
