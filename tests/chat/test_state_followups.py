"""Questions back and follow-ups of session 9 (s9-state), on phrasings of our own.

* A figure asked with none of its inputs is a question back, resumed by the reply: true memory once AME is on
  (expanded memory and factor), the GB an LFAREA percentage reserves (the online storage).
* A question about the authors' own runs ("in the ibm test") is never asked back for the user's data.
* "the command?" after an answer whose named rule is a side topic asks the question again for its command.
* In a follow-up, passages of another product line than the conversation's are not quoted beside the best one.
* A further input of the last sizing may come with a few words of its own ("and going by SAPS, ...").
"""

from __future__ import annotations

import pytest

from advisor.chat.calc.power import hpt_groups
from tests.chat.test_issue14 import Session, sources


@pytest.mark.parametrize(
    "question",
    [
        "once AME is switched on for our ERP app server, how much real memory must the LPAR get?",
        "we plan to turn on active memory expansion - what true memory do we need then?",
    ],
)
def test_true_memory_once_ame_is_on_is_asked_back_and_resumed(engine, question):
    s = Session(engine)
    r = s.say(question)
    assert r.intent == "clarify" and r.needs_input, r.answer[:300]
    r = s.say("the workload needs 48 GB expanded, factor 1.6")
    assert "30 GB" in r.answer and r.intent == "calc", r.answer[:300]


def test_the_gb_of_an_lfarea_percentage_is_asked_back_and_resumed(engine):
    s = Session(engine)
    r = s.say("LFAREA=(1M=(25%)) - how many gigabytes of 1M pages does that give us?")
    assert r.intent == "clarify" and r.needs_input, r.answer[:300]
    r = s.say("68 GB online")
    assert "16 GB" in r.answer, r.answer[:300]  # 25% of (68 - 4) GB


def test_the_authors_runs_are_not_asked_back_for_the_users_data(engine):
    s = Session(engine)
    s.say("which AME factors did the 2023 guide's SD benchmark on Power10 find good for production?")
    r = s.say("and at which factor did it fall over in their test?")  # "fall over": the limit an LPAR survives
    assert r.covered and r.intent == "ask" and not r.needs_input, r.answer[:300]


def test_the_command_after_an_answer_is_the_command_of_what_was_asked(engine):
    s = Session(engine)
    s.say("are processor sets worth it for SAP on HP-UX?")
    s.say("how much faster did the response time get")
    r = s.say("the command?")
    assert "psrset" in r.answer and sources(r) == {"hp-hpux-sap-itanium-kod"}, r.answer[:300]


def test_a_follow_up_quotes_no_passage_of_another_product_line(engine):
    s = Session(engine)
    s.say("are processor sets worth it for SAP on HP-UX?")
    r = s.say("how much faster did the response time get")
    assert "23.15%" in r.answer and sources(r) == {"hp-hpux-sap-itanium-kod"}, sources(r)


def test_a_further_input_of_the_last_sizing_with_words_of_its_own(engine):
    s = Session(engine)
    s.say("how many SAP instances for a 16-core rx7640?")
    r = s.say("and going by SAPS instead, the sizing came out at 15000 SAPS?")
    assert "6 to 10 instances" in r.answer, r.answer[:300]  # 15000 / 2500 to 15000 / 1500


def test_a_total_said_as_summing_to(engine):
    parts, unnamed = hpt_groups("HPT on POWER7 for partitions summing up to 768 GB of max memory?")
    assert [p.max_memory_gb for p in parts] == [768.0] and unnamed


@pytest.mark.parametrize("follow_up", ["what if we had 96 GB online?", "and if we had 96 GB?"])
def test_what_if_we_had_another_amount_replaces_it_and_never_adds(engine, follow_up):
    s = Session(engine)
    s.say("LFAREA=(1M=(20%)) with 48 GB online - how much does it reserve?")
    r = s.say(follow_up)
    assert "on 96 GB online storage" in r.answer and "18.4 GB" in r.answer, r.answer[:300]  # 20% of (96 - 4) GB
    assert "144 GB" not in r.answer


def test_which_one_won_compares_what_the_last_answer_compared(engine):
    s = Session(engine)
    s.say("z13 SMT on vs SMT off, ETR in the SAP banking test?")
    r = s.say("which one won?")
    assert r.covered and sources(r) == {"ibm-z13-smt-sap-redp5287"}, r.answer[:300]


def test_a_count_of_work_processes_is_not_asked_back_as_instances(engine):
    r = Session(engine).say("how many dialog work processes per SAP instance on our HP-UX server?")
    assert r.intent != "clarify" and "as few" in r.answer.lower(), r.answer[:300]


def test_another_page_size_replaces_the_page_size_of_the_last_question(engine):
    s = Session(engine)
    s.say("how many DTLB misses per kinst did HP measure with 4K pages for disp+work?")
    r = s.say("and with 16K?")
    assert r.covered and "0.635" in r.answer, r.answer[:300]  # the 16K/16K row of the slide's table


def test_a_short_question_for_another_figure_of_the_same_system(engine):
    s = Session(engine)
    s.say("LFAREA=(1M=(85%)) on 40 GB online storage, will it work?")
    r = s.say("what's the most i can ask for then?")
    assert "28.8 GB" in r.answer, r.answer[:400]  # 80% of (40 - 4) GB


def test_inputs_the_system_also_has_are_added_to_the_sizing(engine):
    s = Session(engine)
    s.say("what memory does a vios need on a 32 core server?")
    r = s.say("it also has 4 x 8Gb fc ports and 10 npiv")
    assert "768 MB + 4 x 512 MB" in r.answer and "10 x 140 MB" in r.answer, r.answer[:400]  # 4216 MB
    assert "4216 MB" in r.answer


def test_a_vios_memory_judged_without_the_cores_is_asked_back(engine):
    s = Session(engine)
    r = s.say("3 GB on our vios, enough?")
    assert r.intent == "clarify" and r.needs_input, r.answer[:300]
    r = s.say("48 cores")
    assert r.verdict is not None and r.verdict.answer == "no" and "6144 MB" in r.answer, r.answer[:300]


@pytest.mark.parametrize(
    ("first", "follow_up", "word", "said"),
    [
        ("memory for a vios on an 80 core machine?", "we run them with 8 GB each, is that ok then?", "no", "8 GB"),
        ("swap for SAP on hp-ux 11.31 with 96 GB of memory?", "we configured 200 GB swap, enough?", "yes", "200 GB"),
    ],
)
def test_an_amount_judged_after_a_sizing_is_judged_against_its_inputs(engine, first, follow_up, word, said):
    s = Session(engine)
    s.say(first)
    r = s.say(follow_up)
    assert r.verdict is not None and r.verdict.answer == word and said in r.verdict.because, r.answer[:300]


def test_an_amount_the_calculation_does_not_judge_is_not_given_its_verdict(engine):
    s = Session(engine)
    s.say("LFAREA=(1M=(25%)) with 100 GB online, how big is that?")
    r = s.say("our db2 pools need 40 GB, enough?")
    assert "24 GB, within" not in r.answer  # the statement's own request judged, not the 40 GB asked about


def test_is_my_hpt_too_big_asks_for_the_partitions(engine):
    s = Session(engine)
    r = s.say("is our HPT too large?")
    assert r.intent == "clarify" and r.needs_input, r.answer[:300]
    r = s.say("4 linux lpars, 512 GB max each, POWER7+")
    assert "16 GB" in r.answer, r.answer[:300]  # 2048 GB / 128


def test_tools_to_check_after_an_answer_gives_the_threads_command(engine):
    s = Session(engine)
    s.say("our sap lpar shows an AME memory deficit, what does that mean for us?")
    r = s.say("tools to check?")
    assert "lparstat -c" in r.answer.split("\n")[0], r.answer[:300]


def test_is_our_buffer_cache_too_big_asks_for_the_memory(engine):
    s = Session(engine)
    r = s.say("is the buffer cache on our hp-ux 11.31 sap box too large?")
    assert r.intent == "clarify" and r.needs_input, r.answer[:300]
    r = s.say("the box has 512 GB")
    assert "15.36 GB" in r.answer, r.answer[:300]  # 3% of 512 GB


@pytest.mark.parametrize(
    ("question", "word"),
    [
        ("our vios has 6 GB on a 64 core p880, is that too little?", "yes"),
        ("our vios has 6 GB on a 64 core p880, not enough?", "yes"),
        ("our vios has 10 GB on a 64 core p880, is that enough?", "yes"),
        ("our vios has 10 GB on a 64 core p880, is it too small?", "no"),
        ("hp-ux 11.31 sap box with 96 GB ram and 150 GB swap, too little swap?", "yes"),
        ("hp-ux 11.31 sap box with 96 GB ram and 250 GB swap, is the swap undersized?", "no"),
    ],
)
def test_a_question_whether_an_amount_falls_short_of_a_minimum_is_answered_that_way(engine, question, word):
    r = Session(engine).say(question)
    assert r.verdict is not None and r.verdict.answer == word, r.answer[:300]


def test_too_much_is_not_judged_against_a_minimum(engine):
    r = Session(engine).say("is 32 GB too much for a vios on a 64 core box?")
    assert r.verdict is None and "8192 MB" in r.answer, r.answer[:300]


@pytest.mark.parametrize(
    ("first", "follow_up"),
    [
        ("is one pair of VIOS per frame normally sufficient?", "when would a second pair make sense?"),
        ("how many virtual FC clients fit on one physical port with NPIV?", "any catch with that many on one port?"),
    ],
)
def test_a_follow_up_about_a_drawback_or_condition_is_asked_in_context(engine, first, follow_up):
    s = Session(engine)
    s.say(first)
    r = s.say(follow_up)
    assert r.covered and sources(r) == {"ibm-powervm-virtualization-redbook"}, r.answer[:300]


def test_when_our_lpar_runs_out_with_ame_asks_for_its_figures(engine):
    s = Session(engine)
    r = s.say("with AME enabled, how much memory can our app lpar use before processes get killed?")
    assert r.intent == "clarify" and r.needs_input, r.answer[:300]
    r = s.say("16 GB true, factor 2.5, 4 GB paging")
    assert "44 GB" in r.answer, r.answer[:300]  # 2.5 x 16 + 4


def test_a_follow_up_is_not_led_by_another_product_lines_passage(engine):
    s = Session(engine)
    s.say("on HP-UX, when is it right to add more dialog work processes to an SAP instance?")
    r = s.say("tools to check?")
    assert r.covered and sources(r) == {"hp-hpux-sap-itanium-kod"}, sources(r)


def test_a_follow_up_about_their_test_is_asked_with_the_question_it_follows(engine):
    s = Session(engine)
    s.say("consolidating three lpars as wpars in one global lpar: fewer hypervisor calls in the redbook?")
    r = s.say("and which number of VPs did best in that test?")
    assert "8VP" in r.answer or "8 VP" in r.answer, r.answer[:400]


@pytest.mark.parametrize(
    ("follow_up", "expected"),
    [
        ("what if we drop the 10Gb ports?", "768 MB + 2 x 512 MB (8 Gb FC port) + 30 x 140 MB"),
        ("and without the npiv?", "768 MB + 2 x 512 MB (10 Gb Ethernet port) + 2 x 512 MB (8 Gb FC port) ="),
    ],
)
def test_an_input_taken_out_of_the_last_sizing(engine, follow_up, expected):
    s = Session(engine)
    s.say("vios memory on 24 cores with 2 x 10Gb ports, 2 x 8Gb FC ports and 30 npiv")
    r = s.say(follow_up)
    assert expected in r.answer and r.intent == "calc", r.answer[:300]


def test_another_factor_after_a_move_from_one_factor_to_another_replaces_the_target(engine):
    s = Session(engine)
    s.say("we keep 60 GB expanded and move from factor 1.5 to 2.5, what true memory?")
    r = s.say("and at 3.0?")
    assert "60 / 3 = 20 GB true memory" in r.answer, r.answer[:300]
