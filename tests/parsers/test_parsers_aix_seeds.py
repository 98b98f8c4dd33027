"""Every value the seed documents show for AIX partition commands, read back exactly."""

from __future__ import annotations

import pytest

from advisor.parsers import lparstat_c, lparstat_i, lsattr, ps_z, schedo, vmo_l, vmstat, vmstat_s, vmstat_v
from tests.parsers.parser_samples import load


def table(columns: str, block: str) -> list[dict[str, float]]:
    return [dict(zip(columns.split(), map(float, row.split()), strict=True)) for row in block.strip().splitlines()]


def test_lparstat_i_redbook_example_3_5() -> None:
    result = lparstat_i.parse(load("lparstat_i.s2.txt"))
    assert result.data == {
        "node_name": "aix1",
        "partition_name": "750_2_AIX1",
        "partition_number": 20,
        "type": "Shared-SMT-4",
        "mode": "Uncapped",
        "entitled_capacity": 2.0,
        "partition_group_id": 32788,
        "shared_pool_id": 0,
        "online_virtual_cpus": 4,
        "maximum_virtual_cpus": 8,
        "minimum_virtual_cpus": 1,
        "online_memory_mb": 8192,
        "maximum_memory_mb": 16384,
        "minimum_memory_mb": 4096,
        "variable_capacity_weight": 128,
        "minimum_capacity": 0.5,
        "maximum_capacity": 8.0,
        "capacity_increment": 0.01,
        "maximum_physical_cpus_in_system": 16,
        "active_physical_cpus_in_system": 16,
        "active_cpus_in_pool": 16,
        "shared_physical_cpus_in_system": 16,
        "maximum_capacity_of_pool": 1600,
        "entitled_capacity_of_pool": 1000,
        "unallocated_capacity": 0.0,
        "physical_cpu_pct": 50.0,
        "unallocated_weight": 0,
        "memory_mode": "Dedicated-Expanded",
        "desired_virtual_cpus": 4,
        "desired_memory_mb": 8192,
        "desired_variable_capacity_weight": 128,
        "desired_capacity": 2.0,
        "target_memory_expansion_factor": 1.25,
        "target_memory_expansion_size_mb": 10240,
        "power_saving_mode": "Disabled",
    }
    unset = [w.line.split(":")[0].strip() for w in result.warnings]
    assert unset == [
        "Total I/O Memory Entitlement",
        "Variable Memory Capacity Weight",
        "Memory Pool ID",
        "Physical Memory in the Pool",
        "Hypervisor Page Size",
        "Unallocated Variable Memory Capacity Weight",
        "Unallocated I/O Memory entitlement",
        "Memory Group ID of LPAR",
    ]
    assert all("no value" in w.reason for w in result.warnings)
    assert result.provenance["target_memory_expansion_factor"].line_no == 41
    assert result.provenance["target_memory_expansion_factor"].line == "Target Memory Expansion Factor : 1.25"


def test_lparstat_c_sap_guide_sample() -> None:
    result = lparstat_c.parse(load("lparstat_c.s1.txt"))
    assert result.data == {
        "configuration": {
            "type": "Dedicated",
            "mode": "Capped",
            "mmode": "Ded-E",
            "smt": 8,
            "lcpu": 8,
            "mem_mb": 14336,
            "tmem_mb": 3584,
        },
        "ame_enabled": True,
        "samples": table(
            "user_pct sys_pct wait_pct idle_pct xcpu_pct xphysc dxm_mb",
            """
            16.9 4.0 0.2 78.9 4.0 0.0397 0
            16.7 4.1 0.2 79.1 3.7 0.0373 0
            15.5 3.6 0.2 80.6 3.6 0.0360 0
            15.6 4.0 0.2 80.2 3.7 0.0374 0
            14.4 3.5 0.1 82.1 3.5 0.0346 0
            """,
        ),
    }
    assert result.warnings == []


def test_lparstat_c_redbook_example_3_9() -> None:
    result = lparstat_c.parse(load("lparstat_c.s2.txt"))
    assert result.data == {
        "configuration": {
            "type": "Shared",
            "mode": "Uncapped",
            "mmode": "Ded-E",
            "smt": 4,
            "lcpu": 64,
            "mem_mb": 14336,
            "tmem_mb": 8192,
            "psize": 7,
            "ent": 2.0,
        },
        "ame_enabled": True,
        "samples": table(
            "user_pct sys_pct wait_pct idle_pct physc entc_pct lbusy_pct app vcsw phint xcpu_pct xphysc dxm_mb",
            """
            66.3 13.4 8.8 11.5 5.10 255.1 19.9 0.00 18716 6078 1.3 0.0688 0
            68.5 12.7 10.7 8.0 4.91 245.5 18.7 0.00 17233 6666 2.3 0.1142 0
            69.7 13.2 13.1 4.1 4.59 229.5 16.2 0.00 15962 8267 1.0 0.0481 0
            73.8 14.7 9.2 2.3 4.03 201.7 34.6 0.00 19905 5135 0.5 0.0206 0
            73.5 15.9 7.9 2.8 4.09 204.6 28.7 0.00 20866 5808 0.3 0.0138 0
            """,
        ),
    }
    assert result.warnings == []


def test_lparstat_c_refusal_without_ame_is_a_fact() -> None:
    result = lparstat_c.parse(load("lparstat_c.s1-no-ame.txt"))
    assert result.data == {"ame_enabled": False}
    assert result.provenance["ame_enabled"].line_no == 1


def test_vmstat_vc_redbook_example_3_11() -> None:
    result = vmstat_v.parse(load("vmstat_vc.s2.txt"))
    assert result.data == {
        "memory_pages": 3670016,
        "lruable_pages": 1879459,
        "free_pages": 880769,
        "memory_pools": 8,
        "pinned_pages": 521245,
        "maxpin_pct": 95.0,
        "minperm_pct": 3.0,
        "maxperm_pct": 80.0,
        "numperm_pct": 1.8,
        "file_pages": 33976,
        "compressed_pct": 0.0,
        "compressed_pages": 0,
        "numclient_pct": 1.8,
        "maxclient_pct": 80.0,
        "client_pages": 33976,
        "remote_pageouts_scheduled": 0,
        "pending_disk_ios_blocked_with_no_pbuf": 0,
        "paging_space_ios_blocked_with_no_psbuf": 1749365,
        "filesystem_ios_blocked_with_no_fsbuf": 1972,
        "client_filesystem_ios_blocked_with_no_fsbuf": 1278,
        "external_pager_filesystem_ios_blocked_with_no_fsbuf": 0,
        "compressed_pool_size_pages": 500963,
        "true_memory_used_for_compressed_pool_pct": 23.9,
        "free_pages_in_compressed_pool": 61759,
        "target_memory_expansion_factor": 1.8,
        "achieved_memory_expansion_factor": 1.8,
        "memory_used_for_computational_pages_pct": 75.1,
    }
    assert result.warnings == []


def test_vmstat_sc_redbook_example_3_10() -> None:
    result = vmstat_s.parse(load("vmstat_sc.s2.txt"))
    assert result.data == {
        "total_address_trans_faults": 5030471,
        "page_ins": 72972,
        "page_outs": 24093,
        "paging_space_page_ins": 0,
        "paging_space_page_outs": 0,
        "total_reclaims": 0,
        "zero_filled_pages_faults": 3142095,
        "executable_filled_pages_faults": 66304,
        "pages_examined_by_clock": 0,
        "revolutions_of_the_clock_hand": 0,
        "pages_freed_by_the_clock": 0,
        "backtracks": 132320,
        "free_frame_waits": 0,
        "extend_xpt_waits": 0,
        "pending_io_waits": 23331,
        "start_ios": 97065,
        "iodones": 42771,
        "cpu_context_switches": 88835665,
        "device_interrupts": 253502,
        "software_interrupts": 4793806,
        "decrementer_interrupts": 92808260,
        "mpc_sent_interrupts": 68395,
        "mpc_receive_interrupts": 68395,
        "phantom_interrupts": 528426,
        "traps": 0,
        "syscalls": 85759689,
        "compressed_pool_page_ins": 0,
        "compressed_pool_page_outs": 0,
    }


def test_vmstat_banner_redbook_example_3_7() -> None:
    result = vmstat.parse(load("vmstat.s2-grep.txt"))
    assert result.data == {"configuration": {"lcpu": 16, "mem_mb": 10240, "ent": 2.0}}


def test_lsattr_mem0_redbook_example_3_7() -> None:
    result = lsattr.parse(load("lsattr_mem0.s2.txt"))
    assert result.data == {"goodsize_mb": 7424, "mem_exp_factor": 1.38, "size_mb": 7424}
    assert [(w.line_no, w.reason) for w in result.warnings] == [
        (1, "ent_mem_cap_kb: no value (empty); left out"),
        (5, "var_mem_weight: no value (empty); left out"),
    ]


def test_lsattr_sea_accounting_redbook_example_3_36() -> None:
    assert lsattr.parse(load("lsattr.s2-sea-accounting.txt")).data == {"accounting": "enabled"}


def test_lsattr_etherchannel_excerpt_without_settable_column() -> None:
    result = lsattr.parse(load("lsattr.s2-etherchannel.txt"))
    assert result.data == {"adapter_names": "ent0,ent1,ent4,ent6", "hash_mode": "default", "mode": "8023ad"}
    assert result.warnings == []


@pytest.mark.parametrize(
    ("name", "tunable", "expected"),
    [
        (
            "vmo_L.s2-ame_minfree_mem.txt",
            "ame_minfree_mem",
            {
                "default": 8 * 2**20,
                "boot": 8 * 2**20,
                "min": 64 * 2**10,
                "max": 4095 * 2**20,
                "unit": "bytes",
                "type": "D",
                "dependencies": ["ame_maxfree_mem"],
            },
        ),
        (
            "vmo_L.s2-ame_maxfree_mem.txt",
            "ame_maxfree_mem",
            {
                "default": 24 * 2**20,
                "boot": 24 * 2**20,
                "min": 320 * 2**10,
                "max": 4 * 2**30,
                "unit": "bytes",
                "type": "D",
                "dependencies": ["ame_minfree_mem"],
            },
        ),
        (
            "vmo_L.s2-ame_cpus_per_pool.txt",
            "ame_cpus_per_pool",
            {"default": 8, "boot": 8, "min": 1, "max": 1024, "unit": "processors", "type": "B"},
        ),
        (
            "vmo_L.s2-ame_min_ucpool_size.txt",
            "ame_min_ucpool_size",
            {"default": 0, "boot": 0, "min": 5, "max": 95, "unit": "% memory", "type": "D"},
        ),
    ],
)
def test_vmo_L_redbook_example_3_8(name: str, tunable: str, expected: dict) -> None:
    result = vmo_l.parse(load(name))
    assert result.data == {"tunables": {tunable: expected}}
    assert [w.reason for w in result.warnings] == [f"tunables.{tunable}.current: no value (n/a); left out"]


def test_ps_eZ_sap_guide_disp_work_on_4k() -> None:
    result = ps_z.parse(load("ps_eZ.s1.txt"))
    assert result.data == {
        "processes": [
            {
                "pid": 5571064,
                "tty": "-",
                "time": "0:01",
                "dpgsz": "4K",
                "spgsz": "4K",
                "tpgsz": "4K",
                "shmpgsz": "4K",
                "cmd": "disp+work",
            }
        ]
    }


def test_schedo_vpm_fold_policy_redbook_example_3_21() -> None:
    result = schedo.parse(load("schedo.s2.txt"))
    assert result.data == {"vpm_fold_policy": 3}
    assert result.provenance["vpm_fold_policy"].line == "vpm_fold_policy = 3"
