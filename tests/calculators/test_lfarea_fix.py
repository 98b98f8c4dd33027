"""Suggested LFAREA statements (built on advisor.calculators.lfarea; ibm-zos-large-memory-share-2014)."""

import pytest

from advisor.calculators.lfarea import assess_lfarea
from advisor.calculators.lfarea_fix import db2_statement, fitting_statement


@pytest.mark.parametrize(
    "statement, online, suggestion",
    [
        ("LFAREA=(1M=(10%),2G=(12,10))", 16, "LFAREA=(1M=(10%),2G=(4))"),  # the session's 16G example
        ("LFAREA=12G", 16, "LFAREA=11059M"),  # old form: 10.8G limit
        ("LFAREA=(2G=(5),NOPROMPT)", 16, "LFAREA=(2G=(4),NOPROMPT)"),
        ("LFAREA=(1M=(20000))", 16, "LFAREA=(1M=(9830))"),
        ("LFAREA=(1M=(9000),2G=(2))", 16, "LFAREA=(1M=(9000))"),
    ],
)
def test_fitting_statement(statement, online, suggestion):
    a = assess_lfarea(statement, online)
    assert not a.fits_at_target
    assert fitting_statement(a) == suggestion
    assert assess_lfarea(suggestion, online).fits_at_target


def test_no_suggestion_when_it_fits():
    assert fitting_statement(assess_lfarea("LFAREA=(1M=(80%))", 16)) is None


@pytest.mark.parametrize(
    "one, two, statement",
    [
        (40, 0, "LFAREA=(1M=(40960))"),
        (0, 20, "LFAREA=(2G=(10))"),
        (0, 3, "LFAREA=(2G=(2))"),
        (0.5, 4, "LFAREA=(1M=(512),2G=(2))"),
        (0, 0, None),
    ],
)
def test_db2_statement(one, two, statement):
    assert db2_statement(one, two) == statement
