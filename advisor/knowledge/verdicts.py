"""Yes/no answers the sources give outright (knowledge/verdicts.yaml), matched to a question.

Each entry names the patterns a question must contain, the verdict (yes, no, it depends), a
one-sentence reason in the project's words, and the passage that backs it, which is where the
citation comes from. Loading is strict: an unknown passage id or a pattern that does not
compile is a load error naming the entry, because a verdict without a real citation must never
reach an answer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from advisor.datadirs import knowledge_dir
from advisor.knowledge.passages import KnowledgeError
from advisor.knowledge.text import SAFE_LOADER

VERDICTS = ("yes", "no", "it depends")
# "is that a problem?", "is it a bad idea?": asked the other way round from "is that ok?"
_NEGATIVE_QUESTION = re.compile(
    r"\b(?:a\s+)?(?:problem|issue|concern|risk|bad\s+idea|mistake|harmful|dangerous|wrong)\b", re.IGNORECASE
)


# What a yes/no question asks about beside its topic: "will that need a reboot?", "do we pay extra CPU?".
# An entry answers such a question only when its own patterns speak of the same thing; the folding
# entry ("disable folding on the VIOS: yes") must not answer "will vpm_fold_policy=4 need a reboot?".
_PREDICATES: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (
        re.compile(
            r"\b(?:need|needs|require|requires|without|cause|causes|take|takes|mean|means|involve|trigger)\s+"
            r"(?:a\s+|an\s+|another\s+)?(?:reboot|restart|re-?IPL|IPL|reactivation|outage|downtime)\b"
            r"|\b(?:reboot|restart|IPL|outage)\s+(?:needed|required|necessary)\b",
            re.IGNORECASE,
        ),
        ("reboot", "restart", "ipl", "reactivat", "dynamic", "outage"),
    ),
    (
        re.compile(
            r"\b(?:cost|costs|pay|extra|more|higher|additional)\s+(?:\w+\s+)?(?:cpu|throughput|overhead|latency)\b"
            r"|\boverhead\b",
            re.IGNORECASE,
        ),
        ("cpu", "overhead", "cost", "throughput", "latency", "pay", "penalty", "cycles"),
    ),
    (  # "can I skip the reboot ...?", "pageable without Flash?": the question turns the entry's claim round
        re.compile(r"\b(?:without|skip|skipping|avoid|avoiding|bypass)\b", re.IGNORECASE),
        ("without", "skip", "avoid", "instead", "rather", "bypass", "no reboot", "online", "dynamic", "on the fly"),
    ),
)


@dataclass(frozen=True)
class VerdictEntry:
    id: str
    all: tuple[re.Pattern[str], ...]
    none: tuple[re.Pattern[str], ...]
    verdict: str
    because: str
    passage: str
    flip: tuple[re.Pattern[str], ...] = ()

    def matches(self, text: str) -> bool:
        if not all(p.search(text) for p in self.all) or any(p.search(text) for p in self.none):
            return False
        own = " ".join(p.pattern for p in (*self.all, *self.flip)).lower()
        return all(not asked.search(text) or any(k in own for k in keys) for asked, keys in _PREDICATES)

    def answer(self, text: str) -> str:
        """The verdict for this phrasing: "can I ... without a reboot?" is the reverse of "does it need one?",
        and "is that a problem?" the reverse of "is that ok?" (unless the entry is written for that word)."""
        if self.verdict == "it depends":
            return self.verdict
        flipped = any(p.search(text) for p in self.flip)
        negative = _NEGATIVE_QUESTION.search(text)
        if negative and not any(p.search(negative.group(0)) for p in self.all):
            flipped = not flipped
        return ("no" if self.verdict == "yes" else "yes") if flipped else self.verdict


def load_verdicts(passage_ids: set[str], path: Path | None = None) -> list[VerdictEntry]:
    path = path or knowledge_dir() / "verdicts.yaml"
    if not path.exists():
        return []
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER) or {}
    out: list[VerdictEntry] = []
    seen: set[str] = set()
    for i, item in enumerate(data.get("verdicts", [])):
        vid = str(item.get("id", f"#{i}"))
        if vid in seen:
            raise KnowledgeError(path.name, vid, "duplicate verdict id")
        seen.add(vid)
        if item.get("verdict") not in VERDICTS:
            raise KnowledgeError(path.name, vid, f"verdict must be one of {', '.join(VERDICTS)}")
        if item.get("passage") not in passage_ids:
            raise KnowledgeError(path.name, vid, f"unknown passage id '{item.get('passage')}'")
        if not item.get("all") or not item.get("because"):
            raise KnowledgeError(path.name, vid, "needs `all` patterns and `because`")
        try:
            patterns = tuple(re.compile(p, re.IGNORECASE) for p in item["all"])
            excluded = tuple(re.compile(p, re.IGNORECASE) for p in item.get("none", []))
            flips = tuple(re.compile(p, re.IGNORECASE) for p in item.get("flip", []))
        except re.error as exc:
            raise KnowledgeError(path.name, vid, f"bad pattern: {exc}") from None
        out.append(
            VerdictEntry(
                vid, patterns, excluded, item["verdict"], " ".join(item["because"].split()), item["passage"], flips
            )
        )
    return out


def best_verdict(entries: list[VerdictEntry], text: str) -> VerdictEntry | None:
    """The matching entry with the most patterns (the most specific), first in file order on a tie."""
    found = [e for e in entries if e.matches(text)]
    return max(found, key=lambda e: len(e.all)) if found else None
