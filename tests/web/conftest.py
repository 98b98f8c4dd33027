"""The console behind a real `advisor serve` process on 127.0.0.1, driven by Debian's Chromium through
Playwright (Playwright's own browser download is not used: `make test` installs `chromium` with apt).

Every request the browser makes is recorded; `test_no_request_left_127_0_0_1` checks them all, and
any request to another host is aborted before it leaves. Screenshots go to a temporary folder, or
to docs/console/ with ADVISOR_UPDATE_SCREENSHOTS=1 (how the pictures in docs/console.md are made).
"""

from __future__ import annotations

import copy
import os
import shutil
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import pytest

from advisor.store import open_store
from tests.api.server import running
from tests.support.examples import example
from tests.support.store import OPERATOR

ROOT = Path(__file__).parents[2]
XSS = "<script>alert(1)</script>"


def chromium() -> str:
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        pytest.fail("Debian's chromium is not installed: run `make test` (as root it installs it with apt-get)")
    return path


@pytest.fixture(scope="package")
def console(tmp_path_factory):
    """(base URL, API key, db path) of a served store holding a small fleet."""
    folder = tmp_path_factory.mktemp("console")
    db = folder / "advisor.db"
    store = open_store(db)
    store.migrate()
    key = store.create_key(OPERATOR, "console", role="admin")[1]
    store.close()
    with running(db, folder / "serve.log") as server:
        api = httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {key}"}, timeout=60)
        for doc in [
            example("aix-ame4k-64k.json"),
            example("aix-clean.json"),
            example("vios-undersized.json"),
            example("zos-lfarea.json"),
            example("zvm-z13.json"),
            example("hpux-superdome.json"),
            example("aix-ame4k-64k.json", name=XSS),
            example("aix-ame4k-64k.json", **{"ame.page_support": "64K"}),
        ]:
            r = api.post("/v1/reviews", json=copy.deepcopy(doc))
            assert r.status_code == 201, r.text
        yield server.url, key, db


@pytest.fixture(scope="package")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium(), args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


@pytest.fixture(scope="package")
def requests_seen() -> list[str]:
    return []


@pytest.fixture(scope="package")
def context(browser, console, requests_seen):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})

    def guard(route):
        if urlsplit(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            route.abort()

    ctx.route("**/*", guard)
    ctx.on("request", lambda request: requests_seen.append(request.url))
    yield ctx
    ctx.close()


@pytest.fixture(scope="package")
def page(context):
    p = context.new_page()
    p.set_default_timeout(30_000)
    dialogs: list[str] = []
    p.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    p.dialogs = dialogs  # type: ignore[attr-defined]
    yield p
    p.close()


@pytest.fixture(scope="package")
def shots(tmp_path_factory) -> Path:
    if os.environ.get("ADVISOR_UPDATE_SCREENSHOTS") == "1":
        out = ROOT / "docs" / "console"
        out.mkdir(parents=True, exist_ok=True)
        return out
    return tmp_path_factory.mktemp("screenshots")
