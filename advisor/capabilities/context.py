"""What a capability runs with: the advisor, the limits, and what the calling surface can look up or store.

The API builds one per request (its settings as limits, the caller's stored reviews and fleet); the
stdio surfaces (`advisor mcp`, the CLI, the chat) use the defaults, which have no store.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from advisor.capabilities.inputs import DEFAULT_LIMITS, Limits
from advisor.review import Advisor, default_advisor

if TYPE_CHECKING:
    from advisor.capabilities.fleet import FleetView
    from advisor.knowledge import KnowledgeBase


@dataclass
class Context:
    advisor: Advisor = field(default_factory=default_advisor)
    limits: Limits = DEFAULT_LIMITS
    find_document: Callable[[str], Any | None] | None = None
    """review_id -> the document that review was made of (JSON), or None when there is no such review."""
    store_review: Callable[[Any, Any], str] | None = None
    """(Submitted, ReviewResult) -> the id the review is stored under; absent where nothing may be stored."""
    fleet: FleetView | None = None
    """The caller's tenant's fleet tables (the store and the principal); absent where there is no store."""

    @cached_property
    def kb(self) -> KnowledgeBase:
        from advisor.knowledge import knowledge_base

        return knowledge_base(self.advisor.rulebook)
