"""A seeded generator of realistic configuration documents with a known mix of findings.

The fleet is what a Power/HP-UX/z shop would submit: mostly AIX partitions (SAP application
servers and databases), some VIOS, HP-UX and z/VM systems. Every document belongs to one
*category*; the categories come in exact proportions (not random draws), so the number of
documents on which each labelled rule must fire is known before anything runs:

    category      share  kind          labelled rules that must fire
    ame4k-64k      30 %  aix-lpar      AME-001                (AME4K + 64K application pages)
    ame4k-f1       10 %  aix-lpar      AME-002, a third on POWER8 -> escalated to high
    ame4k-64k-f1    5 %  aix-lpar      AME-001 and AME-002
    aix-clean      25 %  aix-lpar      none of the AME rules (AME64K or AME off)
    vios-short      5 %  vios          VIOS-001               (memory below the sizing guideline)
    vios-ok         5 %  vios          not VIOS-001
    hpux-clm        5 %  hpux-server   HPUX-004, a third with clm_pct 0 -> escalated
    hpux-ok         5 %  hpux-server   not HPUX-004
    zvm-smt-old     5 %  zvm-lpar      ZVM-002                (SMT on a zEC12/z196)
    zvm-ok          5 %  zvm-lpar      not ZVM-002

Other rules may fire too (the rulebook grows); they are counted, not checked. Values that do
not decide a labelled rule (names, CPU settings, memory sizes, peaks) are drawn at random from
plausible ranges, so the documents differ from one another.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

MIX: tuple[tuple[str, float], ...] = (
    ("ame4k-64k", 0.30),
    ("ame4k-f1", 0.10),
    ("ame4k-64k-f1", 0.05),
    ("aix-clean", 0.25),
    ("vios-short", 0.05),
    ("vios-ok", 0.05),
    ("hpux-clm", 0.05),
    ("hpux-ok", 0.05),
    ("zvm-smt-old", 0.05),
    ("zvm-ok", 0.05),
)

# rule -> categories on which it must fire; every other category must not fire it
LABELLED: dict[str, tuple[str, ...]] = {
    "AME-001": ("ame4k-64k", "ame4k-64k-f1"),
    "AME-002": ("ame4k-f1", "ame4k-64k-f1"),
    "VIOS-001": ("vios-short",),
    "HPUX-004": ("hpux-clm",),
    "ZVM-002": ("zvm-smt-old",),
}
# the categories each labelled rule is decided on (outside these, the rule's kind does not apply)
LABEL_KINDS = {
    "AME-001": "aix-lpar",
    "AME-002": "aix-lpar",
    "VIOS-001": "vios",
    "HPUX-004": "hpux-server",
    "ZVM-002": "zvm-lpar",
}

POWER = ["POWER7", "POWER8", "POWER9", "POWER10"]
WORKLOADS = ["sap-abap", "sap-abap", "sap-abap", "sap-java", "db2", "oracle", "websphere", "other"]


@dataclass
class Generated:
    index: int
    category: str
    document: dict[str, Any]
    expect: dict[str, str] = field(default_factory=dict)  # labelled rule -> expected severity


def counts(n: int) -> dict[str, int]:
    """Exact category counts for `n` documents (largest remainder, so they sum to n)."""
    raw = {c: n * share for c, share in MIX}
    out = {c: math.floor(v) for c, v in raw.items()}
    for c in sorted(raw, key=lambda c: raw[c] - out[c], reverse=True)[: n - sum(out.values())]:
        out[c] += 1
    return out


def _power_cpu(rng: random.Random) -> dict:
    mode = rng.choice(["shared", "shared", "shared", "dedicated"])
    vp = rng.choice([1, 2, 2, 4, 4, 6, 8, 12, 16])
    cpu: dict[str, Any] = {"mode": mode, "virtual_processors": vp, "smt": rng.choice([4, 8, 8])}
    if mode == "shared":
        cpu.update(
            entitled_capacity=round(vp * rng.uniform(0.1, 1.0), 2),
            sharing=rng.choice(["uncapped", "uncapped", "capped"]),
            weight=rng.choice([64, 128, 128, 192, 255]),
        )
    return cpu


def _aix(rng: random.Random, name: str, category: str) -> tuple[dict, dict[str, str]]:
    processor = rng.choice(POWER[1:])
    factor = rng.choice([1.2, 1.5, 1.8, 2.0, 2.5, 3.0])
    app_page = rng.choice(["4K", "64K"])
    expect: dict[str, str] = {}
    if category == "ame4k-64k":
        ame = {"enabled": True, "page_support": "4K", "expansion_factor": factor}
        app_page = "64K"
        expect["AME-001"] = "high"
    elif category == "ame4k-f1":
        ame = {"enabled": True, "page_support": "4K", "expansion_factor": 1.0}
        app_page = "4K"
    elif category == "ame4k-64k-f1":
        ame = {"enabled": True, "page_support": "4K", "expansion_factor": 1.0}
        app_page = "64K"
        expect["AME-001"] = "high"
    else:  # aix-clean: AME64K, or AME off
        if rng.random() < 0.6:
            ame = {"enabled": True, "page_support": "64K", "expansion_factor": rng.choice([1.0, factor])}
        else:
            ame = {"enabled": False, "page_support": rng.choice(["4K", "64K"])}
    desired = rng.choice([8, 16, 32, 64, 96, 128, 256])
    if ame.get("enabled"):
        ame["deficit_mb"] = rng.choice([0, 0, 0, 0, 128, 512])
    doc = {
        "kind": "aix-lpar",
        "name": name,
        "environment": rng.choice(["production", "production", "test", "development"]),
        "processor": processor,
        "os": {"version": rng.choice(["7.1", "7.2", "7.2", "7.3"]), "tl": rng.randint(0, 5), "sp": rng.randint(0, 9)},
        "cpu": _power_cpu(rng),
        "memory": {
            "desired_gb": desired,
            "max_gb": desired * rng.choice([1, 1.5, 2]),
            "paging_space_gb": rng.choice([0.5, 4, 8, 16]),
        },
        "ame": ame,
        "workload": {
            "type": rng.choice(WORKLOADS),
            "app_page_size": app_page,
            "peak": {
                "physc_avg": round(rng.uniform(0.05, 6.0), 2),
                "virtual_memory_gb": round(desired * rng.uniform(0.3, 1.6), 1),
            },
        },
    }
    if category in ("ame4k-f1", "ame4k-64k-f1"):
        if rng.random() < 1 / 3:
            doc["processor"] = "POWER8"
        expect["AME-002"] = "high" if doc["processor"] == "POWER8" else "medium"
    return doc, expect


def _vios(rng: random.Random, name: str, category: str) -> tuple[dict, dict[str, str]]:
    from advisor.calculators.vios_memory import vios_memory_requirement

    cores = rng.choice([8, 16, 20, 32, 48, 64, 96, 128])
    adapters = {
        "lhea": rng.choice([0, 0, 1]),
        "lhea_ports": rng.choice([0, 0, 2]),
        "eth_1g_ports": rng.choice([0, 2, 4]),
        "eth_10g_ports": rng.choice([2, 4, 8]),
        "fc_8g_ports": rng.choice([2, 4, 8]),
        "npiv_vfc_adapters": rng.choice([4, 16, 40, 80]),
        "virtual_eth_adapters": rng.choice([2, 4, 10]),
    }
    required_gb = vios_memory_requirement(cores, **adapters).required_mb / 1024
    if category == "vios-short":
        memory = round(required_gb * rng.uniform(0.3, 0.9), 1)
    else:
        memory = math.ceil(required_gb * rng.uniform(1.0, 2.0)) + 1
    doc = {
        "kind": "vios",
        "name": name,
        "environment": rng.choice(["production", "test"]),
        "processor": rng.choice(POWER[1:]),
        "system_cores": cores,
        "cpu": _power_cpu(rng),
        "memory_gb": memory,
        "vpm_fold_policy": rng.choice([1, 4]),
        "adapters": adapters,
        "ioslevel": rng.choice(["3.1.2.10", "3.1.4.30"]),
        "redundant_pair": True,
    }
    return doc, ({"VIOS-001": "high"} if category == "vios-short" else {})


def _hpux(rng: random.Random, name: str, category: str) -> tuple[dict, dict[str, str]]:
    memory = rng.choice([64, 128, 256, 512])
    doc: dict[str, Any] = {
        "kind": "hpux-server",
        "name": name,
        "os_version": rng.choice(["11iv2", "11iv3", "11iv3"]),
        "cores": rng.choice([8, 16, 32, 64]),
        "memory_gb": memory,
        "numa_policy": rng.choice([0, 1]),
        "buffer_cache_max_pct": rng.choice([2, 3, 5, 10]),
        "swap_gb": memory * rng.choice([1, 2, 2]),
    }
    expect: dict[str, str] = {}
    if category == "hpux-clm":
        doc["cells"] = rng.choice([2, 4, 8])
        doc["clm_pct"] = 0 if rng.random() < 1 / 3 else rng.choice([2.5, 5, 7.5])
        expect["HPUX-004"] = "high" if doc["clm_pct"] == 0 else "medium"
    elif rng.random() < 0.5:
        doc["cells"], doc["clm_pct"] = rng.choice([2, 4]), rng.choice([10, 20, 30])
    else:
        doc["cells"], doc["clm_pct"] = 1, rng.choice([0, 5, 20])
    return doc, expect


def _zvm(rng: random.Random, name: str, category: str) -> tuple[dict, dict[str, str]]:
    doc: dict[str, Any] = {
        "kind": "zvm-lpar",
        "name": name,
        "engine_count": rng.choice([4, 8, 16, 32]),
        "zvm": {"version": rng.choice(["6.4", "7.1", "7.2"])},
        "workload": {
            "type": rng.choice(["sap-app-server", "sap-db-server", "other"]),
            "profile": rng.choice(["oltp", "batch"]),
        },
    }
    if category == "zvm-smt-old":
        doc.update(machine=rng.choice(["zEC12", "z196"]), engines="ifl", smt_enabled=True)
        return doc, {"ZVM-002": "high"}
    doc.update(machine=rng.choice(["z14", "z15", "z16"]), engines="ifl", smt_enabled=rng.choice([True, False]))
    return doc, {}


_BUILD = {
    "ame4k-64k": _aix,
    "ame4k-f1": _aix,
    "ame4k-64k-f1": _aix,
    "aix-clean": _aix,
    "vios-short": _vios,
    "vios-ok": _vios,
    "hpux-clm": _hpux,
    "hpux-ok": _hpux,
    "zvm-smt-old": _zvm,
    "zvm-ok": _zvm,
}
_PREFIX = {_aix: "sapapp", _vios: "vios", _hpux: "hpx", _zvm: "zvm"}


def generate(n: int, seed: int = 20240601, validate: bool = True) -> list[Generated]:
    """`n` documents in the MIX proportions. `validate` checks the first document of each category
    against the current models, so a schema change shows here, by name, not as a failed run."""
    rng = random.Random(seed)
    cats = [c for c, k in counts(n).items() for _ in range(k)]
    rng.shuffle(cats)
    out = []
    for i, cat in enumerate(cats):
        build = _BUILD[cat]
        name = f"{_PREFIX[build]}{i:05d}" + ("a" if build is _vios else "")
        doc, expect = build(rng, name, cat)
        out.append(Generated(i, cat, doc, expect))
    if validate:
        from advisor.documents.io import validate_document

        for cat in dict.fromkeys(g.category for g in out):
            first = next(g for g in out if g.category == cat)
            validate_document(first.document, f"bench.generator category {cat}")
    return out


def aix_documents(n: int, seed: int = 7) -> list[dict]:
    """`n` aix-lpar documents in the fleet's AIX proportions (for the pipeline benchmark)."""
    return [g.document for g in generate(n * 3, seed) if g.document["kind"] == "aix-lpar"][:n]


def managed_system(partitions: int, seed: int = 11) -> dict:
    """A managed system with `partitions` partitions (two VIOS when there is room, the rest AIX)."""
    rng = random.Random(seed)
    vios = min(2, partitions - 1) if partitions > 1 else 0
    parts = []
    for i in range(vios):
        doc, _ = _vios(rng, f"vios{i}a", rng.choice(["vios-short", "vios-ok"]))
        doc.pop("processor", None)
        doc.pop("system_cores", None)  # inherited from the frame
        parts.append(doc)
    cats = ["ame4k-64k", "ame4k-f1", "aix-clean", "aix-clean"]
    for i in range(partitions - vios):
        doc, _ = _aix(rng, f"lpar{i:04d}", cats[i % len(cats)])
        doc.pop("processor", None)
        parts.append(doc)
    return {
        "kind": "managed-system",
        "name": f"frame-{partitions}",
        "processor": "POWER9",
        "cores": 64,
        "shared_pool_cores": 48,
        "partitions": parts,
    }


def check_mix(generated: list[Generated], outcome: dict[int, dict[str, str]]) -> dict[str, Any]:
    """Compare what fired (`outcome[index] = {rule: severity}`) with the labels.

    Returns per labelled rule: expected and observed counts, and the documents that disagree.
    """
    report: dict[str, Any] = {}
    for rule, _cats in LABELLED.items():
        expected = {g.index: g.expect[rule] for g in generated if rule in g.expect}
        observed = {i: fired[rule] for i, fired in outcome.items() if rule in fired}
        wrong = sorted(i for i in set(expected) | set(observed) if expected.get(i) != observed.get(i))
        report[rule] = {
            "expected": len(expected),
            "observed": len(observed),
            "mismatches": len(wrong),
            "first_mismatches": [
                {
                    "index": i,
                    "category": generated[i].category,
                    "expected": expected.get(i),
                    "observed": observed.get(i),
                }
                for i in wrong[:5]
            ],
        }
    return report
