"""The web console at `/`: server-rendered pages (Jinja2), one local stylesheet, no JavaScript.

`install(app)` adds the pages, the static files and the sign-in redirect; the pages call the same
capabilities as the REST routes (advisor.capabilities.fleet, the review and chat services).
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.staticfiles import StaticFiles
from starlette.responses import Response

from api.web.pages import HEADERS, SignInRequired, redirect, router

STATIC = Path(__file__).parent / "static"


def install(app: FastAPI) -> None:
    app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(SignInRequired)
    async def _sign_in(_: Request, exc: SignInRequired) -> Response:
        from urllib.parse import urlencode

        return redirect("/login?" + urlencode({"next": exc.next_path}))


__all__ = ["HEADERS", "install"]
