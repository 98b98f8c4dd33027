"""The app factory: `create_app(settings)`; uvicorn workers use the import string `api.app:create_app`.

Everything a request needs is built here, once per process and before the first request:
the store (migrated), the advisor (rulebook loaded, engine compiled), the chat engine
(knowledge base indexed) and the routes. Doing it
in the factory rather than in a lifespan hook means an app built for tests (ASGI transports
do not run lifespan) is ready the same way a served one is.
"""

from __future__ import annotations

from contextlib import asynccontextmanager

from fastapi import FastAPI

from advisor.chat import ChatEngine
from advisor.review import Advisor, default_advisor
from api import problems, web
from api.chat import ChatService
from api.openapi import DESCRIPTION, build_openapi
from api.routes import health, v1
from api.routes import problems as problem_routes
from api.settings import Settings


def create_app(settings: Settings | None = None, *, advisor: Advisor | None = None) -> FastAPI:
    settings = settings or Settings.from_env()
    store = settings.open_store()
    store.migrate()
    advisor = advisor or default_advisor()

    @asynccontextmanager
    async def lifespan(_: FastAPI):
        yield
        store.close()

    app = FastAPI(title="Platform Advisor API", description=DESCRIPTION, lifespan=lifespan)
    app.state.settings, app.state.store, app.state.advisor = settings, store, advisor
    app.state.chat = ChatService(store, ChatEngine(advisor))
    problems.install(app)
    app.include_router(health.router)
    app.include_router(problem_routes.router)
    app.include_router(v1)
    web.install(app)
    app.openapi = lambda: build_openapi(app)  # type: ignore[method-assign]
    return app
