"""The app factory: `create_app(settings)`; `advisor serve` runs its workers on `api.app:serve_app`.

Everything a request needs is built here, once per process and before the first request:
the store (migrated), the advisor (rulebook loaded, engine compiled), the chat engine
(knowledge base indexed), the routes and the MCP endpoint at /mcp (api/mcp.py). Doing it
in the factory rather than in a lifespan hook means an app built for tests (ASGI transports
do not run lifespan) is ready the same way a served one is.
"""

from __future__ import annotations

import gc
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.middleware.gzip import GZipMiddleware
from fastapi_offline import FastAPIOffline
from starlette.routing import Route

from advisor import budget
from advisor.chat import ChatEngine
from advisor.documents import limits
from advisor.engine.durable import DurableEngine
from advisor.review import Advisor, default_advisor
from api import problems, web
from api.chat import ChatService
from api.mcp import PATH as MCP_PATH
from api.mcp import McpEndpoint
from api.openapi import DESCRIPTION, build_openapi
from api.routes import health, v1
from api.routes import problems as problem_routes
from api.settings import Settings
from api.url_keys import RefuseKeysInUrl, install_log_filter


def create_app(settings: Settings | None = None, *, advisor: Advisor | None = None) -> FastAPI:
    settings = settings or Settings.from_env()
    store = settings.open_store()
    store.migrate()
    budget.configure(parse=settings.parse_budget_s, chat=settings.chat_budget_s)
    limits.configure(max_partitions=settings.max_partitions, max_depth=settings.max_depth)
    advisor = advisor or default_advisor()
    if isinstance(advisor.evaluator, DurableEngine):
        advisor.evaluator.prepare()  # every kind's rulesets before the first request, not during it

    @asynccontextmanager
    async def lifespan(_: FastAPI):
        async with mcp_endpoint.running():
            yield
        store.close()

    # /docs and /redoc load Swagger UI and ReDoc from the copy the fastapi-offline wheel ships, never a CDN
    app = FastAPIOffline(title="Platform Advisor API", description=DESCRIPTION, lifespan=lifespan)
    app.state.settings, app.state.store, app.state.advisor = settings, store, advisor
    mcp_endpoint = McpEndpoint(app.state)
    app.state.chat = ChatService(store, ChatEngine(advisor))
    problems.install(app)
    # A 1,000-partition review is about 11 MB of JSON, mostly repeated keys: clients that accept
    # gzip (httpx, curl --compressed, browsers) get it at a few percent of that.
    app.add_middleware(GZipMiddleware, minimum_size=4096)
    app.add_middleware(RefuseKeysInUrl)
    install_log_filter()
    app.include_router(health.router)
    app.include_router(problem_routes.router)
    app.include_router(v1)
    app.router.routes.append(Route(MCP_PATH, endpoint=mcp_endpoint, methods=["GET", "POST", "DELETE"]))
    web.install(app)
    app.openapi = lambda: build_openapi(app)  # type: ignore[method-assign]
    return app


def serve_app() -> FastAPI:
    """The app as `advisor serve` runs it in each worker process: `create_app()`, then the heap built at
    start-up (rulebook, engine, knowledge index, routes: about 150,000 objects) frozen out of the
    cyclic garbage collector. Those objects live as long as the process, yet every full collection
    walked them all: a pause of 100-370 ms every few hundred reviews, which was most of the p99 at
    300 reviews/s. Frozen, a full collection takes about 2 ms. Tests build apps with `create_app`, so
    their apps are collected as usual."""
    app = create_app()
    gc.collect()
    gc.freeze()
    return app
