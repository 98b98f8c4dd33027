"""`advisor calc NAME`: one command per calculator route of the API, with the route's inputs and
result (--format json is what the route answers), citations in the text, exit 2 on bad input."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from advisor.cli import app
from advisor.cli.calc import ARGUMENT, NAMES, calculators
from api.app import create_app
from api.settings import Settings
from tests.support.store import OPERATOR

runner = CliRunner()
CALCULATORS = calculators()


@pytest.fixture(scope="module")
def api(tmp_path_factory):
    """The HTTP API with a key, to compare the CLI's JSON with the route's answer."""
    settings = Settings(db_path=tmp_path_factory.mktemp("calc") / "a.db")
    with TestClient(create_app(settings)) as client:
        _, key = client.app.state.store.create_key(OPERATOR, "calc-test")
        client.headers["Authorization"] = f"Bearer {key}"
        yield client


def test_one_command_per_calculator_route(api):
    routes = {p.rsplit("/", 1)[1] for p in api.get("/openapi.json").json()["paths"] if "/calculators/" in p}
    assert set(NAMES) == set(CALCULATORS) == routes
    listing = runner.invoke(app, ["calc", "--help"]).output
    assert all(name in listing for name in NAMES)


def as_options(name: str, args: dict) -> list[str]:
    out = []
    for key, value in args.items():
        text = value if isinstance(value, str) else json.dumps(value)
        out += [text] if ARGUMENT.get(name) == key else [f"--{key.replace('_', '-')}", text]
    return out


@pytest.mark.parametrize("name", sorted(CALCULATORS))
def test_json_is_the_route_answer_and_text_cites(name, api):
    cap = CALCULATORS[name]
    args = cap.example_args()
    answer = api.post(f"/v1/calculators/{name}", json=args)
    assert answer.status_code == 200, answer.text
    expected = answer.json()
    result = runner.invoke(app, ["calc", name, *as_options(name, args), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == expected
    text = runner.invoke(app, ["calc", name, *as_options(name, args)])
    assert text.exit_code == 0 and "sources:" in text.stdout
    sources = {c["source"] for c in _citations(expected)}
    assert sources and all(s in text.stdout for s in sources)


def _citations(data):
    if isinstance(data, dict):
        return [c for k, v in data.items() for c in (v if k == "citations" else _citations(v))]
    if isinstance(data, list):
        return [c for item in data for c in _citations(item)]
    return []


def test_input_file_is_the_route_body(tmp_path):
    body = tmp_path / "hpt.json"
    body.write_text(json.dumps(CALCULATORS["hpt"].example_args()))
    result = runner.invoke(app, ["calc", "hpt", "--input", str(body), "--format", "json"])
    assert result.exit_code == 0 and json.loads(result.stdout)["partitions"]


def test_bad_input_is_exit_2_with_the_json_path():
    result = runner.invoke(app, ["calc", "clm", "--memory-gb", "128", "--clm-pct", "0"])
    assert result.exit_code == 2
    assert "error: calc clm: $.sap_shared_memory_gb: Field required" in result.stderr
    negative = runner.invoke(app, ["calc", "sap-instances", "--cores", "-4"])
    assert negative.exit_code == 2 and "$.cores" in negative.stderr
