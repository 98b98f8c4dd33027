"""Section "parse": command outputs to typed results, throughput and memory against the input's size.

Subjects, all multi-MB (a fraction of that with --quick):
- a pasted terminal session of one AIX system's outputs (lparstat -i, vmo -L, svmon -G, netstat -v,
  oslevel, lslpp -l, ps -eZ, lsdev -Cc disk), split at its prompts and parsed (``parse_bundle``);
- the same outputs as a collector bundle (``#### advisor-bundle`` markers);
- single large outputs: an lsdev -Cc disk listing of a SAN-attached LPAR, a ps -eZ of a busy
  application server, an lslpp -l of many filesets;
- the session and the lsdev listing "the whole way in": ``advisor.inputs.read_outputs``, what
  ``advisor parse FILE`` runs before assembling (emptiness and limits, markers, prompts, detection).
Baseline, same run, same bytes: reading them the cheapest useful way (splitting into lines and each
line into words), the floor any parser pays.  Throughput is CPU time of this thread (it survives a
loaded machine; wall time is in the note).  Peak memory is what tracemalloc sees allocated during the
parse, over the input's size; "result" is what the returned result itself keeps (rows of dicts
cost more than the text they came from, so it is the floor of the peak).  Targets from issue 16:
>= 20 MB/s of command output, peak memory <= 3x the input.  The session's sections are also timed
one by one, to name the slowest parsers.
"""

from __future__ import annotations

import gc
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from advisor.inputs import read_outputs
from advisor.parsers import registry
from advisor.parsers.bundle import marker, parse_bundle, split_bundle
from tests.parsers.parser_samples import load

TARGET_MB_S = 20.0
TARGET_MEMORY_RATIO = 3.0
PROMPT = "root@sapapp01:/ # "
_SMALL = 16 * 1024  # an output this small is timed mostly for the parser's fixed cost per call


def disks(n: int) -> str:
    """lsdev -Cc disk of ``n`` SAN disks behind four paths, and the two internal ones."""
    rows = [
        "hdisk0 Available 00-08-00 SAS Disk Drive\n",
        "hdisk1 Available 00-08-00 SAS Disk Drive\n",
    ]
    rows += [f"hdisk{i + 2} Available {i % 4:02d}-00-02 MPIO IBM 2076 FC Disk\n" for i in range(n)]
    return "".join(rows)


def processes(n: int) -> str:
    """ps -eZ of ``n`` processes: SAP work processes on 64K pages among 4K ones."""
    head = "      PID    TTY  TIME DPGSZ SPGSZ TPGSZ SHMPGSZ CMD\n"
    kinds = (("disp+work", "64K"), ("ksh", "4K"), ("oracle", "64K"), ("sshd", "4K"))
    rows = []
    for i in range(n):
        cmd, page = kinds[i % len(kinds)]
        rows.append(f"{1000 + i * 7:>9}      -  {i % 60}:{i % 60:02d} {page:>5} {page:>5} {page:>5} {page:>7} {cmd}\n")
    return head + "".join(rows)


def filesets(n: int) -> str:
    """lslpp -l of ``n`` filesets in the usr part and the root part."""
    head = "Fileset Level State Description\n" + "-" * 76 + "\n"
    usr = "".join(f"devices.pkg{i}.rte 7.2.5.{i % 100} COMMITTED Device Support Package {i}\n" for i in range(n))
    root = "".join(f"devices.pkg{i}.rte 7.2.5.{i % 100} COMMITTED Device Support Package {i}\n" for i in range(n // 4))
    return head + "Path: /usr/lib/objrepos\n" + usr + "\nPath: /etc/objrepos\n" + root


def outputs(scale: int) -> list[tuple[str, str]]:
    """(command, output) of one system; ``scale`` disks, a fifth as many processes and filesets."""
    return [
        ("lparstat -i", load("lparstat_i.s2.txt")),
        ("oslevel -s", load("oslevel_s.synthetic.txt")),
        ("vmo -L", load("vmo_L.aix72.synthetic.txt")),
        ("svmon -G", load("svmon_G.synthetic.txt")),
        ("netstat -v", load("netstat_v.s2.txt")),
        ("lslpp -l", filesets(scale // 5)),
        ("ps -eZ", processes(scale // 5)),
        ("lsdev -Cc disk", disks(scale)),
    ]


def session(scale: int) -> str:
    """The outputs as an admin pastes them: each after the prompt and the command typed."""
    return "".join(f"{PROMPT}{command}\n{text}" for command, text in outputs(scale)) + PROMPT.rstrip() + "\n"


def bundle(scale: int) -> str:
    """The outputs as a collector writes them."""
    parts = [marker(format="1", host="sapapp01", collector="aix-collect.sh") + "\n"]
    parts += [marker(command=c, host="sapapp01", rc="0") + "\n" + text for c, text in outputs(scale)]
    return "".join(parts)


def _baseline(text: str) -> int:
    return sum(len(line.split()) for line in text.splitlines())


def _rate(fn: Callable[[], Any], size: int, rounds: int) -> tuple[float, float]:
    """(median MB/s of CPU time, median wall seconds) over ``rounds`` runs."""
    cpu, wall = [], []
    for _ in range(rounds):
        gc.collect()
        started, started_cpu = time.perf_counter(), time.thread_time()
        fn()
        cpu.append(time.thread_time() - started_cpu)
        wall.append(time.perf_counter() - started)
    cpu.sort()
    wall.sort()
    return size / 1e6 / max(cpu[len(cpu) // 2], 1e-9), wall[len(wall) // 2]


def _memory(fn: Callable[[], Any]) -> tuple[int, int]:
    """(peak bytes allocated during ``fn``, bytes its result still holds)."""
    gc.collect()
    tracemalloc.start()
    try:
        result = fn()
        kept, peak = tracemalloc.get_traced_memory()
        del result
        return peak, kept
    finally:
        tracemalloc.stop()


def _per_parser(text: str) -> dict[str, dict[str, float]]:
    """CPU MB/s of each command's sections of ``text`` (a session), parsed one by one."""
    found: dict[str, dict[str, float]] = {}
    for section in split_bundle(text):
        if section.command is None:
            continue
        size = len(section.text.encode())
        started = time.thread_time()
        registry.parse_output(section.text, section.command)
        spent = time.thread_time() - started
        entry = found.setdefault(section.command, {"bytes": 0, "seconds": 0.0})
        entry["bytes"] += size
        entry["seconds"] += spent
    for entry in found.values():
        entry["mb_s"] = entry["bytes"] / 1e6 / max(entry["seconds"], 1e-9)
    return found


def run(quick: bool = False) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    scale = 8_000 if quick else 60_000
    rounds = 3 if quick else 5
    pasted, labelled = session(scale), bundle(scale)
    subjects: list[tuple[str, Callable[[], Any], str]] = [
        ("pasted session, 8 commands", lambda: parse_bundle(pasted), pasted),
        ("collector bundle, 8 commands", lambda: parse_bundle(labelled), labelled),
    ]
    for command, text in outputs(scale * 2)[-3:]:
        subjects.append((f"{command} alone", lambda c=command, t=text: registry.parse_output(t, c), text))  # type: ignore[misc]
    listing = subjects[-1][2]
    subjects += [  # what `advisor parse FILE` runs before assembling: detection, limits, prompts, markers, parse
        ("pasted session, the whole way in", lambda: read_outputs(pasted, "session.txt"), pasted),
        ("lsdev -Cc disk, the whole way in", lambda: read_outputs(listing, "lsdev.txt"), listing),
    ]
    rows = []
    extra: dict[str, Any] = {}
    for name, subject, data in subjects:
        size = len(data.encode())
        rate, seconds = _rate(subject, size, rounds)
        base_rate, base_seconds = _rate(lambda d=data: _baseline(d), size, rounds)  # type: ignore[misc]
        peak, kept = _memory(subject)
        ratio = peak / size
        label = f"{name} ({size / 1e6:.1f} MB)"
        rows.append(
            {
                "section": "parse",
                "name": f"{label}: MB/s (CPU)",
                "subject": {"median": rate, "unit": "MB/s"},
                "baseline": {"median": base_rate, "unit": "MB/s"},
                "subject_label": "parse",
                "baseline_label": "split lines and words",
                "target": f">= {TARGET_MB_S:g} MB/s",
                "verdict": "yes" if rate >= TARGET_MB_S else "NO",
                "note": f"wall {seconds:.2f} s vs {base_seconds:.3f} s",
            }
        )
        rows.append(
            {
                "section": "parse",
                "name": f"{label}: peak memory / input",
                "subject": {"median": ratio, "unit": "x"},
                "baseline": {"median": kept / size, "unit": "x"},
                "subject_label": "peak",
                "baseline_label": "the result alone",
                "target": f"<= {TARGET_MEMORY_RATIO:g}x",
                "verdict": "yes" if ratio <= TARGET_MEMORY_RATIO else "NO",
                "note": f"peak {peak / 2**20:.1f} MiB, result {kept / 2**20:.1f} MiB, input {size / 2**20:.1f} MiB",
            }
        )
        extra[name] = {
            "mb_s_cpu": rate,
            "baseline_mb_s_cpu": base_rate,
            "wall_s": seconds,
            "peak_bytes": peak,
            "result_bytes": kept,
            "input_bytes": size,
        }
    per_parser = _per_parser(pasted)
    extra["per_parser_in_session"] = per_parser
    ranked = sorted(per_parser.items(), key=lambda item: item[1]["mb_s"])
    big = [item for item in ranked if item[1]["bytes"] >= _SMALL][:3]
    small = [item for item in ranked if item[1]["bytes"] < _SMALL][:2]
    for command, entry in big + small:
        rows.append(
            {
                "section": "parse",
                "name": f"slowest in the session: {command} ({entry['bytes'] / 1e3:,.1f} KB): MB/s (CPU)",
                "subject": {"median": entry["mb_s"], "unit": "MB/s"},
                "baseline": {},
                "target": "-",
                "verdict": "-",
                "note": f"{entry['seconds'] * 1e3:.1f} ms" + (" (per-call cost)" if entry["bytes"] < _SMALL else ""),
            }
        )
    return rows, {"parse": extra}
