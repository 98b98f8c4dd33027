"""Bot, ticket and mail wrappers are taken off before anything reads a message (advisor/chat/reader/wrappers.py).

The wrappers here are invented (none is an eval turn's wording): each must leave the inner message exactly, and
the chat's answer to a wrapped message must be the answer to the bare one, for questions, calculators, verdicts,
what-ifs and undo, in process and over POST /v1/chat.
"""

from __future__ import annotations

import json
import time
import warnings

import pytest

from advisor.chat.reader.wrappers import unwrap

warnings.filterwarnings("ignore", message=".*starlette.testclient.*")

QUESTION = "does enabling AME need a reboot?"

WRAPPERS = [
    "[ci-gate] {q}",
    "[bot:opsgenie] {q}",
    "[jenkins#2291] [prod] {q}",
    "[EXTERNAL] RE: Fwd: {q}",
    "Ticket #80412: {q}",
    "INC0091234 - {q}",
    "CHG-55120: {q}",
    "case 7731: {q}",
    "SR 48213 | {q}",
    "AW: WG: {q}",
    "@advisor {q}",
    "<@U07ABCD12> {q}",
    "/ask {q}",
    "hi team, {q}",
    "Good morning Anja - {q}",
    "hello all! {q} thx",
    "{q} thanks in advance",
    "{q} pls advise",
    "customer asks: {q}",
    "Q: {q}",
    "quick question: {q} cheers",
    '{{"from":"helpdesk-bot","text":"{q}"}}',
    '{{"ticket":"RITM7781","user_q":"{q}","priority":2}}',
    '{{"event":"message","payload":{{"user":"u1","channel":"C9","message":"{q}"}}}}',
    'Ticket #311: {{"source":"teams","question":"{q}"}}',
    "> {q}",
    "{q}\n\n--\nMarta K. | Storage team | +49 711 0000\nConfidential: this e-mail is for the addressee only.",
    "Hello,\n\n{q}\n\nBest regards,\nOle",
    "Subject: AME change\n\nHi Lars,\n{q}\n\nKind regards\nLars",
    "see below\n\n-----Original Message-----\nFrom: Ana\nSent: Monday\nSubject: AME\n\nwhy does it matter?",
    "{q}\n\nOn Tue, 3 Mar 2026 at 10:12, Bo <bo@example.com> wrote:\n> we plan the change friday\n> ok?",
    "[bot:itsm] Ticket #4412: RE: FW: @advisor hi team, Q: {q} thx",
    "Storage Ops bot: {q}",
    "[Slack] Jira PLAT-4410 bot -> {q}",
    "user a.meyer asks -> {q}",
]


@pytest.mark.parametrize("wrapper", WRAPPERS)
def test_the_inner_message_is_left(wrapper):
    got = unwrap(wrapper.format(q=QUESTION)).text
    if "Original Message" in wrapper:
        assert got == "why does it matter?\nsee below"  # a new part that asks nothing: the forwarded question
    else:
        assert got == QUESTION


@pytest.mark.parametrize(
    "message",
    [
        "AME-001: why does it fire?",  # a rule id is no ticket number
        "VIOS-001 - what does it check?",
        "VM65586: what does it fix?",  # an APAR is no ticket number
        "/tmp is full on the vios, does that matter?",  # a path is no slash command
        "hey can you size a vios for 32 cores",  # no punctuation after the greeting's words: not a greeting
        "hi",  # a greeting alone stays a greeting (small talk answers it)
        "thanks!",
        "what about the party",  # "ty" inside a word is no thanks
        '{"kind": "vios", "name": "v1", "memory_gb": 4}',  # a document pasted as JSON stays a document
        "set memory_gb = 8",
        "[1, 2, 3] which of these?",
    ],
)
def test_what_is_no_wrapper_stays(message):
    assert unwrap(message).text == message


@pytest.mark.parametrize(
    "message, inner",
    [
        ("[AIX 7.2 TL5] is AME64K supported?", "AIX 7.2 TL5 is AME64K supported?"),  # the tag says where
        ("[POWER9] [ci] is AME64K supported?", "POWER9 is AME64K supported?"),
        ("[VIOS-001] how do I fix it?", "VIOS-001 how do I fix it?"),
        ('{"platform":"z/OS","topic":"db2 buffer pools","ask":"large pages?"}', "z/OS db2 buffer pools: large pages?"),
        ('{"q":"SMT on a z13?","host":"lnx01","from":"bot"}', "SMT on a z13?"),  # who and where is no context
    ],
)
def test_what_a_wrapper_says_about_the_question_is_kept(message, inner):
    assert unwrap(message).text == inner


def test_a_short_note_over_a_quoted_question_asks_the_quoted_question():
    got = unwrap("> our lpar runs AME at factor 3.1\n> is that too high?\n\nthoughts pls, thx").text
    assert got == "our lpar runs AME at factor 3.1\nis that too high?\nthoughts pls"
    own = unwrap("> is that too high?\n\nwe moved to factor 2.0 last week and the batch got slower, why?").text
    assert own == "we moved to factor 2.0 last week and the batch got slower, why?"  # the new part asks its own


def test_a_json_envelope_inside_a_json_envelope():
    inner = json.dumps({"text": "ticket #9: can 2G pages be paged out?"})
    assert unwrap(json.dumps({"from": "relay", "body": inner})).text == "can 2G pages be paged out?"


def test_what_was_taken_off_is_listed_in_order():
    got = unwrap("[bot:x] Ticket #12: RE: hello team, is SMT on? thx")
    assert got.text == "is SMT on?"
    assert got.removed == ["[bot:x]", "Ticket #12:", "RE:", "hello team,", "thx"]


@pytest.mark.parametrize(
    "message",
    [
        "[x]" * 20000,  # nothing but tags: nothing to take them off for
        "RE: " * 16000 + "is SMT on?",
        "> " * 30000,
        ">\n" * 30000 + "is SMT on?",
        "{" * 30000 + "}" * 30000,  # JSON past the recursion limit: left for the document check to refuse
        '{"text": ' * 5000 + '"x"' + "}" * 5000,
        "hi team, " * 7000,
    ],
)
def test_bounded_on_hostile_input(message):
    t0 = time.process_time()
    got = unwrap(message)
    assert time.process_time() - t0 < 2.0  # linear: a few ms on 60 KB; generous for a loaded box
    assert len(got.text) <= len(message)


# ---------------------------------------------------------------- the engine sees the inner message

PLAIN = [
    "does enabling AME need a reboot?",  # verdict
    "can 2 GB large pages be paged out on z/OS?",  # verdict
    "vios memory for a 48 core box with 4 x 8Gb FC ports and 20 npiv adapters",  # calculator
    "how do I check whether processor folding is enabled on the VIOS?",  # explanatory
    "how much SAP shared memory should sit in cell local memory?",  # explanatory
]
ENGINE_WRAPPERS = [
    "[ci-gate] {q}",
    "Ticket #88120: RE: {q}",
    '{{"from":"helpdesk-bot","text":"{q}"}}',
    "<@U0BOT> {q}",
    "hi all, {q} thx",
    "{q}\n\n-- \nRui | unix ops",
]


def _same(a, b) -> None:
    assert (a.intent, a.covered, a.answer) == (b.intent, b.covered, b.answer)
    assert (a.verdict and a.verdict.answer) == (b.verdict and b.verdict.answer)
    assert [c.source_id for c in a.citations] == [c.source_id for c in b.citations]


@pytest.mark.parametrize("wrapper", ENGINE_WRAPPERS)
def test_a_wrapped_question_gets_the_bare_questions_answer(engine, wrapper):
    for q in PLAIN:
        _same(engine.turn(wrapper.format(q=q)), engine.turn(q))


VIOS = {
    "kind": "vios",
    "name": "vioz",
    "environment": "production",
    "processor": "POWER9",
    "system_cores": 32,
    "cpu": {"mode": "shared", "entitled_capacity": 1.0, "virtual_processors": 2, "sharing": "uncapped", "weight": 255},
    "memory_gb": 4,
    "vpm_fold_policy": 4,
    "adapters": {
        "lhea": 0,
        "lhea_ports": 0,
        "eth_1g_ports": 2,
        "eth_10g_ports": 2,
        "fc_8g_ports": 4,
        "npiv_vfc_adapters": 20,
        "virtual_eth_adapters": 6,
    },
}
CHAIN = ["review this vios", "what if we set the memory to 8 GB", "and add 6 npiv adapters", "undo", "undo"]
CHAIN_WRAPS = ["[gate:{n}] {q}", "Ticket #70{n}: {q}", '{{"from":"cmdb-bot","text":"{q}"}}', "@advisor {q} thx"]


def test_a_wrapped_what_if_chain_runs_as_the_bare_one(engine):
    bare, wrapped = None, None
    for n, q in enumerate(CHAIN):
        a = engine.turn(q, bare, document=VIOS if n == 0 else None)
        b = engine.turn(CHAIN_WRAPS[n % len(CHAIN_WRAPS)].format(n=n, q=q), wrapped, document=VIOS if n == 0 else None)
        _same(b, a)
        assert a.intent == ("review" if n in (0, 3, 4) else "whatif")
        bare, wrapped = a.state, b.state
    assert wrapped.document == VIOS  # two undos: back to the document as given


def test_over_the_api_a_bot_prefix_changes_nothing(tmp_path):
    from fastapi.testclient import TestClient

    from api.app import create_app
    from api.settings import Settings
    from tests.support.store import OPERATOR

    app = create_app(Settings(db_path=tmp_path / "advisor.db"))
    key = app.state.store.create_key(OPERATOR, "test")[1]
    try:
        with TestClient(app, raise_server_exceptions=False) as client:
            client.headers["Authorization"] = f"Bearer {key}"

            def chain(wrap: str) -> list[dict]:
                out, sid = [], None
                for n, q in enumerate(CHAIN):
                    body: dict = {"message": wrap.format(n=n, q=q)}
                    if n == 0:
                        body["document"] = VIOS
                    if sid:
                        body["session_id"] = sid
                    r = client.post("/v1/chat", json=body)
                    assert r.status_code == 200, r.text
                    out.append(r.json())
                    sid = out[-1]["session_id"]
                return out

            bare = chain("{q}")
            for wrap in ("[ci-gate] {q}", "RE: Ticket #51{n} - {q}", '{{"bot":"x","user_q":"{q}"}}'):
                got = chain(wrap)
                assert [g["intent"] for g in got] == [b["intent"] for b in bare] == CHAIN_INTENTS
                assert [g["answer"] for g in got] == [b["answer"] for b in bare]
            assert "resolved" in bare[1]["answer"].lower() and "VIOS-001" in bare[1]["answer"]
    finally:
        app.state.store.close()


CHAIN_INTENTS = ["review", "whatif", "whatif", "review", "review"]


@pytest.mark.parametrize("note", ["good idea?", "wise?", "thoughts?"])
def test_a_short_question_under_a_quoted_plan_asks_about_the_plan(note):
    got = unwrap(f"> From: app-team\n> we will double the work processes on every instance tonight\n\n{note}").text
    assert got == f"we will double the work processes on every instance tonight\n{note}"


@pytest.mark.parametrize(
    ("message", "inner"),
    [
        # lines quoted into a ticket (no reply header) hold what the own question is about
        (
            "Hi,\n> From: storage team\n> we plan 24 npiv adapters on each vios of the p9 frame\n"
            "is that ok for 8 GB vios memory?\nCheers, Ola (SAN)",
            "we plan 24 npiv adapters on each vios of the p9 frame\nis that ok for 8 GB vios memory?",
        ),
        (
            "> Please check which page size IBM advises for the SAP kernel on AIX 7.2\n\nfwd from app team - any idea?",
            "Please check which page size IBM advises for the SAP kernel on AIX 7.2\nfwd from app team - any idea?",
        ),
        # a quoted line that names nothing the reader knows is left out when the own question stands alone
        (
            "> lunch at 12?\nhow much memory does a vios need for 48 cores?",
            "how much memory does a vios need for 48 cores?",
        ),
    ],
)
def test_lines_quoted_into_a_ticket_are_what_the_question_is_about(message, inner):
    assert unwrap(message).text == inner


@pytest.mark.parametrize(
    "closing",
    [
        "Thanks & regards\nJonas | Unix Ops\n+1 555 0100",
        "BR, Priya | Basis team | Sent from Outlook",
        "Thx, Kim (capacity mgmt)",
        "Saludos, Ana",
    ],
)
def test_a_signature_with_a_name_and_team_is_taken_off(closing):
    assert unwrap(f"{QUESTION}\n{closing}").text == QUESTION


def test_a_tracker_assignment_line_is_a_wrapper():
    assert unwrap(f"OPS-4410 assigned to you: {QUESTION}").text == QUESTION
    assert unwrap(f"[Jira] mentioned you in SAPOPS-12: {QUESTION}").text == QUESTION


@pytest.mark.parametrize(
    "mail",
    [
        "> From: SAN team\n> we will add 16 more NPIV clients on vios1 next week\nvios1 has 24 NPIV adapters. "
        "After the change how much memory?",
        "-----Original Message-----\nFrom: storage\nwe plan to add 16 more NPIV clients\n\nvios1 has 24 NPIV adapters."
        " memory with their plan?",
    ],
)
def test_a_change_only_the_quoted_part_states_is_kept(mail):
    """ "after the change" names something only the quoted mail says: its lines stay, ahead of the new part."""
    text = unwrap(mail).text
    assert "16 more NPIV" in text and "24 NPIV" in text


def test_an_ibm_i_work_management_question_is_not_covered(engine):
    for question in ("IBM i 7.4 shared pool *INTERACT sizing for our ERP?", "QPFRADJ on or off for the IBM i lpar?"):
        reply = engine.turn(question, None)
        assert not reply.covered and not reply.citations
    assert engine.turn("what HPT ratio does an IBM i partition use?", None).covered
