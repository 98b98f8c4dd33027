"""Command output pasted into a question, read by the parsers into a document (advisor/chat/readout.py), and the
answer from its values. Own phrasings, hosts and figures, not the eval parts'."""

from __future__ import annotations

import pytest

from advisor.chat import readout
from advisor.chat.reader.pasted import condense, line_kinds
from advisor.inputs import TextInput, load_texts


def _blocks(message: str) -> list[TextInput]:
    lines = message.split("\n")
    return readout.blocks(lines, line_kinds(lines))


def test_a_session_is_cut_at_its_prompts_and_each_part_read_as_its_command():
    message = (
        "CHG0012 | CI: vios7 | Group: AIX-L2\n"
        "$ oem_setup_env\n# schedo -o vpm_fold_policy\nvpm_fold_policy = 1\n# exit\n$ ioslevel\n3.1.0.21\n"
        "is that ok?"
    )
    got = [b for b in _blocks(message) if b.command]
    assert [(b.command, b.text) for b in got] == [
        ("schedo -o vpm_fold_policy", "vpm_fold_policy = 1\n"),
        ("ioslevel", "3.1.0.21\n"),
    ]
    found = readout.read(message)
    assert found is not None  # the ticket's header line, read as output, parses as nothing and is left out
    assert found.document["kind"] == "vios"
    assert found.document["vpm_fold_policy"] == 1 and found.document["ioslevel"] == "3.1.0.21"
    assert found.question.endswith("is that ok?")


def test_lparstat_c_column_names_are_no_csh_prompt_and_stay_in_the_output():
    message = (
        "# lparstat -c 15 2\nSystem configuration: type=Shared mode=Uncapped mmode=Ded-E smt=4 lcpu=8 mem=12288MB "
        "tmem=6144MB\n%user %sys %wait %idle %xcpu xphysc dxm\n 40.1 5.2 0.3 54.4 6.0 0.0810 96\n"
        " 41.7 5.0 0.2 53.1 6.2 0.0833 120\nworth worrying about?"
    )
    assert line_kinds(message.split("\n"))[2] != "prompt"
    found = readout.read(message)
    assert found is not None and found.document["ame"]["deficit_mb"] == 120.0


def test_a_line_naming_the_command_opens_the_output_under_it():
    message = (
        "vmstat -vc on erpapp4:\n   3.0 target memory expansion factor\n   2.2 achieved memory expansion factor\n"
        "is ame reaching its target?"
    )
    found = readout.read(message)
    assert found is not None
    assert found.document["ame"] == {"enabled": True, "expansion_factor": 3.0, "achieved_factor": 2.2}


def test_output_quoted_inside_a_sentence_is_read_clause_by_clause():
    got = readout.quoted("vmstat -vc says 3.0 target memory expansion factor, 2.9 achieved memory expansion factor.")
    assert got is not None and got.command == "vmstat -vc"
    assert got.text == "3.0 target memory expansion factor\n2.9 achieved memory expansion factor\n"
    assert readout.quoted("what does vmstat -vc show about AME?") is None  # no figure quoted


def test_no_output_no_readout():
    assert readout.read("is AME ok on P9?\nwe run 7.2 TL5") is None
    assert readout.read("how much memory for a vios with 4 FC ports?") is None


@pytest.mark.parametrize(
    ("question", "answer"),
    [("any problem with that deficit?", "yes"), ("dxm not 0, do we need to act?", "yes"), ("looks fine?", "no")],
)
def test_a_rule_firing_on_the_values_answers_by_what_the_question_asks(engine, question, answer):
    message = (
        "root@erpapp9:/ # lparstat -c 60 2\n"
        "System configuration: type=Dedicated mode=Capped mmode=Ded-E smt=8 lcpu=16 mem=24576MB tmem=6144MB\n"
        "%user %sys %wait %idle %xcpu xphysc dxm\n 50.2 7.1 0.4 42.3 19.5 0.7001 1210\n"
        " 52.9 7.3 0.3 39.5 21.0 0.7420 1388\n" + question
    )
    reply = engine.turn(message)
    assert reply.verdict is not None and reply.verdict.answer == answer
    assert "AME-006" in [f.rule_id for f in reply.findings]
    assert any(c.source_id == "ibm-aix-ame64k-sap-2023" for c in reply.citations)
    assert "line 'System configuration:" in reply.answer  # each value with the line it was read from


def test_a_quiet_review_answers_only_when_every_rule_reading_the_values_was_assessed(engine):
    # the target factor alone: AME-008 reads it but needs the achieved factor too, so no "no problem"
    reply = engine.turn("vmstat -vc: 2.4 target memory expansion factor. problem?")
    assert reply.verdict is None or reply.verdict.answer != "no"
    fine = engine.turn("$ ioslevel\n3.1.2.10\n# schedo -o vpm_fold_policy\nvpm_fold_policy = 4\nany issue there?")
    assert fine.verdict is not None and fine.verdict.answer == "no"
    assert not fine.findings and fine.state.document is None  # nothing fired: no document to follow up on


def test_large_frames_taken_for_4k_requests_say_decrease_lfarea(engine):
    message = (
        "D VIRTSTOR,LFAREA\nIAR019I 07.40.02 DISPLAY VIRTSTOR 101\nSOURCE = 01\nTOTAL LFAREA = 20480M\n"
        "LFAREA AVAILABLE = 1024M\nLFAREA ALLOCATED (1M) = 4096M\nLFAREA ALLOCATED (4K) = 15360M\n"
        "MAX LFAREA ALLOCATED (1M) = 4608M\nMAX LFAREA ALLOCATED (4K) = 15872M\nlfarea sized ok?"
    )
    reply = engine.turn(message)
    assert reply.verdict is not None and reply.verdict.answer == "no"
    assert "decrease LFAREA" in reply.answer and "15872 MB" in reply.answer


def test_the_finding_is_what_a_follow_up_points_at(engine):
    first = engine.turn("$ ioslevel\n2.2.3.4\n# schedo -o vpm_fold_policy\nvpm_fold_policy = 0\naction needed?")
    assert first.verdict is not None and first.verdict.answer == "yes"
    assert first.state.focus == "VIOS-002" and first.state.document is None  # no session document from a paste
    assert "schedo -p -o vpm_fold_policy=4" in first.answer


def test_figures_after_the_command_that_printed_them_are_output_and_the_host_is_set_aside(engine):
    got = condense("lparstat -c 10 4 on erpci2 shows dxm 210 260 240 255\nhow bad is that", engine.kb.knows)
    assert "erpci2" not in got.text and "dxm 210" in got.text


def test_an_lparstat_i_excerpt_without_online_memory_reads_desired_memory_as_true_memory():
    text = (
        "Entitled Capacity : 0.80\nMemory Mode : Dedicated-Expanded\nDesired Memory : 6144 MB\n"
        "Target Memory Expansion Factor : 2.00\n"
    )
    loaded = load_texts([TextInput(text, "excerpt", "lparstat -i")], name="lpar9")
    assert loaded.document["memory"] == {"desired_gb": 6.0, "mode": "dedicated"}


def test_a_quiet_verdict_weighs_the_rules_the_question_names(engine):
    # "any AME deficit?": the deficit rule is assessed on dxm 0; rules of other AME topics that need more data do not
    # hold the answer back
    message = (
        "# lparstat -c 10 2\nSystem configuration: type=Shared mode=Uncapped mmode=Ded-E smt=8 lcpu=8 mem=10240MB "
        "tmem=5120MB\n%user %sys %wait %idle %xcpu xphysc dxm\n22.0 4.1 0.2 73.7 1.5 0.0120 0\n"
        "23.1 4.0 0.3 72.6 1.6 0.0131 0\nany AME deficit there?"
    )
    reply = engine.turn(message)
    assert reply.verdict is not None and reply.verdict.answer == "no"
    assert "AME-006" in reply.verdict.because


@pytest.mark.parametrize(
    ("question", "answer"),
    [("is that normal?", "no"), ("do we have to lower the factor?", "yes")],
)
def test_more_ways_of_asking_right_or_wrong(engine, question, answer):
    reply = engine.turn(
        f"vmstat -vc shows 2.8 target memory expansion factor and 2.1 achieved memory expansion factor. {question}"
    )
    assert reply.verdict is not None and reply.verdict.answer == answer
    assert "AME-008" in [f.rule_id for f in reply.findings]


def test_a_command_typed_without_its_prompt_opens_its_output():
    message = (
        "lsattr -El mem0\ngoodsize 10240 Amount of usable physical memory in Mbytes False\n"
        "mem_exp_factor 1.60 Memory expansion factor False\n"
        "size 10240 Total amount of physical memory in Mbytes False\n"
        "what does that say"
    )
    found = readout.read(message)
    assert found is not None
    assert found.document["ame"] == {"expansion_factor": 1.6} and found.document["memory"] == {"desired_gb": 10.0}


def test_a_report_title_underlined_is_no_signature_of_a_mail():
    from advisor.chat.reader.wrappers import unwrap

    text = "amepat relay:\nSystem Configuration:\n-------------\nTrue Memory : 6.00 GB\nexplain?"
    assert unwrap(text).text == text
    assert unwrap("is AME ok?\n-----\nJan, Unix team").text == "is AME ok?"


def test_a_shared_head_noun_goes_with_each_figure_quoted():
    got = readout.quoted("vmstat -vc shows 2.2 target and 2.2 achieved memory expansion factor, fine?")
    assert got is not None
    assert got.text == "2.2 target memory expansion factor\n2.2 achieved memory expansion factor\n"


def test_the_rules_the_question_names_most_decide_a_quiet_verdict(engine):
    # target met: AME-008 is assessed and quiet; the deficit rule (dxm not pasted) names fewer of the question's words
    reply = engine.turn("vmstat -vc shows 2.2 target and 2.2 achieved memory expansion factor. good?")
    assert reply.verdict is not None and reply.verdict.answer == "yes"
    assert "AME-008" in reply.verdict.because


def test_the_4k_finding_without_the_1m_mark_reads_whole(engine):
    reply = engine.turn("D VIRTSTOR,LFAREA shows TOTAL LFAREA = 48G, MAX LFAREA ALLOCATED (4K) = 30G. now what?")
    line = next(x for x in reply.answer.split("\n") if "ZOS-004" in x)
    assert "(62.5%)." in line and "fixed." not in line and "add memory" in line
