"""A store that cannot write (full disk, read-only file, lock timeout) answers 503 problem+json, never a crash."""

import pytest

from advisor.store import SQLiteStore as Store
from advisor.store import StoreUnavailable

DOC = {"kind": "vios", "name": "vios1", "vpm_fold_policy": 3}


@pytest.mark.parametrize(
    "error", ["database or disk is full", "attempt to write a readonly database", "database is locked"]
)
def test_failing_write_is_a_503_with_retry_after(client, monkeypatch, error):
    def fail(self, **kwargs):
        raise StoreUnavailable(error)

    monkeypatch.setattr(Store, "add_review", fail)
    response = client.post("/v1/reviews", json=DOC)
    assert response.status_code == 503
    assert response.headers["content-type"].startswith("application/problem+json")
    assert response.headers["Retry-After"] == "5"
    body = response.json()
    assert body["type"].endswith("/store-unavailable") and error in body["detail"]
    assert "Traceback" not in response.text
