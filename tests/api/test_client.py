"""advisor.client: the sync client over a real socket, the async one over the ASGI transport, typed results,
problem+json as AdvisorAPIError, retries on connection failures only."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from advisor.calculators.clm import ClmSizing
from advisor.calculators.hpt import HptSize
from advisor.calculators.lfarea import LfareaAssessment
from advisor.calculators.plarea import PlareaSize
from advisor.calculators.vios_memory import ViosMemoryRequirement
from advisor.client import AdvisorAPIError, AdvisorClient, AdvisorConnectionError, AdvisorError, AsyncAdvisorClient
from advisor.diff import ReviewDiff
from advisor.sources import Source
from api.app import create_app
from api.examples import EXAMPLE_DOCUMENT, EXAMPLE_OUTPUTS, FIXED_DOCUMENT
from api.models import AmeAssessment, ChatOut, ChatSessionOut, ParseOut, ReviewOut, ReviewPage, RuleDetail, RuleSummary
from api.settings import Settings
from tests.api.live import serve_in_thread
from tests.api.server import free_port
from tests.api.test_parse_api import AMEPAT_4_7
from tests.parsers.parser_samples import load
from tests.support.store import OPERATOR


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    app = create_app(Settings(db_path=tmp_path_factory.mktemp("client") / "client.db"))
    key = app.state.store.create_key(OPERATOR, "client", role="admin")[1]
    with serve_in_thread(app) as url:
        yield app, url, key
    app.state.store.close()


@pytest.fixture
def advisor(served):
    _, url, key = served
    with AdvisorClient(url, key) as client:
        yield client


# --- sync, over 127.0.0.1 ---


def test_reviews_typed(advisor):
    review = advisor.review(EXAMPLE_DOCUMENT)
    assert isinstance(review, ReviewOut) and review.findings[0].rule_id == "AME-001" and review.document is None
    assert advisor.get_review(review.review_id) == review
    page = advisor.list_reviews(target="sapapp01", limit=1)
    assert isinstance(page, ReviewPage) and page.items[0].review_id == review.review_id


def test_review_of_outputs_in_every_spelling(advisor):
    amepat = load(AMEPAT_4_7)
    for outputs in ([amepat], [("amepat", amepat)], [(None, amepat)], [{"command": "amepat", "text": amepat}]):
        review = advisor.review(outputs=outputs)
        assert review.findings[0].rule_id == "AME-006" and review.findings[0].severity == "critical"
        assert review.findings[0].provenance["ame.deficit_mb"].startswith("from amepat line 32 of outputs[0]")
        assert review.document["name"] == "ibmsvr2" and review.warnings == [] and review.conflicts == []


def test_parse_diff_rules_sources(advisor):
    parsed = advisor.parse(EXAMPLE_OUTPUTS)
    assert isinstance(parsed, ParseOut) and parsed.provenance["ame.page_support"].file == "outputs[1]"
    diff = advisor.diff(EXAMPLE_DOCUMENT, FIXED_DOCUMENT)
    assert isinstance(diff, ReviewDiff) and "AME-001" in {f.rule_id for f in diff.resolved}
    rules = advisor.rules()
    assert rules and all(isinstance(r, RuleSummary) for r in rules)
    rule = advisor.rule("ame-001")
    assert isinstance(rule, RuleDetail) and rule.id == "AME-001" and rule.citations
    assert all(isinstance(s, Source) for s in advisor.sources())
    assert advisor.ready().status == "ready"


def test_chat_and_session(advisor):
    first = advisor.chat("review", document=EXAMPLE_DOCUMENT)
    assert isinstance(first, ChatOut) and first.intent == "review" and first.citations
    why = advisor.chat("why?", session_id=first.session_id)
    assert why.intent == "explain" and why.session_id == first.session_id
    session = advisor.chat_session(first.session_id)
    assert (
        isinstance(session, ChatSessionOut) and len(session.turns) == 4 and session.turns[3].citations == why.citations
    )
    from_outputs = advisor.chat("review", outputs=[load(AMEPAT_4_7)])
    assert from_outputs.findings[0].rule_id == "AME-006"


def test_calculators(advisor):
    assert isinstance(advisor.vios_memory(32, fc_8g_ports=4, npiv_vfc_adapters=20), ViosMemoryRequirement)
    assert isinstance(advisor.clm(128, 0, 20), ClmSizing)
    lfarea = advisor.lfarea("LFAREA=(1M=(40%),2G=(8))", 1024)
    assert isinstance(lfarea, LfareaAssessment) and lfarea.fits_at_target
    assert advisor.plarea(16) == PlareaSize.model_validate(advisor.plarea(16).model_dump())
    hpt = advisor.hpt("POWER9", [{"name": "sapapp01", "max_memory_gb": 64}])
    assert isinstance(hpt, HptSize) and hpt.partitions
    ame = advisor.ame(7, 2.0, target_factor=4.35, granularity_gb=0.25)
    assert isinstance(ame, AmeAssessment) and ame.rebalance is not None and ame.deficit is None


def test_problems_raise_api_errors(advisor):
    with pytest.raises(AdvisorAPIError) as exc:
        advisor.rule("AME-0001")
    err = exc.value
    assert (err.status, err.type, err.name) == (404, "/problems/rule-not-found", "rule-not-found")
    assert err.title == "No such rule" and "AME-0001" in err.detail and err.errors[0]["suggestion"] == "AME-001"
    with pytest.raises(AdvisorAPIError) as exc:
        advisor.review({**EXAMPLE_DOCUMENT, "ame": {"page_suport": "4K"}})
    assert exc.value.status == 422 and exc.value.errors[0]["path"] == "$.ame.page_suport"
    with pytest.raises(AdvisorAPIError) as exc:
        advisor.review(outputs=["garbage"])
    assert exc.value.name == "invalid-outputs" and exc.value.errors[0]["line"] == 1
    with pytest.raises(AdvisorAPIError) as exc:
        advisor.chat("why?", session_id="cs_00000000000000000000")
    assert exc.value.status == 404
    with pytest.raises(AdvisorAPIError) as exc:
        advisor.get_review("../rules")  # path segments are escaped: never another route (GET /v1/rules)
    assert exc.value.status in (404, 422)


def test_key_and_url_from_the_environment(served, monkeypatch):
    _, url, key = served
    monkeypatch.setenv("ADVISOR_URL", url)
    monkeypatch.setenv("ADVISOR_API_KEY", key)
    with AdvisorClient() as client:
        assert client.rules()
    monkeypatch.delenv("ADVISOR_API_KEY")
    with AdvisorClient() as client, pytest.raises(AdvisorAPIError) as exc:
        client.rules()
    assert exc.value.status == 401 and exc.value.name == "unauthorized"
    monkeypatch.delenv("ADVISOR_URL")
    with pytest.raises(ValueError, match="ADVISOR_URL"):
        AdvisorClient()


def test_arguments_are_checked_before_sending(advisor):
    with pytest.raises(ValueError):
        advisor.review()
    with pytest.raises(ValueError):
        advisor.review(EXAMPLE_DOCUMENT, outputs=EXAMPLE_OUTPUTS)
    with pytest.raises(ValueError):
        advisor.parse()


# --- async, over the ASGI transport ---


def test_async_client(app, key):
    async def run() -> None:
        async with AsyncAdvisorClient("http://advisor", key, transport=httpx.ASGITransport(app=app)) as client:
            review = await client.review(outputs=[("amepat", load(AMEPAT_4_7))])
            assert review.findings[0].rule_id == "AME-006"
            assert (await client.get_review(review.review_id)) == review
            assert (await client.list_reviews(limit=5)).items[0].review_id == review.review_id
            assert (await client.parse(bundle=None, outputs=EXAMPLE_OUTPUTS)).document["name"] == "sapapp01"
            assert (await client.diff(EXAMPLE_DOCUMENT, FIXED_DOCUMENT)).resolved
            assert (await client.rule("AME-001")).id == "AME-001" and await client.rules() and await client.sources()
            first = await client.chat("review", document=EXAMPLE_DOCUMENT)
            whatif = await client.chat("what if I set ame.page_support = 64K", session_id=first.session_id)
            assert whatif.diff is not None and whatif.diff.resolved
            assert len((await client.chat_session(first.session_id)).turns) == 4
            assert (await client.plarea(16)).plarea_gb == 1.75
            assert (await client.vios_memory(16)).required_mb > 0 and await client.clm(64, 10, 8)
            assert await client.lfarea("LFAREA=(1M=(40%))", 64) and await client.hpt(
                "POWER9", [{"name": "a", "max_memory_gb": 8}]
            )
            assert (await client.ame(8, 2.5, deficit_mb=1024)).deficit is not None
            assert (await client.ready()).status == "ready"
            with pytest.raises(AdvisorAPIError) as exc:
                await client.chat("review")
            assert exc.value.name == "invalid-chat-turn"

    asyncio.run(run())


# --- retries: connection failures only ---


class Flaky:
    """A transport that fails to connect `failures` times, then answers `status`."""

    def __init__(self, failures: int, error: type[Exception] = httpx.ConnectError, status: int = 200, body=None):
        self.calls, self.failures, self.error, self.status = 0, failures, error, status
        self.body = [] if body is None else body

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.calls += 1
        if self.calls <= self.failures:
            raise self.error("no route", request=request)
        return httpx.Response(self.status, json=self.body)


def test_connect_errors_are_retried_then_reported():
    flaky = Flaky(failures=2)
    with AdvisorClient("http://x", "k", retries=2, backoff=0, transport=httpx.MockTransport(flaky)) as client:
        assert client.rules() == [] and flaky.calls == 3
    down = Flaky(failures=10, error=httpx.ConnectTimeout)
    with AdvisorClient("http://x", "k", retries=1, backoff=0, transport=httpx.MockTransport(down)) as client:
        with pytest.raises(AdvisorConnectionError, match="2 attempt"):
            client.rules()
    assert down.calls == 2


@pytest.mark.parametrize("error", [httpx.ReadTimeout, httpx.RemoteProtocolError])
def test_other_transport_errors_are_not_retried(error):
    flaky = Flaky(failures=1, error=error)
    with AdvisorClient("http://x", "k", retries=3, backoff=0, transport=httpx.MockTransport(flaky)) as client:
        with pytest.raises(error):
            client.rules()
    assert flaky.calls == 1


def test_http_errors_are_not_retried_and_non_problem_bodies_still_raise():
    calls = []

    def proxy(request: httpx.Request) -> httpx.Response:
        calls.append(request)
        return httpx.Response(502, text="<html>Bad Gateway</html>")

    with AdvisorClient("http://x", "k", retries=3, backoff=0, transport=httpx.MockTransport(proxy)) as client:
        with pytest.raises(AdvisorAPIError) as exc:
            client.review(EXAMPLE_DOCUMENT)
    assert (
        len(calls) == 1
        and exc.value.status == 502
        and exc.value.type == "about:blank"
        and "Bad Gateway" in exc.value.detail
    )


def test_an_answer_of_the_wrong_shape_is_an_advisor_error():
    transport = httpx.MockTransport(lambda request: httpx.Response(200, json={"unexpected": True}))
    with AdvisorClient("http://x", transport=transport) as client, pytest.raises(AdvisorError, match="expected shape"):
        client.get_review("rv_00000000000000000000")


def test_async_retries_connect_errors():
    flaky = Flaky(failures=1)

    async def run() -> None:
        async with AsyncAdvisorClient("http://x", "k", retries=1, backoff=0, transport=httpx.MockTransport(flaky)) as c:
            assert await c.sources() == []

    asyncio.run(run())
    assert flaky.calls == 2


def test_a_closed_port_is_a_connection_error():
    with AdvisorClient(f"http://127.0.0.1:{free_port()}", "k", retries=1, backoff=0.01, timeout=2) as client:
        with pytest.raises(AdvisorConnectionError, match="cannot reach"):
            client.rules()
