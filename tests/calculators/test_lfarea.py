"""LFAREA parser and calculator, checked against SHARE session 15142 (ibm-zos-large-memory-share-2014)."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from advisor.calculators.lfarea import (
    CITE_FORMS,
    CITE_PROMPT,
    REASONS,
    SOURCE,
    Amount,
    LfareaSyntaxError,
    assess_lfarea,
    lfarea_limit_gb,
    parse_lfarea,
)
from advisor.cli import app

runner = CliRunner()
EXAMPLE = "LFAREA=(1M=(10%),2G=(12,10))"  # "Externals: Configuration & Setup", third slide


# --- parsing -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "statement, value, unit, size_mb",
    [
        ("LFAREA=10%", 10, "%", None),
        ("LFAREA=(10%)", 10, "%", None),
        ("lfarea=2048m", 2048, "M", 2048),
        ("6G", 6, "G", 6144),
        ("(1T)", 1, "T", 1024 * 1024),
        ("LFAREA=(000512M)", 512, "M", 512),
        ("LFAREA=80%", 80, "%", None),
    ],
)
def test_old_form(statement, value, unit, size_mb):
    request = parse_lfarea(statement)
    assert request.form == "old"
    assert request.one_mb.target == Amount(value=value, unit=unit)
    assert request.one_mb.minimum is None
    assert request.one_mb.target.size_mb == size_mb
    assert request.two_gb is None
    assert request.prompt is True


def test_new_form_contract_example():
    request = parse_lfarea("LFAREA=(1M=(40%),2G=(8))")
    assert request.form == "new"
    assert request.one_mb.target == Amount(value=40, unit="%")
    assert request.one_mb.minimum is None
    assert request.two_gb.target == Amount(value=8, unit="2G pages")
    assert request.two_gb.target.size_mb == 16384
    assert request.prompt is True  # PROMPT is the default


def test_new_form_any_order_lower_case_bare_target_noprompt():
    request = parse_lfarea("lfarea=(2g=(12,10),1m=1024,noprompt)")
    assert request.two_gb.target == Amount(value=12, unit="2G pages")
    assert request.two_gb.minimum == Amount(value=10, unit="2G pages")
    assert request.one_mb.target == Amount(value=1024, unit="1M pages")
    assert request.prompt is False


@pytest.mark.parametrize("statement", ["(1M=(10%,5%))", "LFAREA=(PROMPT)", "LFAREA=NOPROMPT", "1M=(5,0)"])
def test_new_form_without_prefix_or_requests(statement):
    assert parse_lfarea(statement).form == "new"


def test_continuation_lines_and_comments():
    member = "LFAREA=(1M=(10%),    1 MB pages for DB2\n\n        2G=(12,10))   2 GB pages for Java\n"
    request = parse_lfarea(member)
    assert request.statement == EXAMPLE
    assert request.two_gb.minimum == Amount(value=10, unit="2G pages")


def test_blank_ends_the_text_on_a_line():
    with pytest.raises(LfareaSyntaxError) as err:
        parse_lfarea("LFAREA=(1M=5, 2G=1)")
    assert (err.value.reason, err.value.column, err.value.statement) == ("missing-value", 14, "LFAREA=(1M=5,")
    assert "comment" in err.value.explanation


def test_line_without_comma_ends_the_statement():
    with pytest.raises(LfareaSyntaxError) as err:
        parse_lfarea("LFAREA=(1M=5)\n2G=3")
    assert (err.value.reason, err.value.column) == ("extraneous-characters", 14)


# --- every IAR046I reason ----------------------------------------------------------------------

REASON_CASES = [
    ("too-many-digits", "LFAREA=1234567M", 8),
    ("too-many-digits", "LFAREA=(123%)", 9),
    ("too-many-digits", "LFAREA=123456T", 8),
    ("too-many-digits", "LFAREA=(1M=12345678)", 12),
    ("minimum-above-target", "LFAREA=(1M=(10,20))", 16),
    ("minimum-above-target", "LFAREA=(2G=(10%,20%))", 17),
    ("missing-value", "LFAREA=", 8),
    ("missing-value", "", 1),
    ("missing-value", "LFAREA=()", 9),
    ("missing-value", "LFAREA=(1M=(10,))", 16),
    ("missing-value", "LFAREA=(1M=5,,2G=1)", 14),
    ("missing-value", "LFAREA=(1M=5", 13),
    ("missing-value", "LFAREA=(1M=)", 12),
    ("extraneous-characters", "LFAREA=(1M=5)X", 14),
    ("extraneous-characters", "LFAREA=(1M=(10,5,1))", 17),
    ("extraneous-characters", "LFAREA=(1M=(100M))", 16),
    ("extraneous-characters", "LFAREA=10GB", 11),
    ("extraneous-characters", "1M=5,2G=1", 5),
    ("duplicate-keyword", "LFAREA=(1M=5,1M=6)", 14),
    ("duplicate-keyword", "LFAREA=(NOPROMPT,2G=1,NOPROMPT)", 23),
    ("duplicate-keyword", "LFAREA=(10%,2G)", 13),
    ("mutually-exclusive", "LFAREA=(1M=5,PROMPT,NOPROMPT)", 21),
    ("mutually-exclusive", "LFAREA=(10%,1M=5)", 13),
    ("mutually-exclusive", "LFAREA=(1M=5,10%)", 14),
    ("missing-multiplier", "LFAREA=100", 11),
    ("missing-multiplier", "LFAREA=(100,2G)", 12),
    ("unrecognized-text", "LFAREA=(FOO)", 9),
    ("unrecognized-text", "LFAREA=(4K=10)", 9),
    ("unrecognized-text", "LFAREA=10K", 10),
    ("unrecognized-text", "LFAREA(1M=5)", 7),
    ("non-numeric", "LFAREA=(1M=(ABC))", 13),
    ("non-numeric", "LFAREA=(2G=(5,X))", 15),
    ("mixed-percent-and-absolute", "LFAREA=(1M=(10%,5))", 17),
    ("mixed-percent-and-absolute", "LFAREA=(2G=(12,10%))", 16),
    ("percent-exceeds-limit", "LFAREA=81%", 8),
    ("percent-exceeds-limit", "LFAREA=(1M=(90%))", 13),
    ("percent-exceeds-limit", "LFAREA=(1M=(60%,50%),2G=(40%,31%))", 22),
]


@pytest.mark.parametrize("reason, statement, column", REASON_CASES, ids=[f"{r}:{s}" for r, s, _ in REASON_CASES])
def test_iar046i_reason(reason, statement, column):
    with pytest.raises(LfareaSyntaxError) as err:
        parse_lfarea(statement)
    e = err.value
    assert (e.reason, e.column, e.offset) == (reason, column, column - 1)
    assert e.message_id == "IAR046I"
    assert (e.ibm_reason, e.explanation.split(" In IEASYSxx")[0]) == REASONS[reason]
    assert e.citations[0].source == SOURCE and "IAR046I" in e.citations[0].locator


def test_reasons_are_exactly_the_slides_list_and_all_tested():
    assert sorted(text for text, _ in REASONS.values()) == sorted(
        [
            "VALUE EXCEEDS MAXIMUM NUMBER OF DIGITS.",
            "MINIMUM VALUE GREATER THAN TARGET VALUE.",
            "MISSING EXPECTED VALUE.",
            "EXTRANEIOUS CHARACTERS DETECTED.",
            "DUPLICATE KEYWORDS OR SPECIFICATIONS DETECTED.",
            "MUTUALLY EXCLUSIVE KEYWORDS OR VALUES DETECTED.",
            "MISSING MULTIPLIER M, G, OR T.",
            "UNRECOGNIZED SPECIFICATION.",
            "NON-NUMERIC DETECTED WHERE NUMERIC EXPECTED.",
            "PERCENTAGE WITH NON-PERCENTAGE IN SAME KEYWORD.",
            "REQUEST WITH PERCENTAGE EXCEEDS SYSTEM LIMIT.",
        ]
    )
    assert {r for r, _, _ in REASON_CASES} == set(REASONS)
    assert len({explanation for _, explanation in REASONS.values()}) == len(REASONS)


def test_percentages_whose_targets_exceed_80_but_minimums_fit_are_valid():
    parse_lfarea("LFAREA=(1M=(60%,40%),2G=(40%,40%))")


# --- the source's figures ----------------------------------------------------------------------


def test_limits_for_16g_online():
    assert lfarea_limit_gb(16, "old") == 10.8  # (.8 * 16G) - 2G
    assert lfarea_limit_gb(16, "new") == 9.6  # .8 * (16G - 4G)


def test_example_statement_on_16g_prompts():
    a = assess_lfarea(EXAMPLE, 16)
    assert a.form == "new" and a.limit_gb == 9.6
    assert (a.pages_1m, a.minimum_pages_1m) == (1228, 1228)  # 10% of 12G, whole 1 MB pages
    assert (a.pages_2g, a.minimum_pages_2g) == (12, 10)
    assert a.requested_2g_gb == 24 and a.minimum_total_gb == pytest.approx(21.2, abs=0.01)
    assert not a.fits_at_target and not a.satisfiable
    assert a.ipl_outcome == "prompt"
    assert a.ipl_message_ids == ["IAR043I", "IAR047I", "IEA341A"]
    assert (a.reserved_pages_1m, a.reserved_pages_2g) == (None, None)
    assert CITE_FORMS in a.citations and CITE_PROMPT in a.citations


def test_example_statement_with_noprompt_reserves_zero_pages():
    a = assess_lfarea("LFAREA=(1M=(10%),2G=(12,10),NOPROMPT)", 16)
    assert a.ipl_outcome == "zero-pages" and not a.satisfiable
    assert (a.reserved_pages_1m, a.reserved_pages_2g) == (0, 0)
    assert "IAR048I" in a.ipl_message_ids


def test_old_form_over_the_limit_always_prompts():
    a = assess_lfarea("LFAREA=11G", 16)
    assert a.limit_gb == 10.8 and a.ipl_outcome == "prompt"
    assert a.citations[0] == CITE_FORMS and CITE_PROMPT not in a.citations


# --- boundaries --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "statement, online, fits",
    [
        ("LFAREA=(1M=4096)", 9, True),  # new form, 9G: 0.8 * 5G = 4096M
        ("LFAREA=(1M=4097)", 9, False),
        ("LFAREA=(2G=2)", 9, True),
        ("LFAREA=(1M=1,2G=2)", 9, False),
        ("LFAREA=(1M=(80%))", 16, True),  # 9830 pages under 9830.4M
        ("LFAREA=6144M", 10, True),  # old form, 10G: 8G - 2G = 6144M
        ("LFAREA=6145M", 10, False),
        ("LFAREA=6G", 10, True),
        ("LFAREA=80%", 10, True),  # 80% is the limit itself
        ("LFAREA=(1M=0)", 4, True),  # limit is zero at 4G online (new form)
        ("LFAREA=(1M=1)", 4, False),
        ("LFAREA=1M", 2, False),  # 0.8 * 2G - 2G < 0: limit zero
    ],
)
def test_limit_boundary(statement, online, fits):
    a = assess_lfarea(statement, online)
    assert a.fits_at_target is fits and a.satisfiable is fits
    assert a.ipl_outcome == ("reserved" if fits else "prompt")


def test_limit_never_negative_and_online_must_be_valid():
    assert lfarea_limit_gb(3, "new") == 0 and lfarea_limit_gb(2, "old") == 0
    for bad in (-1, float("nan"), float("inf")):
        with pytest.raises(ValueError):
            lfarea_limit_gb(bad, "new")


def test_percentages_round_down_to_whole_pages():
    a = assess_lfarea("LFAREA=(2G=(10%))", 13)  # 0.1 * 9G = 0.9G: no whole 2 GB page
    assert a.pages_2g == 0 and a.ipl_message_ids[0] == "IAR042I"
    assert assess_lfarea("LFAREA=(2G=(23%))", 13).pages_2g == 1  # 2.07G
    old = assess_lfarea("LFAREA=10%", 16)  # 1.6G - 2G < 0
    assert old.pages_1m == 0 and "IAR042I" in old.ipl_message_ids


@pytest.mark.parametrize(
    "two_gb, outcome, reserved",
    [
        (12, "reserved", (24576, 12)),  # 64G: limit 48G = 24576M (1M at 40%) + 12 x 2G
        (13, "reduced", (22528, 13)),  # 1M cut toward its 20% minimum
        (18, "reduced", (12288, 18)),  # 1M exactly at its minimum
        (19, "prompt", (None, None)),  # minimums no longer fit
    ],
)
def test_minimums_reduce_before_prompting(two_gb, outcome, reserved):
    a = assess_lfarea(f"LFAREA=(1M=(40%,20%),2G=({two_gb}))", 64)
    assert a.limit_gb == 48 and a.ipl_outcome == outcome
    assert (a.reserved_pages_1m, a.reserved_pages_2g) == reserved


# --- properties --------------------------------------------------------------------------------

LFAREA_CHARS = "LFAREAlfarea=()%,0123456789MGTmgtPROMPTNO \t\n\r-.Xß"


@settings(max_examples=400)
@given(st.one_of(st.text(), st.text(alphabet=LFAREA_CHARS)), st.floats(min_value=0, max_value=1e6, allow_nan=False))
def test_random_text_only_raises_lfarea_syntax_error(text, online):
    try:
        assess_lfarea(text, online)
    except LfareaSyntaxError as e:
        assert e.reason in REASONS
        assert 1 <= e.column <= len(e.statement) + 1


def _case(draw, word):
    return "".join(c.lower() if draw(st.booleans()) else c for c in word)


@st.composite
def old_statements(draw):
    unit = draw(st.sampled_from("%MGT"))
    value = draw(st.integers(0, 80 if unit == "%" else 10 ** {"M": 6, "G": 6, "T": 5}[unit] - 1))
    body = f"{value}{_case(draw, unit)}"
    body = f"({body})" if draw(st.booleans()) else body
    return _case(draw, draw(st.sampled_from(["", "LFAREA="]))) + body, value, unit


@st.composite
def new_statements(draw):
    expected, items, budget = {}, [], 80
    for key in draw(st.lists(st.sampled_from(["1M", "2G"]), unique=True)):
        percent = draw(st.booleans())
        target = draw(st.integers(0, 80 if percent else 9_999_999))
        minimum = draw(st.none() | st.integers(0, min(target, budget) if percent else target))
        if percent and minimum is None:
            target = min(target, budget)
        if percent:
            budget -= target if minimum is None else minimum
        unit, suffix = ("%", "%") if percent else (f"{key} pages", "")
        if minimum is not None:
            req = f"({target}{suffix},{minimum}{suffix})"
        else:
            req = f"({target}{suffix})" if draw(st.booleans()) else f"{target}{suffix}"
        items.append(f"{_case(draw, key)}={req}")
        expected[key] = (target, None if minimum is None else minimum, unit)
    prompt = draw(st.sampled_from([None, "PROMPT", "NOPROMPT"]))
    if prompt or not items:
        items.append(_case(draw, prompt or "PROMPT"))
    items = draw(st.permutations(items))
    separators = [draw(st.sampled_from([",", ",  continued here\n   "])) for _ in items[1:]]
    body = items[0] + "".join(s + i for s, i in zip(separators, items[1:], strict=False))
    return _case(draw, draw(st.sampled_from(["", "LFAREA="]))) + f"({body})", expected, prompt != "NOPROMPT"


@given(old_statements())
def test_old_form_round_trip(case):
    statement, value, unit = case
    assert parse_lfarea(statement).one_mb.target == Amount(value=value, unit=unit)


@given(new_statements(), st.floats(min_value=0, max_value=1e5, allow_nan=False))
def test_new_form_round_trip_and_assessment_invariants(case, online):
    statement, expected, prompt = case
    request = parse_lfarea(statement)
    assert request.form == "new" and request.prompt is prompt
    for key, req in (("1M", request.one_mb), ("2G", request.two_gb)):
        if key not in expected:
            assert req is None
            continue
        target, minimum, unit = expected[key]
        assert req.target == Amount(value=target, unit=unit)
        assert req.minimum == (None if minimum is None else Amount(value=minimum, unit=unit))
    a = assess_lfarea(statement, online)
    assert a.minimum_pages_1m <= a.pages_1m and a.minimum_pages_2g <= a.pages_2g
    if a.satisfiable:
        assert a.minimum_pages_1m <= a.reserved_pages_1m <= a.pages_1m
        assert a.minimum_pages_2g <= a.reserved_pages_2g <= a.pages_2g
        assert a.reserved_pages_1m + 2048 * a.reserved_pages_2g <= a.limit_gb * 1024 + 1e-6
    else:
        assert a.ipl_outcome == ("prompt" if prompt else "zero-pages")


# --- command line ------------------------------------------------------------------------------


def test_cli_text():
    result = runner.invoke(app, ["calc", "lfarea", EXAMPLE, "--online-gb", "16"])
    assert result.exit_code == 0
    for expected in (
        "system limit  9.6 GB",
        "fits          no",
        "prompt",
        "IAR043I",
        SOURCE,
        "Externals: Configuration & Setup",
    ):
        assert expected in result.output


def test_cli_json_is_the_model():
    result = runner.invoke(app, ["calc", "lfarea", "LFAREA=10G", "--online-gb", "16", "--format", "json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data == json.loads(assess_lfarea("LFAREA=10G", 16).model_dump_json())
    assert data["limit_gb"] == 10.8 and data["satisfiable"] and data["pages_1m"] == 10240


def test_cli_syntax_error_shows_reason_and_caret():
    result = runner.invoke(app, ["calc", "lfarea", "LFAREA=(1M=(10,20))", "--online-gb", "16"])
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert "IAR046I" in lines[0] and "minimum-above-target" in lines[0]
    assert lines[1] == "  LFAREA=(1M=(10,20))"
    assert lines[2].index("^") == 2 + 15


def test_cli_syntax_error_json():
    result = runner.invoke(app, ["calc", "lfarea", "LFAREA=100", "--online-gb", "16", "--format", "json"])
    assert result.exit_code == 2
    error = json.loads(result.stdout)["error"]  # the problem the API answers: name, detail, paths, the LFAREA error
    assert error["error"] == "lfarea-syntax" and error["errors"][0]["path"] == "$.statement"
    lfarea = error["lfarea"]
    assert (lfarea["message_id"], lfarea["reason"], lfarea["column"]) == ("IAR046I", "missing-multiplier", 11)


def test_cli_rejects_negative_storage():
    assert runner.invoke(app, ["calc", "lfarea", "10G", "--online-gb", "-1"]).exit_code == 2
