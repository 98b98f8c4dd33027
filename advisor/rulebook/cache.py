"""The compiled rulebook, cached on disk under its content hash, so a cold `advisor check` skips
parsing, validating and compiling the rule files (most of its start-up time).

The cache key is the rulebook version (package version + hash of every rule file's name and
text, advisor.rulebook.version) and the Python version; any edit to a rule file is a new key, so
a stale entry is never used. The cache is a convenience: an unreadable, unwritable or corrupt
file only means loading from the YAML, and a rulebook that fails to load is never cached.
`ADVISOR_CACHE_DIR` moves it (default: the user's cache directory); `ADVISOR_NO_CACHE=1` turns it off.
"""

from __future__ import annotations

import os
import pickle
import sys
import tempfile
from pathlib import Path

from advisor.rulebook.version import rulebook_version


def cache_dir() -> Path:
    override = os.environ.get("ADVISOR_CACHE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return platformdirs.user_cache_path("platform-advisor")


def cache_file(directory: Path | None = None) -> Path:
    py = f"py{sys.version_info.major}{sys.version_info.minor}"
    return cache_dir() / f"rulebook-{rulebook_version(directory)}-{py}.pickle"


def load_cached(directory: Path | None = None):  # -> Rulebook (imported lazily: that import is what we save)
    """The rulebook of `directory` (default: the installed rules), from the cache when it is there."""
    if os.environ.get("ADVISOR_NO_CACHE") == "1":
        from advisor.rulebook.loader import load_rulebook

        return load_rulebook(directory)
    path = cache_file(directory)
    try:
        with path.open("rb") as f:
            return pickle.load(f)  # noqa: S301 - our own file in the user's cache directory
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, TypeError, ValueError):
        pass
    from advisor.rulebook.loader import load_rulebook

    rulebook = load_rulebook(directory)
    tmp: Path | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, prefix=".rulebook-", delete=False) as f:
            tmp = Path(f.name)
            pickle.dump(rulebook, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)  # atomic: a concurrent reader sees the old file or the whole new one
    except OSError:
        if tmp is not None:
            tmp.unlink(missing_ok=True)
    return rulebook
