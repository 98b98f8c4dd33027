"""The full-text index: passages and rules in SQLite FTS5, ranked with BM25.

Built once per process in an in-memory database (a few hundred short documents index in
milliseconds, so a cache file would only add a staleness problem). Porter stemming makes
"compressing" find "compression"; `_` is a token character so tunables such as
`ame_mpsize_support` stay whole.

Each concept of a question is searched on its own and the per-concept BM25 scores are summed
with the concept's weight. That keeps a synonym group from counting twice, and tells which
concepts a passage covers, which the chat needs for its relevance floor.
"""

from __future__ import annotations

import math
import sqlite3
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from advisor.knowledge.passages import Passage

_TOKENIZE = "porter unicode61 tokenchars '_'"
# Column weights for bm25(): a hit in a title or section says more than one in the body.
PASSAGE_COLUMNS = ("title", "section", "locator", "applies", "body")
PASSAGE_WEIGHTS = (4.0, 3.0, 1.0, 0.5, 1.0)
RULE_COLUMNS = ("title", "body")
RULE_WEIGHTS = (3.0, 1.0)


@dataclass(frozen=True)
class RuleDoc:
    """What the index knows of a rule: its id and the text an admin reads."""

    rule_id: str
    title: str
    body: str


class FtsIndex:
    """Two FTS5 tables, `passages` and `rules`; rowids are positions in the given sequences."""

    def __init__(self, passages: Sequence[Passage], rules: Iterable[RuleDoc] = ()):
        self.passages = list(passages)
        self.rules = list(rules)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        cols = ", ".join(PASSAGE_COLUMNS)
        self._db.execute(f'CREATE VIRTUAL TABLE passages USING fts5({cols}, tokenize="{_TOKENIZE}")')
        self._db.execute(f'CREATE VIRTUAL TABLE rules USING fts5({", ".join(RULE_COLUMNS)}, tokenize="{_TOKENIZE}")')
        self._db.executemany(
            f"INSERT INTO passages(rowid, {cols}) VALUES (?, ?, ?, ?, ?, ?)",
            [(i, p.title, p.section, p.locator or "", p.applies or "", p.text) for i, p in enumerate(self.passages)],
        )
        self._db.executemany(
            "INSERT INTO rules(rowid, title, body) VALUES (?, ?, ?)",
            [(i, r.title, r.body) for i, r in enumerate(self.rules)],
        )
        self._db.commit()
        self._df_cache: dict[tuple[str, str], int] = {}

    def _table(self, table: str) -> tuple[str, tuple[float, ...]]:
        if table == "passages":
            return "passages", PASSAGE_WEIGHTS
        if table == "rules":
            return "rules", RULE_WEIGHTS
        raise ValueError(table)

    def scores(self, table: str, query: str) -> dict[int, float]:
        """rowid -> BM25 relevance (positive, larger is better) for one MATCH expression."""
        name, weights = self._table(table)
        args = ", ".join(str(w) for w in weights)
        with self._lock:
            try:
                rows = self._db.execute(
                    f"SELECT rowid, bm25({name}, {args}) FROM {name} WHERE {name} MATCH ?", (query,)
                ).fetchall()
            except sqlite3.OperationalError:
                return {}
        return {rowid: -score for rowid, score in rows}

    def df(self, table: str, query: str) -> int:
        """How many documents match: the basis of a concept's rarity (idf)."""
        key = (table, query)
        if key not in self._df_cache:
            name, _ = self._table(table)
            with self._lock:
                try:
                    n = self._db.execute(f"SELECT count(*) FROM {name} WHERE {name} MATCH ?", (query,)).fetchone()[0]
                except sqlite3.OperationalError:
                    n = 0
            self._df_cache[key] = n
        return self._df_cache[key]

    def idf(self, table: str, query: str) -> float:
        n = len(self.passages) if table == "passages" else len(self.rules)
        return math.log((n + 1) / (self.df(table, query) + 0.5))


class SentenceMatcher:
    """Which of a passage's sentences match which concepts, with the index's own stemming.

    A scratch FTS5 table, refilled per passage, so that a sentence matches "compressing"
    exactly when the passage index would.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        self._db.execute(f'CREATE VIRTUAL TABLE s USING fts5(body, tokenize="{_TOKENIZE}")')

    def matches(self, sentences: Sequence[str], queries: Sequence[str]) -> list[set[int]]:
        """For each sentence, the indexes of the queries it matches."""
        out: list[set[int]] = [set() for _ in sentences]
        with self._lock:
            self._db.execute("DELETE FROM s")
            self._db.executemany("INSERT INTO s(rowid, body) VALUES (?, ?)", list(enumerate(sentences)))
            for qi, q in enumerate(queries):
                try:
                    rows = self._db.execute("SELECT rowid FROM s WHERE s MATCH ?", (q,)).fetchall()
                except sqlite3.OperationalError:
                    continue
                for (rowid,) in rows:
                    out[rowid].add(qi)
        return out
