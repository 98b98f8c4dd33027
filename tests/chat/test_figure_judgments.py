"""Yes/no questions that carry the user's own figures against a threshold the sources define (session 9).

The calculators judge what the user states of their setup: configured CLM against the SAP shared memory it should hold
(HP KOD "CLM recommendations"), the SAP instances run today against one per 2 to 4 cores, a VIOS's memory against its
adapters when the core count is not given (Redbook 3.5.2: the need is at least the adapters' figure and the 2 GB
floor), and an LFAREA statement that mixes a share and a fixed size without the online storage (fits from some online
storage on, asked back). Also the claims the lane's census widened or fixed. Phrasings written for these tests.
"""

from __future__ import annotations

import pytest

from advisor.chat import ChatEngine


def _ask(engine: ChatEngine, text: str):
    return engine.turn(text, None)


@pytest.mark.parametrize(
    ("question", "expected", "figure"),
    [
        ("CLM 12% of 256 GB and SAP shm is 40 GB - does it fit?", "no", "30.72 GB"),
        (
            "rx8640 with 128 GB, we made 15% CLM. SAP shared mem is about 24 GB. does the shm fit in the CLM?",
            "no",
            "19.2",
        ),
        ("superdome partition 512GB, cell local memory 25 %, sap shm 60GB -- is that enough clm?", "yes", "111.2 GB"),
        ("512 GB superdome, 20% CLM, SAP shared memory 80 GB, ok?", "it depends", "131.2 GB"),
    ],
)
def test_configured_clm_against_the_shared_memory(engine, question, expected, figure):
    reply = _ask(engine, question)
    assert reply.verdict is not None and reply.verdict.answer == expected
    assert figure in reply.answer
    assert "is not an input" not in reply.answer  # the configured share is used, not dropped


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("one instance with 120 work processes on 32 cores?", "no"),
        ("we have a single big SAP instance on the 24 cores, fine?", "no"),
        ("3 dialog instances on 16 cores hp-ux - ok?", "no"),
        ("we run 6 sap instances on 24 cores hp-ux. ok per the guideline?", "yes"),
        ("20 dialog instances on a 16-core rx box. too many?", "yes"),
        ("8 instances on 16 cores, too many?", "no"),
    ],
)
def test_running_instances_against_the_cores(engine, question, expected):
    reply = _ask(engine, question)
    assert reply.verdict is not None and reply.verdict.answer == expected
    assert "instance' is not an input" not in reply.answer and "instances' is not an input" not in reply.answer


def test_too_few_instances_names_the_dispatcher(engine):
    reply = _ask(engine, "can we run one big instance with 120 work processes on the 32 cores?")
    assert reply.verdict is not None and reply.verdict.answer == "no" and "dispatcher" in reply.answer


def test_the_rule_itself_is_no_running_count(engine):
    reply = _ask(engine, "how many instances for 24 cores if 1 instance for every 2 cores?")
    assert "6 to 12" in reply.answer  # the 2 of "every 2 cores" is not the server's core count


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("2 GB on a VIOS with 4x1Gb + 2x8Gb FC + 10 virtual eth, ok?", "no"),
        ("VIOS has 3 GB. adapters: 2 x 10Gb eth ports, 4 x 8Gb fc ports, 20 virtual ethernet. enough?", "no"),
        ("small vios: 2 x 8Gb FC ports, 4 virtual eth adapters. we have 4 GB on it, is that ok?", "it depends"),
    ],
)
def test_vios_memory_judged_without_the_core_count(engine, question, expected):
    reply = _ask(engine, question)
    assert reply.verdict is not None and reply.verdict.answer == expected
    assert "GB' is not an input" not in reply.answer


@pytest.mark.parametrize(
    ("question", "fits_from"),
    [
        ("sysprog question: is LFAREA=(1M=(40%),2G=(16)) ok?", "84 GB"),
        ("will LFAREA=(1M=(60%),2G=(6)) fit on our lpar?", "64 GB"),
    ],
)
def test_mixed_lfarea_without_online_storage_asks_back_with_the_threshold(engine, question, fits_from):
    reply = _ask(engine, question)
    assert reply.intent == "clarify" and reply.questions
    assert reply.verdict is not None and reply.verdict.answer == "it depends"
    assert f"fits from {fits_from} of online storage" in reply.answer


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("D2TLB misses 0.05 per kinst after chatr +pd 64M. good enough?", "yes"),
        ("D2TLB miss rate 0.4 per kinst - acceptable?", "no"),
        ("livecache on 11i v2 - any patches needed for pthreads?", "yes"),
        ("with noprompt, if the request can't be met does the system still prompt the operator?", "no"),
        ("when z/OS runs short of 4k frames will it break up 2g pages for them?", "no"),
        ("short on 4K frames - will z/OS break up 1M pages to back them?", "yes"),
        ("can we put our Tomcat apps on the same HP-UX server as SAP without any psets or mpsched?", "no"),
        ("SAP and a java batch app on the same rx8640, no partitioning. ok?", "no"),
        ("LFAREA=12G still accepted?", "yes"),
    ],
)
def test_census_claims(engine, question, expected):
    reply = _ask(engine, question)
    assert reply.verdict is not None and reply.verdict.answer == expected, reply.answer


def test_a_new_form_statement_is_not_read_as_the_old_form(engine):
    reply = _ask(engine, "is LFAREA=(1M=(40%),2G=(16)) ok?")
    assert "old form LFAREA=(xx%" not in reply.answer and "still accepted" not in reply.answer


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("IS 12.0 A VALID AME EXPANSION FACTOR", "no"),
        ("is 0.5 a valid expansion factor?", "no"),
        ("we set 1.005 as factor, ok?", "no"),
        ("does SMT on z13 help every workload equally?", "no"),
        ("is cache to cache on same FSB around 85ns?", "yes"),
        ("is a demoted 1M page re-promoted as soon as one 4K page comes back?", "no"),
        ("does noprompt apply to syntax errors too?", "no"),
        ("with noprompt, will a typo in the LFAREA still prompt?", "yes"),
        ("is there a software dependency for pageable large pages?", "no"),
        ("do pageable large pages have a hardware prereq?", "yes"),
        ("is the PLAREA 12.5% of online storage minus quad?", "yes"),
        ("PLAREA = 20% of online storage?", "no"),
    ],
)
def test_census_claims_second_round(engine, question, expected):
    reply = _ask(engine, question)
    assert reply.verdict is not None and reply.verdict.answer == expected, reply.answer


def test_a_reply_that_asks_yes_or_no_keeps_its_question(engine):
    first = engine.turn("vios sizing: 2x10GbE ports, 4x8Gb FC ports, 16 virtual eth adapters", None)
    second = engine.turn("we gave it 3 GB, enough?", first.state)
    assert second.verdict is not None and second.verdict.answer == "no", second.answer


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("we have 24000 SAPS on the box and 6 instances, ok?", "no"),
        ("30000 SAPS spread over 15 instances - fine?", "yes"),
        ("we run 3 instances on 32 cores, ok?", "no"),
        ("we turned SMT on for our z/VM IFLs and got 25% more ITR. in line with the redpaper?", "no"),
        (
            "with SMT on we get about 28% more ETR than with it off on the same z13, is that what the paper shows?",
            "yes",
        ),
        ("after moving to z13 we see 50% more throughput than on the zEC12 with 16 IFLs - plausible per IBM?", "no"),
    ],
)
def test_stated_figures_against_the_sources(engine, question, expected):
    reply = _ask(engine, question)
    assert reply.verdict is not None and reply.verdict.answer == expected, reply.answer


def test_a_database_instance_count_is_no_sap_instance_count(engine):
    reply = _ask(engine, "3 DB2 instances on 16 cores, ok?")
    assert reply.verdict is None  # the 2 of "DB2" is no instance count, and DB2 instances are not SAP instances


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        ("24 cores for sap on one hp-ux box, how many instances?", "we have 2 big instances today. ok?", "no"),
        (
            "hp superdome partition with 48 cores. how many SAP instances?",
            "currently 4 large ones, is that fine?",
            "no",
        ),
        ("hp superdome partition with 48 cores. how many SAP instances?", "we have 16 instances right now, ok?", "yes"),
    ],
)
def test_a_follow_up_states_its_count_against_the_cores_said_before(engine, first, second, expected):
    reply = engine.turn(second, engine.turn(first, None).state)
    assert reply.verdict is not None and reply.verdict.answer == expected, reply.answer
    assert "cell local" not in reply.answer.split("\n")[0].lower()  # not what the last answer's first passage named


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "ServiceNow RITM0042 note from the capacity team: 'entitled capacity of all shared lpars on the 16-core "
            "pool totals 19 after the onboarding.' Is that acceptable or do we need to act?",
            "no",
        ),
        ("entitled capacity across the 32-core pool sums to 30. ok?", "yes"),
        ("EC total 27.5 on our 24 core shared pool - acceptable or act?", "no"),
    ],
)
def test_pool_figures_in_ticket_words(engine, question, expected):
    """The pool's cores said before the EC sum are the bound, not the sum; a judgement asked with its alternative
    ("acceptable or act?") is still yes or no; ticket words around stated figures do not make them out of scope."""
    reply = _ask(engine, question)
    assert reply.verdict is not None and reply.verdict.answer == expected, reply.answer


@pytest.mark.parametrize(
    ("first", "second", "expected", "figure"),
    [
        (
            "how much memory does a vios need on a 64 core box with 2 x 10GbE ports and 4 x 8Gb FC ports?",
            "we gave each vios 6 gigs, is that enough then?",
            "no",
            "8192 MB",
        ),
        ("vios memory for a 32-core p9?", "we have 4 GB on each, ok?", "yes", "4096 MB"),
        ("swap recommendation for SAP on a 96 GB hp-ux box?", "we have 150 GB of swap, enough?", "no", "192 GB"),
        ("CLM for a 256 GB superdome with 40 GB of SAP shared memory?", "we set 20%, enough?", "it depends", "65.6 GB"),
        ("CLM for a 256 GB superdome with 40 GB of SAP shared memory?", "we configured 30% CLM, ok?", "yes", "76.8 GB"),
    ],
)
def test_the_users_amount_judged_against_the_last_sizing(engine, first, second, expected, figure):
    reply = engine.turn(second, engine.turn(first, None).state)
    assert reply.verdict is not None and reply.verdict.answer == expected, reply.answer
    assert figure in reply.answer


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("swap 100 GB on a 64 GB hp-ux sap box. thoughts?", "no"),
        ("CLM 10% of 192 GB, SAP shm 30 GB - your take?", "no"),
        ("vios with 2 x 8Gb FC ports and 4 virtual eth adapters has 1 GB. what do you think?", "no"),
    ],
)
def test_an_opinion_asked_of_stated_figures_is_a_judgement(engine, question, expected):
    reply = _ask(engine, question)
    assert reply.verdict is not None and reply.verdict.answer == expected, reply.answer


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("swap 100 GB on a 64 GB hp-ux sap box. any problem?", "yes"),
        ("swap 100 GB on a 64 GB hp-ux sap box, is that too little?", "yes"),
        ("swap 200 GB on a 64 GB hp-ux sap box - an issue?", "no"),
        ("CLM 10% of 192 GB, SAP shm 30 GB - problem?", "yes"),
        ("we run 3 SAP instances on 32 cores - is that a problem?", "yes"),
        ("we run 3 SAP instances on 32 cores - too many?", "no"),
        ("20 instances on 16 cores - too few?", "no"),
        ("LFAREA=12G on a 16G lpar, is it over the limit?", "yes"),
        ("LFAREA=8G on a 16G lpar, is it over the limit?", "no"),
        ("LFAREA=(1M=(85%)) any problem?", "yes"),
        ("2 GB on a VIOS with 4x1Gb + 2x8Gb FC + 10 virtual eth - any risk?", "yes"),
        ("buffer cache at 10% on a 64 GB hp-ux box - concern?", "yes"),
        ("buffer cache at 2% on a 64 GB hp-ux box - too big?", "no"),
    ],
)
def test_a_calculated_verdict_answers_the_question_the_way_it_is_put(engine, question, expected):
    """ "enough?" is answered by whether the figure keeps the guideline; "too little?", "over the limit?", "any
    problem?" by whether it breaks it that way (polarity.stated_verdict): never the opposite verdict."""
    reply = _ask(engine, question)
    assert reply.verdict is not None and reply.verdict.answer == expected, reply.answer


def test_too_much_against_a_minimum_gets_the_figure_and_no_verdict(engine):
    """A minimum caps nothing: "too much?" is answered with the guideline's figure, not with a yes or no the sources
    do not give (polarity.reaches)."""
    reply = _ask(engine, "swap 200 GB on a 64 GB hp-ux sap box - too much?")
    assert reply.verdict is None and "128 GB" in reply.answer, reply.answer


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("256 GB rx8640, buffer cache sits at 12 GB. fine for the SAP box?", "no"),
        ("VIOS on a 48-core frame got 4 GB. short?", "yes"),
        ("16G system, LFAREA=(1M=(10%),2G=(12,10)). will the operator get a prompt at IPL?", "yes"),
        ("16G system, LFAREA=(1M=(10%),2G=(12,10),NOPROMPT). will the operator get a prompt at IPL?", "no"),
        ("can we size our new SAP system with caliper?", "no"),
        ("were 1 MB large pages first introduced with z/OS V1R9?", "yes"),
        ("quad area = 12.5% of total online storage?", "yes"),
        ("does page fixing DB2 buffer pools save CPU per the SHARE deck?", "yes"),
        ("the z/VM LPAR in REDP-5287 had 16 IFLs and 256 GB, right?", "yes"),
        ("z/VM LPAR with 12 IFLs in the test?", "no"),
    ],
)
def test_second_probe_batch_causes(engine, question, expected):
    """An LFAREA question about the prompt is answered by what IPL does, not by whether the request fits."""
    reply = _ask(engine, question)
    assert reply.verdict is not None and reply.verdict.answer == expected, reply.answer


def test_a_carried_follow_up_keeps_its_judgement(engine):
    first = engine.turn("how many SAP instances for 20000 SAPS on hp-ux?", None)
    reply = engine.turn("we have 4 instances, ok?", first.state)
    assert reply.verdict is not None and reply.verdict.answer == "no", reply.answer


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("buffer cache 4 GB out of 128 GB, within the guideline?", "no"),
        ("does montecito have 256 L1 TLB entries?", "yes"),
        ("montecito has 64 TLB entries for data?", "no"),
        ("is 4G a supported page size on Itanium montecito?", "yes"),
        ("can vpsinfo show page sizes per process?", "yes"),
        ("is dpmon the tool to watch dispatcher queues?", "yes"),
        ("should the sap instances be started with mpsched -P PACKED?", "yes"),
        ("does PHCO_36323 speed up condition variables?", "yes"),
        ("does 64M data page use more peak memory than 16M?", "yes"),
        ("cache to cache misses can cost up to 700ns on bigger configs?", "yes"),
    ],
)
def test_hp_backup_slides_census(engine, question, expected):
    reply = _ask(engine, question)
    assert reply.verdict is not None and reply.verdict.answer == expected, reply.answer


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("does IAR043I mean the LFAREA exceeds the system limit?", "yes"),
        ("is IAR048I issued after LFAREA processing?", "yes"),
        ("zEC12 + Java7SR3 gave about 60% over z196 in the multithreaded benchmark?", "yes"),
        ("zEC12 with java 7 about 30% faster than z196?", "no"),
        ("is PAGEFRAMESIZE=PAGEABLE1MEG the default TYPE=PAGEABLE?", "yes"),
        ("with PAGEFRAMESIZE=DREF1MEG, is TYPE=DREF the default?", "yes"),
        ("does AMOUNTSIZE=1MEG treat the amount as 1M pages?", "yes"),
        ("does DISPLAY VIRTSTOR,LFAREA show the LFAREA usage?", "yes"),
        ("SMT on zEC12?", "no"),
    ],
)
def test_zos_messages_macros_and_java_census(engine, question, expected):
    """A multithreaded Java benchmark is no SMT question; a figure inside a claim's subject words is still compared."""
    reply = _ask(engine, question)
    assert reply.verdict is not None and reply.verdict.answer == expected, reply.answer
