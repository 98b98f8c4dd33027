"""Server settings: from the environment, so every uvicorn worker process sees the same ones.

`advisor serve` turns its options into these variables before it starts the workers, which
build their app with `create_app()` (the factory import string) and read them back here.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import ClassVar

from pydantic import BaseModel, Field

from advisor.store import Store, default_db_path, open_store

MIB = 1024 * 1024


class Settings(BaseModel):
    db_path: Path = Field(description="SQLite file (ADVISOR_DB); unused when database_url is set.")
    database_url: str | None = Field(
        None,
        pattern=r"^postgres(ql)?://",
        description="PostgreSQL URL (ADVISOR_DATABASE_URL); unset means the SQLite file.",
    )
    db_pool_size: int = Field(
        10, ge=1, le=200, description="PostgreSQL connections per process (ADVISOR_DB_POOL_SIZE)."
    )
    max_body_bytes: int = Field(MIB, ge=1, description="Largest request body accepted (ADVISOR_MAX_BODY_BYTES).")
    max_partitions: int = Field(
        1000, ge=1, description="Most partitions in one managed system (ADVISOR_MAX_PARTITIONS)."
    )
    max_depth: int = Field(32, ge=2, description="Deepest JSON nesting accepted (ADVISOR_MAX_DEPTH).")
    parse_budget_s: float = Field(
        10.0, gt=0, description="CPU seconds one request may spend parsing outputs (ADVISOR_PARSE_BUDGET_S)."
    )
    chat_budget_s: float = Field(20.0, gt=0, description="CPU seconds one chat turn may spend (ADVISOR_CHAT_BUDGET_S).")
    db_synchronous: str = Field(
        "FULL", pattern="^(FULL|NORMAL|EXTRA)$", description="SQLite synchronous mode (ADVISOR_DB_SYNCHRONOUS)."
    )
    session_secret: str = Field(
        default_factory=lambda: secrets.token_hex(32),
        min_length=32,
        repr=False,
        description="Signs the web console's session cookies (ADVISOR_SESSION_SECRET); drawn at random when unset, "
        "so a restart signs browsers out.",
    )

    ENV: ClassVar[dict[str, str]] = {
        "db_path": "ADVISOR_DB",
        "database_url": "ADVISOR_DATABASE_URL",
        "db_pool_size": "ADVISOR_DB_POOL_SIZE",
        "max_body_bytes": "ADVISOR_MAX_BODY_BYTES",
        "max_partitions": "ADVISOR_MAX_PARTITIONS",
        "max_depth": "ADVISOR_MAX_DEPTH",
        "parse_budget_s": "ADVISOR_PARSE_BUDGET_S",
        "chat_budget_s": "ADVISOR_CHAT_BUDGET_S",
        "db_synchronous": "ADVISOR_DB_SYNCHRONOUS",
        "session_secret": "ADVISOR_SESSION_SECRET",
    }

    @classmethod
    def from_env(cls, **overrides) -> Settings:
        values: dict = {"db_path": default_db_path()}
        for field, var in cls.ENV.items():
            if os.environ.get(var):
                values[field] = os.environ[var]
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)

    def to_env(self) -> dict[str, str]:
        return {var: str(getattr(self, field)) for field, var in self.ENV.items() if getattr(self, field) is not None}

    def open_store(self) -> Store:
        return open_store(
            self.db_path, url=self.database_url, synchronous=self.db_synchronous, pool_size=self.db_pool_size
        )

    def describe_store(self) -> str:
        return self.open_store().describe() if self.database_url else str(self.db_path)
