"""Citations: every claim the advisor makes points at a source id plus a section and locator."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Cite(BaseModel):
    """A reference into one of the source documents listed in knowledge/sources.yaml."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    source: str
    section: str
    locator: str | None = None
