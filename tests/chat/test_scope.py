"""The "not covered" decision: a term the sources never use makes a question out of scope.

Both sides are tested: near-miss questions that share platform words with the sources but ask about
a feature they never discuss are refused without citations, and in-scope questions wrapped in extra
context, shorthand, model codes and typos are still answered. The labelled set
(tests/chat/eval/scope.yaml) is scored on both halves; the bars are on the held-out half.
"""

from __future__ import annotations

import pytest

from advisor.knowledge import knowledge_base
from advisor.knowledge.vocabulary import is_code, is_term
from tests.chat.eval import scope

# Held-out half of scope.yaml (odd positions), measured 2026-11-24: 0.0 % refused, 9.1 % answered
# (4 of 44; main before this work: 0.0 % and 38.6 %). The bars leave room for one more miss each.
MAX_REFUSED_PCT = 5.0
MAX_ANSWERED_PCT = 12.0


@pytest.fixture(scope="module")
def kb():
    return knowledge_base()


@pytest.mark.parametrize(
    "word", ["ioscan", "zHyperLink", "hcheck_interval", "mirrorvg", "racf", "hyperpav", "lvextend", "vgcreate"]
)
def test_a_name_the_sources_never_use_is_a_term(kb, word):
    assert not kb.knows(word)
    assert is_term(word, kb.knows, kb.abbreviations, kb.shortens)


@pytest.mark.parametrize(
    "word",
    [
        "downside",  # common English
        "shld",  # shorthand of a function word
        "params",  # shortens "parameters"
        "cmds",  # the consonants of "commands"
        "filesystem",  # "file system" run together
        "sapdata",  # "SAP" + "data"
        "E980",  # a model code
        "redp5287",  # a document number
        "19c",  # a release
    ],
)
def test_phrasing_shorthand_and_codes_are_not_terms(kb, word):
    assert not is_term(word, kb.knows, kb.abbreviations, kb.shortens)


def test_codes():
    assert is_code("TL5") and is_code("z15") and is_code("11.31") and is_code("10gbe")
    assert not is_code("ioscan") and not is_code("hscla27c")


@pytest.mark.parametrize(
    "question",
    [
        # heldout4's three cited near-miss answers, and phrasings of our own
        "zHyperLink for db2 active logs on z15, worth it?",
        "is zhyperlink worth it for db2 logs on our z16",
        "does zHyperLink help DB2 log write latency?",
        "hp-ux 11i v3 ioscan persistent device special files for the sapdata luns?",
        "ioscan -m dsf for the oracle luns on 11.31?",
        "how do I map legacy dsfs to persistent ones with ioscan on hp-ux?",
        "z/VM 7.3 single system image live guest relocation for sap app server guests",
        "live guest relocation of linux guests between z/VM members",
        "relocating sap linux guests live between z/VMs, supported?",
        "would it work for our tomcat servers?",
    ],
)
def test_near_misses_are_not_covered(engine, question):
    reply = engine.turn(question)
    assert not reply.covered and not reply.citations, reply.answer[:200]


@pytest.mark.parametrize(
    "question",
    [
        "npiv zoning gotchas?",
        "what SAP profile params did the HP slides recommend",
        "amepat cmds to record during peak and then build the report?",
        "how many 10GbE ports per processor on a vios doing SEA?",
        "vscsi cdrom mapped to a client, any block size requirement for that adapter?",
        "p9 lpar w/ 7.2 tl5 and ame - anything to watch?",
        "namefs or nfs for giving a wpar a global filesystem?",
    ],
)
def test_shorthand_and_context_stay_covered(engine, question):
    reply = engine.turn(question)
    assert reply.covered and reply.citations, reply.answer[:200]


def test_labelled_set_error_rates(engine, capsys):
    halves = scope.score(engine)
    with capsys.disabled():
        for half in halves.values():
            refused, answered = half.rates()
            print(f"\nscope {half.name}: in-scope refused {refused:.1f} %, out-of-scope answered {answered:.1f} %")
    held = halves["held-out"]
    assert held.in_total >= 40 and held.out_total >= 40
    refused, answered = held.rates()
    assert refused <= MAX_REFUSED_PCT, held.refused
    assert answered <= MAX_ANSWERED_PCT, held.answered
    # s9's products named around an ask (scope.yaml s9_in / s9_out), held-out half measured 2026-11-25: 20 % refused
    # (2 of 10; 30 % before the mechanism), 0 % answered; the bars leave room for one more miss each
    s9 = halves["s9-held"]
    assert len(s9.refused) <= 3 and len(s9.answered) <= 1, (s9.refused, s9.answered)


def test_commands_in_capitals_the_sources_never_show(engine):
    # "SET" and "SHARE" are known words; typed in capitals side by side they name a z/VM command
    for question in (
        "z/VM: what relative SHARE should a linux guest get with CP SET SHARE?",
        "CP SET SHARE for sap guests?",
    ):
        reply = engine.turn(question)
        assert not reply.covered and not reply.citations
    assert engine.turn("D VIRTSTOR,LFAREA output explained").covered  # a command the sources do show


def test_misspelt_words_are_read_corrected(engine):
    reply = engine.turn("256GB itanium box for sap, uper limit for bufer cache?")
    assert reply.covered and "7.68 GB" in reply.answer
    reply = engine.turn("how much bufer cache on a 128 GB superdome")
    assert "3.84 GB" in reply.answer
    # a letter put before a word is another name, not a slip: nfile is an HP-UX tunable the sources never name
    assert not engine.turn("nfile and nproc kctune values for sap on 11.31?").covered


def test_questions_about_the_sources_themselves(engine):
    cases = {
        "what workload was used in redp5287": "ibm-z13-smt-sap-redp5287",
        "what does the HP deck assume about the system?": "hp-hpux-sap-itanium-kod",
        "which machines did the 2023 guide test on?": "ibm-aix-ame64k-sap-2023",
        "in the redbook, how was network latency measured?": "ibm-powervm-virtualization-redbook",
    }
    for question, source in cases.items():
        reply = engine.turn(question)
        assert reply.covered and reply.citations[0].source_id == source, (question, reply.answer[:200])
