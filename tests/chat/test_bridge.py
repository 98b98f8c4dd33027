"""Questions in German, Spanish, French, Portuguese and Italian are read in English (advisor/chat/reader/bridge.py).

Every phrasing here is this test's own (none is an eval turn). Both sides: a question of another language about
the sources is answered from the right source, one about a product they do not cover stays refused, and an
English message with a stray foreign-looking word is left exactly as written.
"""

from __future__ import annotations

import pytest

from advisor.chat.reader.bridge import MAX_CHARS, language, to_english


@pytest.mark.parametrize(
    ("message", "lang", "words"),
    [
        ("wie viele Kerne braucht der VIOS?", "de", ["how many", "cores"]),
        ("ist ein Neustart nötig, wenn wir AME einschalten?", "de", ["reboot", "needed", "enable"]),
        ("cuántas instancias de SAP por core recomienda HP?", "es", ["how many", "instances", "per"]),
        ("quelle taille de mémoire pour le VIOS?", "fr", ["size", "memory"]),
        ("é possível desativar o AME sem reiniciar?", "pt", ["possible", "disable", "without", "reboot"]),
        ("quante istanze SAP per ogni core consiglia HP?", "it", ["how many", "instances"]),
    ],
)
def test_the_frame_of_the_question_is_read_in_english(message, lang, words):
    bridged = to_english(message)
    assert bridged.language == lang
    for word in words:
        assert word in bridged.text.lower()


@pytest.mark.parametrize(
    "message",
    [
        "does the AME reboot also apply to o/s updates, e.g. TL upgrades?",
        "Is PowerVM Standard edition enough for AMS on a p7 770?",
        "la la la. what is the default queue_depth on a vscsi disk?",
        "per the redbook, is one VIOS pair enough for 40 lpars?",
    ],
)
def test_an_english_message_is_left_as_written(message):
    bridged = to_english(message)
    assert bridged.language == "en"
    assert bridged.text == message


def test_one_marking_word_is_not_a_language():
    assert language(["wie", "is", "the", "LFAREA"]) == "en"
    assert language(["wie", "ist", "das", "LFAREA"]) == "de"


def test_numbers_units_and_statements_stay_as_written():
    bridged = to_english("ist LFAREA=(1M=(25%),2G=(4)) mit 96G online gut für uns?")
    assert "LFAREA=(1M=(25%),2G=(4))" in bridged.text
    assert "96G" in bridged.text


def test_a_message_past_the_bound_is_not_translated():
    message = "wie viele Kerne und wie viel Speicher? " * (MAX_CHARS // 30)
    assert len(message) > MAX_CHARS
    assert to_english(message).text == message


@pytest.mark.parametrize(
    ("question", "source"),
    [
        ("brauche ich einen Neustart, wenn ich AME aktiviere?", "ibm-aix-ame64k-sap-2023"),
        ("cuántas instancias de SAP por core recomienda HP?", "hp-hpux-sap-itanium-kod"),
        ("quanto swap é recomendado para SAP no HP-UX?", "hp-hpux-sap-itanium-kod"),
        ("quanta memoria serve per il VIOS?", "ibm-powervm-virtualization-redbook"),
        ("quelle est la taille maximale de la LFAREA?", "ibm-zos-large-memory-share-2014"),
    ],
)
def test_a_question_in_another_language_is_answered_from_its_source(engine, question, source):
    reply = engine.turn(question)
    assert reply.covered, reply.answer
    assert source in {c.source_id for c in reply.citations}


@pytest.mark.parametrize(
    "question",
    [
        "wie konfiguriere ich den Oracle RAC Interconnect auf AIX?",
        "cuántas hugepages para PostgreSQL en RHEL x86?",
        "comment régler le vNUMA de VMware pour SAP?",
    ],
)
def test_a_product_the_sources_do_not_cover_stays_refused_in_any_language(engine, question):
    reply = engine.turn(question)
    assert not reply.covered
    assert not reply.citations


def test_an_everyday_word_no_table_carries_is_set_aside_and_a_name_is_kept():
    said = to_english("wieviel Swap braucht ein SAP System eigentlich laut HP?").text
    assert "laut" not in said and "eigentlich" not in said and "Swap" in said
    kept = to_english("wie viele Tomcat Instanzen pro Core?").text
    assert "Tomcat" in kept  # a product is no everyday German word: the question is judged on it


def test_a_platform_or_acronym_is_never_read_as_a_word_of_the_language():
    said = to_english("as páginas de 2G são fixas no z/OS?").text
    assert "z/OS" in said and "the?" not in said
    assert "VM" in to_english("und wenn es z/VM ist, wie viele IFL?").text


def test_a_german_sufficiency_question_gets_the_verdict_and_virtual_adapters_their_own_increment(engine):
    reply = engine.turn(
        "Hallo, der VIOS hat 3 GB RAM, im Rahmen stecken 16 Kerne, 2x 8Gb FC Ports, 10 NPIV Adapter und "
        "4 virtuelle Ethernet Adapter. Reicht das?"
    )
    # 768 + 2 x 512 + 10 x 140 + 4 x 16 = 3256 MB, above the base rule's 2048 MB and above the 3072 MB it has
    assert reply.verdict is not None and reply.verdict.answer == "no"
    assert "3256 MB" in reply.answer
    assert "4 x 16 MB" in reply.answer
