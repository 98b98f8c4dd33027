"""What-if chains in words over every document kind (whatif_chains.yaml): the change each turn means is made,
what cannot be placed is asked back and resumed, a no-op is said, undo / undo all / "what changed?" work, and
every what-if's findings are those `advisor check` gives on the changed document. Plus the field coverage: every
field a rule reads can be changed in words (tests/chat/whatif_coverage.py)."""

from __future__ import annotations

import json
import warnings

import pytest

from tests.chat import whatif_chains, whatif_coverage

warnings.filterwarnings("ignore", message=".*starlette.testclient.*")

CHAINS = whatif_chains.load()


@pytest.mark.parametrize("chain", CHAINS, ids=[c["id"] for c in CHAINS])
def test_a_what_if_chain(engine, chain):
    failed = [(r.say, r.failures, r.answer[:300]) for r in whatif_chains.play(engine, [chain]) if r.failures]
    assert failed == []


def test_every_field_a_rule_reads_can_be_changed_in_words():
    out = whatif_coverage.measure(verbose=True)
    assert out["fields_pct"] == 100.0, out["misses"]


def test_a_question_back_names_the_candidates_and_the_reply_resumes_it(engine):
    doc = json.loads((whatif_chains.EXAMPLES / "managed-system.json").read_text(encoding="utf-8"))
    asked = engine.turn("what if smt were 2", None, document=doc)
    assert asked.intent == "clarify" and asked.needs_input and "sapapp01" in asked.answer
    assert asked.state.document == doc
    done = engine.turn("sapdb01", asked.state)
    assert done.intent == "whatif" and "partitions[3].cpu.smt 8 -> 2" in done.answer


def test_a_value_the_schema_refuses_is_asked_again_and_the_reply_sets_it(engine):
    doc = json.loads((whatif_chains.EXAMPLES / "vios-undersized.json").read_text(encoding="utf-8"))
    asked = engine.turn("raise the weight to 300", None, document=doc)
    assert asked.intent == "clarify" and "cpu.weight" in asked.answer and "255" in asked.answer
    done = engine.turn("250", asked.state)
    assert done.intent == "whatif" and "cpu.weight 255 -> 250" in done.answer


def test_a_negative_amount_is_never_read_as_a_positive_one(engine):
    doc = json.loads((whatif_chains.EXAMPLES / "aix-ame4k-64k.json").read_text(encoding="utf-8"))
    reply = engine.turn("what if the paging space were -2 GB", None, document=doc)
    assert reply.intent == "clarify" and "negative" in reply.answer and reply.state.document == doc


def test_a_no_op_says_so_and_still_gives_the_review(engine):
    doc = json.loads((whatif_chains.EXAMPLES / "zvm-z13.json").read_text(encoding="utf-8"))
    reply = engine.turn("what if smt stayed off", None, document=doc)
    assert "smt_enabled is already false" in reply.answer and "ZVM-001" in reply.answer
    assert reply.state.previous_documents == []  # nothing to undo


def test_what_ifs_over_http_with_a_bot_prefix(tmp_path):
    from fastapi.testclient import TestClient

    from api.app import create_app
    from api.settings import Settings
    from tests.support.store import OPERATOR

    doc = json.loads((whatif_chains.EXAMPLES / "hpux-superdome.json").read_text(encoding="utf-8"))
    app = create_app(Settings(db_path=tmp_path / "advisor.db"))
    client = TestClient(app, raise_server_exceptions=False)
    client.headers["Authorization"] = f"Bearer {app.state.store.create_key(OPERATOR, 'test')[1]}"
    try:
        first = client.post("/v1/chat", json={"message": "[ci-gate] suppose 15% cell local memory", "document": doc})
        sid = first.json()["session_id"]
        assert "HPUX-004" in {f["rule_id"] for f in first.json()["diff"]["resolved"]}
        dropped = client.post("/v1/chat", json={"message": "[ci-gate] what if we drop the CLM", "session_id": sid})
        assert "clm_pct 15% -> 0%" in dropped.json()["answer"]
        undone = client.post("/v1/chat", json={"message": "[ci-gate] undo", "session_id": sid}).json()
        assert undone["answer"].startswith("Undone: clm_pct: 0% -> 15%") and "Resolved: HPUX-004" in undone["answer"]
        client.post("/v1/chat", json={"message": "[ci-gate] undo all", "session_id": sid})
        assert client.get(f"/v1/chat/{sid}").json()["document"] == doc
    finally:
        app.state.store.close()


def test_a_partition_kind_named_narrows_the_question(engine):
    doc = json.loads((whatif_chains.EXAMPLES / "managed-system.json").read_text(encoding="utf-8"))
    asked = engine.turn("what if the vios had 16 GB", None, document=doc)
    assert asked.intent == "clarify" and "vios1 or vios2?" in asked.answer and "sapapp01" not in asked.answer
    done = engine.turn("vios2", asked.state)
    assert "partitions[1].memory_gb 4 GB -> 16 GB" in done.answer
