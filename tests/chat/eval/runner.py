"""Plays the evaluation conversations through the chat engine the way a bot does, and scores them.

Each conversation (tuning.yaml, heldout1.yaml, heldout2.yaml, heldout3.yaml; see README.md for
which part was tuned on) is a list of turns; the state goes out as JSON
and comes back with the next message, and a conversation-level `document` (a file under
examples/, or the document itself written inline as a mapping, so that a part can carry documents
no example has) is attached to the first turn, as a bot attaches one over POST /v1/chat. Each turn's
`expect` may say:

* covered: false for a question the sources do not answer (default true);
* source: a source id one of the answer's citations must have;
* facts: substrings the answer must contain (case-insensitive);
* numbers: figures the answer must state exactly ("12240 MB");
* verdict: yes / no / it depends;
* intent: the reply's intent (clarify for a question back);
* needs_input: true when the answer must ask the user for data.

Scores: fully answered (every expectation met), false "not covered" (in-scope turn refused),
out-of-scope answered (out-of-scope turn answered with citations), wrong numbers (a turn that
states figures but not the expected ones), and the median turn latency in process.
"""

from __future__ import annotations

import json
import re
import statistics
import time
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE.parents[2] / "examples"
PARTS = (
    "tuning",
    "heldout1",
    "heldout2",
    "heldout3",
    "heldout4",
    "heldout5",
    "heldout6",
    "heldout7",
    "heldout8",
    "heldout9",
    "heldout10",
    "heldout11",
    "heldout12",
    "heldout13",
    "heldout14",
    "heldout15",
    "heldout16",
    "heldout17",
    "heldout18",
    "heldout19",
    "heldout20",
    "heldout21",
    "heldout22",
    "heldout23",
    "heldout24",
    "heldout25",
    "heldout26",
    "heldout27",
    "heldout28",
)
# heldout1 is tuning material since session 2, heldout2 and heldout3 since session 3 (heldout3 after
# its first run).
TUNED = ("tuning", "heldout1", "heldout2", "heldout3", "heldout4", "heldout5", "heldout6", "heldout7")
# heldout4 was written in session 3 by the engineer who wrote heldout3 and does not tune, kept outside
# the repository while the chat was tuned, committed alone by the lead and run once (README.md); it is
# tuning material from session 4 on. Session 4's held-out parts are written by another engineer who
# does not tune, and committed alone before their one run.
# Parts outside the test bars: a part written by someone who does not tune the chat is run once by
# hand (`python -m tests.chat.eval.runner PART`) before anyone tunes on it (README.md). heldout4 joined
# the bars in session 4 once its wrong number and its three cited out-of-scope answers were fixed, and
# heldout5 (tuning material after its one run) once its 1 wrong number and 1 cited out-of-scope answer were.
# heldout6 ran once (2026-11-24 20:36 UTC, main 6f2c436): 73.1 % fully answered, 4 wrong numbers, 1 cited
# out-of-scope answer; then tuned on (its wrong numbers, then in session 5 its cited out-of-scope answer, lock
# structure sizing in a coupling facility) and in the bars since.
# heldout7 was written in session 5 by s5-evalwriter (who does not read or tune the chat) and ran once
# (2026-11-24 21:58 UTC, main d2e6f04): 74.6 % fully answered, 1 wrong number, 4 cited out-of-scope answers;
# tuning material since, and in the bars once those were fixed (s5-calc: the wrong number; s5-answers: the
# four cited out-of-scope answers: lock structure, machine pool, Live Kernel Update, z/VM paging space).
# heldout8 (by s5-evalwriter, written with heldout7) and heldout9 (by s5-evalwriter2, another engineer who does
# not read or tune the chat) were kept in /work/sealed8 and /work/sealed9 while the chat was tuned in session 5,
# committed alone (71d7379) and run once on the session's final chat: 72.3 % and 89.1 % fully answered (README.md).
# Only their hard-bar misses were fixed after (4 wrong numbers, 2 cited out-of-scope answers); in the bars since.
# heldout10 (by s6-evalwriter, who does not read or tune the chat) was kept in /work/sealed10, committed alone and
# run once on the chat as session 5 left it (2026-11-25 00:47 UTC, main 7d7e761): 86.8 % fully answered, 0 cited
# out-of-scope answers, 2 wrong numbers (README.md); tuning material from then on. heldout11 and heldout12 are
# kept outside the repository until the session's last run.
# heldout11 (s6-evalwriter) and heldout12 (s6-evalwriter2) were kept in /work/sealed11 and /work/sealed12 while
# session 6 tuned, committed alone (3ed626e) and run once on the session's final chat (02:34 UTC): 81.6 % / 2 wrong
# numbers / 0 cited out-of-scope and 86.1 % / 2 wrong numbers / 1 cited out-of-scope answer (README.md). Only their
# hard-bar misses were fixed after (s6-hardbar), and they joined the bars.
# heldout13 (s7-evalwriter13, who does not read or tune the chat) was kept in /work/sealed13, committed alone and run
# once on the chat as session 6 left it (2026-11-25 03:44 UTC, main de40027 + format fix): 75.0 % fully answered,
# 4.9 % false "not covered", 0 cited out-of-scope answers, 0 wrong numbers (README.md); tuning material from then on.
# heldout14, heldout15 and heldout16 (s7-evalwriter14/15/16, who never read or tuned the chat) were kept in
# /work/sealed14..16 while session 7 tuned, committed alone (c4e6fd2) and run once on the session's final chat (05:45
# UTC): 79.0 % / 6 wrong numbers, 80.3 % / 0, 76.8 % / 0, no cited out-of-scope answer (README.md). Only heldout14's
# wrong numbers were then fixed at their causes (a VIOS memory answer now says that Redbook 3.5.2 does not say how its
# two guidelines combine and gives the sum beside the larger; "96c" is 96 cores; cores given with a port speed in the
# reply to a question back are kept): 81.7 %, 0 wrong numbers; all three in the bars since.
# heldout17, heldout18 and heldout19 (s8-evalwriter17/18/19, who never read or tuned the chat) were kept in
# /work/sealed17..19 while session 8 tuned, committed alone (976ef18) and run once on the session's final chat (08:34
# UTC): 79.6 % / 1 wrong number, 83.5 % / 2 and 1 cited out-of-scope answer, 81.7 % / 3 (README.md); the session-start
# chat scored 76.1, 78.7 and 77.8 % on them. Two wrong numbers were then fixed at their causes (lparstat -i lines run
# together gave the next label's "Target" to the desired memory; "expanded memory must be 24 GB" lost its role), and
# "prts"/"memry" were read; an invalid LFAREA statement with the online storage now states the limit, and the SMT
# gain quotes the paper's own "up to 40%" ITR beside Table 2's 40.6 %; IBM i work management (*INTERACT, QPFRADJ, CPW)
# is a near miss (`foreign`); a new part naming "the change" keeps the quoted mail that states it ("add 16 more NPIV"
# was dropped and 24 adapters sized). 80.0 / 84.8 / 83.0 %, 0 wrong numbers, 0 cited out-of-scope; all in the bars.
# heldout20, heldout21 and heldout22 (s9-evalwriter20/21/22, who never read or tuned the chat) were written at the
# start of session 9, kept in /work/sealed20..22 while five lanes tuned, committed alone (b280ece) and run once on the
# session's final chat (11:39 UTC): 67.5 % / 3 wrong numbers, 76.9 % / 4 and 1 cited out-of-scope answer, 80.3 % / 6
# (README.md); the session-start chat (447baa6) scored 63.4, 74.5 and 79.0 % on them. Their hard-bar misses were then
# fixed at their causes (docs/chat.md): 69.1 / 78.8 / 82.8 %, 0 wrong numbers, 0 cited out-of-scope; all in the bars.
# heldout23, heldout24 and heldout25 (s10-evalwriter23/24/25, who never read or tuned the chat) were written at the
# start of session 10, kept in /work/sealed23..25 while five lanes tuned, committed alone (0474701) and run once on the
# session's final chat (14:16 UTC): 74.7 % / 1 wrong number and 1 cited out-of-scope answer, 79.3 % / 1, 75.8 % / 1
# (README.md); the session-start chat (6e64359) scored 72.0, 77.8 and 74.6 % on them. Their hard-bar misses were then
# fixed at their causes, with some of their other misses (docs/chat.md): 81.6 / 85.1 / 81.6 %, 0 and 0; in the bars.
# heldout26, heldout27 and heldout28 (s11-evalwriter26/27/28, who never read or tuned the chat) were written at the
# start of session 11, kept in /work/sealed26..28 while six lanes tuned, committed alone (8b147cb) and run once on the
# session's final chat (16:48 UTC): 75.8 % / 3 wrong numbers, 85.5 % / 2 and 2 cited out-of-scope answers, 84.4 % / 5
# and 2 (README.md); the session-start chat (678397c) scored 74.2, 82.9 and 82.7 % on them. Their hard-bar misses were
# then fixed at their causes, with some of their other misses (docs/chat.md): 84.8 / 89.3 / 90.9 %, 0 and 0.
SEALED: tuple[str, ...] = ()


def load(part: str) -> list[dict[str, Any]]:
    data = yaml.safe_load((HERE / f"{part}.yaml").read_text(encoding="utf-8"))
    return data["conversations"]


@dataclass
class TurnResult:
    conversation: str
    say: str
    expect: dict[str, Any]
    reply: Any
    seconds: float
    failures: list[str] = field(default_factory=list)
    cpu_seconds: float = 0.0  # CPU time of the turn: what it costs on its own, whatever else runs on the box

    @property
    def ok(self) -> bool:
        return not self.failures


def check(expect: dict[str, Any], reply: Any) -> list[str]:
    """What the reply misses of the expectation (empty: fully answered)."""
    out: list[str] = []
    answer = reply.answer.lower()
    covered = expect.get("covered", True)
    if not covered:
        if reply.covered or reply.citations:
            out.append("out-of-scope answered")
        return out
    if not reply.covered:
        return ["not covered"]
    if reply.intent == "error":
        return [f"error: {reply.answer[:120]}"]
    if "source" in expect and expect["source"] not in {c.source_id for c in reply.citations}:
        out.append(f"source {expect['source']} not cited")
    for fact in expect.get("facts", []):
        if _as_written(str(fact)) not in _as_written(answer):
            out.append(f"fact {fact!r} missing")
    for number in expect.get("numbers", []):
        if _as_written(str(number)) not in _as_written(answer):
            out.append(f"number {number!r} missing")
    if "verdict" in expect:
        got = reply.verdict.answer if reply.verdict else None
        if got != expect["verdict"]:
            out.append(f"verdict {got!r} != {expect['verdict']!r}")
    if "intent" in expect and reply.intent != expect["intent"]:
        out.append(f"intent {reply.intent!r} != {expect['intent']!r}")
    if expect.get("needs_input") and not reply.needs_input:
        out.append("no question back")
    return out


def attached(document: str | dict[str, Any] | None) -> dict[str, Any] | None:
    """The conversation's document: an examples/ file name, or the document written inline."""
    if isinstance(document, dict):
        return document
    return json.loads((EXAMPLES / document).read_text(encoding="utf-8")) if document else None


def run(engine, part: str) -> list[TurnResult]:
    results: list[TurnResult] = []
    for conv in load(part):
        state: dict | None = None
        doc = attached(conv.get("document"))
        for i, turn in enumerate(conv["turns"]):
            t0, c0 = time.perf_counter(), time.process_time()
            reply = engine.turn(turn["say"], state, document=doc if i == 0 else None)
            seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
            state = json.loads(reply.state.model_dump_json())
            expect = turn.get("expect", {})
            results.append(TurnResult(conv["id"], turn["say"], expect, reply, seconds, check(expect, reply), cpu))
    return results


class ApiReply:
    """A `/v1/chat` response body read back into the fields `check` looks at (a 4xx is intent "error")."""

    def __init__(self, status: int, body: dict[str, Any]):
        if status != 200:
            body = {"intent": "error", "answer": str(body.get("detail", body)), "covered": True}
        self.body = body
        self.intent: str = body.get("intent", "")
        self.answer: str = body.get("answer", "")
        self.covered: bool = bool(body.get("covered", True))
        self.citations = [SimpleNamespace(**c) for c in body.get("citations", [])]
        verdict = body.get("verdict")
        self.verdict = SimpleNamespace(**verdict) if verdict else None
        self.calculations = body.get("calculations", [])
        self.needs_input = body.get("needs_input", [])


def run_api(part: str, *, resend: bool = False) -> list[TurnResult]:
    """The part played over POST /v1/chat as a bot plays it: a session id from the first reply sent back
    with every later turn; `resend`: the conversation's document attached to every turn, not only the first."""
    import tempfile
    import warnings

    warnings.filterwarnings("ignore", message=".*starlette.testclient.*")
    from fastapi.testclient import TestClient

    from api.app import create_app
    from api.settings import Settings
    from tests.support.store import OPERATOR

    results: list[TurnResult] = []
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(Settings(db_path=Path(tmp) / "advisor.db"))
        key = app.state.store.create_key(OPERATOR, "eval")[1]
        with TestClient(app, raise_server_exceptions=False) as client:
            client.headers["Authorization"] = f"Bearer {key}"
            for conv in load(part):
                doc = attached(conv.get("document"))
                session: str | None = None
                for i, turn in enumerate(conv["turns"]):
                    body: dict[str, Any] = {"message": turn["say"]}
                    if session:
                        body["session_id"] = session
                    if doc is not None and (i == 0 or resend):
                        body["document"] = doc
                    t0, c0 = time.perf_counter(), time.process_time()
                    resp = client.post("/v1/chat", json=body)
                    seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
                    data = resp.json()
                    session = data.get("session_id") or session
                    reply = ApiReply(resp.status_code, data)
                    expect = turn.get("expect", {})
                    results.append(
                        TurnResult(conv["id"], turn["say"], expect, reply, seconds, check(expect, reply), cpu)
                    )
        app.state.store.close()
    return results


def _as_written(text: str) -> str:
    """The text with a figure's typography taken out, so that one figure written two ways is found: "90 %" and "90%",
    "8 Gb" and "8Gb", "12,240" and "12240", "9.60" and "9.6" (a decimal's trailing zeros; "2.0" stays, so that it
    does not turn into a bare "2" found in any other figure)."""
    text = re.sub(r"[\u00a0\u202f\u2009]", " ", text.lower())
    text = re.sub(r"(?<=\d),(?=\d{3}(?!\d))", "", text)
    text = re.sub(r"(\d\.\d*[1-9])0+(?!\d)", r"\1", text)
    return re.sub(r"(?<=\d) +(?=[a-z%])", "", text)


def wrong_number(r: TurnResult) -> bool:
    """A turn that states computed figures, but not the expected ones: the worst answer there is."""
    if not r.expect.get("numbers"):
        return False
    stated = bool(r.reply.calculations) or r.reply.intent == "calc"
    return stated and any(f.startswith("number") for f in r.failures)


def scores(results: list[TurnResult]) -> dict[str, Any]:
    inscope = [r for r in results if r.expect.get("covered", True)]
    oos = [r for r in results if not r.expect.get("covered", True)]
    return {
        "turns": len(results),
        "conversations": len({r.conversation for r in results}),
        "fully_answered_pct": round(100 * sum(r.ok for r in results) / len(results), 1),
        "false_not_covered_pct": round(
            100 * sum("not covered" in r.failures for r in inscope) / max(1, len(inscope)), 1
        ),
        "oos_answered_pct": round(100 * sum(not r.ok for r in oos) / max(1, len(oos)), 1),
        "oos_answered_with_citations": sum(bool(r.reply.citations) for r in oos),
        "wrong_numbers": sum(wrong_number(r) for r in results),
        "median_turn_ms": round(1000 * statistics.median(r.seconds for r in results), 1),
        "median_turn_cpu_ms": round(1000 * statistics.median(r.cpu_seconds for r in results), 1),
        "p90_turn_ms": round(1000 * statistics.quantiles([r.seconds for r in results], n=10)[-1], 1),
    }


def main() -> None:
    """`python -m tests.chat.eval.runner [part]`: the scores and every turn that missed (for tuning)."""
    import sys

    from advisor.chat import ChatEngine

    engine = ChatEngine()
    engine.turn("warm up: what is AME?")
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    api, resend = "--api" in sys.argv, "--resend" in sys.argv
    for part in args or ["tuning"]:
        results = run_api(part, resend=resend) if api or resend else run(engine, part)
        print(part, "(over POST /v1/chat)" if api or resend else "", scores(results))
        for r in results:
            if not r.ok:
                print(f"  {r.conversation} {r.say!r}: {'; '.join(r.failures)} [{r.reply.intent}]")


if __name__ == "__main__":
    main()
