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


@pytest.mark.parametrize(
    "question, number",
    [
        # the new form's keywords without the word LFAREA are the LFAREA statement they are
        ("1M=(20%) on a 54 GB lpar, how many GB is that?", "10 GB"),
        ("2G=(3) with 40G online - fits?", "6 GB"),
    ],
)
def test_a_bare_new_form_request_is_computed(engine, question, number):
    r = engine.turn(question)
    assert r.calculations and number in r.answer, r.answer


def test_a_bare_request_with_an_unplaced_number_is_still_asked_about(engine):
    r = engine.turn("1M=(20%) on 54 GB, and 3 more?")
    assert r.needs_input and not r.calculations, r.answer


@pytest.mark.parametrize(
    "question, verdict",
    [
        ("our z13 with SMT gives 38% more ETR than the zEC12, same as the paper?", "yes"),  # a figure, confirmed
        ("the SMT runs were done at 60% CPU?", "no"),  # the paper held about 90 % busy
        ("were REDP-5287's measurements taken at roughly 90% cpu?", "yes"),
        ("do 2 GB frames have to be contiguous in real storage?", "yes"),
    ],
)
def test_figures_and_needs_of_the_paper_and_the_deck(engine, question, verdict):
    r = engine.turn(question)
    assert r.verdict is not None and r.verdict.answer == verdict, r.answer


def test_a_percentage_of_another_metric_is_not_the_utilisation(engine):
    # 40 % is the ITR gain, 90 % the utilisation: the claim compares the percentage said of the CPU only
    r = engine.turn("SMT gave 40% more ITR at 90% busy in the paper?")
    assert not (r.verdict and r.verdict.answer == "no" and "40% CPU" in r.verdict.because), r.answer


def test_a_question_about_the_study_s_lfarea_is_not_asked_back(engine):
    r = engine.turn("how big an LFAREA did they use in the DB2 11 large memory study?")
    assert r.intent != "clarify" and "675" in r.answer, r.answer


@pytest.mark.parametrize(
    "question, verdict",
    [
        ("several JVMs with a large combined heap: will 2G pages help?", "yes"),  # the deck's multi-JVM result
        ("do 2GB pages help a single small JVM?", "it depends"),  # the deck shows no single-JVM result
    ],
)
def test_2g_pages_for_java_as_far_as_the_deck_goes(engine, question, verdict):
    r = engine.turn(question)
    assert r.verdict is not None and r.verdict.answer == verdict, r.answer


def test_smt_on_versus_off_on_the_same_z13_gives_table_2_s_figures(engine):
    r = engine.turn(
        "z13 IFLs under z/VM for SAP app servers: what does turning SMT on buy us compared to keeping it off?"
    )
    assert "28" in r.answer and "29" in r.answer, r.answer


@pytest.mark.parametrize(
    "question, verdict",
    [
        ("once split into 4K pages, does a pageable 1MB page get promoted back immediately?", "no"),
        ("is a demoted large page merged back to 1M right away?", "no"),
        ("does an unaligned PROTECT get a pageable 1M page demoted?", "yes"),
        (
            "running low on 4K frames - can 1 MB pages back 4K requests?",
            "yes",
        ),  # demotion words absent: the other claim
    ],
)
def test_demotion_and_promotion(engine, question, verdict):
    r = engine.turn(question)
    assert r.verdict is not None and r.verdict.answer == verdict, r.answer


def test_a_follow_up_in_the_new_form_after_a_placeholder_statement(engine):
    state = engine.turn("64 GB online, old form LFAREA=nn% - biggest LFAREA possible?").state
    r = engine.turn("and in the new 1M= syntax?", state)
    assert "48 GB" in r.answer, r.answer  # 0.8 x (64 - 4)
