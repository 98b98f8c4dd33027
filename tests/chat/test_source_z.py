"""The two z sources asked the way admins ask (session 7, s7-cov-z): the SHARE large memory deck and REDP-5287.

Phrasings are this file's own, not an eval turn's; each mechanism is checked from the other side too."""

from __future__ import annotations

import pytest

ZOS = "ibm-zos-large-memory-share-2014"
SMT = "ibm-z13-smt-sap-redp5287"


def sources(reply) -> set[str]:
    return {c.source_id for c in reply.citations}


@pytest.mark.parametrize(
    "question, source, fact",
    [
        # an aside in brackets that adds no concept of its own is a remark, not the question's context
        ("SMT for linux in a native LPAR (no z/VM)?", SMT, "native"),
        ("smt usable with linux directly in an lpar (without z/vm)?", SMT, "native"),
        # a keyword or message id of letters and digits is as specific as a term of the field
        ("what is DREF1MEG?", ZOS, "DREF1MEG"),
        ("whats PAGEABLE1MEG", ZOS, "PAGEABLE1MEG"),
    ],
)
def test_questions_the_sources_answer_are_answered(engine, question, source, fact):
    r = engine.turn(question)
    assert r.covered and source in sources(r), r.answer
    assert fact.lower() in r.answer.lower()


@pytest.mark.parametrize(
    "question",
    [
        "what is ORA01555?",  # a code no source has
        "redis cluster sizing on linux (no z/VM)?",  # a product none covers, with the same remark
        "kafka broker threads on linux guests (without z/VM)?",
    ],
)
def test_codes_and_products_the_sources_never_name_stay_refused(engine, question):
    r = engine.turn(question)
    assert not r.citations, r.answer
