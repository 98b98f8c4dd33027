"""The console's pages: thin adapters that call the capabilities the REST routes call and render
them with Jinja2 (autoescaped). Every response carries a strict Content-Security-Policy: no
script runs, styles and images come from this server only, forms post only here."""

from __future__ import annotations

import hmac
import json
import secrets
from functools import cache
from typing import Any
from urllib.parse import parse_qs, urlencode

import jinja2
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from advisor.capabilities import CapabilityError, Context
from advisor.capabilities.fleet import (
    MAX_PAGE,
    FleetSummaryRequest,
    RuleSystemsRequest,
    SystemRequest,
    SystemsQuery,
    fleet_summary,
    list_systems,
    rule_systems,
    system_detail,
)
from advisor.capabilities.inputs import validate_model
from advisor.capabilities.rules import RuleRequest, RulesRequest, get_rule, list_rules
from advisor.rating import RATINGS
from advisor.render.html import jinja_environment
from advisor.render.svg import bar_chart, column_chart
from advisor.rulebook.model import SEVERITIES
from advisor.store import Principal
from advisor.store.fleet import SORTS
from api.problems import ProblemError
from api.web import session
from api.web.session import WebUser

router = APIRouter(include_in_schema=False)

CSP = (
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",  # "no-referrer" would make browsers send `Origin: null` on our own forms
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
}
MAX_FORM_BYTES = 1024 * 1024


class SignInRequired(Exception):
    """Raised by `user()` on a page that needs a session; answered with a redirect to /login."""

    def __init__(self, next_path: str):
        self.next_path = next_path


@cache
def templates() -> jinja2.Environment:
    env = jinja_environment("api.web")
    env.globals.update(severities=SEVERITIES, ratings=RATINGS)
    return env


def page(template: str, status: int = 200, **context: Any) -> HTMLResponse:
    context.setdefault("user", None)
    context.setdefault("title", "Platform Advisor")
    context.setdefault("section", "")
    html = templates().get_template(template).render(context)
    return HTMLResponse(html, status_code=status, headers=HEADERS)


def redirect(location: str) -> RedirectResponse:
    return RedirectResponse(location, status_code=303, headers=HEADERS)


def _secret(request: Request) -> str:
    return request.app.state.settings.session_secret


def user(request: Request) -> WebUser:
    """The signed-in user, or SignInRequired (the cookie is missing, forged, expired or its key revoked)."""
    found = session.read(_secret(request), request.cookies.get(session.COOKIE))
    if found is not None:
        key_id, nonce = found
        keys = request.app.state.store.list_keys(Principal.operator("console"))
        key = next((k for k in keys if k.id == key_id), None)
        if key is not None and key.active:
            return WebUser(key, nonce, session.csrf_token(_secret(request), nonce))
    target = request.url.path + (f"?{request.url.query}" if request.url.query else "")
    raise SignInRequired(target)


async def form(request: Request) -> dict[str, str]:
    """A URL-encoded form, bounded in size; the first value of each field."""
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/x-www-form-urlencoded":
        raise ProblemError("unsupported-media-type", "Forms are sent as application/x-www-form-urlencoded.")
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_FORM_BYTES:
            raise ProblemError("body-too-large", f"A form holds at most {MAX_FORM_BYTES} bytes.")
    try:
        fields = parse_qs(body.decode("utf-8"), keep_blank_values=True, max_num_fields=20)
    except (UnicodeDecodeError, ValueError) as exc:
        raise ProblemError("invalid-request", "The form could not be read.") from exc
    return {k: v[0] for k, v in fields.items()}


def forbidden(reason: str) -> HTMLResponse:
    return page("error.html.j2", 403, title="Refused", message=reason)


async def posted(request: Request) -> tuple[WebUser, dict[str, str]] | HTMLResponse:
    """The user and the form of a POST, after the Origin and CSRF checks (else a 403 page)."""
    who = user(request)
    data = await form(request)
    if not session.same_origin(request):
        return forbidden("This form was sent from another site.")
    if not hmac.compare_digest(data.get("csrf", ""), who.csrf):
        return forbidden("The form's security token is missing or stale: reload the page and send it again.")
    return who, data


# --- sign in and out ---


def _safe_next(value: str | None) -> str:
    """Only a path on this site: never `//host` or a scheme (an open redirect)."""
    if not value or not value.startswith("/") or value.startswith("//") or "\\" in value:
        return "/"
    return value


@router.get("/login")
def login_form(request: Request, next: str = "/") -> Response:
    token = secrets.token_urlsafe(24)
    response = page("login.html.j2", title="Sign in", csrf=token, next=_safe_next(next), error=None)
    session.set_cookie(response, request, session.LOGIN_COOKIE, token, session.LOGIN_SECONDS)
    return response


@router.post("/login")
async def login(request: Request) -> Response:
    data = await form(request)
    expected = request.cookies.get(session.LOGIN_COOKIE, "")
    if not session.same_origin(request) or not expected or not hmac.compare_digest(data.get("csrf", ""), expected):
        return forbidden("The sign-in form is stale or came from another site: open /login again.")
    key = request.app.state.store.authenticate(data.get("key", "").strip())
    if key is None or not key.active:
        token = secrets.token_urlsafe(24)
        refused = page(
            "login.html.j2",
            401,
            title="Sign in",
            csrf=token,
            next=_safe_next(data.get("next")),
            error="This API key is not valid or was revoked.",
        )
        session.set_cookie(refused, request, session.LOGIN_COOKIE, token, session.LOGIN_SECONDS)
        return refused
    request.app.state.store.audit(
        key.principal(request.client.host if request.client else None), "console.signin", key.id
    )
    response = redirect(_safe_next(data.get("next")))
    session.set_cookie(
        response, request, session.COOKIE, session.issue(_secret(request), key.id), session.SESSION_SECONDS
    )
    response.delete_cookie(session.LOGIN_COOKIE, path="/")
    return response


@router.post("/logout")
async def logout(request: Request) -> Response:
    checked = await posted(request)
    if isinstance(checked, HTMLResponse):
        return checked
    response = redirect("/login")
    response.delete_cookie(session.COOKIE, path="/")
    return response


# --- fleet pages ---


def _context(request: Request, who: WebUser) -> Context:
    """What the signed-in key's capabilities run with: its tenant's reviews and fleet, as the API gives them."""
    from api.context import context_for_key

    return context_for_key(request.app.state, who.key.principal(request.client.host if request.client else None))


@router.get("/")
def dashboard(request: Request) -> Response:
    who = user(request)
    summary = fleet_summary(FleetSummaryRequest(), _context(request, who))
    charts = {
        "ratings": bar_chart("Systems by rating", [(r, summary.ratings[r], r) for r in RATINGS]),
        "severities": bar_chart(
            "Systems with a finding of each severity",
            [(s.severity, s.systems, s.severity) for s in summary.severities],
            [f"/systems?severity={s.severity}" for s in summary.severities],
        ),
        "rules_by_systems": bar_chart(
            "Top rules by systems affected",
            [(r.rule_id, r.systems, r.severity) for r in summary.top_rules_by_systems],
            [f"/rules/{r.rule_id}" for r in summary.top_rules_by_systems],
        ),
        "rules_by_score": bar_chart(
            "Top rules by summed score",
            [(r.rule_id, r.score, r.severity) for r in summary.top_rules_by_score],
            [f"/rules/{r.rule_id}" for r in summary.top_rules_by_score],
        ),
        "trend": column_chart(
            "Findings in the reviews of each day", [(d.day, d.summary) for d in summary.trend], SEVERITIES
        ),
    }
    return page("dashboard.html.j2", user=who, title="Dashboard", section="Dashboard", summary=summary, charts=charts)


@router.get("/systems")
def systems(
    request: Request,
    kind: str = "",
    severity: str = "",
    rule: str = "",
    prefix: str = "",
    sort: str = "risk",
    cursor: str = "",
) -> Response:
    who = user(request)
    advisor = request.app.state.advisor
    filters = {"kind": kind, "severity": severity, "rule": rule.strip().upper(), "prefix": prefix, "sort": sort}
    error, page_data = None, None
    try:
        asked = {
            "kind": kind[:32] or None,
            "severity": severity or None,
            "rule": filters["rule"][:32] or None,
            "prefix": prefix[:256] or None,
            "sort": sort if sort in SORTS else "risk",
            "cursor": cursor[:1024] or None,
        }
        q = validate_model(SystemsQuery, {k: v for k, v in asked.items() if v is not None})
        page_data = list_systems(q, _context(request, who))
    except CapabilityError as exc:
        error = exc.detail
        q = SystemsQuery(sort="risk")
    next_href = None
    if page_data is not None and page_data.next_cursor:
        next_href = "/systems?" + urlencode({k: v for k, v in filters.items() if v} | {"cursor": page_data.next_cursor})
    kinds = sorted({k for cr in advisor.rulebook.rules.values() for k in cr.rule.kinds})
    return page(
        "systems.html.j2",
        status=200 if error is None else 422,
        user=who,
        title="Systems",
        section="Systems",
        q=q.model_copy(update={"rule": filters["rule"] or None}),
        page=page_data or {"items": []},
        kinds=kinds,
        sorts=list(SORTS),
        next_href=next_href,
        error=error,
    )


@router.get("/systems/{name:path}")
def system(request: Request, name: str) -> Response:
    who = user(request)
    before = request.query_params.get("from") or None
    after = request.query_params.get("to") or None
    try:
        asked = {"name": name[:256] or "?", "from": before, "to": after}
        req = validate_model(SystemRequest, {k: v for k, v in asked.items() if v is not None})
        detail = system_detail(req, _context(request, who))
    except CapabilityError as exc:
        status = 404 if exc.name.endswith("not-found") else 422
        return page(
            "error.html.j2",
            status,
            user=who,
            title="Not found" if status == 404 else "Cannot compare",
            message=exc.detail,
        )
    chart = column_chart(
        "Findings per review, oldest first",
        [(h.created_at[:16].replace("T", " "), h.summary) for h in reversed(detail.history)],
        SEVERITIES,
    )
    return page(
        "system.html.j2", user=who, title=detail.system.name, section="Systems", detail=detail, history_chart=chart
    )


@router.get("/rules")
def rules(request: Request) -> Response:
    who = user(request)
    ctx = _context(request, who)
    affected = request.app.state.store.fleet_rule_counts(who.key.principal())
    listed = list_rules(RulesRequest(), ctx).rules
    return page("rules.html.j2", user=who, title="Rules", section="Rules", rules=listed, affected=affected)


@router.get("/rules/{rule_id}")
def rule(request: Request, rule_id: str, cursor: str = "") -> Response:
    who = user(request)
    ctx = _context(request, who)
    try:
        detail = get_rule(RuleRequest(rule_id=rule_id[:64] or "?"), ctx)
    except CapabilityError as exc:
        return page("error.html.j2", 404, user=who, title="No such rule", message=exc.detail)
    try:
        affected = rule_systems(
            RuleSystemsRequest(rule_id=detail.id, cursor=cursor[:1024] or None, limit=MAX_PAGE), ctx
        )
    except CapabilityError as exc:
        return page("error.html.j2", 422, user=who, title="Bad page", message=exc.detail)
    next_href = f"/rules/{detail.id}?" + urlencode({"cursor": affected.next_cursor}) if affected.next_cursor else None
    return page(
        "rule.html.j2",
        user=who,
        title=detail.id,
        section="Rules",
        rule=detail,
        systems=affected,
        next_href=next_href,
    )


# --- submit and chat ---


def _submit_page(who: WebUser, status: int = 200, **context: Any) -> HTMLResponse:
    context.setdefault("text", "")
    context.setdefault("name", "")
    context.setdefault("error", None)
    context.setdefault("errors", [])
    return page("submit.html.j2", status, user=who, title="Submit", section="Submit", **context)


@router.get("/submit")
def submit_form(request: Request) -> Response:
    return _submit_page(user(request))


def review_body(text: str, name: str) -> dict[str, Any]:
    """A pasted JSON object is a document; anything else is command output (the command is detected)."""
    stripped = text.strip()
    if stripped.startswith("{"):
        try:
            return {"document": json.loads(stripped)}
        except ValueError as exc:
            raise ProblemError("invalid-json", f"The text starts like JSON but is not: {exc}.") from None
    body: dict[str, Any] = {"outputs": [{"text": text}]}
    if name.strip():
        body["name"] = name.strip()
    return body


@router.post("/submit")
async def submit(request: Request) -> Response:
    checked = await posted(request)
    if isinstance(checked, HTMLResponse):
        return checked
    who, data = checked
    text, name = data.get("text", ""), data.get("name", "")
    from api.context import context_for_key
    from api.routes.reviews import review_and_store

    state = request.app.state
    try:
        principal = who.key.principal()
        if not principal.may("submitter"):
            raise ProblemError("forbidden", f"The key {who.key.id} is a {who.key.role}: it cannot submit reviews.")
        created = review_and_store(state.store, principal, context_for_key(state, principal), review_body(text, name))
    except CapabilityError as exc:
        errors = [e.model_dump() for e in exc.errors or []]
        return _submit_page(who, 422, text=text, name=name, error=exc.detail, errors=errors)
    review = json.loads(bytes(created.body))
    return redirect(f"/systems/{_quote(review['target'])}")


def _quote(name: str) -> str:
    from urllib.parse import quote

    return quote(name, safe="")


def _chat_page(
    request: Request, who: WebUser, session_id: str | None, status: int = 200, error: str | None = None
) -> HTMLResponse:
    turns: list[dict[str, Any]] = []
    if session_id:
        turns = request.app.state.chat.conversation(who.key.principal(), session_id)["turns"]
    return page(
        "chat.html.j2",
        status,
        user=who,
        title="Chat",
        section="Chat",
        session_id=session_id,
        turns=turns,
        follow_ups=[],
        error=error,
    )


@router.get("/chat")
def chat_new(request: Request) -> Response:
    return _chat_page(request, user(request), None)


@router.get("/chat/{session_id}")
def chat_session(request: Request, session_id: str) -> Response:
    who = user(request)
    try:
        return _chat_page(request, who, session_id[:64])
    except ProblemError as exc:
        return page("error.html.j2", 404, user=who, title="No such conversation", message=exc.detail)


@router.post("/chat")
async def chat_turn(request: Request) -> Response:
    checked = await posted(request)
    if isinstance(checked, HTMLResponse):
        return checked
    who, data = checked
    message = data.get("message", "").strip()
    session_id = data.get("session_id") or None
    if not message:
        return _chat_page(request, who, session_id, 422, "Write a message first.")
    try:
        if not who.key.principal().may("submitter"):
            raise ProblemError("forbidden", f"The key {who.key.id} is a {who.key.role}: it cannot chat.")
        reply = request.app.state.chat.turn(who.key.principal(), message[:20000], session_id, None)
    except ProblemError as exc:
        try:
            return _chat_page(request, who, session_id, 422, exc.detail)
        except ProblemError:
            return _chat_page(request, who, None, 404, exc.detail)
    return redirect(f"/chat/{reply['session_id']}")
