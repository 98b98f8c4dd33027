"""`advisor db export|import|check|migrate`: a site moved from SQLite to PostgreSQL and back loses nothing."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from advisor.cli import app
from advisor.store import SQLiteStore
from advisor.store.postgres import PostgresStore
from api.app import create_app
from api.examples import EXAMPLE_DOCUMENT
from api.settings import Settings
from tests.support.store import OPERATOR

runner = CliRunner()


def populated(settings: Settings) -> tuple[str, str, str]:
    """A store with a review, a chat session, keys of two tenants and their audit entries."""
    app = create_app(settings)
    store = app.state.store
    store.create_key(OPERATOR, "b", tenant="team-b", role="reader")
    key = store.create_key(OPERATOR, "a", tenant="team-a", role="admin")[1]
    client = TestClient(app)
    client.headers["Authorization"] = f"Bearer {key}"
    review = client.post("/v1/reviews", json=EXAMPLE_DOCUMENT, headers={"Idempotency-Key": "k1"})
    session = client.post("/v1/chat", json={"message": "review", "document": EXAMPLE_DOCUMENT}).json()["session_id"]
    store.close()
    return key, review.json()["review_id"], session


def test_sqlite_to_postgres_and_back(tmp_path, postgres_server):
    src = tmp_path / "site.db"
    key, review_id, session_id = populated(Settings(db_path=src))
    first = runner.invoke(app, ["db", "export", "--db", str(src), "-o", str(tmp_path / "one.jsonl")])
    assert first.exit_code == 0, first.output
    url = postgres_server.new_schema()
    moved = runner.invoke(app, ["db", "import", str(tmp_path / "one.jsonl"), "--to", url])
    assert moved.exit_code == 0, moved.output
    # the API on PostgreSQL serves what the SQLite site stored, to the same key
    pg_app = create_app(Settings(db_path=tmp_path / "unused.db", database_url=url))
    client = TestClient(pg_app)
    client.headers["Authorization"] = f"Bearer {key}"
    stored = SQLiteStore(src).get_review(OPERATOR, review_id)
    assert client.get(f"/v1/reviews/{review_id}").content == stored.review_json.encode()
    assert len(client.get(f"/v1/chat/{session_id}").json()["turns"]) == 2
    # the moved site shows the same fleet: the fleet tables travel with the reviews
    site = create_app(Settings(db_path=src))
    here = TestClient(site)
    here.headers["Authorization"] = f"Bearer {key}"
    for path in ("/v1/systems", f"/v1/systems/{EXAMPLE_DOCUMENT['name']}", "/v1/fleet/summary"):
        assert client.get(path).json() == here.get(path).json(), path
    assert client.get("/v1/systems").json()["items"]  # not two empty answers
    site.state.store.close()
    created = client.post("/v1/reviews", json=EXAMPLE_DOCUMENT)
    assert created.status_code == 201  # new rows continue after the imported seq numbers
    new_id = created.json()["review_id"]
    pg_fleet = [client.get(p).json() for p in ("/v1/systems", "/v1/fleet/summary")]
    pg_app.state.store.close()
    # and back: PostgreSQL -> a new SQLite file; every row of the first site is there unchanged
    pg = PostgresStore(url)
    (tmp_path / "two.jsonl").write_text("".join(line + "\n" for line in pg.export_lines()))
    pg.close()
    back = runner.invoke(app, ["db", "import", str(tmp_path / "two.jsonl"), "--to", str(tmp_path / "back.db")])
    assert back.exit_code == 0, back.output

    def rows(name: str) -> list[dict]:
        out = []
        for line in (tmp_path / name).read_text().splitlines()[1:]:
            item = json.loads(line)
            row = {k: v for k, v in item["row"].items() if k != "last_used_at"}  # the key was used since
            # the review made on PostgreSQL is left out, and so are the fleet rows it changed (compared above)
            moved = item["table"] != "site" and not item["table"].startswith("fleet_")
            if moved and new_id not in (row.get("id"), row.get("object_id")):
                out.append({"table": item["table"], "row": row})
        return out

    assert rows("one.jsonl") == rows("two.jsonl")
    back_app = create_app(Settings(db_path=tmp_path / "back.db"))
    back_client = TestClient(back_app)
    back_client.headers["Authorization"] = f"Bearer {key}"
    assert [back_client.get(p).json() for p in ("/v1/systems", "/v1/fleet/summary")] == pg_fleet
    back_app.state.store.close()
    again = runner.invoke(app, ["db", "check", "--db", str(tmp_path / "back.db")])
    assert again.exit_code == 0 and "integrity: ok" in again.output and "reviews" in again.output
    assert SQLiteStore(tmp_path / "back.db").count_reviews(OPERATOR) == 2


def test_import_refuses_a_store_that_is_not_empty_and_bad_input(tmp_path):
    src = tmp_path / "site.db"
    populated(Settings(db_path=src))
    runner.invoke(app, ["db", "export", "--db", str(src), "-o", str(tmp_path / "x.jsonl")])
    again = runner.invoke(app, ["db", "import", str(tmp_path / "x.jsonl"), "--to", str(src)])
    assert again.exit_code == 2 and "not empty" in again.output
    (tmp_path / "bad.jsonl").write_text('{"hello": 1}\n')
    bad = runner.invoke(app, ["db", "import", str(tmp_path / "bad.jsonl"), "--to", str(tmp_path / "new.db")])
    assert bad.exit_code == 2 and "not an export" in bad.output
    assert runner.invoke(app, ["db", "migrate", "--db", str(tmp_path / "m.db")]).exit_code == 0
