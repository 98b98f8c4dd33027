"""Commands the seeds do not show, on samples written from the documented formats."""

from __future__ import annotations

from advisor.parsers import (
    amepat,
    ieasys,
    kctune,
    lparstat_i,
    lsattr,
    lscpu,
    lsdev_adapter,
    machinfo,
    oslevel,
    prtconf,
    ps_z,
    svmon_g,
    virtstor,
    vmo_l,
    vmo_o,
    vmstat,
)
from tests.parsers.parser_samples import load


def test_lparstat_i_old_aix_level_stops_at_unallocated_weight() -> None:
    result = lparstat_i.parse(load("lparstat_i.aix53.synthetic.txt"))
    assert result.data == {
        "node_name": "sapdb01",
        "partition_name": "sapdb01",
        "partition_number": 3,
        "type": "Dedicated-SMT",
        "mode": "Capped",
        "entitled_capacity": 4.0,
        "partition_group_id": 32771,
        "online_virtual_cpus": 4,
        "maximum_virtual_cpus": 8,
        "minimum_virtual_cpus": 1,
        "online_memory_mb": 16384,
        "maximum_memory_mb": 32768,
        "minimum_memory_mb": 1024,
        "minimum_capacity": 1.0,
        "maximum_capacity": 8.0,
        "capacity_increment": 1.0,
        "maximum_physical_cpus_in_system": 16,
        "active_physical_cpus_in_system": 16,
        "unallocated_capacity": 0.0,
        "physical_cpu_pct": 100.0,
    }
    assert [w.line_no for w in result.warnings] == [8, 15, 21, 24]


def test_lparstat_i_aix72_shared_memory_fields_and_gb_sizes() -> None:
    data = lparstat_i.parse(load("lparstat_i.aix72-ams.synthetic.txt")).data
    assert data["memory_mode"] == "Shared"
    assert data["total_io_memory_entitlement_mb"] == 77.0
    assert data["physical_memory_in_the_pool_mb"] == 64 * 1024
    assert data["hypervisor_page_size"] == "4K"
    assert data["unallocated_io_memory_entitlement_mb"] == 0.0
    assert data["memory_group_id_of_lpar"] == 32779
    assert data["online_memory_mb"] == 7168
    assert data["desired_capacity"] == 1.0
    assert data["power_saving_mode"] == "Disabled"
    assert "target_memory_expansion_factor" not in data
    assert "sub_processor_mode" not in data


def test_prtconf() -> None:
    result = prtconf.parse(load("prtconf.synthetic.txt"))
    assert result.warnings == []
    assert result.data == {
        "system_model": "IBM,9009-42A",
        "machine_serial_number": "7812345",
        "processor_type": "PowerPC_POWER9",
        "processor_implementation_mode": "POWER 9",
        "processor_version": "PV_9_Compat",
        "number_of_processors": 2,
        "processor_clock_speed_mhz": 3800,
        "cpu_type": "64-bit",
        "kernel_type": "64-bit",
        "lpar_info": "12 sapapp01",
        "lpar_number": 12,
        "lpar_name": "sapapp01",
        "memory_size_mb": 7168,
        "good_memory_size_mb": 7168,
        "platform_firmware_level": "VL950_075",
        "firmware_version": "IBM,FW950.10 (VL950_075)",
        "console_login": "enable",
        "auto_restart": True,
        "full_core": False,
        "nx_crypto_acceleration": "Capable and Enabled",
        "in_core_crypto_acceleration": "Capable, but not Enabled",
        "network": {
            "host_name": "sapapp01",
            "ip_address": "10.1.1.10",
            "sub_netmask": "255.255.255.0",
            "gateway": "10.1.1.1",
            "name_server": "10.1.1.2",
            "domain_name": "example.com",
        },
        "paging_space": {"total_mb": 512, "used_pct": 1.0},
        "model_architecture": "chrp",
        "model_implementation": "Multiple Processor, PCI bus",
    }


def test_oslevel_s() -> None:
    data = oslevel.parse(load("oslevel_s.synthetic.txt")).data
    assert data == {"oslevel": "7200-05-03-2148", "version": "7.2", "tl": 5, "sp": 3, "build": "2148"}


def test_oslevel_r_and_plain_report_what_is_missing() -> None:
    short = oslevel.parse("7100-04\n")
    assert short.data == {"oslevel": "7100-04", "version": "7.1", "tl": 4}
    assert "sp left out" in short.warnings[0].reason
    plain = oslevel.parse("7.3.0.0\n")
    assert plain.data == {"oslevel": "7.3.0.0", "version": "7.3"}
    assert plain.warnings


def test_vmo_L_with_restricted_ame_mpsize_support() -> None:
    tunables = vmo_l.parse(load("vmo_L.aix72.synthetic.txt")).data["tunables"]
    assert tunables["ame_mpsize_support"] == {
        "current": 0,
        "default": 0,
        "boot": 0,
        "min": 0,
        "max": 1,
        "unit": "boolean",
        "type": "R",
    }
    assert tunables["ame_minfree_mem"]["current"] == 8 * 2**20
    assert tunables["ame_maxfree_mem"]["max"] == 16 * 2**30
    assert tunables["maxperm%"]["dependencies"] == ["minperm%", "maxclient%"]
    assert sorted(tunables) == sorted(
        [
            "ame_cpus_per_pool",
            "ame_maxfree_mem",
            "ame_min_ucpool_size",
            "ame_minfree_mem",
            "maxperm%",
            "ame_mpsize_support",
        ]
    )


def test_vmo_o() -> None:
    assert vmo_o.parse(load("vmo_o.synthetic.txt")).data == {"ame_mpsize_support": 0}


def test_ps_eZ_sap_kernel_on_64k() -> None:
    rows = ps_z.parse(load("ps_eZ.sap64k.synthetic.txt")).data["processes"]
    assert [(r["cmd"], r["tpgsz"], r["dpgsz"], r["tty"]) for r in rows] == [
        ("init", "4K", "4K", "-"),
        ("disp+work", "64K", "64K", "-"),
        ("ksh", "4K", "4K", "pts/0"),
    ]


def test_vmstat_c_samples_tell_faults_sy_from_cpu_sy() -> None:
    result = vmstat.parse(load("vmstat.c-ame.synthetic.txt"))
    assert result.data["configuration"] == {
        "lcpu": 8,
        "mem_mb": 14336,
        "tmem_mb": 3584,
        "ent": 1.0,
        "mmode": "dedicated-E",
    }
    assert result.data["samples"][0] == {
        "r": 2,
        "b": 0,
        "avm_pages": 2559816,
        "fre_pages": 173650,
        "csz_pages": 184849,
        "cfr_pages": 56020,
        "dxm_pages": 0,
        "ci": 12,
        "co": 4,
        "pi": 0,
        "po": 0,
        "in": 31,
        "sy": 6524,
        "cs": 1843,
        "us_pct": 17,
        "sy_pct": 4,
        "id_pct": 79,
        "wa_pct": 0,
        "pc": 0.24,
        "ec_pct": 24.1,
    }
    assert len(result.data["samples"]) == 2


def test_amepat_with_64k_modelling() -> None:
    result = amepat.parse(load("amepat.M-modelling.synthetic.txt"))
    data = result.data
    assert result.warnings == []
    assert data["command_flags"] == ["-M", "-P"]
    assert data["total_monitored_time_s"] == 3612
    assert data["modeled_statistics"] == {
        "page_support_64k": True,
        "page_modeling_64k": True,
        "modeled_expanded_memory_size_gb": 14.0,
        "achievable_compression_ratio": 7.1,
    }
    assert data["ame_statistics"]["deficit_memory_size_mb"]["max"] == 0
    assert data["ame_statistics"]["compression_ratio"] == {"average": 7.26, "min": 7.24, "max": 7.28}
    assert [r["expansion_factor"] for r in data["modeled_factors"] if r["current_config"]] == [2.8]
    assert data["recommendation"] == {
        "true_memory_gb": 5.0,
        "expansion_factor": 2.8,
        "memory_gain_pct": 180,
        "ame_cpu_usage_processors": 0.05,
        "peak_cpu_processors": 0.58,
    }


def test_amepat_without_modelling() -> None:
    data = amepat.parse(load("amepat.N-no-modelling.synthetic.txt")).data
    assert data["command_flags"] == ["-N"]
    assert data["system_configuration"]["active_memory_expansion"] is False
    assert "modeled_factors" not in data and "recommendation" not in data
    assert data["system_resource_statistics"]["virtual_memory_size_mb"]["max"] == 10350


def test_virtstor_zos21_with_2g_parts() -> None:
    result = virtstor.parse(load("virtstor.zos21.synthetic.txt"))
    assert result.data == {
        "message_id": "IAR019I",
        "time": "10.24.41",
        "source": "00",
        "total_lfarea_mb": 9830,
        "total_lfarea_2g_mb": 8192,
        "lfarea_available_mb": 4096,
        "lfarea_available_2g_mb": 4096,
        "lfarea_allocated_1m_mb": 5120,
        "lfarea_allocated_4k_mb": 614,
        "max_lfarea_allocated_1m_mb": 6144,
        "max_lfarea_allocated_4k_mb": 2048,
        "lfarea_allocated_pageable1m_mb": 0,
        "max_lfarea_allocated_pageable1m_mb": 0,
        "lfarea_allocated_number_of_2g_pages": 2,
        "max_lfarea_allocated_number_of_2g_pages": 3,
    }
    assert result.warnings == []


def test_ieasys_lfarea_continued_over_two_lines() -> None:
    result = ieasys.parse(load("ieasys.synthetic.txt"))
    assert result.data == {"lfarea_specified": True, "lfarea": "LFAREA=(1M=(10%),2G=(12,10))"}
    assert result.provenance["lfarea"].line_no == 6
    assert result.provenance["lfarea"].line.startswith("LFAREA=(1M=(10%),")


def test_ieasys_without_lfarea_and_with_duplicates() -> None:
    none = ieasys.parse("CLPA,\nCSA=(3000,250M),\nSQA=(12,24)\n")
    assert none.data == {"lfarea_specified": False}
    twice = ieasys.parse("CLPA,\nLFAREA=2G,\nCSA=(3000,250M),\nLFAREA=(1M=(40%)),\nSQA=(12,24)\n")
    assert twice.data == {"lfarea_specified": True, "lfarea_statements": ["LFAREA=2G", "LFAREA=(1M=(40%))"]}
    assert len(twice.warnings) == 2


def test_ieasys_unbalanced_statement_is_kept_as_written_with_a_warning() -> None:
    result = ieasys.parse("CLPA,\nLFAREA=(1M=(40%),2G=(8)\nSQA=(12,24)\n")
    assert result.data["lfarea"] == "LFAREA=(1M=(40%),2G=(8)"
    assert "unclosed" in result.warnings[0].reason


def test_ieasys_lfarea_in_comment_field_is_not_a_statement() -> None:
    result = ieasys.parse("CLPA,                  OLD LFAREA=1G\nCSA=(3000,250M),\nSQA=(12,24)\n")
    assert result.data == {"lfarea_specified": False}


def test_machinfo() -> None:
    result = machinfo.parse(load("machinfo.hpux1131.synthetic.txt"))
    assert result.warnings == []
    assert result.data == {
        "cpu": {
            "sockets": 8,
            "processor_model": "Intel(R) Itanium 2 9000 series",
            "clock_ghz": 1.6,
            "cache_mb": 24,
            "bus": "533 MT/s bus",
            "cpu_version": "C2",
            "logical_processors": 16,
            "logical_processors_per_socket": 2,
        },
        "memory_mb": 122833,
        "firmware": {"firmware_revision": "9.48", "fp_swa_driver_revision": "1.18", "bmc_firmware_revision": "1.55"},
        "platform": {
            "model": "ia64 hp server rx8640",
            "machine_id_number": "8c5f4d4e-3b2a-11dc-9d2e-a2d1c4b2e7f1",
            "machine_serial_number": "USE4711XYZ",
        },
        "os": {
            "nodename": "sd64",
            "release": "HP-UX B.11.31",
            "version": "U (unlimited-user license)",
            "machine": "ia64",
            "id_number": "2355050830",
        },
    }


def test_kctune() -> None:
    tunables = kctune.parse(load("kctune.hpux1131.synthetic.txt")).data["tunables"]
    assert tunables["numa_policy"] == {"value": 0, "expression": "Default", "changes": "Immed"}
    assert tunables["filecache_max"] == {"value": 12879659417, "expression": "10%", "changes": "Auto"}
    assert tunables["base_pagesize"] == {"value": 4, "expression": "Default"}
    assert tunables["swchunk"] == {"value": 65536, "expression": "65536"}
    assert tunables["shmmax"]["value"] == 137438953472
    assert len(tunables) == 15


def test_lscpu_lpar_with_smt() -> None:
    result = lscpu.parse(load("lscpu.s390x-lpar-smt.synthetic.txt"))
    assert result.warnings == []
    assert result.data == {
        "architecture": "s390x",
        "cpu_op_modes": "32-bit, 64-bit",
        "byte_order": "Big Endian",
        "cpus": 16,
        "online_cpus_list": "0-15",
        "threads_per_core": 2,
        "cores_per_socket": 8,
        "sockets_per_book": 3,
        "books": 4,
        "numa_nodes": 1,
        "vendor_id": "IBM/S390",
        "machine_type": "2964",
        "machine_name": "z13",
        "bogomips": 20325.0,
        "hypervisor": "PR/SM",
        "hypervisor_vendor": "IBM",
        "virtualization_type": "full",
        "dispatching_mode": "horizontal",
        "l1d_cache_kb": 128,
        "l1i_cache_kb": 96,
        "l2d_cache_kb": 2048,
        "l2i_cache_kb": 2048,
        "l3_cache_kb": 65536,
        "l4_cache_kb": 491520,
        "numa_node0_cpus": "0-15",
    }


def test_lscpu_newer_layout_under_zvm() -> None:
    data = lscpu.parse(load("lscpu.s390x-zvm-newer.synthetic.txt")).data
    assert (data["machine_type"], data["machine_name"], data["threads_per_core"]) == ("8561", "z15", 1)
    assert data["hypervisor"] == "z/VM 7.2.0"
    assert (data["l2d_cache_total_kb"], data["l2d_cache_instances"]) == (16 * 1024, 4)
    assert data["l3_cache_total_kb"] == 256 * 1024 and "l3_cache_instances" not in data
    assert not any(key.endswith("_cache_kb") for key in data)  # sums are never stored as one cache's size
    assert data["flags"][:3] == ["esan3", "zarch", "stfle"]
    assert data["drawers"] == 4


def test_lsdev_type_adapter_vios() -> None:
    adapters = lsdev_adapter.parse(load("lsdev_adapter.vios.synthetic.txt")).data["adapters"]
    assert len(adapters) == 13
    assert adapters[2] == {
        "name": "ent2",
        "status": "Available",
        "description": "10 Gigabit Ethernet-SR PCI-Express Host Bus Adapter (2514300014108c03)",
    }
    assert adapters[10]["status"] == "Defined"
    assert all("location" not in a for a in adapters)


def test_svmon_G_with_ame() -> None:
    data = svmon_g.parse(load("svmon_G.synthetic.txt")).data
    assert data["global"]["memory"] == {
        "size_pages": 3670016,
        "inuse_pages": 2420316,
        "free_pages": 1249700,
        "pin_pages": 627556,
        "virtual_pages": 1874186,
        "available_pages": 1601478,
        "mmode": "Ded-E",
    }
    assert data["global"]["pg_space"] == {"size_pages": 524288, "inuse_pages": 1012}
    assert data["segments"]["in_use"] == {"work_pages": 1874186, "pers_pages": 0, "clnt_pages": 546130}
    assert data["page_sizes"]["64K"] == {
        "inuse_pages": 28989,
        "pgsp_pages": 0,
        "pin_pages": 10954,
        "virtual_pages": 28989,
    }
    assert data["true_memory_pages"] == 2097152
    assert data["ame_pools"]["comprsd"] == {
        "cursz_pages": 451680,
        "cur_pct": 21.54,
        "tgtsz_pages": 522576,
        "tgt_pct": 24.92,
        "maxsz_pages": 1094976,
        "max_pct": 52.21,
        "cratio": 3.48,
    }
    assert data["ame"] == {"txf": 1.75, "cxf": 1.75, "dxf": 0.0, "dxm_pages": 0}


def test_svmon_G_in_mb_units() -> None:
    text = (
        "Unit: MB\n"
        "               size       inuse        free         pin     virtual  available   mmode\n"
        "memory      1024.00      607.54      416.46      211.88      600.49      421.23   Ded-E\n"
        "True Memory: 512.00\n"
        "                txf      cxf       dxf       dxm\n"
        "AME            2.00     1.94      0.06      30.0\n"
    )
    data = svmon_g.parse(text).data
    assert data["global"]["memory"]["inuse_mb"] == 607.54
    assert data["true_memory_mb"] == 512.0
    assert data["ame"] == {"txf": 2.0, "cxf": 1.94, "dxf": 0.06, "dxm_mb": 30.0}


def test_lsattr_sea_aligned_columns_with_an_empty_value() -> None:
    result = lsattr.parse(load("lsattr_sea.vios.synthetic.txt"))
    assert result.data == {
        "accounting": "disabled",
        "adapter_reset": "yes",
        "ctl_chan": "ent4",
        "gvrp": "no",
        "ha_mode": "auto",
        "jumbo_frames": "no",
        "large_receive": "no",
        "largesend": 1,
        "pvid": 1,
        "pvid_adapter": "ent3",
        "queue_size": 8192,
        "real_adapter": "ent5",
        "thread": 1,
        "virt_adapters": "ent3",
    }
    assert [w.reason for w in result.warnings] == ["netaddr: no value (empty); left out"]


def test_lsattr_virtual_ent_and_en_interface() -> None:
    ent = lsattr.parse(load("lsattr_ent.aix-virtual.synthetic.txt")).data
    assert (ent["max_buf_huge"], ent["min_buf_huge"]) == (64, 24)
    assert (ent["alt_addr"], ent["chksum_offload"]) == ("0x000000000000", "yes")
    en = lsattr.parse(load("lsattr_en.aix.synthetic.txt"))
    assert en.data == {
        "arp": "on",
        "mtu": 65390,
        "mtu_bypass": "on",
        "netaddr": "192.168.100.11",
        "netmask": "255.255.255.0",
        "rfc1323": 1,
        "state": "up",
    }
    assert len(en.warnings) == 2
