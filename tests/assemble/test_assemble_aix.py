"""AIX LPAR outputs (seed excerpts and synthetic samples) to one aix-lpar document."""

from __future__ import annotations

import pytest

from advisor.assemble import AssemblyError, assemble
from advisor.assemble.validate import to_model
from tests.assemble.helpers import build, output

# The Redbook's 750_2_AIX1 (Example 3-5 lparstat -i) with a synthetic AIX level, vmo and ps -eZ.
AIX = ("lparstat_i.s2.txt", "oslevel_s.synthetic.txt", "vmo_o.synthetic.txt", "ps_eZ.sap64k.synthetic.txt")


def test_lparstat_oslevel_vmo_ps_make_one_document_with_every_value_exact() -> None:
    assembly = build(*AIX)
    doc = assembly.document
    assert doc["kind"] == "aix-lpar" and doc["name"] == "750_2_AIX1"
    assert doc["cpu"] == {
        "mode": "shared",
        "smt": 4,
        "sharing": "uncapped",
        "entitled_capacity": 2.0,
        "virtual_processors": 4,
        "weight": 128,
        "pool_cores": 16,
    }
    assert doc["memory"] == {"desired_gb": 8.0, "max_gb": 16.0, "mode": "dedicated"}  # 8192 MB / 1024, 16384 MB / 1024
    assert doc["ame"] == {"enabled": True, "expansion_factor": 1.25, "page_support": "4K"}
    assert doc["os"] == {"version": "7.2", "tl": 5, "sp": 3}
    assert doc["workload"] == {"app_page_size": "64K"}  # disp+work runs on 64K pages
    assert assembly.conflicts == []
    model, _ = to_model(assembly, "test")
    assert model.ame.expansion_factor == 1.25 and model.memory.desired_gb == 8.0


def test_every_field_records_command_line_number_and_line() -> None:
    prov = build(*AIX).provenance
    assert prov["ame.expansion_factor"].command == "lparstat -i"
    assert prov["ame.expansion_factor"].line_no == 41
    assert prov["ame.expansion_factor"].line == "Target Memory Expansion Factor : 1.25"
    assert prov["ame.expansion_factor"].file == "lparstat_i.s2.txt"
    assert str(prov["ame.expansion_factor"]) == (
        "from lparstat -i line 41 of lparstat_i.s2.txt: Target Memory Expansion Factor : 1.25"
    )
    assert prov["memory.desired_gb"].line == "Online Memory : 8192 MB" and prov["memory.desired_gb"].note == "MB / 1024"
    assert prov["ame.page_support"].line == "ame_mpsize_support = 0"
    assert prov["os.tl"].line == "7200-05-03-2148"
    assert "disp+work" in prov["workload.app_page_size"].line
    assert set(prov) == {
        "name",
        "cpu.mode",
        "cpu.smt",
        "cpu.sharing",
        "cpu.entitled_capacity",
        "cpu.virtual_processors",
        "cpu.weight",
        "cpu.pool_cores",
        "memory.desired_gb",
        "memory.max_gb",
        "memory.mode",
        "ame.enabled",
        "ame.expansion_factor",
        "ame.page_support",
        "os.version",
        "os.tl",
        "os.sp",
        "workload.app_page_size",
    }


def test_parser_warnings_pass_through_with_file_and_line() -> None:
    warnings = build(*AIX).warnings
    hyphen = [w for w in warnings if w.line_no == 33]
    assert hyphen and hyphen[0].file == "lparstat_i.s2.txt" and hyphen[0].command == "lparstat -i"
    assert hyphen[0].line == "Hypervisor Page Size : -"


def test_expansion_factor_conflict_is_reported_with_both_sources_and_lparstat_wins() -> None:
    # Redbook Example 3-5 says 1.25 (configured); the Example 3-2 amepat report recorded 1.00 before.
    assembly = build("lparstat_i.s2.txt", "amepat.s2-ex3-2.txt")
    assert assembly.document["ame"]["expansion_factor"] == 1.25
    conflict = next(c for c in assembly.conflicts if c.path == "ame.expansion_factor")
    assert [(v.value, v.source.command, v.source.line_no) for v in conflict.values] == [
        (1.25, "lparstat -i", 41),
        (1.0, "amepat", 20),
    ]
    assert conflict.values[1].source.line.startswith("Target Memory Expansion factor")
    assert conflict.chosen == 1.25
    assert "configuration as set outranks a report recorded earlier" in conflict.resolution
    assert assembly.provenance["ame.expansion_factor"].command == "lparstat -i"


def test_outputs_of_the_same_standing_that_disagree_leave_the_field_out() -> None:
    # two amepat iterations of the 2023 guide: factor 2.0 on 7 GB, then 4.7 on 3 GB
    assembly = build("amepat.s1-factor-2.0.txt", "amepat.s1-factor-4.7.txt")
    doc = assembly.document
    assert "expansion_factor" not in doc["ame"] and "desired_gb" not in doc.get("memory", {})
    conflict = next(c for c in assembly.conflicts if c.path == "ame.expansion_factor")
    assert conflict.chosen is None and "left out" in conflict.resolution
    assert sorted(v.value for v in conflict.values) == [2.0, 4.7]
    assert doc["name"] == "ibmsvr2"  # both name the same partition: no conflict


def test_a_measured_deficit_keeps_the_worse_reading_and_reports_the_other() -> None:
    assembly = build("lparstat_c.s1.txt", "amepat.s1-factor-4.7.txt")
    assert assembly.document["ame"]["deficit_mb"] == 1645
    conflict = next(c for c in assembly.conflicts if c.path == "ame.deficit_mb")
    assert sorted(v.value for v in conflict.values) == [0, 1645] and conflict.chosen == 1645
    assert "highest" in conflict.resolution


def test_amepat_report_alone_maps_the_deficit_cpu_share_and_run_facts() -> None:
    assembly = build("amepat.s1-factor-4.7.txt")
    doc = assembly.document
    assert doc["name"] == "ibmsvr2"
    assert doc["ame"] == {"enabled": True, "expansion_factor": 4.7, "deficit_mb": 1645, "cpu_pct": 43}
    assert doc["memory"] == {"desired_gb": 3.0, "mode": "dedicated"}
    assert doc["cpu"] == {"entitled_capacity": 1.0, "smt": 8, "mode": "dedicated"}
    assert doc["amepat"] == {"modelled_64k": False, "modelling": True, "monitored_min": 9.0}
    assert doc["workload"]["peak"] == {
        "file_cache_pct": 3,
        "pinned_pct": 38,
        "physc_avg": 0.85,
        "physc_max": 0.85,
        "virtual_memory_gb": 9758 / 1024,
    }
    assert assembly.provenance["ame.deficit_mb"].line == "Deficit Memory Size (MB)\t1645 [11%]\t1633 [11%]\t1652 [12%]"


def test_amepat_with_64k_modelling_and_recommendation() -> None:
    doc = build("amepat.M-modelling.synthetic.txt").document
    assert doc["amepat"]["modelled_64k"] is True and doc["amepat"]["modelling"] is True
    assert doc["amepat"]["recommended_factor"] == 2.8
    assert build("amepat.N-no-modelling.synthetic.txt").document["amepat"]["modelling"] is False


def test_shared_partition_ame_cpu_share_is_ame_usage_over_cpu_util() -> None:
    # Example 3-2: shared uncapped, AME CPU Usage 0.00 of 1.41 processors
    doc = build("amepat.s2-ex3-2.txt").document
    assert doc["cpu"]["mode"] == "shared" and doc["cpu"]["sharing"] == "uncapped"
    assert doc["ame"]["cpu_pct"] == 0.0


def test_amepat_deficit_warning_excerpt() -> None:
    doc = build("amepat.s2-ex3-14.txt").document
    assert doc["ame"]["deficit_mb"] == 6239
    assert doc["amepat"]["recommended_factor"] == 2.29


def test_lparstat_c_samples_deficit_cpu_and_banner() -> None:
    assembly = build("lparstat_c.s2.txt", name="aix1")
    doc = assembly.document
    assert doc["ame"] == {
        "enabled": True,
        "deficit_mb": 0,
        "cpu_pct": round((1.3 + 2.3 + 1.0 + 0.5 + 0.3) / 5, 4),
        "cpu_physc": round((0.0688 + 0.1142 + 0.0481 + 0.0206 + 0.0138) / 5, 4),
    }
    assert doc["cpu"] == {"mode": "shared", "sharing": "uncapped", "smt": 4, "entitled_capacity": 2.0}
    assert doc["memory"] == {"desired_gb": 8.0}  # tmem=8192MB: true memory
    assert doc["workload"]["peak"] == {"physc_avg": round((5.1 + 4.91 + 4.59 + 4.03 + 4.09) / 5, 4), "physc_max": 5.1}
    assert "highest of 5 samples" in (assembly.provenance["ame.deficit_mb"].note or "")
    assert "mean of 5 samples, lines" in (assembly.provenance["ame.cpu_pct"].note or "")


def test_lparstat_c_without_ame() -> None:
    assert build("lparstat_c.s1-no-ame.txt", name="x").document["ame"] == {"enabled": False}


def test_vmstat_topas_svmon_give_the_achieved_factor_and_runtime_state() -> None:
    vmstat = build("vmstat_vc.s2.txt", name="x")
    assert vmstat.document["ame"] == {"achieved_factor": 1.8, "expansion_factor": 1.8, "enabled": True}
    assert "only when AME is on" in (vmstat.provenance["ame.enabled"].note or "")  # vmstat -c prints the factors
    topas = build("topas.s1.txt")
    assert topas.document["name"] == "ibmserver2"  # host name: no output gives the partition name
    assert "host name" in (topas.provenance["name"].note or "")
    assert topas.document["ame"] == {"achieved_factor": 4.0, "expansion_factor": 4.0}
    assert topas.document["memory"] == {"desired_gb": 3.5, "paging_space_gb": 2.0}
    svmon = build("svmon_G.synthetic.txt", name="x").document
    assert svmon["ame"] == {"expansion_factor": 1.75, "achieved_factor": 1.75, "deficit_mb": 0, "enabled": True}
    assert svmon["memory"] == {"paging_space_gb": 524288 * 4 / 1024 / 1024, "desired_gb": 8.0, "mode": "dedicated"}
    assert svmon["workload"]["peak"]["virtual_memory_gb"] == 1874186 * 4 / 1024 / 1024


def test_achieved_factor_keeps_the_lower_reading() -> None:
    assembly = build("vmstat_vc.s2.txt", "topas.s1.txt")
    assert assembly.document["ame"]["achieved_factor"] == 1.8
    assert next(c for c in assembly.conflicts if c.path == "ame.achieved_factor").chosen == 1.8


def test_vmo_l_tunables_in_kib_and_page_support() -> None:
    doc = build("vmo_L.aix72.synthetic.txt", name="x").document
    assert doc["ame"]["page_support"] == "4K"
    assert doc["ame"]["tunables"] == {
        "cpus_per_pool": 8,
        "maxfree_mem_kb": 24576,
        "min_ucpool_size_pct": 0,
        "minfree_mem_kb": 8192,
    }  # 25165824 and 8388608 bytes / 1024


def test_vmo_l_without_current_values_states_nothing() -> None:
    # Redbook Example 3-8 prints n/a as the current value: the default is not taken for it
    assert build("vmo_L.s2-ame_minfree_mem.txt", name="x").document == {"kind": "aix-lpar", "name": "x"}


def test_mem0_gives_true_memory_and_factor() -> None:
    doc = build("lsattr_mem0.s2.txt", name="aix1").document
    assert doc["memory"] == {"desired_gb": 7.25}  # 7424 MB
    assert doc["ame"] == {"expansion_factor": 1.38}


def test_prtconf_processor_firmware_paging_name() -> None:
    assembly = build("prtconf.synthetic.txt")
    doc = assembly.document
    assert doc["name"] == "sapapp01" and doc["processor"] == "POWER9" and doc["firmware_level"] == 950
    assert doc["memory"] == {"paging_space_gb": 0.5}


def test_ps_ez_4k_is_app_page_size_only_when_ame_cannot_hide_64k() -> None:
    ame4k = build("lparstat_i.s2.txt", "vmo_o.synthetic.txt", "ps_eZ.s1.txt")
    assert "app_page_size" not in ame4k.document.get("workload", {})
    note = next(w for w in ame4k.warnings if w.command == "ps -eZ")
    assert "AME4K is on" in note.reason and note.line_no == 2
    unknown = build("ps_eZ.s1.txt", name="x")
    assert "workload" not in unknown.document
    assert any("AME mode is not known" in w.reason for w in unknown.warnings)
    ame_off = build("lparstat_c.s1-no-ame.txt", "ps_eZ.s1.txt", name="x")
    assert ame_off.document["workload"] == {"app_page_size": "4K"}
    assert "AME is off" in (ame_off.provenance["workload.app_page_size"].note or "")


def test_vios_only_fields_are_not_put_into_an_aix_document() -> None:
    assembly = build("lparstat_i.s2.txt", "schedo.s2.txt")
    assert "vpm_fold_policy" not in assembly.document
    assert "vpm_fold_policy (schedo -o vpm_fold_policy)" in assembly.unmapped


def test_outputs_of_different_hosts_are_refused() -> None:
    with pytest.raises(AssemblyError, match="different hosts"):
        build("lparstat_i.s2.txt", "prtconf.synthetic.txt")


def test_caller_name_wins_and_a_different_stated_name_is_reported() -> None:
    assembly = build("lparstat_i.s2.txt", name="aix1-prod")
    assert assembly.document["name"] == "aix1-prod"
    conflict = next(c for c in assembly.conflicts if c.path == "name")
    assert conflict.chosen == "aix1-prod" and "given by the caller" in conflict.resolution


def test_output_command_line_is_quoted_in_provenance() -> None:
    assembly = assemble([output("lparstat_c.s2.txt", "lparstat -c 5 5")], name="x")
    assert str(assembly.provenance["ame.deficit_mb"]).startswith("from lparstat -c 5 5 line 6 of lparstat_c.s2.txt (")


def test_ps_efz_names_the_work_processes_dw_sap() -> None:
    from advisor.assemble import Output
    from advisor.parsers.registry import parse_output

    text = (
        "     UID      PID     PPID   C    STIME    TTY  TIME DPGSZ SPGSZ TPGSZ SHMPGSZ CMD\n"
        "  b13adm  9175394  8650912   0 10:12:01      -  1:13   64K   64K   64K     64K dw.sapB13_DVEBMGS00 "
        "pf=/usr/sap/B13/SYS/profile/B13_DVEBMGS00_ibmsvr2\n"
        "    root        1        0   0 10:00:00      -  0:02    4K    4K    4K      4K /etc/init\n"
    )
    assembly = assemble([Output(parse_output(text, "ps -efZ"), "ps.txt")], name="x")
    assert assembly.document["workload"] == {"app_page_size": "64K"}
    assert assembly.provenance["workload.app_page_size"].line_no == 2


def test_ps_ez_with_only_shared_memory_on_64k_gives_no_page_size() -> None:
    from advisor.inputs import TextInput, load_texts

    text = "    PID DPGSZ SPGSZ TPGSZ SHMPGSZ TTY TIME CMD\n 7340032 4K 4K 4K 64K - 0:40 disp+work\n"
    banner = "System configuration: type=Shared mode=Uncapped mmode=Ded-E smt=8 lcpu=8 mem=8192MB tmem=4096MB\n"
    outputs = [TextInput(banner, "lparstat", "lparstat -c"), TextInput(text, "ps", "ps -eZ")]
    loaded = load_texts(outputs, name="x", kind="aix-lpar")
    assert "workload" not in loaded.document  # not "64K": data, stack and text run on 4K pages
    assert any("some columns" in w.reason for w in loaded.warnings)
