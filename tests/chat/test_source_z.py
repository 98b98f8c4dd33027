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


@pytest.mark.parametrize(
    "question, verdict",
    [
        # "go to AUX" asks whether a page is paged
        ("do 2 GB frames go to aux when real storage runs short?", "no"),
        ("can 2G pages be moved to DASD page data sets?", "no"),
        # "still get" asks whether something is possible
        ("LFAREA not coded - do page fixed buffer pools with 1M frames still get them?", "no"),
        # one LFAREA statement for both sizes: the new form yes, the old form no
        ("can a single LFAREA spec hold both 1M and 2G pages?", "yes"),
        ("old-form LFAREA with 1M and 2G pages, possible?", "no"),
        ("can I put 2G=(4) into the old LFAREA syntax?", "no"),
        # a statement, then the action asked alone in the last sentence
        ("MAX LFAREA ALLOCATED (4K) is high on SYS1. grow the LFAREA?", "no"),
        ("large frames used for 4K requests: HWM keeps growing. should we increase the LFAREA?", "no"),
        ("HWM of 4K requests served from the LFAREA is high. reduce LFAREA?", "yes"),
        # the paper's gain is not to be expected for compute-bound batch
        ("cpu-bound batch on our IFLs: would SMT deliver a similar gain?", "no"),
    ],
)
def test_verdicts_read_from_the_deck_and_the_paper(engine, question, verdict):
    r = engine.turn(question)
    assert r.verdict is not None and r.verdict.answer == verdict, r.answer


@pytest.mark.parametrize(
    "question",
    [
        "raise LFAREA?",  # no statement before it: nothing says the 4K high-water mark is high
        "is smt on z13 IFLs a gain for SAP app servers?",  # no batch: the paper's own workload, not this claim
    ],
)
def test_the_claims_do_not_answer_without_their_subject(engine, question):
    r = engine.turn(question)
    assert not (r.verdict and "4K requests" in r.verdict.because and r.verdict.answer == "no"), r.answer
    assert "the same gain cannot be expected" not in r.answer


def test_a_4k_page_size_is_never_read_as_online_storage(engine):
    # "4K" once became 3.8e-06 GB, printed as "3.8147e-06 GB" and read back as 6 GB of online storage
    r = engine.turn("HWM of large frames used for 4K requests is high in D VIRTSTOR,LFAREA. raise LFAREA?")
    assert "6 GB" not in r.answer and not r.calculations
    # the other side: a real online storage next to the 4K words still computes the limit
    r = engine.turn("4K requests eat our LFAREA on a 64 GB lpar, what is the max LFAREA?")
    assert "64 GB" in r.answer


@pytest.mark.parametrize(
    "question", ["no LFAREA in IEASYSxx - how many large pages?", "without LFAREA how many 2G pages?"]
)
def test_no_lfarea_is_answered_zero_not_asked_for_storage(engine, question):
    r = engine.turn(question)
    assert r.intent != "clarify" and "zero" in r.answer.lower(), r.answer


def test_an_lfarea_judgement_still_asks_for_the_online_storage(engine):
    r = engine.turn("is our LFAREA too large?")
    assert r.needs_input, r.answer
