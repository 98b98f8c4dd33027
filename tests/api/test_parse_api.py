"""POST /v1/parse: command outputs (named or detected) and bundles to a document with provenance; bad input is 422."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from advisor.inputs import TextInput, load_texts
from api.examples import EXAMPLE_BUNDLE, EXAMPLE_OUTPUTS
from tests.api.test_errors import assert_problem
from tests.parsers.parser_samples import load
from tests.support.store import OPERATOR

AMEPAT_4_7 = "amepat.s1-factor-4.7.txt"
# the same partition as the 4.7 amepat report, as lparstat -i prints it: another factor, and a line it does not know
LPARSTAT_IBMSVR2 = """Node Name : ibmsvr2
Partition Name : ibmsvr2
Type : Dedicated-SMT-8
Entitled Capacity : 1.00
Online Memory : 3072 MB
Bogus Label : 12
Memory Mode : Dedicated-Expanded
Target Memory Expansion Factor : 4.00
"""


def test_outputs_make_the_document_advisor_parse_would(client):
    r = client.post("/v1/parse", json={"outputs": EXAMPLE_OUTPUTS})
    assert r.status_code == 200, r.text
    body = r.json()
    assert set(body) == {"document", "provenance", "warnings", "conflicts", "unmapped"}
    expected = load_texts(
        [TextInput(o["text"], f"outputs[{i}]", o.get("command")) for i, o in enumerate(EXAMPLE_OUTPUTS)]
    )
    assert body["document"] == expected.document_json()
    assert body["document"]["ame"] == {"enabled": True, "page_support": "4K", "expansion_factor": 2.0}
    assert body["document"]["workload"] == {"app_page_size": "64K"}  # from ps -eZ, whose command was detected
    assert body["warnings"] == [] and body["conflicts"] == []


def test_provenance_names_the_output_command_and_line(client):
    body = client.post("/v1/parse", json={"outputs": EXAMPLE_OUTPUTS}).json()
    page = body["provenance"]["ame.page_support"]
    assert (page["file"], page["command_line"], page["line_no"]) == ("outputs[1]", "vmo -o ame_mpsize_support", 1)
    assert page["line"] == "ame_mpsize_support = 0"
    detected = body["provenance"]["workload.app_page_size"]
    assert detected["file"] == "outputs[2]" and detected["command"] == "ps -eZ" and "disp+work" in detected["line"]


def test_a_bundle_parses_like_the_outputs(client):
    by_outputs = client.post("/v1/parse", json={"outputs": EXAMPLE_OUTPUTS}).json()
    r = client.post("/v1/parse", json={"bundle": EXAMPLE_BUNDLE})
    assert r.status_code == 200, r.text
    assert r.json()["document"] == by_outputs["document"]
    assert {src["file"] for src in r.json()["provenance"].values()} == {"bundle"}


def test_per_output_warnings_and_conflicts(client):
    outputs = [{"text": load(AMEPAT_4_7)}, {"command": "lparstat -i", "text": LPARSTAT_IBMSVR2}]
    body = client.post("/v1/parse", json={"outputs": outputs}).json()
    assert body["warnings"] == [
        {
            "file": "outputs[1]",
            "command": "lparstat -i",
            "line_no": 6,
            "line": "Bogus Label : 12",
            "reason": "unknown field 'Bogus Label'; skipped",
        }
    ]
    [conflict] = body["conflicts"]
    assert conflict["path"] == "ame.expansion_factor" and conflict["chosen"] == 4.0
    assert {(v["value"], v["source"]["file"]) for v in conflict["values"]} == {(4.0, "outputs[1]"), (4.7, "outputs[0]")}


def test_kind_and_name_options(client):
    r = client.post("/v1/parse", json={"outputs": [{"text": load("virtstor.s4.txt")}]})
    body = assert_problem(r, 422, "invalid-outputs")
    assert body["errors"][0]["path"] == "$.name"
    r = client.post("/v1/parse", json={"outputs": [{"text": load("virtstor.s4.txt")}], "name": "ZOS1"})
    assert r.status_code == 200, r.text
    assert r.json()["document"]["kind"] == "zos-lpar" and r.json()["document"]["name"] == "ZOS1"
    r = client.post("/v1/parse", json={"outputs": [{"text": load("lparstat_i.s2.txt")}], "kind": "vios"})
    assert r.status_code == 200 and r.json()["document"]["kind"] == "vios"


# --- errors: 422 naming the output and the line, never a 500 ---


def test_garbage_names_the_output_and_the_line(client):
    outputs = [EXAMPLE_OUTPUTS[0], {"text": "\n\nthis is not a command output\nnor a document\n"}]
    body = assert_problem(client.post("/v1/parse", json={"outputs": outputs}), 422, "invalid-outputs")
    [error] = body["errors"]
    assert error["path"] == "$.outputs[1].text" and error["line"] == 3
    assert "this is not a command output" in error["message"] and "$.outputs[1].text" in body["detail"]


def test_text_that_is_not_the_named_command(client):
    outputs = [{"command": "lparstat -i", "text": "ame_mpsize_support = 0\n"}]
    body = assert_problem(client.post("/v1/parse", json={"outputs": outputs}), 422, "invalid-outputs")
    assert body["errors"][0]["path"] == "$.outputs[0].text" and body["errors"][0]["line"] == 1
    assert "not 'lparstat -i' output" in body["errors"][0]["message"]


def test_unknown_command_names_the_command_field_with_a_suggestion(client):
    outputs = [{"command": "lparstat -l", "text": "x"}]
    body = assert_problem(client.post("/v1/parse", json={"outputs": outputs}), 422, "invalid-outputs")
    assert body["errors"][0]["path"] == "$.outputs[0].command"
    assert body["errors"][0]["suggestion"] == "lparstat -i" and "line" not in body["errors"][0]


def test_a_document_is_not_an_output(client):
    outputs = [{"text": json.dumps({"kind": "aix-lpar", "name": "x"})}]
    body = assert_problem(client.post("/v1/parse", json={"outputs": outputs}), 422, "invalid-outputs")
    assert "configuration document" in body["errors"][0]["message"] and "`document`" in body["errors"][0]["message"]


def test_outputs_of_two_hosts_are_refused(client):
    outputs = [{"text": LPARSTAT_IBMSVR2}, {"text": load("lparstat_i.s2.txt")}]  # Node Name ibmsvr2, aix1
    body = assert_problem(client.post("/v1/parse", json={"outputs": outputs}), 422, "invalid-outputs")
    assert body["errors"][0]["path"] == "$.outputs" and "hosts" in body["errors"][0]["message"]


def test_bad_bundle_names_the_bundle_line(client):
    bundle = '#### advisor-bundle format="9" host="x" ####\n'
    body = assert_problem(client.post("/v1/parse", json={"bundle": bundle}), 422, "invalid-outputs")
    assert body["errors"][0]["path"] == "$.bundle" and body["errors"][0]["line"] == 1


@pytest.mark.parametrize(
    "payload, path",
    [
        ({}, "$"),
        ({"outputs": []}, "$.outputs"),
        ({"outputs": [{"text": ""}]}, "$.outputs[0].text"),
        ({"outputs": [{"command": "vmo -L"}]}, "$.outputs[0].text"),
        ({"outputs": [{"txt": "x"}]}, "$.outputs[0].txt"),
        ({"outputs": "lparstat"}, "$.outputs"),
        ({"bundle": 3}, "$.bundle"),
        ({"outputs": [{"text": "x"}], "kind": "zz"}, "$.kind"),
        ({"bundle": "x", "extra": 1}, "$.extra"),
        ([], "$"),
    ],
)
def test_request_shape_errors_are_invalid_request(client, payload, path):
    body = assert_problem(client.post("/v1/parse", json=payload), 422, "invalid-request")
    assert path in {e["path"] for e in body["errors"]}


def test_parse_stores_nothing(app, client):
    client.post("/v1/parse", json={"outputs": EXAMPLE_OUTPUTS})
    assert app.state.store.count_reviews(OPERATOR) == 0


def test_huge_numbers_in_outputs_are_refused_with_their_line(client):
    text = LPARSTAT_IBMSVR2.replace("Online Memory : 3072 MB", "Online Memory : 99999999999999999999 MB")
    r = client.post("/v1/parse", json={"outputs": [{"command": "lparstat -i", "text": text}]})
    body = assert_problem(r, 422, "number-out-of-range")
    assert body["errors"][0]["path"] == "$.outputs[0].text" and body["errors"][0]["line"] == 5
    assert "line 5: memory.desired_gb" in body["detail"]


@settings(max_examples=40, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(
    text=st.text(min_size=1, max_size=400) | st.sampled_from([LPARSTAT_IBMSVR2[:120], EXAMPLE_BUNDLE[:300]]),
    command=st.sampled_from([None, "lparstat -i", "amepat", "vmo -L", "lsdev -type adapter", "bundle"]),
)
def test_any_text_is_a_document_or_a_422_never_a_500(client, text, command):
    if command == "bundle":
        body = {"bundle": text}
    else:
        body = {"outputs": [{"text": text} if command is None else {"command": command, "text": text}]}
    r = client.post("/v1/parse", json=body)
    assert r.status_code in (200, 422), r.text
    if r.status_code == 422:
        assert r.headers["content-type"] == "application/problem+json" and r.json()["errors"]
