"""Every value of the amepat reports and excerpts in the seed documents."""

from __future__ import annotations

import pytest

from advisor.parsers import amepat
from tests.parsers.parser_samples import load


def stat(avg: float, avg_pct: float, mn: float, mn_pct: float, mx: float, mx_pct: float) -> dict:
    return {"average": avg, "average_pct": avg_pct, "min": mn, "min_pct": mn_pct, "max": mx, "max_pct": mx_pct}


def factors(block: str, current: float | None = None) -> list[dict]:
    """Rows written as in the report: factor, true GB, gain GB, gain %, CPU, CPU %."""
    rows = []
    for row in block.strip().splitlines():
        f, true, gain, gain_pct, cpu, cpu_pct = map(float, row.split())
        rows.append(
            {
                "expansion_factor": f,
                "modeled_true_memory_size_gb": true,
                "modeled_memory_gain_gb": gain,
                "modeled_memory_gain_pct": gain_pct,
                "cpu_usage_estimate": cpu,
                "cpu_usage_estimate_pct": cpu_pct,
                "current_config": f == current,
            }
        )
    return rows


def recommendation(true_gb: float, factor: float, gain: float, ame_cpu: float, peak: float) -> dict:
    return {
        "true_memory_gb": true_gb,
        "expansion_factor": factor,
        "memory_gain_pct": gain,
        "ame_cpu_usage_processors": ame_cpu,
        "peak_cpu_processors": peak,
    }


SAP_GUIDE_CONFIG = {
    "partition_name": "ibmsvr2",
    "processor_implementation_mode": "POWER10 Mode",
    "number_of_logical_cpus": 8,
    "processor_entitled_capacity": 1.0,
    "processor_max_capacity": 1.0,
    "smt_threads": 8,
    "shared_processor_mode": "Disabled",
    "active_memory_sharing": False,
    "active_memory_expansion": True,
    "target_expanded_memory_size_gb": 14.0,
}


def test_sap_guide_report_factor_2_0_with_modelling() -> None:
    result = amepat.parse(load("amepat.s1-factor-2.0.txt"))
    assert result.warnings == []
    assert result.data == {
        "command_invoked": "amepat -P /tmp/amepat_record_3_2023030714",
        "command_flags": ["-P"],
        "date_time_of_invocation": "Tue Mar 7 17:24:11 CET 2023",
        "total_monitored_time_s": 9 * 60 + 17,
        "total_samples_collected": 3,
        "system_configuration": {**SAP_GUIDE_CONFIG, "true_memory_gb": 7.0, "target_memory_expansion_factor": 2.0},
        "system_resource_statistics": {
            "cpu_util_phys_processors": stat(0.32, 32, 0.31, 31, 0.35, 35),
            "virtual_memory_size_mb": stat(9993, 70, 9959, 69, 10011, 70),
            "true_memory_in_use_mb": stat(7154, 100, 7154, 100, 7155, 100),
            "pinned_memory_mb": stat(1315, 18, 1315, 18, 1316, 18),
            "file_cache_size_mb": stat(202, 3, 199, 3, 204, 3),
            "available_memory_mb": stat(4527, 32, 4517, 32, 4549, 32),
        },
        "ame_statistics": {
            "ame_cpu_usage_proc_units": stat(0.01, 1, 0.01, 1, 0.01, 1),
            "compressed_memory_mb": stat(3065, 21, 3059, 21, 3072, 21),
            "compression_ratio": {"average": 8.15, "min": 8.11, "max": 8.19},
        },
        "modeled_statistics": {
            "page_support_64k": True,
            "page_modeling_64k": False,
            "modeled_expanded_memory_size_gb": 14.0,
            "achievable_compression_ratio": 6.26,
        },
        "modeled_factors": factors(
            """
            1.04 13.50 0.5 4 0.00 0
            1.48 9.50 4.50 47 0.00 0
            1.94 7.25 6.75 93 0.02 2
            2.00 7.00 7.00 100 0.01 1
            2.44 5.75 8.25 143 0.05 5
            2.80 5.00 9.00 180 0.06 6
            3.30 4.25 9.75 229 0.07 7
            3.74 3.75 10.25 273 0.08 8
            """,
            current=2.0,
        ),
        "recommendation": recommendation(3.75, 3.74, 273, 0.08, 0.42),
    }


def test_sap_guide_report_factor_4_7_deficit() -> None:
    result = amepat.parse(load("amepat.s1-factor-4.7.txt"))
    assert result.warnings == []
    assert result.data == {
        "command_invoked": "amepat -P /tmp/amepat_record_3_2023020713",
        "command_flags": ["-P"],
        "date_time_of_invocation": "Tue Feb 7 17:00:08 CET 2023",
        "total_monitored_time_s": 9 * 60,
        "total_samples_collected": 3,
        "system_configuration": {**SAP_GUIDE_CONFIG, "true_memory_gb": 3.0, "target_memory_expansion_factor": 4.7},
        "system_resource_statistics": {
            "cpu_util_phys_processors": stat(0.85, 85, 0.85, 85, 0.85, 85),
            "virtual_memory_size_mb": stat(9725, 68, 9661, 67, 9758, 68),
            "true_memory_in_use_mb": stat(3063, 100, 3063, 100, 3064, 100),
            "pinned_memory_mb": stat(1165, 38, 1165, 38, 1165, 38),
            "file_cache_size_mb": stat(80, 3, 80, 3, 81, 3),
            "available_memory_mb": stat(3433, 24, 3386, 24, 3529, 25),
        },
        "ame_statistics": {
            "ame_cpu_usage_proc_units": stat(0.43, 43, 0.43, 43, 0.43, 43),
            "compressed_memory_mb": stat(7381, 51, 7380, 51, 7382, 51),
            "compression_ratio": {"average": 6.76, "min": 6.75, "max": 6.76},
            "deficit_memory_size_mb": stat(1645, 11, 1633, 11, 1652, 12),
        },
    }
    deficit = result.provenance["ame_statistics.deficit_memory_size_mb.average"]
    assert deficit.line.startswith("Deficit Memory Size (MB)")


REDBOOK_CONFIG = {
    "partition_name": "aix1",
    "processor_implementation_mode": "Power7 Mode",
    "number_of_logical_cpus": 16,
    "processor_entitled_capacity": 2.0,
    "processor_max_capacity": 4.0,
    "true_memory_gb": 8.0,
    "smt_threads": 4,
    "shared_processor_mode": "Enabled-Uncapped",
    "active_memory_sharing": False,
    "active_memory_expansion": True,
    "target_expanded_memory_size_gb": 8.0,
    "target_memory_expansion_factor": 1.0,
}


@pytest.mark.parametrize(
    ("name", "invoked", "flags", "date", "true_in_use", "pinned_max", "available", "implementation", "table", "advice"),
    [
        (
            "amepat.s2-ex3-2.txt",
            "amepat -e 1.20:2.0:0.1 -O proc=P7 5",
            ["-e", "-O"],
            "Tue Oct 9 07:33:53 CDT 2012",
            stat(5880, 72, 5880, 72, 5881, 72),
            (1105, 13),
            stat(2303, 28, 2303, 28, 2303, 28),
            "Power7",
            """
            1.00 8.00 0.00 0 0.00 0
            1.28 6.25 1.75 28 0.41 10
            1.40 5.75 2.25 39 1.16 29
            1.46 5.50 2.50 45 1.54 39
            1.53 5.25 2.75 52 1.92 48
            1.69 4.75 3.25 68 2.68 67
            1.78 4.50 3.50 78 3.02 75
            1.89 4.25 3.75 88 3.02 75
            2.00 4.00 4.00 100 3.02 75
            """,
            recommendation(6.25, 1.28, 28, 0.41, 1.86),
        ),
        (
            "amepat.s2-ex3-4.txt",
            "amepat -e 1.20:2.0:0.1 -O proc=P7+ -P /tmp/ame.out",
            ["-e", "-O", "-P"],
            "Tue Oct 9 07:48:28 CDT 2012",
            stat(5881, 72, 5881, 72, 5881, 72),
            (1106, 14),
            stat(2302, 28, 2302, 28, 2303, 28),
            "Power7+",
            """
            1.00 8.00 0.00 0 0.00 0
            1.28 6.25 1.75 28 0.14 4
            1.40 5.75 2.25 39 0.43 11
            1.46 5.50 2.50 45 0.57 14
            1.53 5.25 2.75 52 0.72 18
            1.69 4.75 3.25 68 1.00 25
            1.78 4.50 3.50 78 1.13 28
            1.89 4.25 3.75 88 1.13 28
            2.00 4.00 4.00 100 1.13 28
            """,
            recommendation(5.50, 1.46, 45, 0.57, 2.03),
        ),
    ],
)
def test_redbook_full_reports(
    name, invoked, flags, date, true_in_use, pinned_max, available, implementation, table, advice
) -> None:
    result = amepat.parse(load(name))
    current = 1.0 if name.endswith("3-2.txt") else None
    assert result.data == {
        "command_invoked": invoked,
        "command_flags": flags,
        "date_time_of_invocation": date,
        "total_monitored_time_s": 7 * 60 + 21,
        "total_samples_collected": 3,
        "system_configuration": REDBOOK_CONFIG,
        "system_resource_statistics": {
            "cpu_util_phys_processors": stat(1.41, 35, 1.38, 35, 1.46, 36),
            "virtual_memory_size_mb": stat(5665, 69, 5665, 69, 5665, 69),
            "true_memory_in_use_mb": true_in_use,
            "pinned_memory_mb": stat(1105, 13, 1105, 13, *pinned_max),
            "file_cache_size_mb": stat(199, 2, 199, 2, 199, 2),
            "available_memory_mb": available,
        },
        "ame_statistics": {
            "ame_cpu_usage_proc_units": stat(0, 0, 0, 0, 0, 0),
            "compressed_memory_mb": stat(0, 0, 0, 0, 0, 0),
        },
        "modeled_statistics": {
            "modeled_implementation": implementation,
            "modeled_expanded_memory_size_gb": 8.0,
            "achievable_compression_ratio": 0.0,
        },
        "modeled_factors": factors(table, current=current),
        "recommendation": advice,
    }
    assert [w.reason for w in result.warnings] == ["ame_statistics.compression_ratio: N/A; left out"]


@pytest.mark.parametrize(
    ("name", "block", "current"),
    [
        (
            "amepat.s2-ex3-6.txt",
            """
            1.25 8.00 2.00 25 0.00 0
            1.30 7.75 2.25 29 0.00 0
            1.38 7.25 2.75 38 0.38 10
            1.49 6.75 3.25 48 1.15 29
            1.54 6.50 3.50 54 1.53 38
            1.67 6.00 4.00 67 2.29 57
            1.74 5.75 4.25 74 2.68 67
            1.82 5.50 4.50 82 3.01 75
            2.00 5.00 5.00 100 3.01 75
            """,
            1.25,
        ),
        (
            "amepat.s2-ex3-12.txt",
            """
            1.03 9.75 0.25 3 0.00 0
            1.18 8.50 1.50 18 0.00 0
            1.25 8.00 2.00 25 0.01 0
            1.34 7.50 2.50 33 0.98 6
            1.54 6.50 3.50 54 2.25 14
            1.67 6.00 4.00 67 2.88 18
            1.82 5.50 4.50 82 3.51 22
            2.00 5.00 5.00 100 3.74 23
            """,
            1.25,
        ),
    ],
)
def test_redbook_factor_tables(name: str, block: str, current: float) -> None:
    result = amepat.parse(load(name))
    assert result.data == {"modeled_factors": factors(block, current=current)}
    assert result.warnings == []


@pytest.mark.parametrize(
    ("name", "advice"),
    [
        ("amepat.s2-ex3-13.txt", recommendation(1.00, 8.00, 700, 0.21, 2.50)),
        ("amepat.s2-ex3-15.txt", recommendation(1.00, 8.00, 700, 0.25, 2.54)),
        ("amepat.s2-ex3-16.txt", recommendation(4.50, 1.78, 78, 0.00, 2.28)),
        ("amepat.s2-ex3-17.txt", recommendation(1.00, 8.00, 700, 0.28, 2.56)),
        ("amepat.s2-ex3-20.txt", recommendation(2.00, 1.50, 50, 0.13, 2.43)),
    ],
)
def test_redbook_recommendation_paragraphs(name: str, advice: dict) -> None:
    result = amepat.parse(load(name))
    assert result.data == {"recommendation": advice}
    assert result.warnings == []


def test_redbook_deficit_warning_example_3_14() -> None:
    result = amepat.parse(load("amepat.s2-ex3-14.txt"))
    assert result.data == {
        "memory_deficit_warning_mb": 6239,
        "recommendation": recommendation(3.50, 2.29, 129, 0.00, 2.25),
    }
    assert result.provenance["memory_deficit_warning_mb"].line_no == 1
    factor = result.provenance["recommendation.expansion_factor"]
    assert factor.line == "of 2.29. This will result in a memory gain of 129%. With this"
    assert result.provenance["recommendation.peak_cpu_processors"].line_no == 13


@pytest.mark.parametrize(
    ("name", "average", "advice"),
    [
        ("amepat.s2-ex3-18.txt", [(1.82, 46), (2501, 31), (2841, 35), (1097, 13), (319, 4), (5432, 66)], None),
        (
            "amepat.s2-ex3-19.txt",
            [(1.84, 46), (2290, 56), (2705, 66), (1096, 27), (392, 10), (1658, 40)],
            recommendation(2.50, 1.60, 60, 0.00, 2.28),
        ),
    ],
)
def test_redbook_average_only_statistics(name: str, average: list, advice: dict | None) -> None:
    keys = [
        "cpu_util_phys_processors",
        "virtual_memory_size_mb",
        "true_memory_in_use_mb",
        "pinned_memory_mb",
        "file_cache_size_mb",
        "available_memory_mb",
    ]
    expected = {
        "system_resource_statistics": {
            k: {"average": v, "average_pct": p} for k, (v, p) in zip(keys, average, strict=True)
        }
    }
    if advice:
        expected["recommendation"] = advice
    result = amepat.parse(load(name))
    assert result.data == expected
    assert result.warnings == []
