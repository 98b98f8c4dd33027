"""Command output pasted into a question (advisor/chat/reader/pasted.py): read for what it shows, its host and
device names no topic. Own phrasings, other hosts, devices and figures than the eval parts."""

from __future__ import annotations

import pytest

from advisor.chat.engine import ChatEngine
from advisor.chat.reader.pasted import condense


@pytest.fixture(scope="module")
def engine() -> ChatEngine:
    return ChatEngine()


def test_host_and_device_names_are_set_aside_names_and_values_kept(engine):
    got = condense(
        "erpdb7:/root# lsattr -El hdisk14 -a queue_depth\nqueue_depth 3 Queue DEPTH True\nraise it?", engine.kb.knows
    )
    assert "erpdb7" not in got.text and "hdisk14" not in got.text
    assert "queue_depth 3" in got.text and got.text.endswith("raise it?")
    assert got.commands == ["lsattr"]
    assert len(got.output) == 2


@pytest.mark.parametrize(
    "message",
    [
        "our vios:\n4 x 8Gb FC ports\n2 x 10GbE ports\n20 npiv clients\nhow much memory?",  # the question's own data
        "is AME ok on P9?\nwe run 7.2 TL5",
        "Hello Team\nPlease Advise\nis AME ok?",
        "vpm_fold_policy = 2",  # output alone: nothing asks about it, left as it is
    ],
)
def test_what_is_no_pasted_output_stays(engine, message):
    assert condense(message, engine.kb.knows).text == message


def test_a_receive_buffer_table_is_read_for_the_pool_that_ran_out(engine):
    table = (
        "entstat -d ent3 output:\nBuffer Type  Tiny Small Medium Large Huge\nMin Buffers  512 512 128 24 24\n"
        "Max Buffers  2048 2048 256 64 64\nMax Allocated {} 530 256 20 41\nwhich pool?"
    )
    assert (
        "Medium buffers: Min Buffers 128, Max Buffers 256, Max Allocated 256"
        in condense(table.format(700), engine.kb.knows).text
    )
    calm = condense(table.replace("256 20 41", "201 20 41").format(700), engine.kb.knows).text
    assert "stayed below Max Buffers in every pool" in calm


def test_a_clock_is_no_value_and_a_printed_level_is(engine):
    display = "D VIRTSTOR,LFAREA\nIAR019I 14.02.09 DISPLAY VIRTSTOR 118\nTOTAL LFAREA = 4096M\nfine?"
    assert "14.02.09" not in condense(display, engine.kb.knows).text
    assert "2.2.3.4" in condense("$ ioslevel\n2.2.3.4\ncurrent enough?", engine.kb.knows).text


@pytest.mark.parametrize(
    "message, source, fact",
    [
        (
            "root@bwapp3 # lsattr -El hdisk22 -a queue_depth\nqueue_depth 3 Queue DEPTH True\n"
            "vscsi lun, what should it be?",
            "ibm-powervm-virtualization-redbook",
            "queue_depth",
        ),
        (
            "# kctune numa_policy\nTunable  Value  Expression\nnuma_policy  0  Default\nhow do we get shm into CLM?",
            "hp-hpux-sap-itanium-kod",
            "numa_policy",
        ),
        (
            "netstat -v ent1 says:\nBuffer Type Tiny Small Medium Large Huge\nMax Buffers 2048 2048 256 64 64\n"
            "Max Allocated 300 410 256 12 30\nwhat do we tune?",
            "ibm-powervm-virtualization-redbook",
            "medium",
        ),
    ],
)
def test_a_question_on_pasted_output_is_answered_from_its_source(engine, message, source, fact):
    reply = engine.turn(message)
    assert reply.covered, reply.answer
    assert any(c.source_id == source for c in reply.citations)
    assert fact.lower() in reply.answer.lower()


def test_long_pasted_output_is_bounded(engine):
    noise = "\n".join(f"hdisk{i} Available 00-00-01 MPIO FC 2145" for i in range(5000))
    got = condense(f"# lsdev -Cc disk\n{noise}\nany of these generic?", engine.kb.knows)
    assert got.text.endswith("any of these generic?")
