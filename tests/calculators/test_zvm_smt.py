"""SMT support of z/VM levels and the Table 2 gains (ibm-z13-smt-sap-redp5287)."""

import pytest

from advisor.calculators.zvm_smt import TABLE2, gain, zvm_smt_support


def test_table2_gains_match_the_papers_percentages():
    smt = gain("z13", "z13-smt")
    assert (round(smt.etr_pct), round(smt.itr_pct), smt.users) == (28, 29, 616)
    vs_ec12 = gain("zEC12", "z13-smt")
    assert (round(vs_ec12.etr_pct), round(vs_ec12.itr_pct)) == (38, 41)  # "up to 40%" ITR: 40.6 by Table 2
    core = gain("zEC12", "z13")
    assert (round(core.etr_pct), round(core.itr_pct)) == (7, 9)
    assert TABLE2["z13-smt"].run_id == "S41114B2"


@pytest.mark.parametrize(
    "version, apars, supported",
    [
        ("6.3", ["VM65586"], True),
        ("6.3", ["vm65586 "], True),
        ("6.3", [], False),
        ("6.2", None, False),
        ("5.4", [], False),
        ("6.4", None, True),
        ("7.1", [], True),
    ],
)
def test_zvm_smt_support(version, apars, supported):
    assert zvm_smt_support(version, apars).supported is supported


def test_63_needs_the_apar_list():
    with pytest.raises(LookupError):
        zvm_smt_support("6.3", None)
    with pytest.raises(ValueError):
        zvm_smt_support("six", [])
