"""The store fixture: a migrated store of each kind (tests/conftest.py `store_kind`), fresh per test."""

from __future__ import annotations

import pytest

from advisor.store import open_store


@pytest.fixture
def store(tmp_path, database_url):
    s = open_store(tmp_path / "s.db", url=database_url)
    s.migrate()
    yield s
    s.close()
