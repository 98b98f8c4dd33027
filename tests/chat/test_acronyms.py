"""Acronyms the sources never use, named in what a question asks about, are products they do not cover
(advisor/knowledge/retrieval.py `acronym_names`); the same acronym in a clause of context is not the subject.

Both sides, in this file's own phrasings: near misses refused without citations, in-scope questions with an
unknown acronym as context answered, and acronyms that start the sources' codes (IAR of IAR043I) known."""

from __future__ import annotations

import pytest

from advisor.knowledge import knowledge_base
from advisor.knowledge.retrieval import acronym_names


@pytest.mark.parametrize(
    "question",
    [
        "what SRM setting for the EMC luns on the vios?",
        "how much RAM does the TSM client need for dedup on aix?",
        "TWS agent on AIX 7.2: how much paging space should it get?",
    ],
)
def test_a_product_acronym_asked_about_is_not_covered(engine, question):
    reply = engine.turn(question)
    assert not reply.covered and not reply.citations


@pytest.mark.parametrize(
    "question",
    [
        "old box in the DR site, can we use AME on it?",
        "PROD vios on P10: how much memory for 64 cores?",
        "which IAR msg says the LFAREA is too big?",
    ],
)
def test_an_acronym_of_context_or_of_the_sources_codes_is_no_product(engine, question):
    reply = engine.turn(question)
    assert reply.covered and reply.citations


def test_only_the_asked_about_acronym_counts():
    kb = knowledge_base()
    assert acronym_names(kb, "how big should the TSM client cache be?", ["tsm", "client", "cache"]) == ["tsm"]
    assert acronym_names(kb, "we back up with TSM. how big should LFAREA be?", ["lfarea"]) == []
    assert acronym_names(kb, "which IAR message?", ["iar", "message"]) == []  # IAR043I, IAR040I, ...
    assert acronym_names(kb, "VIOS memory?", ["vios", "memory"]) == []  # a word the sources use
