"""Which finding of the session's review a message points at, when it names no rule id and no rank.

Admins and bots refer to findings the way they saw them: by severity ("the critical one", "why is ZVMSAP
medium?"), by the partition it is on ("the vios2 finding", "why is sapapp01 critical?"), by its topic or a
few words of its title ("the AME page-size finding", "the folding thing", "the HPT one"), or as "the
remaining medium one". Each of these narrows the review's findings; the words of the topic are read as the
knowledge base's concepts, so "HPT" finds a finding that says "hypervisor page table".

A message is only read this way when it carries a cue that it is about a finding (a severity word, a
finding's target or the document's name, or "finding"/"one"/"flagged"): "why is AME slower on POWER8?" in a
session with an AME finding stays a question to the sources.
"""

from __future__ import annotations

from collections.abc import Sequence

from advisor import linre
from advisor.findings import Finding
from advisor.knowledge.text import STOPWORDS, tokens

SEVERITIES = ("critical", "high", "medium", "low")
_SEVERITY_WORDS = {"crit": "critical", "med": "medium", "sev1": "critical", "hi": "high", "lo": "low"}
# words that point at a finding without saying which
_CUE = frozenset(
    {"finding", "findings", "one", "thing", "flag", "flagged", "flags", "issue", "warning", "alert", "hallazgo"}
)
# "the remaining medium one", "the other one": not the finding the conversation was just about
_OTHER = frozenset({"remaining", "other", "next", "rest", "another", "left"})
# words of the request itself, not of the finding's topic
_REQUEST = frozenset(
    """why explain explained explaining explica explique expliquer erklaere erklare erkläre erklär about tell
    details detail describe reason mean means meaning please pls thing things reviewer review numbers measured
    figures show say says flagged flag flags finding findings one issue problem warning alert hallazgo the this
    that what whats is it its on for with and now again also lines two short brief gate ticket bot""".split()
)
_WORD = linre.compile(r"[A-Za-z0-9][A-Za-z0-9_+./-]*")
_NAME = linre.compile(r"[a-z0-9_-]+")  # a host or system name as written: "p9-frame1", "sapapp01"


def _words(text: str) -> list[str]:
    return [w.lower().strip("./-") for w in _WORD.findall(text)]


def named_targets(text: str, findings: Sequence[Finding]) -> set[str]:
    """The findings' targets (partition, server, system names) the message names, lower case."""
    said = {w.strip("-") for w in _NAME.findall(text.lower())}
    return {f.target.lower() for f in findings if f.target and f.target.lower() in said}


def severities(text: str) -> set[str]:
    words = _words(text)
    return {w for w in words if w in SEVERITIES} | {_SEVERITY_WORDS[w] for w in words if w in _SEVERITY_WORDS}


def cued(text: str, findings: Sequence[Finding], document_name: str | None) -> bool:
    """The message is about one of the review's findings (it says so by severity, target, name or "finding")."""
    words = set(_words(text))
    name = (document_name or "").lower()
    return bool(words & _CUE or severities(text) or named_targets(text, findings) or (name and name in words))


def _topic(kb, text: str, noise: set[str]) -> list[tuple[str, ...]]:
    """The topic of a message: each concept as the phrases that name it ("HPT": hpt, hardware page table,
    hypervisor page table, page table), without the request's own words and the names of systems."""
    out = []
    for c in kb.synonyms.concepts(text):
        key = c.key.lower()
        if key in STOPWORDS or key in _REQUEST or key in noise or key in _SEVERITY_WORDS or key in _OTHER:
            continue
        out.append(tuple(" ".join(tokens(q.strip('"'))) for q in c.term_queries))
    return out


def _named(phrases: tuple[str, ...], text: str) -> bool:
    """One of a concept's phrases is in the text (as whole words; a plural counts: "pages" names "page")."""
    return any(p and (f" {p} " in text or f" {p}s " in text) for p in phrases)


def select(
    kb, text: str, findings: Sequence[Finding], *, document_name: str | None = None, focus: str | None = None
) -> list[Finding]:
    """The findings the message points at, best first, one per rule; [] when it points at none or at nothing
    the review has (the caller then answers the message as it would without this reading)."""
    if not findings or not cued(text, findings, document_name):
        return []
    chosen = list(findings)
    asked = severities(text)
    if asked:
        chosen = [f for f in chosen if f.severity in asked]
    targets = named_targets(text, findings)
    if len(targets) > 1:  # "for p9-frame1: the vios2 finding": the frame named as context, the partition asked
        targets -= {(document_name or "").lower()}
    if targets:
        chosen = [f for f in chosen if f.target.lower() in targets]
    if set(_words(text)) & _OTHER and focus and any(f.rule_id != focus for f in chosen):
        chosen = [f for f in chosen if f.rule_id != focus]
    noise = {t for f in findings for t in _words(f.target)} | {(document_name or "").lower()} | set(SEVERITIES)
    topic = _topic(kb, text, noise)
    if topic and chosen:
        scored = []
        for f in chosen:
            family = f.rule_id.split("-")[0]
            title = f" {' '.join(tokens(f'{family} {f.title}'))} "
            body = f" {' '.join(tokens(f.message))} "
            scored.append((sum(2 * _named(c, title) + _named(c, body) for c in topic), f))
        best = max(s for s, _ in scored)
        if best > 0:
            chosen = [f for s, f in scored if s == best]
        elif not (asked or targets):
            return []  # "the 2G one": a topic no finding has, and nothing else said which
    by_rule: dict[str, Finding] = {}
    for f in chosen:
        by_rule.setdefault(f.rule_id, f)
    return list(by_rule.values())


# "why", "explain", "what is ... about", "tell me about", "details", in the languages admins write in
_ASKS_ABOUT = linre.compile(
    r"\b(?:why|how\s+come|explain\w*|explica\w*|expliqu\w*|erkl\w*|about|tell\s+me|details?|describe|what(?:'s|\s+is)"
    r"|whats|mean|means|warum|wieso|por\s*qu[eé]|pourquoi)\b",
    linre.IGNORECASE,
)


def points_at(text: str) -> bool:
    """The message asks about a finding (why / explain / about, or "the ... one", "the ... finding")."""
    return bool(_ASKS_ABOUT.search(text) or set(_words(text)) & _CUE)
