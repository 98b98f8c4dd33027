"""AME sizing calculators against the figures printed in the sources.

ibm-powervm-virtualization-redbook: 3.2 (Table 3-4, Table 3-5 and its note), 3.2.2/3.2.4/3.2.8 amepat
tables (Examples 3-2, 3-6, 3-12), 3.2.7 (Table 3-7).
ibm-aix-ame64k-sap-2023: "Enabling Active Memory Expansion (AME)", "Test Iteration", Table 5, the appendix
amepat report for factor 2.0, "Overview" (AME64K availability).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from advisor.calculators import ame

# ---------------------------------------------------------------- expanded memory and gain


@pytest.mark.parametrize(
    "factor, gain_pct",
    [
        (1.0, 0),
        (1.2, 20),
        (1.4, 40),
        (1.6, 60),
        (1.8, 80),
        (2.0, 100),
        (2.5, 150),
        (3.0, 200),
        (3.5, 250),
        (4.0, 300),
        (5.0, 400),
        (10.0, 900),
    ],
)
def test_table_3_5_memory_gain_is_factor_minus_one(factor, gain_pct):
    assert ame.memory_gain_pct(factor) == pytest.approx(gain_pct)
    sizing = ame.ame_sizing(10, factor)
    assert sizing.memory_gain_pct == pytest.approx(gain_pct)
    assert sizing.memory_gain_gb == pytest.approx(10 * (factor - 1))


@pytest.mark.parametrize(
    "true_gb, factor, expanded_gb",
    [
        (7, 2.0, 14),  # 2023 guide, "Enabling Active Memory Expansion (AME)"
        (8, 1.4, 11.2),  # Redbook 3.2.4, Figure 3-8
        (8, 1.25, 10),  # Redbook Example 3-5: 8192 MB at 1.25 -> 10240 MB
        (60, 2.0, 120),  # Redbook Table 3-7, Test 1
        (40, 3.0, 120),  # Redbook Table 3-7, Test 2
        (50, 2.0, 100),  # 2023 guide, "Using AME as a safety net"
    ],
)
def test_expanded_memory_is_true_memory_times_factor(true_gb, factor, expanded_gb):
    sizing = ame.ame_sizing(true_gb, factor)
    assert sizing.expanded_memory_gb == pytest.approx(expanded_gb)
    assert sizing.citations


# ---------------------------------------------------------------- true memory for a factor (Test Iteration)

# Table 5 of the 2023 guide: 14 GB expanded throughout, true memory set in 0.25 GB steps.
TABLE_5 = [  # factor, true memory GB, memory savings %
    (1.0, 14.0, 0),
    (1.6, 8.75, 37.5),
    (2.0, 7.0, 50),
    (2.44, 5.75, 59),
    (2.8, 5.0, 64),
    (3.5, 4.0, 71),
    (3.75, 3.75, 73),
    (4.0, 3.5, 75),
    (4.35, 3.25, 77),
    (4.7, 3.0, 79),
]


@pytest.mark.parametrize("factor, true_gb, savings", TABLE_5)
def test_table_5_true_memory_and_savings(factor, true_gb, savings):
    result = ame.true_memory_for_factor(14, factor, granularity_gb=0.25)
    assert result.configured_true_memory_gb == pytest.approx(true_gb)
    assert result.resulting_expanded_memory_gb >= 14 - 1e-9
    # the guide prints the savings rounded to whole percent (37.5 % as is)
    assert round(result.memory_savings_pct, 1 if savings == 37.5 else 0) == pytest.approx(savings)


@pytest.mark.parametrize(
    "expanded_gb, rows",
    [
        # 2023 guide, appendix amepat report at 2.0 (14 GB expanded)
        (
            14,
            [(1.04, 13.5), (1.48, 9.5), (1.94, 7.25), (2.0, 7.0), (2.44, 5.75), (2.8, 5.0), (3.3, 4.25), (3.74, 3.75)],
        ),
        # Redbook Example 3-2 (8 GB)
        (
            8,
            [(1.28, 6.25), (1.4, 5.75), (1.46, 5.5), (1.53, 5.25), (1.69, 4.75), (1.78, 4.5), (1.89, 4.25), (2.0, 4.0)],
        ),
        # Redbook Example 3-6 (8 GB at 1.25 = 10 GB)
        (
            10,
            [(1.3, 7.75), (1.38, 7.25), (1.49, 6.75), (1.54, 6.5), (1.67, 6.0), (1.74, 5.75), (1.82, 5.5), (2.0, 5.0)],
        ),
        # Redbook Example 3-12 (8 GB at 1.25 = 10 GB)
        (10, [(1.03, 9.75), (1.18, 8.5), (1.34, 7.5), (1.54, 6.5), (1.67, 6.0), (1.82, 5.5), (2.0, 5.0)]),
    ],
)
def test_amepat_modelled_true_memory_uses_the_same_rounding(expanded_gb, rows):
    for factor, true_gb in rows:
        got = ame.true_memory_for_factor(expanded_gb, factor, granularity_gb=0.25).configured_true_memory_gb
        assert got == pytest.approx(true_gb), (expanded_gb, factor)


def test_amepat_memory_gain_in_the_report_is_against_true_memory():
    # appendix report: 3.74 on 3.75 GB -> 10.25 GB [273%] of modelled gain for 14 GB
    result = ame.true_memory_for_factor(14, 3.74, granularity_gb=0.25)
    gain_gb = 14 - result.configured_true_memory_gb
    assert gain_gb == pytest.approx(10.25)
    assert round(gain_gb / result.configured_true_memory_gb * 100) == 273


@pytest.mark.parametrize(
    "true_gb, factor, new_factor, new_true_gb",
    [
        (7, 2.0, 2.8, 5.0),  # 14 GB kept at 2.8
        (12, 2.0, 1.6, 15.0),  # 24 GB kept at 1.6 (the deficit fix: lower factor, more memory)
        (3, 4.7, 2.8, 5.036),  # from the 4.7 tipping point back into the validated range
    ],
)
def test_rebalance_keeps_expanded_memory(true_gb, factor, new_factor, new_true_gb):
    result = ame.rebalance(true_gb, factor, new_factor)
    assert result.true_memory_gb == pytest.approx(new_true_gb, abs=1e-3)
    assert result.resulting_expanded_memory_gb == pytest.approx(true_gb * factor)


@given(st.floats(min_value=0.5, max_value=4096), st.integers(min_value=100, max_value=1000))
def test_true_memory_round_trip(expanded, hundredths):
    factor = hundredths / 100
    result = ame.true_memory_for_factor(expanded, factor, granularity_gb=0.25)
    assert result.true_memory_gb * factor == pytest.approx(expanded, rel=1e-5, abs=1e-5)  # 6 decimals kept
    assert result.configured_true_memory_gb >= result.true_memory_gb - 1e-9
    assert result.configured_true_memory_gb - result.true_memory_gb < 0.25 + 1e-9


# ---------------------------------------------------------------- factor validity


@pytest.mark.parametrize(
    "factor, valid",
    [
        (1.0, True),
        (10.0, True),
        (2.44, True),
        (1.25, True),
        (3.74, True),
        (1.255, False),
        (10.01, False),
        (0.99, False),
        (12, False),
        (1.001, False),
    ],
)
def test_factor_range_and_step(factor, valid):
    assert ame.factor_valid(factor) is valid


@given(st.integers(min_value=100, max_value=1000))
def test_every_hundredth_in_range_is_valid(hundredths):
    assert ame.factor_valid(hundredths / 100)


# ---------------------------------------------------------------- AIX levels and AME64K


@pytest.mark.parametrize("version, tl, level", [("7.2", 1, 7201), ("6.1", 8, 6108), ("7.1", 2, 7102), ("7.3", 1, 7301)])
def test_aix_level(version, tl, level):
    assert ame.aix_level(version, tl) == level


@pytest.mark.parametrize("version, tl", [("7", 1), ("seven", 1), ("7.2", -1), ("7.2", 100)])
def test_aix_level_rejects_nonsense(version, tl):
    with pytest.raises(ValueError):
        ame.aix_level(version, tl)


@pytest.mark.parametrize(
    "processor, version, tl, available, default",
    [
        ("POWER8", "7.2", 1, True, False),
        ("POWER8", "7.2", 0, False, False),
        ("POWER9", "7.2", 4, True, False),  # the guide's POWER9 test LPAR
        ("POWER10", "7.3", 1, True, True),  # the guide's POWER10 test LPAR: AME64K by default
        ("POWER10", "7.2", 5, True, False),
        ("POWER7+", "7.2", 5, False, False),  # the Redbook's "do not compress 64K pages" applies
        ("POWER7", "7.1", 3, False, False),
        ("POWER6", "7.3", 1, False, False),
    ],
)
def test_ame64k_availability(processor, version, tl, available, default):
    level = ame.aix_level(version, tl)
    assert ame.ame64k_available(processor, level) is available
    assert ame.ame64k_default(processor, level) is default


# ---------------------------------------------------------------- deficit


def test_deficit_at_factor_4_7():
    # Table 5 / appendix: 3.0 GB at 4.7 (14.1 GB), 1645 MB deficit
    est = ame.deficit_free_estimate(3.0, 4.7, 1645)
    assert est.expanded_memory_gb == pytest.approx(14.1)
    assert est.achieved_factor == pytest.approx((14.1 * 1024 - 1645) / 3072, abs=1e-4)
    assert est.true_memory_gb == pytest.approx(14.1 / est.achieved_factor, abs=1e-3)
    # the estimate is a floor: the guide's 4.35 on 3.25 GB ran without a deficit, close to it
    assert 3.25 < est.true_memory_gb < 3.5


def test_deficit_in_redbook_example_3_14():
    # 1 GB at 8.00 with a 6239 MB deficit: AME reached less than 2
    est = ame.deficit_free_estimate(1.0, 8.0, 6239)
    assert est.achieved_factor == pytest.approx((8192 - 6239) / 1024, abs=1e-4)
    assert est.true_memory_gb > 3.5  # amepat's next advice, 3.5 GB at 2.29, still sat below it


def test_no_deficit_changes_nothing():
    est = ame.deficit_free_estimate(7.0, 2.0, 0)
    assert (est.achieved_factor, est.true_memory_gb) == (2.0, 7.0)


@pytest.mark.parametrize("true_gb, factor, deficit", [(1, 2.0, 2048), (0, 2.0, 1), (1, 0, 1), (1, 2.0, -1)])
def test_impossible_deficits(true_gb, factor, deficit):
    with pytest.raises(ValueError):
        ame.deficit_free_estimate(true_gb, factor, deficit)


@pytest.mark.parametrize(
    "call",
    [
        lambda: ame.ame_sizing(-1, 2.0),
        lambda: ame.ame_sizing(8, float("nan")),
        lambda: ame.true_memory_for_factor(14, 0),
        lambda: ame.true_memory_for_factor(14, 2.0, granularity_gb=0),
        lambda: ame.memory_gain_pct(float("inf")),
    ],
)
def test_invalid_inputs(call):
    with pytest.raises(ValueError):
        call()


@given(
    st.one_of(st.floats(), st.integers(-10, 10**6)),
    st.one_of(st.floats(), st.sampled_from([0, 1, 2.0, 4.7, 1e-300, 1e300])),
)
def test_plain_values_equal_the_models_fields(true_gb, factor):
    """derive reads expanded_gb and true_memory_gb_for_factor instead of building the models (issue
    18): the same number, or the same error, for ordinary and extreme inputs."""

    def outcome(call):
        try:
            return call()
        except ValueError as exc:
            return str(exc)

    assert outcome(lambda: ame.expanded_gb(true_gb, factor)) == outcome(
        lambda: ame.ame_sizing(true_gb, factor).expanded_memory_gb
    )
    assert outcome(lambda: ame.true_memory_gb_for_factor(true_gb, factor)) == outcome(
        lambda: ame.true_memory_for_factor(true_gb, factor).true_memory_gb
    )
