"""The compiled-rulebook cache (advisor.rulebook.cache): keyed by the rule files and the sources
they cite, never stale, and never in the way when its file or directory is broken."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from advisor.datadirs import knowledge_dir, rules_dir
from advisor.rulebook.cache import cache_file, load_compiled

ONE_FILE = "ame.yaml"


@pytest.fixture
def dirs(tmp_path, monkeypatch):
    """A cache directory, one rule file and a copy of the sources, all of the test's own."""
    rules, knowledge, cache = tmp_path / "rules", tmp_path / "knowledge", tmp_path / "cache"
    rules.mkdir()
    shutil.copy(rules_dir() / ONE_FILE, rules / ONE_FILE)
    shutil.copytree(knowledge_dir(), knowledge)
    monkeypatch.setenv("ADVISOR_CACHE_DIR", str(cache))
    monkeypatch.setenv("ADVISOR_KNOWLEDGE_DIR", str(knowledge))
    monkeypatch.delenv("ADVISOR_NO_CACHE", raising=False)
    return rules, knowledge, cache


def test_a_compiled_rulebook_and_its_sources_are_read_back_from_the_cache(dirs):
    rules, _, cache = dirs
    rulebook, sources = load_compiled(rules)
    assert cache_file(rules).is_file() and list(cache.glob("rulebook-*.pickle")) == [cache_file(rules)]
    again, sources_again = load_compiled(rules)
    assert again.version == rulebook.version and sorted(again.rules) == sorted(rulebook.rules)
    assert sources_again == sources and again is not rulebook  # unpickled, not the same object


def test_editing_a_rule_file_or_the_sources_is_a_new_entry(dirs):
    rules, knowledge, cache = dirs
    first = cache_file(rules)
    load_compiled(rules)
    path = rules / ONE_FILE
    path.write_text(path.read_text() + "\n# an edit\n")
    assert cache_file(rules) != first
    load_compiled(rules)
    (knowledge / "sources.yaml").write_text((knowledge / "sources.yaml").read_text() + "\n# an edit\n")
    load_compiled(rules)
    assert len(list(cache.glob("rulebook-*.pickle"))) == 3


def test_a_corrupt_cache_file_is_rebuilt(dirs):
    rules, _, _ = dirs
    rulebook, _ = load_compiled(rules)
    cache_file(rules).write_bytes(b"\x80\x05not a pickle")
    again, _ = load_compiled(rules)
    assert again.version == rulebook.version
    assert cache_file(rules).read_bytes()[:2] != b"\x80\x05n"  # rewritten whole


def test_a_cache_directory_that_cannot_be_made_only_means_compiling(dirs, tmp_path, monkeypatch):
    rules, _, _ = dirs
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("ADVISOR_CACHE_DIR", str(blocker / "cache"))  # mkdir fails: NotADirectoryError
    rulebook, sources = load_compiled(rules)
    assert rulebook.rules and sources
    assert not (blocker / "cache").exists()


def test_a_broken_rule_file_is_never_cached(dirs):
    from advisor.rulebook.loader import RulebookError

    rules, _, cache = dirs
    (rules / ONE_FILE).write_text("rules: [\n")
    with pytest.raises(RulebookError):
        load_compiled(rules)
    assert not list(Path(cache).glob("rulebook-*.pickle"))
