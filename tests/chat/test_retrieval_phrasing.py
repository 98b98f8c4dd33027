"""How outsiders type an in-scope question that the reader used to lose: a mail note that only passes a quoted
question on, a closing with a name after the question, a shouted shorthand, a short word with two letters swapped,
a verb with its particle ("log on"), "IO" for I/O. Own phrasings, not the eval's."""

from __future__ import annotations

import pytest

from advisor.chat.engine import ChatEngine
from advisor.chat.reader.shorthand import expand, swapped
from advisor.chat.reader.wrappers import unwrap
from advisor.knowledge.topic import topic_words


@pytest.fixture(scope="module")
def engine() -> ChatEngine:
    return ChatEngine()


@pytest.mark.parametrize(
    "note", ["passing this on to the bot, please answer. Ana", "two teams asked the same question, pls advise quickly"]
)
def test_a_note_that_passes_the_quoted_question_on_keeps_it(note):
    text = unwrap(f"> how much memory per VIOS with 2 FC ports?\n{note}").text
    assert "how much memory per VIOS" in text


def test_a_note_that_says_something_of_its_own_stays_alone():
    text = unwrap("> how much memory per VIOS?\nwe went with 4 GB per VIOS last year and it worked").text
    assert "how much memory" not in text


@pytest.mark.parametrize(
    "message, kept",
    [
        ("is LFAREA=2G fine on a 64 GB system? Regards, z Storage Team", "is LFAREA=2G fine on a 64 GB system?"),
        ("how many VIOS pairs do we need? BR Ana", "how many VIOS pairs do we need?"),
        ("what is the max? thanks to AME we saved a lot of memory", "thanks to AME we saved a lot of memory"),
    ],
)
def test_a_closing_with_a_name_after_the_question_goes(message, kept):
    assert kept in unwrap(message).text
    assert "Regards" not in unwrap(message).text and "BR Ana" not in unwrap(message).text


def test_a_shouted_shorthand_is_spelt_out_in_capitals():
    assert expand("HOW BIG IS THE SHM SEGMENT?") == "HOW BIG IS THE SHARED MEMORY SEGMENT?"
    assert expand("how big is the SHM segment?") == "how big is the shared memory segment?"


@pytest.mark.parametrize("word, right", [("teh", "the"), ("adn", "and"), ("taht", "that"), ("wiht", "with")])
def test_a_short_word_with_two_letters_swapped(word, right):
    assert swapped(word) == right


@pytest.mark.parametrize("word", ["tow", "form", "lpm", "smt", "vios", "sea", "hmc", "amepat"])
def test_a_word_of_its_own_or_of_the_field_is_no_slip(word):
    assert swapped(word) is None


def test_a_verb_with_its_particle_is_no_kind_of_log():
    assert topic_words("after the resume, can the operators log in right away?") == ["operators"]


def test_io_is_read_as_i_o(engine):
    reply = engine.turn("lots of IO on the db lpar - npiv or vscsi?", None)
    assert reply.covered
    assert "NPIV" in reply.answer


def test_a_typo_of_the_does_not_make_a_question_unknown(engine):
    reply = engine.turn("waht is teh MTU for an internal VLAN between two lpars on one frame", None)
    assert reply.covered
    assert "65390" in reply.answer or "MTU" in reply.answer


def test_did_it_help_asks_for_the_measured_improvement(engine):
    kb = engine.kb
    labels = {c.label for c in kb.synonyms.concepts("how much did it help on response time")}
    assert "improvement" in labels
    assert "improvement" not in {c.label for c in kb.synonyms.concepts("help")}  # "help" alone asks for help


def test_a_german_note_on_when_amepat_ran(engine):
    reply = engine.turn("amepat lief bei uns nachts, wenn nichts los ist. passt das so?", None)
    assert reply.covered
    assert reply.verdict is not None and reply.verdict.answer == "no"


def test_an_oracle_memory_area_the_redbook_names_in_its_test_is_context(engine):
    reply = engine.turn("db lpar runs oracle, SGA 6 GB, memory is tight. what did AME do in the IBM oltp test?", None)
    assert reply.covered
    assert "ibm-powervm-virtualization-redbook" in {c.source_id for c in reply.citations}
    assert not engine.turn("how big should the Oracle SGA be on a 64 GB AIX LPAR?", None).covered


def test_a_backup_slide_that_says_more_on_a_slide_is_on_its_thread(engine):
    kb = engine.kb
    main = next(p for p in kb.passages if p.section == "Configuring SAP instances")
    more = next(p for p in kb.passages if p.section.startswith("Backup slide five"))
    assert more.id in kb.thread([main.id]) and main.id in kb.thread([more.id])


@pytest.mark.parametrize("question", ["tools to check?", "what do we watch that with", "monitoring tools for it?"])
def test_asking_for_tools_asks_for_commands(question):
    from advisor.knowledge.topic import wanted

    assert "command" in wanted(question)


def test_the_tools_of_a_thread_come_from_its_backup_slide(engine):
    first = engine.turn("sap on hp-ux: is it fine to keep adding dialog work processes when users complain?", None)
    assert first.covered
    follow = engine.turn("tools to check?", first.state.model_dump())
    assert "dpmon" in follow.answer


@pytest.mark.parametrize(
    "message, rest",
    [
        ("JIRA CAP-118 comment from storage mgmt: is 4 GB enough for a VIOS?", "is 4 GB enough for a VIOS?"),
        ("ServiceNow INC0099123 update: LFAREA max on 64 GB?", "LFAREA max on 64 GB?"),
        ("Jira OPS-77: what MTU for the partition VLAN?", "what MTU for the partition VLAN?"),
    ],
)
def test_a_tracker_key_and_its_comment_label_go(message, rest):
    """The key's digits are no figure of the question ("OPS-2231" once read as a weight of 223)."""
    assert unwrap(message).text == rest


def test_a_tracker_named_in_a_sentence_stays():
    assert unwrap("jira is down again, can AME help the app server?").text.startswith("jira is down")


def test_a_numbered_member_of_a_family_the_sources_name_is_no_unknown_term(engine):
    from advisor.knowledge.vocabulary import is_term, numbered_member

    kb = engine.kb
    assert numbered_member("SETENV_07", kb.knows) and not is_term("SETENV_07", kb.knows)
    assert is_term("DISK_ERR4", kb.knows)  # a message label stays a term
    reply = engine.turn("our profile has SETENV_03 = LDR_CNTRL=DATAPSIZE=64K@TEXTFSIZE=64K. is that right?", None)
    assert reply.covered and "TEXTPSIZE" in reply.answer


def test_british_and_american_spellings_are_one_concept(engine):
    concepts = engine.kb.synonyms.concepts
    assert {c.label for c in concepts("cpu utilisation")} & {c.label for c in concepts("cpu utilization")} >= {
        "utilization"
    }
    reply = engine.turn("what cpu utilisation did the SMT runs on z13 target?", None)
    assert reply.covered and "ibm-z13-smt-sap-redp5287" in {c.source_id for c in reply.citations}
