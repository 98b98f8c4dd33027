"""The compiled rulebook, cached on disk under its content hash, so a cold `advisor check` skips
reading, validating and compiling the rule files (most of its start-up time).

The cache key is the rulebook version (package version + hash of every rule file's name and
text, advisor.rulebook.version), a hash of the sources the citations resolve against
(knowledge/sources.yaml: the loader checks every citation against it), the Python version and
the entry's FORMAT; any edit to either is a new key, so a stale entry is never used. The entry holds the sources too,
so a cached start reads no YAML at all. The cache is a convenience: an unreadable, unwritable or
corrupt file only means loading from the YAML, and a rulebook that fails to load is never cached.
`ADVISOR_CACHE_DIR` moves it (default: the user's cache directory); `ADVISOR_NO_CACHE=1` turns it off.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from advisor.datadirs import knowledge_dir
from advisor.rulebook.version import rulebook_version

if TYPE_CHECKING:  # imported lazily below: that import is what a cached start saves
    from advisor.rulebook.compiled import Rulebook
    from advisor.sources import Source

Compiled = tuple["Rulebook", dict[str, "Source"]]
# What an entry pickles, by module and class: a change here (2: the classes moved from the loader
# to advisor.rulebook.compiled, so unpickling imports no loader) must not read an older entry.
FORMAT = 2


def cache_dir() -> Path:
    override = os.environ.get("ADVISOR_CACHE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return platformdirs.user_cache_path("platform-advisor")


def _sources_digest() -> str:
    try:
        text = (knowledge_dir() / "sources.yaml").read_bytes()
    except OSError:
        text = b""  # loading will say what is wrong; never reuse an entry made with other sources
    return hashlib.sha256(text).hexdigest()[:12]


def cache_file(directory: Path | None = None) -> Path:
    py = f"py{sys.version_info.major}{sys.version_info.minor}"
    return cache_dir() / f"rulebook-{rulebook_version(directory)}-{_sources_digest()}-{py}-f{FORMAT}.pickle"


def _compile(directory: Path | None) -> Compiled:
    from advisor.rulebook.loader import load_rulebook
    from advisor.sources import load_sources

    return load_rulebook(directory), load_sources()


def load_compiled(directory: Path | None = None) -> Compiled:
    """The rulebook of `directory` (default: the installed rules) and the sources it cites, from
    the cache when it is there. Raises RulebookError when the rules do not load."""
    if os.environ.get("ADVISOR_NO_CACHE") == "1":
        return _compile(directory)
    path = cache_file(directory)
    try:
        with path.open("rb") as f:
            rulebook, sources = pickle.load(f)  # noqa: S301 - our own file in the user's cache directory
        return rulebook, sources
    except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, TypeError, ValueError):
        pass
    compiled = _compile(directory)
    tmp: Path | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, prefix=".rulebook-", delete=False) as f:
            tmp = Path(f.name)
            pickle.dump(compiled, f, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)  # atomic: a concurrent reader sees the old file or the whole new one
    except OSError:
        if tmp is not None:
            tmp.unlink(missing_ok=True)
    return compiled
