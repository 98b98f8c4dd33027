"""z/OS (IAR019I, IEASYSxx), Linux on Z (lscpu) and HP-UX (machinfo, kctune) outputs to documents."""

from __future__ import annotations

import pytest

from advisor.documents.errors import DocumentError
from advisor.inputs import load_outputs, load_text
from tests.assemble.helpers import build, sample_file


def test_zos_statement_and_virtstor_make_a_zos_document(tmp_path) -> None:
    files = [sample_file(tmp_path, "ieasys.synthetic.txt"), sample_file(tmp_path, "virtstor.s4.txt")]
    loaded = load_outputs(files, name="SYSA")
    model = loaded.model
    assert model.kind == "zos-lpar" and model.name == "SYSA"
    assert model.lfarea == "LFAREA=(1M=(10%),2G=(12,10))"  # continuation lines joined, as written
    usage = model.lfarea_usage
    assert (usage.source, usage.total_mb, usage.available_mb, usage.max_allocated_4k_mb) == ("WE", 64, 32, 5)
    assert loaded.provenance["lfarea"].line.startswith("LFAREA=(1M=(10%),")
    assert loaded.provenance["name"].command == "caller"


def test_zos_without_a_name_is_an_input_error(tmp_path) -> None:
    with pytest.raises(DocumentError) as err:
        load_outputs([sample_file(tmp_path, "virtstor.s4.txt")])
    assert err.value.issues[0].path == "$.name" and "--name" in err.value.issues[0].message


def test_ieasys_without_lfarea_states_an_explicit_null() -> None:
    member = "CLOCK=00,                       SELECT CLOCK00\nCLPA,\nSQA=(12,24)\n"
    loaded = load_text(member, "IEASYS01", kind="zos-lpar", name="SYSB")
    assert loaded.model.lfarea is None and "lfarea" in loaded.model.model_fields_set
    assert loaded.document["lfarea"] is None


def test_zos_review_assesses_the_statement(tmp_path) -> None:
    from advisor.review import default_advisor

    loaded = load_outputs([sample_file(tmp_path, "ieasys.synthetic.txt")], name="SYSA")
    review = default_advisor().review(loaded.model, provenance=loaded.provenance)
    ids = {n.rule_id: n.missing for n in review.not_assessed}
    assert "lfarea" not in {m for missing in ids.values() for m in missing}


def test_lscpu_gives_machine_and_zvm_level() -> None:
    from advisor.assemble import AssemblyError

    with pytest.raises(AssemblyError, match=r"directly in a PR/SM LPAR.*Hypervisor: PR/SM"):
        build("lscpu.s390x-lpar-smt.synthetic.txt", name="LNXZ13")
    forced = build("lscpu.s390x-lpar-smt.synthetic.txt", name="LNXZ13", kind="zvm-lpar").document
    assert forced == {"kind": "zvm-lpar", "name": "LNXZ13", "machine": "z13"}  # the caller says so: no z/VM level
    guest = build("lscpu.s390x-zvm-newer.synthetic.txt", name="ZVM1").document
    assert guest["machine"] == "z15" and guest["zvm"] == {"version": "7.2"}


def test_hpux_machinfo_and_kctune() -> None:
    assembly = build("machinfo.hpux1131.synthetic.txt", "kctune.hpux1131.synthetic.txt")
    doc = assembly.document
    assert doc["kind"] == "hpux-server" and doc["name"] == "sd64"
    assert doc["os_version"] == "11iv3"
    assert doc["memory_gb"] == 122833 / 1024
    assert doc["numa_policy"] == 0 and doc["buffer_cache_max_pct"] == 10.0
    assert assembly.provenance["buffer_cache_max_pct"].line.split()[:3] == ["filecache_max", "12879659417", "10%"]
    assert "cores" not in doc  # machinfo prints sockets and logical processors, not cores


def test_outputs_of_two_platforms_are_refused() -> None:
    from advisor.assemble import AssemblyError

    with pytest.raises(AssemblyError, match="different platforms"):
        build("kctune.hpux1131.synthetic.txt", "lparstat_i.s2.txt")
