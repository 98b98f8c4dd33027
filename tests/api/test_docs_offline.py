"""/docs and /redoc load every asset from this server (a packaged copy), never from a CDN."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from api.app import create_app
from api.settings import Settings


def test_docs_assets_are_served_locally(tmp_path):
    with TestClient(create_app(Settings(db_path=tmp_path / "d.db"))) as client:
        for page in ("/docs", "/redoc"):
            html = client.get(page).text
            urls = re.findall(r"""(?:src|href)=["']([^"']+)["']|url: ?["']([^"']+)["']""", html)
            assets = [u for pair in urls for u in pair if u]
            assert assets, html
            assert not [u for u in assets if u.startswith(("http:", "https:", "//"))], assets
            for url in assets:
                response = client.get(url)
                assert response.status_code == 200, url
        js = client.get("/static-offline-docs/swagger-ui-bundle.js")
        assert "javascript" in js.headers["content-type"] and len(js.content) > 100_000
