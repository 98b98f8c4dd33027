"""`advisor ask --server URL`: the chat through advisor.client, sessions kept by the server; in-process otherwise."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from advisor.cli import app as cli
from api.app import create_app
from api.settings import Settings
from tests.api.live import serve_in_thread
from tests.api.server import free_port
from tests.support.store import OPERATOR

runner = CliRunner()
EXAMPLE = "examples/aix-ame4k-64k.json"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    app = create_app(Settings(db_path=tmp_path_factory.mktemp("ask") / "ask.db"))
    key = app.state.store.create_key(OPERATOR, "ask", role="admin")[1]
    with serve_in_thread(app) as url:
        yield app, url, key
    app.state.store.close()


@pytest.fixture(autouse=True)
def no_server_from_the_environment(monkeypatch):
    monkeypatch.delenv("ADVISOR_URL", raising=False)
    monkeypatch.delenv("ADVISOR_API_KEY", raising=False)


def ask(*args: str, env: dict | None = None):
    return runner.invoke(cli, ["ask", *args], env=env)


def test_a_conversation_through_the_server(server):
    app, url, key = server
    first = ask("review", "--config", EXAMPLE, "--server", url, "--api-key", key)
    assert first.exit_code == 0, first.output
    assert "AME-001" in first.stdout and "Sources:" in first.stdout
    session_id = first.stderr.split("session: ")[1].split()[0]
    assert session_id.startswith("cs_")
    second = ask("why?", "--session", session_id, "--server", url, "--api-key", key, "--format", "json")
    assert second.exit_code == 0, second.output
    body = json.loads(second.stdout)
    assert body["session_id"] == session_id and body["intent"] == "explain" and body["citations"]
    assert "diff" not in body
    turns = app.state.store.chat_conversation(OPERATOR, session_id)[1]
    assert [t.text for t in turns if t.role == "user"] == ["review", "why?"]


def test_url_and_key_from_the_environment_and_local_overrides(server):
    _, url, key = server
    env = {"ADVISOR_URL": url, "ADVISOR_API_KEY": key}
    remote = ask("Can I use AME with 64K pages on POWER7?", "--format", "json", env=env)
    assert remote.exit_code == 0, remote.output
    assert json.loads(remote.stdout)["session_id"].startswith("cs_")
    local = ask("Can I use AME with 64K pages on POWER7?", "--format", "json", "--local", env=env)
    assert local.exit_code == 0 and json.loads(local.stdout)["session_id"] is None  # in-process: no server session
    assert json.loads(local.stdout)["answer"] == json.loads(remote.stdout)["answer"]


def test_errors_exit_2_with_the_servers_detail(server, tmp_path):
    _, url, key = server
    refused = ask("review", "--server", url, "--api-key", key)  # no document: the advisor cannot act
    assert (
        refused.exit_code == 2
        and "invalid-chat-turn" in refused.stderr
        and "no configuration document" in refused.stderr
    )
    unknown = ask("why?", "--session", "cs_00000000000000000000", "--server", url, "--api-key", key)
    assert unknown.exit_code == 2 and "chat-session-not-found" in unknown.stderr
    session_file = tmp_path / "s.json"
    session_file.write_text("{}")
    as_file = ask("why?", "--session", str(session_file), "--server", url, "--api-key", key)
    assert as_file.exit_code == 2 and "not a session id" in as_file.stderr and "a file" in as_file.stderr
    no_key = ask("why?", "--server", url)
    assert no_key.exit_code == 2 and "unauthorized" in no_key.stderr
    bad_doc = tmp_path / "bad.json"
    bad_doc.write_text('{"kind": "aix-lpar", "name": "x", "ame": {"page_suport": "4K"}}')
    invalid = ask("review", "--config", str(bad_doc), "--server", url, "--api-key", key)
    assert invalid.exit_code == 2 and "$.document.ame.page_suport" in invalid.stderr


def test_an_unreachable_server_is_exit_2():
    r = ask("why?", "--server", f"http://127.0.0.1:{free_port()}", "--api-key", "k")
    assert r.exit_code == 2 and "cannot reach" in r.stderr and "Traceback" not in r.output


def test_in_process_session_file_still_works(tmp_path):
    session = tmp_path / "s.json"
    first = ask("review", "--config", EXAMPLE, "--session", str(session))
    assert first.exit_code == 0 and session.exists() and "session:" not in first.stderr
    second = ask("why?", "--session", str(session), "--format", "json")
    assert second.exit_code == 0 and json.loads(second.stdout)["intent"] == "explain"
