"""Many inputs on several processes (`advisor check --jobs N`), results in input order.

Workers are forked from the parent once it has loaded the rulebook and compiled the engine, so
each starts at once with its own copy (the engine is driven through its low-level API, which
starts no threads, so nothing is lost in the fork). A worker turns one input into what the parent
needs of it, already rendered (bytes and a few counts), so the parent only writes and tallies:
its memory stays flat whatever the fleet size, and no review is pickled across processes.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import typer

if TYPE_CHECKING:
    from advisor.findings import Review
    from advisor.gate.model import InputError, Policy
    from advisor.gate.waivers import Waiver
    from advisor.review import Advisor

T = TypeVar("T")

# Inputs handed to one worker at a time: large enough that the queue round trip (~0.1 ms) is
# small beside the reviews (~0.5 ms each), small enough that results still stream.
CHUNK = 16
# How many chunks may be in flight ahead of the one being written; bounds the results the
# parent holds when an early input is slow (a 1,000-partition system among small ones).
AHEAD = 8

_WORK: Callable[[int, str], Any] | None = None


def default_jobs() -> int:
    """The cores this process may run on (a CPU set or container limit counts, not the host's)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def _call(batch: list[tuple[int, str]]) -> list[Any]:
    assert _WORK is not None, "set by run() before the fork"
    return [_WORK(position, item) for position, item in batch]


def run(items: Sequence[str], work: Callable[[int, str], T], jobs: int) -> Iterator[T]:
    """`work(position, item)` for every item, on `jobs` forked processes; yielded in input order.

    `work` runs in the children, so it may be a closure over anything the parent built (the fork
    copies it); what it returns must pickle. With one job, or one item, it runs here."""
    global _WORK
    if jobs <= 1 or len(items) <= 1:
        for position, item in enumerate(items):
            yield work(position, item)
        return
    numbered = list(enumerate(items))
    batches = [numbered[i : i + CHUNK] for i in range(0, len(numbered), CHUNK)]
    _WORK = work
    try:
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(max_workers=min(jobs, len(batches)), mp_context=context) as pool:
            pending = [pool.submit(_call, b) for b in batches[:AHEAD]]
            submitted = len(pending)
            while pending:
                done = pending.pop(0).result()
                if submitted < len(batches):
                    pending.append(pool.submit(_call, batches[submitted]))
                    submitted += 1
                yield from done
    finally:
        _WORK = None


def _report(messages: list[str]) -> None:
    for message in messages:
        typer.echo(message, err=True)


def _read(position: int, path: str, advisor: Advisor, kind: str | None, name: str | None) -> _Read:
    """One input read and reviewed (in a worker): the review, or its input errors and messages."""
    from advisor.cli.inputs import input_errors, load_input_quietly
    from advisor.documents.errors import DocumentError

    try:
        loaded, messages = load_input_quietly(path, kind, name)
    except DocumentError as err:
        return _Read(None, input_errors(err, position), [f"error: {err.source}: {i}" for i in err.issues])
    review = advisor.review(loaded.model, provenance=loaded.provenance_text() or None)
    return _Read((loaded.source, loaded.model, review), [], messages)


@dataclass
class _Read:
    reviewed: tuple[str, Any, Review] | None
    errors: list[InputError]
    messages: list[str]  # warnings and errors for standard error, printed by the parent in input order


def review_inputs(
    files: list[str], advisor: Advisor, kind: str | None, name: str | None, n_jobs: int
) -> tuple[list[tuple[str, Any, Review]], list[InputError]]:
    """Every input reviewed on `n_jobs` processes: (file, document, review) in input order, and the
    input errors (also reported on standard error, in input order)."""
    from advisor.cli.progress import steps

    reviewed, errors = [], []
    results = run(files, lambda p, f: _read(p, f, advisor, kind, name), n_jobs)
    for read in steps(results, "reviewing", len(files)):
        _report(read.messages)
        errors += read.errors
        if read.reviewed is not None:
            reviewed.append(read.reviewed)
    return reviewed, errors


@dataclass
class _Entry:
    """What the parent keeps of one input when JSON is streamed: its bytes and a few facts."""

    data: bytes
    failed: bool
    error: bool
    waivers_used: frozenset[int]
    messages: list[str]


def _entry(position: int, path: str, advisor: Advisor, kind: str | None, name: str | None, policy: Policy) -> _Entry:
    from advisor.gate.judge import judge_document
    from advisor.gate.model import GateResult
    from advisor.render import json_out

    read = _read(position, path, advisor, kind, name)
    if read.reviewed is None:
        entry = json_out.error_entry(read.errors[0].file, read.errors)
        return _Entry(json_out.element(entry), True, True, frozenset(), read.messages)
    doc = judge_document(*read.reviewed, policy, advisor.rulebook)
    data = json_out.document(doc, GateResult(documents=(doc,), policy=policy, rulebook=advisor.rulebook))
    used = frozenset(i.waiver.index for i in (*doc.findings, *doc.gaps) if i.waiver is not None)
    return _Entry(json_out.element(data), doc.failed, False, used, read.messages)


def stream_json(
    files: list[str], advisor: Advisor, kind: str | None, name: str | None, policy: Policy, n_jobs: int
) -> tuple[int, list[Waiver]]:
    """The JSON array of `advisor check` written element by element as the reviews finish, in input
    order and byte for byte what the gathered run prints; the parent holds no review, so memory
    stays flat. Returns the exit code and the waivers nothing used."""
    from advisor.cli.progress import steps

    out = sys.stdout.buffer
    failed = error = False
    used: set[int] = set()
    results = run(files, lambda p, f: _entry(p, f, advisor, kind, name, policy), n_jobs)
    for i, entry in enumerate(steps(results, "reviewing", len(files))):
        _report(entry.messages)
        out.write((b"[\n  " if i == 0 else b",\n  ") + entry.data)
        failed |= entry.failed
        error |= entry.error
        used |= entry.waivers_used
    out.write(b"\n]\n" if files else b"[]\n")
    out.flush()
    unused = [w for w in policy.waivers.entries if w.index not in used]
    return (2 if error else 1 if failed else 0), unused
