"""`Store`: the whole interface, one mixin per concern; implementations add connections and transactions."""

from __future__ import annotations

from advisor.store.audit import AuditQueries
from advisor.store.chat import ChatQueries
from advisor.store.fleet import FleetQueries
from advisor.store.idempotency import IdempotencyQueries
from advisor.store.keys import KeyQueries
from advisor.store.reviews import ReviewQueries
from advisor.store.transfer import TransferQueries


class Store(ReviewQueries, ChatQueries, KeyQueries, AuditQueries, IdempotencyQueries, TransferQueries, FleetQueries):
    """Reviews, chat sessions, API keys, the audit log and the fleet, on SQLite or PostgreSQL."""

    def __init__(self) -> None:
        self._init_key_use()
