"""VIOS memory (Redbook 3.5.2) and CLM sizing (HP KOD) calculators."""

import pytest

from advisor.calculators.clm import clm_sizing
from advisor.calculators.vios_memory import vios_memory_requirement


def test_contract_vios_needs_6940_mb():
    r = vios_memory_requirement(
        32,
        lhea=0,
        lhea_ports=0,
        eth_1g_ports=2,
        eth_10g_ports=2,
        fc_8g_ports=4,
        npiv_vfc_adapters=20,
        virtual_eth_adapters=6,
    )
    # 768 + 2x102 + 2x512 + 4x512 + 20x140 + 6x16
    assert r.adapters_mb == 6940 and r.base_mb == 4096 and r.required_mb == 6940
    assert r.breakdown_mb["npiv_vfc_adapters"] == 2800
    assert r.citations[0].section == "3.5.2 VIOS memory assignment"


@pytest.mark.parametrize("cores,base", [(1, 2048), (16, 2048), (17, 2176), (32, 4096), (33, 4224), (64, 8192)])
def test_base_counts_started_blocks_of_16_cores(cores, base):
    assert vios_memory_requirement(cores).base_mb == base


def test_base_wins_for_a_big_machine_with_few_adapters():
    r = vios_memory_requirement(64, eth_1g_ports=2)
    assert r.adapters_mb == 768 + 204 and r.required_mb == 8192


def test_lhea_and_its_ports():
    assert vios_memory_requirement(16, lhea=2, lhea_ports=4).adapters_mb == 768 + 1024 + 408


def test_unknown_adapter_kind_is_an_error():
    with pytest.raises(ValueError, match="fc_16g_ports"):
        vios_memory_requirement(16, fc_16g_ports=2)


def test_clm_needs_shared_memory_plus_ten_percent():
    s = clm_sizing(memory_gb=128, clm_pct=10, sap_shared_memory_gb=20)
    assert s.clm_gb == 12.8 and s.floor_gb == 12.8 and s.needed_gb == 32.8 and s.shortfall_gb == 20.0
    assert clm_sizing(128, 30, 20).shortfall_gb == 0.0
