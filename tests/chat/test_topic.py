"""What a question asks about (advisor/knowledge/topic.py), and the scope check built on it.

A passage that shares a generic word with a question ("structure", "log", "cache") does not answer a
question about a kind of that thing the sources never discuss ("lock structure", "archive log", "inode
cache"). Both sides: such near misses are refused without citations, and questions whose topic the
sources do discuss, wrapped in context and verbs of every kind, are still answered.
"""

from __future__ import annotations

import pytest

from advisor.knowledge.topic import modifiers, topic_phrases


@pytest.mark.parametrize(
    ("question", "phrases"),
    [
        (
            "z/OS Parallel Sysplex: how big should the lock structure in the CF be for DB2 data sharing?",
            [["lock", "structure"]],
        ),
        (
            "what block size should the DB2 archive log data sets use?",
            [["block"], ["db2", "archive", "log", "data", "sets"]],
        ),
        (
            "how much storage does the JES2 checkpoint structure need in the CF?",
            [["storage"], ["jes2", "checkpoint", "structure"]],
        ),
        ("GRS star or ring for a 4-way sysplex?", [["grs", "star", "ring"]]),
        ("how do I size the IRLM lock table entries?", [["irlm", "lock", "table", "entries"]]),
        ("lock escalation threshold for the SAP tables - what value?", [["lock", "escalation", "threshold"]]),
        # a clause that points back ("does it cost") asks about what the clause before it names
        ("ipsec tunnels between two aix lpars - how much cpu does it cost?", [["ipsec", "tunnels"], ["cpu"]]),
        # a pronoun subject is not the topic; the verb's object is
        ("should we enable aio fastpath for db2?", [["aio", "fastpath"]]),
        # after "does", the subject's verb sits before the object: "eat" is no kind of CPU
        ("does amepat modelling itself eat cpu?", [["amepat", "modelling"], ["cpu"]]),
        # "how many X can <verb>": X is the subject
        ("how many virtual fc adapters can hang off 1 physical port?", [["virtual", "fc", "adapters"]]),
        # a statement about the user's own system is context, not the topic
        ("our DBA wants the default of ame_mpsize_support on AIX 7.3", []),
    ],
)
def test_topic_phrases(question, phrases):
    assert topic_phrases(question) == phrases


def test_modifiers_are_the_words_before_a_noun_not_adjectives_or_verbs():
    assert modifiers([["lock", "structure"], ["cpu"]]) == ["lock"]
    assert modifiers([["biggest", "lfarea"], ["nightly", "batch"], ["flipping", "amepsize_support"]]) == []
    assert modifiers([["open", "connections"], ["spare", "ports"]]) == []  # a state, not a kind of thing


def test_topic_reading_is_bounded():
    text = "how big should the " + "lock " * 20000 + "structure be?"
    assert len(topic_phrases(text)[0]) <= 5


@pytest.mark.parametrize(
    "question",
    [
        "z/OS Parallel Sysplex: how big should the lock structure in the CF be for DB2 data sharing?",  # h6-203
        "what size lock structure do we need in the CF for 4 db2 members?",
        "coupling facility lock structure sizing for data sharing?",
        "whats the recommended size of the IRLM lock structure?",
        "sysplex: how big should the db2 lock structure get?",
        "how large should the DB2 SCA be in the coupling facility?",
        "what block size should the DB2 archive log data sets use on z/OS?",
        "how big should the JFS2 inode cache be on an AIX lpar with millions of small files?",
    ],
)
def test_a_kind_of_thing_the_sources_never_discuss_is_not_covered(engine, question):
    reply = engine.turn(question)
    assert not reply.covered and not reply.citations, reply.answer[:200]


@pytest.mark.parametrize(
    "question",
    [
        "how big should the group buffer pool in the CF be for DB2 data sharing?",
        "does a bigger group buffer pool in the coupling facility help db2?",
        "how many virtual fc adapters can hang off one physical port w/ npiv",
        "does amepat modelling itself eat cpu? how do i turn it off",
        "our DBA wants the default of ame_mpsize_support on AIX 7.3",
        "ssp: in what chunk size are vdisks striped over the pool",
        "hey, quick q: our P10 ECC app lpars run AME4K - should we move them to AME64K or not?",
        "rfc1323=1 via no -p, does it apply to already open connections",
    ],
)
def test_topics_the_sources_discuss_stay_covered(engine, question):
    reply = engine.turn(question)
    assert reply.covered and reply.citations, reply.answer[:200]


@pytest.mark.parametrize(
    ("question", "source"),
    [
        # context around the question is not held against it: the topic of the asking clause is covered
        (
            "hello, we have old p6 570 still running in DR site (dont ask). can we use Active Memory Expansion on it?",
            "ibm-",
        ),
        (
            "morning, quick one before the change board (long story, dont ask). does turning AME on need a reboot?",
            "ibm-aix-ame64k-sap-2023",
        ),
        ("when would you ever run just one VIOS?", "ibm-powervm-virtualization-redbook"),
        # two neighbouring letters swapped are a slip, not a term the sources never use
        ("default vaules of ame_minfree_mem and ame_maxfree_mem?", "ibm-powervm-virtualization-redbook"),
        ("ame_minfree_mem defualt?", "ibm-powervm-virtualization-redbook"),
        # tunables written with their shared part once
        ("tcp_sendspace/recvspace default for high latency links", "ibm-powervm-virtualization-redbook"),
        ("min/max_buf_huge defaults?", "ibm-powervm-virtualization-redbook"),
        # a source named with its subject between the words of its name; its passages answer
        ("max memory per z/OS partition mentioned in the SHARE large memory deck?", "ibm-zos-large-memory-share-2014"),
        ("in the HP SAP tuning slides, what do they say about cell local memory?", "hp-hpux-sap-itanium-kod"),
        # a speed written as one word, as the sources' synonyms list it
        ("how many 10GbE adapters per vios processor?", "ibm-powervm-virtualization-redbook"),
    ],
)
def test_in_scope_questions_with_extra_words_are_answered(engine, question, source):
    reply = engine.turn(question)
    assert reply.covered and reply.citations, reply.answer[:200]
    assert reply.citations[0].source_id.startswith(source), reply.citations[0]


def test_a_named_source_answers_before_another_product_line():
    from advisor.knowledge import knowledge_base

    r = knowledge_base().search("max memory per z/OS partition mentioned in the SHARE large memory deck?")
    assert r.sources == {"ibm-zos-large-memory-share-2014"}
    assert {h.passage.source for h in r.hits} == {"ibm-zos-large-memory-share-2014"}
    # without the name, the PowerVM passages on maximum memory are candidates again
    r = knowledge_base().search("max memory per partition?")
    assert any(h.passage.source == "ibm-powervm-virtualization-redbook" for h in r.hits)


@pytest.mark.parametrize(
    "question",
    [
        # a feature named in title case that no source uses, whatever its words share with them
        "AIX Live Kernel Update with AME enabled LPARs - supported?",
        "does Live Kernel Update work with AME?",
        "Dynamic Platform Optimizer after adding memory to the frame - does it help SAP lpars?",
        # a term of the field the sources discuss only for another product line than the one named
        "z/VM CP paging DASD: how much paging space for 256 GB of linux guests?",
        "how much swap space should a z/OS lpar with 64 GB get?",
        "swap space for the linux guests on z/VM?",
        # a particular container no passage names, though each of its words occurs ("machine", "pool")
        "IBM i partition on our P9: how big should the machine pool be?",
        "how big should the IBM i base pool be?",
        "what size should the JFS2 log be for sapdata?",
    ],
)
def test_named_features_and_topics_of_another_product_line_are_not_covered(engine, question):
    reply = engine.turn(question)
    assert not reply.covered and not reply.citations, reply.answer[:200]


@pytest.mark.parametrize(
    "question",
    [
        "can we use Live Partition Mobility with NPIV?",  # a title-case name the sources use
        "Hello Team, is Active Memory Sharing possible on POWER6?",  # a capitalised greeting is no name
        "PowerVM Enterprise Edition needed for Active Memory Sharing?",
        "paging space for an AIX lpar with AME?",  # paging space on the product line that discusses it
        "how big should the compressed pool be with AME?",  # containers the sources name
        "how big is the uncompressed pool at factor 2?",
        "how large is the quad area?",
        "LFAREA=(1M=(30%)) and 48 GB online storage at IPL. size of the 1M area?",
    ],
)
def test_names_and_topics_the_sources_use_stay_covered(engine, question):
    reply = engine.turn(question)
    assert reply.covered and reply.citations, reply.answer[:200]
