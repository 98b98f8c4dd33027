"""How a finding is named across runs: its document file as the user sees it, and a fingerprint.

The fingerprint covers (rule id, target, document file): the same rule about the same system in
the same file is the same problem whatever today's figures say. Baselines store it and SARIF
carries it as a partial fingerprint, so code scanning tracks one alert across runs.
"""

from __future__ import annotations

import hashlib
import os

STDIN = "-"
STDIN_NAME = "<stdin>"


def display_path(file: str) -> str:
    """Relative to the working directory (posix separators) when below it, else as given."""
    if file == STDIN:
        return STDIN_NAME
    rel = os.path.relpath(os.path.abspath(file))
    chosen = os.path.normpath(file) if rel.startswith("..") else rel
    return chosen.replace(os.sep, "/")


def fingerprint(rule_id: str, target: str, file: str) -> str:
    return hashlib.sha256(f"{rule_id}\x1f{target}\x1f{file}".encode()).hexdigest()[:32]
