"""Session 10 (fixc): yes/no questions whose verdict came out the other way round or not at all, by mechanism:
a judgement word in another language the bridge dropped ("es malo?"), "any harm?" asking whether something is a
problem, "is it in PowerVM Enterprise?" asking whether a thing is included, "does it need AMS?" where what is needed
is a subject and not a level. Phrasings of our own (none is an eval turn)."""

from __future__ import annotations

import pytest

from advisor.chat import ChatEngine
from advisor.chat.reader.bridge import to_english
from tests.chat.test_issue14 import Session


def _verdict(engine: ChatEngine, *said: str) -> str | None:
    s = Session(engine)
    reply = None
    for text in said:
        reply = s.say(text)
    assert reply is not None
    return reply.verdict.answer if reply.verdict else None


@pytest.mark.parametrize(
    ("message", "word"),
    [
        ("el dxm en lparstat es malo si no es cero?", "bad"),
        ("ist ein dxm ueber null schlecht fuer die LPAR?", "bad"),
        ("est-ce que un facteur AME de 4 est mauvais pour la production?", "bad"),
        ("o fator 4 e ruim para producao?", "bad"),
        ("il fattore 4 e un problema per la produzione?", "problem"),
    ],
)
def test_judgement_words_of_other_languages_are_read(message: str, word: str) -> None:
    assert word in to_english(message).text.lower().split()


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        # the deficit must stay 0 (Redbook 3.2.6): asked whether a non-zero one is bad, in Spanish and in English
        (("el dxm de lparstat -c es malo cuando pasa de 0?",), "yes"),
        (("dxm above zero in lparstat -c, is that bad?",), "yes"),
        # AME4K at factor 1.0 costs CPU (2023 guide, warning 2); AME64K at 1.0 does not (Table 3)
        (("we left AME4K on at factor 1.0 since the migration, any harm?",), "yes"),
        (("does AME4K at factor 1.0 do harm if we keep it?",), "yes"),
        (("AME64K sitting at factor 1.0 for amepat data collection, any harm?",), "no"),
    ],
)
def test_harm_and_bad_ask_whether_it_is_a_problem(engine: ChatEngine, said: tuple[str, ...], expected: str) -> None:
    assert _verdict(engine, *said) == expected


@pytest.mark.parametrize(
    ("said", "expected"),
    [
        (("is Active Memory Expansion in the PowerVM Enterprise edition?",), "no"),
        (("which feature code orders AME for a 770?", "is it in PowerVM anyway?"), "no"),
        (("is AMS in PowerVM Enterprise?",), "yes"),
    ],
)
def test_in_an_edition_asks_whether_it_is_included(engine: ChatEngine, said: tuple[str, ...], expected: str) -> None:
    assert _verdict(engine, *said) == expected


def test_what_is_needed_being_a_subject_asks_no_level(engine: ChatEngine) -> None:
    """After a level question about dedup, "does it need AMS?" asks whether dedup builds on AMS, not whether the
    stated AIX level is enough for AMS."""
    assert _verdict(engine, "memory deduplication with AIX 7.1 TL0, supported?", "does it need AMS?") == "yes"
    # a level named after "need" is still what is asked
    assert _verdict(engine, "does AMS on POWER7 need VIOS 2.1.3.10?") == "yes"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Power10 with AIX 7.3 TL2, do we still need ame_mpsize_support=1?", "no"),
        ("POWER9, AIX 7.2 TL5: is ame_mpsize_support=1 needed for AME64K?", "yes"),
    ],
)
def test_the_mode_setting_is_needed_below_power10_with_aix_73(engine: ChatEngine, question: str, expected: str) -> None:
    assert _verdict(engine, question) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # SMT arrived with the z13 (REDP-5287): the IFL claim speaks of the z13, not of the machines before it
        ("can our zBC12 run SMT on its IFLs?", "no"),
        ("SMT for the IFLs of a z196?", "no"),
        ("SMT on the IFLs of our z13?", "yes"),
    ],
)
def test_smt_on_ifls_of_a_machine_before_the_z13(engine: ChatEngine, question: str, expected: str) -> None:
    assert _verdict(engine, question) == expected


@pytest.mark.parametrize(
    "question",
    [
        "the partition already answers ssh while the resume runs - use it?",
        "resumed lpar gives a login prompt on the console, trust it?",
    ],
)
def test_a_bare_use_it_asks_whether_to(engine: ChatEngine, question: str) -> None:
    """Redbook 3.10: a resuming LPAR may accept logins before the HMC has finished; do not use it before."""
    assert _verdict(engine, question) == "no"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("is a single VIO server sufficient for our production 880?", "no"),
        ("just one vios on the new frame, enough?", "no"),
        ("two VIOS enough?", "yes"),
    ],
)
def test_one_vios_is_not_enough_by_the_redundant_pair_practice(
    engine: ChatEngine, question: str, expected: str
) -> None:
    assert _verdict(engine, question) == expected
