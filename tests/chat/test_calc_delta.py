"""A calculation's inputs changed in words by a follow-up (advisor/chat/calc/delta.py), a terse follow-up for another
figure of the same calculation, and sizing questions asked back in plain words and resumed from a prose reply.

Phrasings of our own; every figure by hand from the sources' formulas (Redbook 3.5.2 VIOS memory: 2 GB per 16 cores,
768 MB + 512 per 8 Gb FC port + 512 per 10 Gb port + 140 per NPIV adapter + 16 per virtual Ethernet adapter; Redbook
3.1 HPT: max memory / 64, or / 128 for AIX on POWER7+; HP KOD: swap 2 x memory, buffer cache 3 %; AME64K guide:
expanded = true x factor, limit = expanded + paging).
"""

from __future__ import annotations

import json

import pytest

from advisor.chat.calc.delta import changed

VIOS = "vios memory please: 48 cores frame, 4x 8G FC, 2x 10GbE, 24 npiv, 6 veth"


@pytest.mark.parametrize(
    ("follow", "said"),
    [
        ("double the npiv", "48 npiv"),
        ("and 3 veth more", "9 veth"),
        ("und 4 NPIV weniger?", "20 npiv"),
        ("what about a third of the cores", None),  # no change word it knows: not guessed
        ("and with half the cores?", "24 cores frame"),
        ("if we pull the 10GbE", None),  # the 10GbE taken out, checked below
    ],
)
def test_a_change_in_words_rewrites_that_input(follow, said):
    rewritten = changed(VIOS, follow)
    if said is None and follow.startswith("what about"):
        assert rewritten is None
        return
    assert rewritten is not None
    if said is not None:
        assert said in rewritten, rewritten
    else:
        assert "10GbE" not in rewritten and "4x 8G FC" in rewritten and "24 npiv" in rewritten, rewritten


@pytest.mark.parametrize(
    ("last", "follow"),
    [
        (VIOS, "we run 6 GB on each vios, is that enough?"),  # the user's own figure judged, nothing changed
        ("vios memory: 32 cores, 4x 8G FC", "and 10 vfc adapters more"),  # no NPIV count: not added to the FC ports
        (VIOS, "and huge pages, 70?"),  # a thing the last question never had
        ("true 24 GB at factor 2, expanded?", "double it to 3"),  # a change and a value at once: which is meant?
    ],
)
def test_no_rewrite_when_the_change_has_no_single_place(last, follow):
    assert changed(last, follow) is None


def test_a_role_word_picks_which_size_changes():
    last = "LPAR with 48GB real and 12GB paging, AME 1.5: how far until it kills processes?"
    assert "24 GB paging" in (changed(last, "and if the paging space was 24 GB") or "")
    assert "64 GB real" in (changed(last, "what if real was 64") or "")


def _chain(engine, *messages: str):
    state, reply = None, None
    for message in messages:
        reply = engine.turn(message, state)
        state = json.loads(reply.state.model_dump_json())
    return reply


@pytest.mark.parametrize(
    ("messages", "figure"),
    [
        # 768 + 4*512 + 2*512 + 48*140 + 6*16 = 10656
        ((VIOS, "double the npiv"), "10656 MB"),
        # 768 + 4*512 + 24*140 + 6*16 = 6272
        ((VIOS, "and without the 10GbE?"), "6272 MB"),
        # 10 x 128 = 1280 GB / 128 = 10 GB; 256 each -> 2560 / 128 = 20 GB
        (("ten aix lpars, 128 GB max memory each, POWER8: hpt?", "what if max memory was 256 each"), "20 GB"),
        # 2 x 32 + 16 = 80 GB; paging 30 -> 94 GB
        (
            ("32GB real, 16GB paging, AME factor 2: how much before processes get killed?", "and if paging was 30 GB"),
            "94 GB",
        ),
        # one instance per 2-4 cores: 48 - 16 = 32 cores -> 8 to 16
        (("sap instances for a 48 core hp-ux box?", "and 16 cores fewer"), "8 to 16"),
    ],
)
def test_a_change_in_words_is_computed(engine, messages, figure):
    reply = _chain(engine, *messages)
    assert figure in reply.answer, reply.answer[:400]


def test_only_the_adapters_in_use_counted_says_the_source_counts_the_intended_scale(engine):
    first = "vios with 4 8Gb fc ports, 30 npiv vfcs planned, only 18 mapped right now. memory?"
    reply = _chain(engine, first)
    assert "7016 MB" in reply.answer  # 768 + 2048 + 30*140
    assert "not only the 18 in use" in reply.answer and "'18' is not an input" not in reply.answer
    reply = _chain(engine, first, "and if we count just the 18 mapped ones?")
    assert "5336 MB" in reply.answer  # 768 + 2048 + 18*140
    assert "intended" in reply.answer


@pytest.mark.parametrize(
    ("first", "follow", "figure"),
    [
        ("200 GB hp-ux server, swap?", "buffer cache cap?", "6 GB"),  # 3 % of 200
        ("max buffer cache on a 256G hpux box", "and swap?", "512 GB"),  # 2 x 256
    ],
)
def test_a_terse_follow_up_gets_the_same_calculations_other_figure(engine, first, follow, figure):
    assert figure in _chain(engine, first, follow).answer


def test_same_expanded_memory_at_a_new_factor(engine):
    reply = _chain(
        engine,
        "AME on sapdi2: tmem 6 GB, factor 3.0. deficit shows up",
        "move to factor 2.0, how much true memory keeps the same expanded?",
    )
    assert "9 GB" in reply.answer  # 6 x 3 = 18 GB expanded / 2


@pytest.mark.parametrize(
    ("ask", "reply_text", "figure"),
    [
        ("how many cores should our vios get on a 32 core frame?", "lparstat shows avg 0.8, max 1.9", "0.8"),
        (
            "which expansion factor should we use for the new ABAP lpar?",
            "it needs 36 GB at peak, we can give it 16 GB real",
            "2.25",
        ),
        ("swap and buffer cache settings for our new hp-ux sap server?", "256 GB", "7.68 GB"),
    ],
)
def test_a_sizing_asked_in_plain_words_is_asked_back_and_resumed(engine, ask, reply_text, figure):
    first = _chain(engine, ask)
    assert first.needs_input, first.answer[:300]
    assert figure in _chain(engine, ask, reply_text).answer


def test_a_comma_list_of_sizes_is_read_as_a_list(engine):
    reply = _chain(engine, "p7 770, lpar max mem 32,32,64 GB: hpt?")
    assert "2 GB" in reply.answer  # 128 / 64


def test_a_message_calling_itself_a_long_one_counts_nothing(engine):
    reply = _chain(engine, "quick one: 20 GB true memory, AME factor 1.5, how much does AIX see?")
    assert "30 GB" in reply.answer and "'1'" not in reply.answer


@pytest.mark.parametrize(
    ("follow", "said"),
    [
        ("and 40 npiv instead of 24?", "40 npiv"),
        ("add another veth", "7 veth"),
        ("and 64 rather than 48 cores", "64 cores"),
    ],
)
def test_instead_of_and_another_name_the_input(follow, said):
    assert said in (changed(VIOS, follow) or ""), follow


def test_a_share_of_the_partitions_moved_to_another_os_splits_the_hpt(engine):
    # POWER7+: 1 TB AIX -> 768 GB / 128 = 6 GB + 256 GB IBM i / 64 = 4 GB = 10 GB
    reply = _chain(
        engine, "hpt for AIX lpars with 1 TB max memory in total on a power7+?", "what if a quarter of them were IBM i?"
    )
    assert "10 GB" in reply.answer, reply.answer[:300]


def test_dropping_ports_in_a_what_if_takes_them_off_the_document(engine):
    doc = {
        "kind": "vios",
        "name": "viosQ",
        "system_cores": 32,
        "memory_gb": 8,
        "adapters": {"eth_10g_ports": 2, "fc_8g_ports": 4, "npiv_vfc_adapters": 10, "virtual_eth_adapters": 4},
    }
    state = json.loads(engine.turn("review this vios", None, document=doc).state.model_dump_json())
    reply = engine.turn("what if we drop the 2 10Gb ports", state)
    assert "2 -> 0" in reply.answer, reply.answer[:300]


def test_a_figure_now_in_mb_also_says_gb(engine):
    adapters = {"lhea": 0, "lhea_ports": 0, "eth_1g_ports": 0, "eth_10g_ports": 0, "fc_8g_ports": 2}
    adapters |= {"npiv_vfc_adapters": 0, "virtual_eth_adapters": 2}
    doc = {"kind": "vios", "name": "viosR", "system_cores": 32, "memory_gb": 4, "adapters": adapters}
    state = json.loads(engine.turn("review", None, document=doc).state.model_dump_json())
    state = json.loads(engine.turn("imagine the frame has 96 cores", state).state.model_dump_json())
    reply = engine.turn("so what is the requirement now?", state)
    assert "12288 MB (12 GB)" in reply.answer, reply.answer[:300]  # 96 / 16 x 2 GB


@pytest.mark.parametrize(
    ("last", "follow", "said"),
    [
        (VIOS, "what if 24 npiv become 30", "30 npiv"),
        ("hp-ux 24 cores, sap instances?", "and with 25% more cores", "30 cores"),
        ("3 aix lpars 64G max + 1 linux lpar 32G max on power9, hpt?", "and 2 more aix lpars", "5 aix lpars"),
        ("LFAREA=(1M=(20%)) on 64G online, size?", "and if the online storage doubles", "128 gb online"),
    ],
)
def test_become_a_share_more_and_the_count_not_the_size(last, follow, said):
    assert said in (changed(last, follow) or "").lower(), changed(last, follow)


def test_a_factor_named_as_needed_is_a_figure_asked(engine):
    assert "2.50" in _chain(engine, "factor needed to show 40 GB with 16 GB true?").answer


def test_a_reply_with_a_statement_and_the_online_storage_resumes_with_the_online_storage(engine):
    reply = _chain(engine, "is our LFAREA ok?", "LFAREA=20G, 24G online")
    assert "17.2 GB" in reply.answer and reply.verdict is not None and reply.verdict.answer == "no"  # 0.8 x 24 - 2


# Session 11 (f11-vios): follow-ups that keep an earlier change, count per client, total a VIOS pair, name some
# partitions of one size by their OS, and answer the LHEA count asked back. Figures by hand (Redbook 3.5.2, 3.1).
PAIRED = "vios sizing, frame of 12 cores: 3x 8G FC ports, 40 npiv adapters, 5 veth. memory per vios?"


@pytest.mark.parametrize(
    ("messages", "figure"),
    [
        # 768 + 3*512 + 80*140 + 5*16 = 13584; then 5 FC instead of 3: + 2*512 = 14608
        ((PAIRED, "what if the npiv doubled", "keeping the doubled npiv, and 5 fc ports instead of 3"), "14608 MB"),
        # 768 + 3*512 + 40*140 + 5*16 = 7984; 3 new lpars with 4 vfc each: + 12*140 = 9664
        ((PAIRED, "plus 3 new lpars, each with 4 vfc adapters?"), "9664 MB"),
        # 7984 MB per VIOS; the two of the pair: 15968 MB
        ((PAIRED, "what is that for the two vios combined?"), "15968 MB"),
        # POWER7+: 64 + 64 + 32 GB AIX; one 64 GB one IBM i: 96 / 128 = 0.75 + 64 / 64 = 1 -> 1.75 GB
        (
            ("hpt on power7+ for three aix lpars, max memory 64, 64 and 32 GB?", "one of the 64 GB ones is IBM i"),
            "1.75 GB",
        ),
        # 768 + 2*512 (LHEA) + 6*102 (3 ports on each) + 4*512 (FC) = 4452 MB
        (
            ("how much ram for a vios whose SEA sits on LHEA ports, plus 4x 8Gb FC?", "2 of them, 3 ports on each"),
            "4452 MB",
        ),
    ],
)
def test_follow_ups_that_keep_multiply_total_or_name_a_part(engine, messages, figure):
    reply = _chain(engine, *messages)
    assert figure in reply.answer, reply.answer[:500]


def test_an_lhea_without_its_count_is_asked_back_with_no_figure(engine):
    reply = _chain(engine, "vios uses the host ethernet adapter for its SEA, with 2x 8Gb FC. memory needed?")
    assert "How many LHEAs" in reply.answer and "Complex I/O rule" not in reply.answer, reply.answer[:400]


def test_one_of_a_size_not_listed_is_not_split(engine):
    reply = _chain(
        engine, "hpt on power7+ for three aix lpars, max memory 64, 64 and 32 GB?", "one of the 16 GB ones is IBM i"
    )
    assert "1.75 GB" not in reply.answer and "0.75" not in reply.answer, reply.answer[:300]


@pytest.mark.parametrize("denied", ["(no LHEA)", "- not LHEA -", "and without LHEAs", "Kein LHEA.", "sin LHEA"])
def test_an_lhea_denied_is_not_asked_about(engine, denied):
    # 768 + 2*512 (10 Gb) + 2*512 (8 Gb FC) = 2816 MB
    reply = _chain(engine, f"vios with 2x 10Gb eth ports {denied}, 2x 8Gb FC ports: memory?")
    assert "2816 MB" in reply.answer and "How many LHEAs" not in reply.answer, reply.answer[:300]


def test_one_partition_of_a_summed_maximum_named_with_its_os_and_size_splits_the_hpt(engine):
    # POWER7+: 512 GB AIX in total; one of them IBM i with 64 GB: 448 / 128 = 3.5 GB + 64 / 64 = 1 GB -> 4.5 GB
    reply = _chain(
        engine,
        "power7+ box, aix partitions only, 512 GB of max memory summed. hpt?",
        "one of those partitions is an IBM i one with 64G max though",
    )
    assert "4.5 GB" in reply.answer, reply.answer[:300]
