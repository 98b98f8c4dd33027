"""Python client for the advisor's HTTP API (contract section 4): `AdvisorClient` and `AsyncAdvisorClient`.

    from advisor.client import AdvisorClient

    with AdvisorClient("http://127.0.0.1:8000", api_key="pa_...") as advisor:  # or ADVISOR_URL, ADVISOR_API_KEY
        review = advisor.review(document)                        # ReviewOut: ranked, cited findings
        review = advisor.review(outputs=[("lparstat -i", text), amepat_report])   # command named or detected
        reply = advisor.chat("review", document=document)       # ChatOut; reply.session_id continues it
        reply = advisor.chat("why?", session_id=reply.session_id)

`AsyncAdvisorClient` has the same methods, awaited. Results are the pydantic models the server
answers with (api.models, advisor.findings, advisor.diff, advisor.calculators). A problem+json
error raises `AdvisorAPIError` (status, type, title, detail, errors). Requests are retried on
connection failures only (connect error or connect timeout: the request never reached the
server, so even a POST is safe to send again), with exponential backoff; a read timeout or an
HTTP error is never retried. `AdvisorConnectionError` means the server could not be reached.
"""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar
from urllib.parse import quote

import httpx
from pydantic import BaseModel, TypeAdapter, ValidationError

from advisor import __version__
from advisor.calculators.clm import ClmSizing
from advisor.calculators.hpt import HptSize
from advisor.calculators.lfarea import LfareaAssessment
from advisor.calculators.plarea import PlareaSize
from advisor.calculators.vios_memory import ViosMemoryRequirement
from advisor.diff import ReviewDiff
from advisor.sources import Source
from api.models import (
    AmeAssessment,
    ChatOut,
    ChatSessionOut,
    ParseOut,
    Readiness,
    ReviewOut,
    ReviewPage,
    RuleDetail,
    RuleSummary,
)

ENV_URL, ENV_KEY = "ADVISOR_URL", "ADVISOR_API_KEY"
DEFAULT_TIMEOUT = httpx.Timeout(60.0, connect=5.0)
RETRIED = (httpx.ConnectError, httpx.ConnectTimeout)
T = TypeVar("T")

# One output: its text (the command is detected), (command, text), {"command"?, "text"} or an api.models.OutputIn.
Output = str | tuple[str | None, str] | Mapping[str, Any] | BaseModel


class AdvisorError(Exception):
    """Anything that kept a call from returning a result."""


class AdvisorConnectionError(AdvisorError):
    """The server could not be reached (after the retries)."""


class AdvisorAPIError(AdvisorError):
    """The server answered with an error: the fields of its problem+json body (RFC 9457)."""

    def __init__(
        self,
        status: int,
        type: str,
        title: str,
        detail: str,
        errors: list[dict[str, Any]] | None = None,
        body: Any = None,
    ):
        super().__init__(f"{status} {type}: {detail}")
        self.status, self.type, self.title, self.detail, self.errors, self.body = (
            status,
            type,
            title,
            detail,
            errors,
            body,
        )

    @property
    def name(self) -> str:
        """The problem type's name: `invalid-document` for `/problems/invalid-document`."""
        return self.type.rsplit("/", 1)[-1]

    @classmethod
    def from_response(cls, response: httpx.Response) -> AdvisorAPIError:
        try:
            body = response.json()
        except ValueError:
            body = None
        if isinstance(body, dict) and "type" in body:
            return cls(
                response.status_code,
                str(body["type"]),
                str(body.get("title", "")),
                str(body.get("detail", "")),
                body.get("errors"),
                body,
            )
        # not a problem: a proxy or load balancer in front of the API answered
        return cls(response.status_code, "about:blank", response.reason_phrase, response.text[:500], None, body)


@dataclass(frozen=True)
class Call(Generic[T]):
    """One request and how to read its answer."""

    method: str
    path: str
    result: TypeAdapter
    json: Any = None
    params: dict[str, Any] = field(default_factory=dict)

    def read(self, response: httpx.Response) -> T:
        if response.status_code >= 400:
            raise AdvisorAPIError.from_response(response)
        try:
            return self.result.validate_python(response.json())
        except ValueError as exc:  # not JSON, or not the shape this client knows (ValidationError is one)
            what = "not JSON" if not isinstance(exc, ValidationError) else f"not the expected shape: {exc}"
            raise AdvisorError(f"{self.method} {self.path}: the answer ({response.status_code}) is {what}") from None


_ADAPTERS: dict[Any, TypeAdapter] = {}


def _adapter(kind: Any) -> TypeAdapter:
    if kind not in _ADAPTERS:
        _ADAPTERS[kind] = TypeAdapter(kind)
    return _ADAPTERS[kind]


def _call(method: str, path: str, result: Any, json: Any = None, **params: Any) -> Call:
    return Call(method, path, _adapter(result), json, {k: v for k, v in params.items() if v is not None})


def _segment(value: str) -> str:
    return quote(str(value), safe="")


def _jsonable(document: Any) -> Any:
    if isinstance(document, BaseModel):  # a document model (advisor.documents): the fields as given
        return document.model_dump(mode="json", exclude_unset=True)
    return document


def _output(item: Output) -> dict[str, Any]:
    if isinstance(item, str):
        return {"text": item}
    if isinstance(item, tuple):
        command, text = item
        return {"text": text} if command is None else {"command": command, "text": text}
    if isinstance(item, BaseModel):
        return item.model_dump(exclude_none=True)
    return dict(item)


def _system(outputs: Iterable[Output] | None, bundle: str | None, kind: str | None, name: str | None) -> dict[str, Any]:
    body: dict[str, Any] = {}
    if outputs is not None:
        body["outputs"] = [_output(o) for o in outputs]
    for key, value in (("bundle", bundle), ("kind", kind), ("name", name)):
        if value is not None:
            body[key] = value
    return body


def _given(**values: Any) -> dict[str, Any]:
    return {k: v for k, v in values.items() if v is not None}


# --- the calls, shared by both clients ---------------------------------------------------------


def review_call(
    document: Any = None,
    outputs: Iterable[Output] | None = None,
    bundle: str | None = None,
    kind: str | None = None,
    name: str | None = None,
) -> Call[ReviewOut]:
    system = _system(outputs, bundle, kind, name)
    if (document is None) == (not system):
        raise ValueError("review a document, or outputs/bundle: exactly one of them")
    return _call("POST", "/v1/reviews", ReviewOut, _jsonable(document) if document is not None else system)


def parse_call(
    outputs: Iterable[Output] | None = None, bundle: str | None = None, kind: str | None = None, name: str | None = None
) -> Call[ParseOut]:
    if outputs is None and bundle is None:
        raise ValueError("parse needs outputs or a bundle")
    return _call("POST", "/v1/parse", ParseOut, _system(outputs, bundle, kind, name))


def chat_call(
    message: str,
    session_id: str | None = None,
    document: Any = None,
    outputs: Iterable[Output] | None = None,
    bundle: str | None = None,
    kind: str | None = None,
    name: str | None = None,
) -> Call[ChatOut]:
    body = {
        "message": message,
        **_given(session_id=session_id, document=_jsonable(document)),
        **_system(outputs, bundle, kind, name),
    }
    return _call("POST", "/v1/chat", ChatOut, body)


def calculator_call(name: str, result: Any, inputs: dict[str, Any]) -> Call:
    return _call("POST", f"/v1/calculators/{name}", result, _given(**inputs))


class _Base:
    def __init__(self, base_url: str | None, api_key: str | None, retries: int, backoff: float):
        self.base_url = (base_url or os.environ.get(ENV_URL) or "").rstrip("/")
        if not self.base_url:
            raise ValueError(f"no server: pass base_url or set {ENV_URL}")
        api_key = api_key if api_key is not None else os.environ.get(ENV_KEY)
        self.headers = {"Accept": "application/json", "User-Agent": f"platform-advisor-client/{__version__}"}
        if api_key:
            self.headers["Authorization"] = f"Bearer {api_key}"
        self.retries, self.backoff = max(0, retries), backoff

    def _delay(self, attempt: int) -> float:
        return self.backoff * (2**attempt)

    def _unreachable(self, call: Call, exc: Exception) -> AdvisorConnectionError:
        return AdvisorConnectionError(
            f"cannot reach {self.base_url} ({call.method} {call.path}) after {self.retries + 1} attempt(s): {exc}"
        )


class AdvisorClient(_Base):
    """Synchronous client; a context manager (or call `close()`)."""

    def __init__(
        self,
        base_url: str | None = None,
        api_key: str | None = None,
        *,
        timeout: httpx.Timeout | float = DEFAULT_TIMEOUT,
        retries: int = 2,
        backoff: float = 0.25,
        transport: httpx.BaseTransport | None = None,
    ):
        super().__init__(base_url, api_key, retries, backoff)
        self._http = httpx.Client(base_url=self.base_url, headers=self.headers, timeout=timeout, transport=transport)

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> AdvisorClient:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def send(self, call: Call[T]) -> T:
        for attempt in range(self.retries + 1):
            try:
                response = self._http.request(call.method, call.path, json=call.json, params=call.params or None)
            except RETRIED as exc:
                if attempt == self.retries:
                    raise self._unreachable(call, exc) from exc
                time.sleep(self._delay(attempt))
                continue
            return call.read(response)
        raise AssertionError("unreachable")  # pragma: no cover

    # --- reviews, parse, diff ---

    def review(
        self,
        document: Any = None,
        *,
        outputs: Iterable[Output] | None = None,
        bundle: str | None = None,
        kind: str | None = None,
        name: str | None = None,
    ) -> ReviewOut:
        """Review and store a document (dict or document model), or command outputs / a bundle of one system."""
        return self.send(review_call(document, outputs, bundle, kind, name))

    def get_review(self, review_id: str) -> ReviewOut:
        return self.send(_call("GET", f"/v1/reviews/{_segment(review_id)}", ReviewOut))

    def list_reviews(
        self, *, target: str | None = None, limit: int | None = None, cursor: str | None = None
    ) -> ReviewPage:
        return self.send(_call("GET", "/v1/reviews", ReviewPage, target=target, limit=limit, cursor=cursor))

    def diff(self, before: Any, after: Any) -> ReviewDiff:
        return self.send(
            _call("POST", "/v1/diff", ReviewDiff, {"before": _jsonable(before), "after": _jsonable(after)})
        )

    def parse(
        self,
        outputs: Iterable[Output] | None = None,
        *,
        bundle: str | None = None,
        kind: str | None = None,
        name: str | None = None,
    ) -> ParseOut:
        """Command outputs (text, (command, text) or {command, text}) or a bundle to a document, with provenance."""
        return self.send(parse_call(outputs, bundle, kind, name))

    # --- rules and sources ---

    def rules(self) -> list[RuleSummary]:
        return self.send(_call("GET", "/v1/rules", list[RuleSummary]))

    def rule(self, rule_id: str) -> RuleDetail:
        return self.send(_call("GET", f"/v1/rules/{_segment(rule_id)}", RuleDetail))

    def sources(self) -> list[Source]:
        return self.send(_call("GET", "/v1/sources", list[Source]))

    # --- chat ---

    def chat(
        self,
        message: str,
        *,
        session_id: str | None = None,
        document: Any = None,
        outputs: Iterable[Output] | None = None,
        bundle: str | None = None,
        kind: str | None = None,
        name: str | None = None,
    ) -> ChatOut:
        """One turn; without `session_id` a new session starts (its id is `result.session_id`)."""
        return self.send(chat_call(message, session_id, document, outputs, bundle, kind, name))

    def chat_session(self, session_id: str) -> ChatSessionOut:
        return self.send(_call("GET", f"/v1/chat/{_segment(session_id)}", ChatSessionOut))

    # --- calculators ---

    def vios_memory(self, system_cores: int, **adapters: int) -> ViosMemoryRequirement:
        return self.send(
            calculator_call("vios-memory", ViosMemoryRequirement, {"system_cores": system_cores, **adapters})
        )

    def clm(self, memory_gb: float, clm_pct: float, sap_shared_memory_gb: float) -> ClmSizing:
        return self.send(
            calculator_call(
                "clm",
                ClmSizing,
                {"memory_gb": memory_gb, "clm_pct": clm_pct, "sap_shared_memory_gb": sap_shared_memory_gb},
            )
        )

    def lfarea(self, statement: str, online_storage_gb: float) -> LfareaAssessment:
        return self.send(
            calculator_call(
                "lfarea", LfareaAssessment, {"statement": statement, "online_storage_gb": online_storage_gb}
            )
        )

    def plarea(self, online_storage_gb: float) -> PlareaSize:
        return self.send(calculator_call("plarea", PlareaSize, {"online_storage_gb": online_storage_gb}))

    def hpt(self, processor: str, partitions: list[dict[str, Any]], default_ratio: int | None = None) -> HptSize:
        return self.send(
            calculator_call(
                "hpt", HptSize, {"processor": processor, "partitions": partitions, "default_ratio": default_ratio}
            )
        )

    def ame(
        self,
        true_memory_gb: float,
        expansion_factor: float,
        *,
        target_factor: float | None = None,
        granularity_gb: float | None = None,
        deficit_mb: float | None = None,
    ) -> AmeAssessment:
        return self.send(
            calculator_call(
                "ame",
                AmeAssessment,
                {
                    "true_memory_gb": true_memory_gb,
                    "expansion_factor": expansion_factor,
                    "target_factor": target_factor,
                    "granularity_gb": granularity_gb,
                    "deficit_mb": deficit_mb,
                },
            )
        )

    # --- probes ---

    def ready(self) -> Readiness:
        return self.send(_call("GET", "/readyz", Readiness))


class AsyncAdvisorClient(_Base):
    """Asynchronous client: the methods of AdvisorClient, awaited; an async context manager (or `await aclose()`)."""

    def __init__(
        self,
        base_url: str | None = None,
        api_key: str | None = None,
        *,
        timeout: httpx.Timeout | float = DEFAULT_TIMEOUT,
        retries: int = 2,
        backoff: float = 0.25,
        transport: httpx.AsyncBaseTransport | None = None,
    ):
        super().__init__(base_url, api_key, retries, backoff)
        self._http = httpx.AsyncClient(
            base_url=self.base_url, headers=self.headers, timeout=timeout, transport=transport
        )

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> AsyncAdvisorClient:
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.aclose()

    async def send(self, call: Call[T]) -> T:
        for attempt in range(self.retries + 1):
            try:
                response = await self._http.request(call.method, call.path, json=call.json, params=call.params or None)
            except RETRIED as exc:
                if attempt == self.retries:
                    raise self._unreachable(call, exc) from exc
                await asyncio.sleep(self._delay(attempt))
                continue
            return call.read(response)
        raise AssertionError("unreachable")  # pragma: no cover

    async def review(
        self,
        document: Any = None,
        *,
        outputs: Iterable[Output] | None = None,
        bundle: str | None = None,
        kind: str | None = None,
        name: str | None = None,
    ) -> ReviewOut:
        return await self.send(review_call(document, outputs, bundle, kind, name))

    async def get_review(self, review_id: str) -> ReviewOut:
        return await self.send(_call("GET", f"/v1/reviews/{_segment(review_id)}", ReviewOut))

    async def list_reviews(
        self, *, target: str | None = None, limit: int | None = None, cursor: str | None = None
    ) -> ReviewPage:
        return await self.send(_call("GET", "/v1/reviews", ReviewPage, target=target, limit=limit, cursor=cursor))

    async def diff(self, before: Any, after: Any) -> ReviewDiff:
        return await self.send(
            _call("POST", "/v1/diff", ReviewDiff, {"before": _jsonable(before), "after": _jsonable(after)})
        )

    async def parse(
        self,
        outputs: Iterable[Output] | None = None,
        *,
        bundle: str | None = None,
        kind: str | None = None,
        name: str | None = None,
    ) -> ParseOut:
        return await self.send(parse_call(outputs, bundle, kind, name))

    async def rules(self) -> list[RuleSummary]:
        return await self.send(_call("GET", "/v1/rules", list[RuleSummary]))

    async def rule(self, rule_id: str) -> RuleDetail:
        return await self.send(_call("GET", f"/v1/rules/{_segment(rule_id)}", RuleDetail))

    async def sources(self) -> list[Source]:
        return await self.send(_call("GET", "/v1/sources", list[Source]))

    async def chat(
        self,
        message: str,
        *,
        session_id: str | None = None,
        document: Any = None,
        outputs: Iterable[Output] | None = None,
        bundle: str | None = None,
        kind: str | None = None,
        name: str | None = None,
    ) -> ChatOut:
        return await self.send(chat_call(message, session_id, document, outputs, bundle, kind, name))

    async def chat_session(self, session_id: str) -> ChatSessionOut:
        return await self.send(_call("GET", f"/v1/chat/{_segment(session_id)}", ChatSessionOut))

    async def vios_memory(self, system_cores: int, **adapters: int) -> ViosMemoryRequirement:
        return await self.send(
            calculator_call("vios-memory", ViosMemoryRequirement, {"system_cores": system_cores, **adapters})
        )

    async def clm(self, memory_gb: float, clm_pct: float, sap_shared_memory_gb: float) -> ClmSizing:
        return await self.send(
            calculator_call(
                "clm",
                ClmSizing,
                {"memory_gb": memory_gb, "clm_pct": clm_pct, "sap_shared_memory_gb": sap_shared_memory_gb},
            )
        )

    async def lfarea(self, statement: str, online_storage_gb: float) -> LfareaAssessment:
        return await self.send(
            calculator_call(
                "lfarea", LfareaAssessment, {"statement": statement, "online_storage_gb": online_storage_gb}
            )
        )

    async def plarea(self, online_storage_gb: float) -> PlareaSize:
        return await self.send(calculator_call("plarea", PlareaSize, {"online_storage_gb": online_storage_gb}))

    async def hpt(self, processor: str, partitions: list[dict[str, Any]], default_ratio: int | None = None) -> HptSize:
        return await self.send(
            calculator_call(
                "hpt", HptSize, {"processor": processor, "partitions": partitions, "default_ratio": default_ratio}
            )
        )

    async def ame(
        self,
        true_memory_gb: float,
        expansion_factor: float,
        *,
        target_factor: float | None = None,
        granularity_gb: float | None = None,
        deficit_mb: float | None = None,
    ) -> AmeAssessment:
        return await self.send(
            calculator_call(
                "ame",
                AmeAssessment,
                {
                    "true_memory_gb": true_memory_gb,
                    "expansion_factor": expansion_factor,
                    "target_factor": target_factor,
                    "granularity_gb": granularity_gb,
                    "deficit_mb": deficit_mb,
                },
            )
        )

    async def ready(self) -> Readiness:
        return await self.send(_call("GET", "/readyz", Readiness))
