"""Where the rulebook and knowledge data live, installed or in a checkout."""

from __future__ import annotations

import os
from pathlib import Path

_PKG = Path(__file__).resolve().parent


def _data_dir(name: str, env: str) -> Path:
    override = os.environ.get(env)
    if override:
        return Path(override)
    installed = _PKG / "_data" / name  # wheel: force-included by pyproject
    if installed.is_dir():
        return installed
    return _PKG.parent / name  # checkout or editable install


def rules_dir() -> Path:
    return _data_dir("rules", "ADVISOR_RULES_DIR")


def knowledge_dir() -> Path:
    return _data_dir("knowledge", "ADVISOR_KNOWLEDGE_DIR")
