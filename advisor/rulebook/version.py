"""The rulebook's version: the package version plus a hash of the rule files' names and text.

Light on purpose (no YAML, no models): `advisor --version` prints it, and a compiled rulebook
cached under it is reused only while the rule files are unchanged.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path

from advisor import __version__
from advisor.datadirs import rules_dir


def digest_of(named_texts: Iterable[tuple[str, str]]) -> str:
    digest = hashlib.sha256()
    for name, text in named_texts:
        digest.update(name.encode() + b"\0" + text.encode())
    return f"{__version__}+{digest.hexdigest()[:12]}"


def rule_files(directory: Path | None = None) -> list[Path]:
    return sorted((directory or rules_dir()).glob("*.yaml"))


def rulebook_version(directory: Path | None = None) -> str:
    return digest_of((p.name, p.read_text(encoding="utf-8")) for p in rule_files(directory))
