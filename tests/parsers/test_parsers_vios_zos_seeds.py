"""Every value of the VIOS, network, topas and z/OS outputs in the seed documents."""

from __future__ import annotations

import pytest

from advisor.parsers import ioslevel, lsdev_adapter, lsdev_disk, lslpp_l, netstat_v, topas, virtstor
from tests.parsers.parser_samples import load


def test_ioslevel_redbook_example_3_23() -> None:
    assert ioslevel.parse(load("ioslevel.s2.txt")).data == {"ioslevel": "2.2.2.0", "ioslevel_parts": [2, 2, 2, 0]}


@pytest.mark.parametrize(
    ("name", "description"),
    [("lsdev_disk.s2-generic.txt", "MPIO Other FC SCSI Disk Drive"), ("lsdev_disk.s2-sddpcm.txt", "MPIO FC 2145")],
)
def test_lsdev_type_disk_redbook_examples_3_24_and_3_25(name: str, description: str) -> None:
    result = lsdev_disk.parse(load(name))
    assert result.data == {
        "disks": [{"name": f"hdisk{i}", "status": "Available", "description": description} for i in range(6)]
    }
    assert result.warnings == []


@pytest.mark.parametrize(
    ("name", "disk"),
    [
        ("lsdev_disk.s2-wpar-global.txt", ("hdisk6", "Available", "02-T1-01", "MPIO FC 2145")),
        ("lsdev_disk.s2-wpar-defined.txt", ("hdisk6", "Defined", "02-T1-01", "MPIO FC 2145")),
        ("lsdev_disk.s2-wpar-versioned.txt", ("hdisk0", "Available", "03-T1-01", "MPIO IBM 2076 FC Disk")),
    ],
)
def test_lsdev_Cc_disk_with_location_codes(name: str, disk: tuple[str, ...]) -> None:
    keys = ("name", "status", "location", "description")
    assert lsdev_disk.parse(load(name)).data == {"disks": [dict(zip(keys, disk, strict=True))]}


def test_lsdev_adapter_seed_lines() -> None:
    assert lsdev_adapter.parse(load("lsdev_adapter.s2-sea-grep.txt")).data == {
        "adapters": [{"name": "ent6", "status": "Available", "description": "Shared Ethernet Adapter"}]
    }
    assert lsdev_adapter.parse(load("lsdev_adapter.s2-wpar-npiv.txt")).data == {
        "adapters": [
            {
                "name": f"fcs{i}",
                "status": "Available",
                "location": "03-T1",
                "description": "Virtual Fibre Channel Client Adapter",
            }
            for i in (2, 3)
        ]
    }


def test_lslpp_redbook_example_3_25() -> None:
    assert lslpp_l.parse(load("lslpp_l.s2-mpio.txt")).data == {
        "filesets": [
            {
                "name": "devices.fcp.disk.ibm.mpio.rte",
                "level": "1.0.0.23",
                "state": "COMMITTED",
                "description": "IBM MPIO FCP Disk Device",
                "path": "/usr/lib/objrepos",
            }
        ]
    }
    sddpcm = {
        "name": "devices.sddpcm.61.rte",
        "level": "2.6.3.0",
        "state": "COMMITTED",
        "description": "IBM SDD PCM for AIX V61",
    }
    assert lslpp_l.parse(load("lslpp_l.s2-sddpcm.txt")).data == {
        "filesets": [{**sddpcm, "path": "/usr/lib/objrepos"}, {**sddpcm, "path": "/etc/objrepos"}]
    }
    assert lslpp_l.parse(load("lslpp_l.s2-not-installed.txt")).data == {"not_installed": ["*sddpcm*"]}


def _buffers(rows: dict[str, list[int]]) -> dict[str, dict[str, int]]:
    types = ["tiny", "small", "medium", "large", "huge"]
    return {t: {key: values[i] for key, values in rows.items()} for i, t in enumerate(types)}


def test_netstat_v_redbook_example_3_32() -> None:
    result = netstat_v.parse(load("netstat_v.s2.txt"))
    assert result.warnings == []
    assert result.data == {
        "adapters": {
            "ent0": {
                "device_type": "Virtual I/O Ethernet Adapter (l-lan)",
                "hardware_address": "52:e8:7f:a2:19:0a",
                "elapsed_time_s": 35 * 60 + 48,
                "transmit": {
                    "packets": 76773314,
                    "bytes": 4693582873534,
                    "interrupts": 0,
                    "transmit_errors": 0,
                    "packets_dropped": 0,
                    "max_packets_on_sw_transmit_queue": 0,
                    "sw_transmit_queue_overflow": 0,
                    "current_sw_hw_transmit_queue_length": 0,
                    "broadcast_packets": 14,
                    "multicast_packets": 8,
                    "no_carrier_sense": 0,
                    "dma_underrun": 0,
                    "lost_cts_errors": 0,
                    "max_collision_errors": 0,
                    "late_collision_errors": 0,
                    "deferred": 0,
                    "sqe_test": 0,
                    "timeout_errors": 0,
                    "single_collision_count": 0,
                    "multiple_collision_count": 0,
                    "current_hw_transmit_queue_length": 0,
                },
                "receive": {
                    "packets": 39046671,
                    "bytes": 45035198216,
                    "interrupts": 1449593,
                    "receive_errors": 0,
                    "packets_dropped": 8184,
                    "bad_packets": 0,
                    "broadcast_packets": 4474,
                    "multicast_packets": 260,
                    "crc_errors": 0,
                    "dma_overrun": 0,
                    "alignment_errors": 0,
                    "no_resource_errors": 8184,
                    "receive_collision_errors": 0,
                    "packet_too_short_errors": 0,
                    "packet_too_long_errors": 0,
                    "packets_discarded_by_adapter": 0,
                    "receiver_start_count": 0,
                },
                "general": {
                    "no_mbuf_errors": 0,
                    "adapter_reset_count": 0,
                    "adapter_data_rate_mbps": 20000,
                    "driver_flags": [
                        "Up",
                        "Broadcast",
                        "Running",
                        "Simplex",
                        "64BitSupport",
                        "ChecksumOffload",
                        "DataRateSet",
                    ],
                },
                "specific": {
                    "type": "Virtual I/O Ethernet Adapter (l-lan)",
                    "rq_length": 4481,
                    "trunk_adapter": False,
                    "filter_mcast_mode": False,
                    "filters": 255,
                    "enabled": 2,
                    "queued": 0,
                    "overflow": 0,
                    "lan_state": "Operational",
                    "hypervisor_send_failures": 2090,
                    "receiver_failures": 2090,
                    "send_errors": 0,
                    "hypervisor_receive_failures": 8184,
                    "invalid_vlan_id_packets": 0,
                    "illan_attributes": "0000000000003002 [0000000000003002]",
                    "port_vlan_id": 1,
                    "vlan_tag_ids": "None",
                    "switch_id": "ETHERNET0",
                },
                "hypervisor_information": {
                    "virtual_memory_total_kb": 79,
                    "io_memory_vrm_minimum_kb": 100,
                    "io_memory_vrm_desired_kb": 100,
                    "io_memory_dma_max_min_kb": 128,
                },
                "transmit_buffers": {
                    "buffer_size": 65536,
                    "buffers": 32,
                    "no_buffers": 0,
                    "virtual_memory_total_kb": 2048,
                    "io_memory_vrm_minimum_kb": 2176,
                    "io_memory_vrm_desired_kb": 16384,
                    "io_memory_dma_max_min_kb": 16384,
                },
                "receive_buffers": _buffers(
                    {
                        "min_buffers": [512, 512, 128, 24, 24],
                        "max_buffers": [2048, 2048, 256, 64, 64],
                        "allocated": [512, 512, 156, 24, 64],
                        "registered": [511, 512, 127, 24, 18],
                        "max_allocated": [512, 512, 165, 24, 64],
                        "lowest_registered": [511, 510, 123, 22, 12],
                        "virtual_memory_minimum_kb": [256, 1024, 2048, 768, 1536],
                        "virtual_memory_maximum_kb": [1024, 4096, 4096, 2048, 4096],
                        "io_memory_vrm_minimum_kb": [4096, 4096, 2560, 864, 1632],
                        "io_memory_vrm_desired_kb": [16384, 16384, 5120, 2304, 4352],
                        "io_memory_dma_max_min_kb": [16384, 16384, 8192, 4096, 8192],
                    }
                ),
                "io_memory_information": {
                    "total_vrm_minimum_kb": 15524,
                    "total_vrm_desired_kb": 61028,
                    "total_dma_max_min_kb": 69760,
                },
            }
        }
    }


def test_topas_sap_guide_panel() -> None:
    result = topas.parse(load("topas.s1.txt"))
    assert result.warnings == []
    processes = [
        ("disp+wor", 10224032, 4.5, 75.5, "b13adm"),
        ("disp+wor", 12124628, 3.1, 77.1, "b13adm"),
        ("disp+wor", 12583228, 3.0, 76.6, "b13adm"),
        ("cmemd", 655640, 2.0, 704 / 1024, "root"),
        ("disp+wor", 9765296, 1.5, 81.0, "b13adm"),
        ("disp+wor", 9437670, 1.4, 72.4, "b13adm"),
        ("lrud", 131336, 1.4, 0.5, "root"),
        ("disp+wor", 10289602, 0.8, 47.9, "b13adm"),
        ("disp+wor", 9568564, 0.8, 47.8, "b13adm"),
        ("disp+wor", 9306584, 0.6, 75.6, "b13adm"),
        ("disp+wor", 9175394, 0.5, 49.5, "b13adm"),
    ]
    assert result.data == {
        "host": "ibmserver2",
        "interval_s": 2,
        "date": "Thu Mar 9 16:57:47 2023",
        "events": {
            "cswitch": "3841",
            "syscall": "6791",
            "reads": "0",
            "writes": "177",
            "forks": "0",
            "execs": "0",
            "runqueue": 1.0,
            "waitqueue": 0.0,
        },
        "file_tty": {
            "readch": "373",
            "writch": "244.7K",
            "rawin": "0",
            "ttyout": "373",
            "igets": "0",
            "namei": "3",
            "dirblk": "0",
        },
        "cpu": {"user_pct": 17.6, "kern_pct": 4.9, "wait_pct": 0.3, "idle_pct": 77.2},
        "network": {"bps": "1.30M", "i_pkts": "1.28K", "o_pkts": "1.08K", "b_in": "607K", "b_out": "727K"},
        "disk": {"busy_pct": 0.0, "bps": "0", "tps": "0", "b_read": "0", "b_writ": "0"},
        "filesystem": {"bps": "224K", "tps": "434.5", "b_read": "185K", "b_writ": "39.0K"},
        "memory": {"real_mb": 14336, "comp_pct": 52, "noncomp_pct": 0, "client_pct": 0},
        "paging": {
            "faults": "8596",
            "steals": "4749",
            "pgspin": "0",
            "pgspout": "0",
            "pagein": "0",
            "pageout": "0",
            "sios": "0",
        },
        "paging_space": {"size_mb": 2048, "used_pct": 10, "free_pct": 90},
        "wpar": {"active": 0, "total": 0},
        "ame": {
            "tmem_mb": 3584.0,
            "cmem_mb": 722.16,
            "target_expansion_factor": 4.0,
            "actual_expansion_factor": 4.0,
            "ci": "4.66K",
            "co": "4.58K",
        },
        "processes": [dict(zip(("name", "pid", "cpu_pct", "pgsp_mb", "owner"), p, strict=True)) for p in processes],
    }
    assert result.provenance["ame.target_expansion_factor"].line_no == 23


def test_d_virtstor_lfarea_share_2014() -> None:
    result = virtstor.parse(load("virtstor.s4.txt"))
    assert result.data == {
        "message_id": "IAR019I",
        "time": "14.37.22",
        "source": "WE",
        "total_lfarea_mb": 64,
        "lfarea_available_mb": 32,
        "lfarea_allocated_1m_mb": 16,
        "lfarea_allocated_4k_mb": 4,
        "lfarea_allocated_pageable1m_mb": 12,
        "max_lfarea_allocated_1m_mb": 62,
        "max_lfarea_allocated_4k_mb": 5,
        "max_lfarea_allocated_pageable1m_mb": 14,
    }
    assert result.warnings == []
