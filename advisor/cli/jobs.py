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
from collections.abc import Callable, Iterable, Iterator, Sequence
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

Batch = list[tuple[int, str]]  # (position, item) of consecutive inputs
_WORK: Callable[[Batch], Iterable[Any]] | None = None


def default_jobs() -> int:
    """The cores this process may run on (a CPU set or container limit counts, not the host's)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not Linux
        return max(1, os.cpu_count() or 1)


def _call(batch: Batch) -> list[Any]:
    assert _WORK is not None, "set by run_batches() before the fork"
    return list(_WORK(batch))


def run(items: Sequence[str], work: Callable[[int, str], T], jobs: int) -> Iterator[T]:
    """`work(position, item)` for every item, on `jobs` forked processes; yielded in input order.

    `work` runs in the children, so it may be a closure over anything the parent built (the fork
    copies it); what it returns must pickle. With one job, or one item, it runs here."""
    return run_batches(items, lambda batch: (work(position, item) for position, item in batch), jobs)


def run_batches(items: Sequence[str], work: Callable[[Batch], Iterable[T]], jobs: int) -> Iterator[T]:
    """`run`, with `work` given CHUNK consecutive items at once (so it can review them together)
    and yielding one result per item, in order."""
    global _WORK
    numbered = list(enumerate(items))
    batches = [numbered[i : i + CHUNK] for i in range(0, len(numbered), CHUNK)]
    if jobs <= 1 or len(items) <= 1:
        for batch in batches:
            yield from work(batch)
        return
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


def _read_batch(batch: Batch, advisor: Advisor, kind: str | None, name: str | None) -> Iterator[_Read]:
    """Consecutive inputs read, then reviewed together (one engine session for all their facts; see
    `Advisor.evaluate_many`): per input its review and facts, or its input errors, and its messages.
    An unexpected error while reading stops the batch at that input, as it would one by one."""
    from advisor.cli.inputs import input_errors, load_input_quietly
    from advisor.documents.errors import DocumentError

    reads: list[_Read | tuple[Any, list[str]]] = []
    failure: Exception | None = None
    for position, path in batch:
        try:
            reads.append(load_input_quietly(path, kind, name))
        except DocumentError as err:
            reads.append(_Read(None, input_errors(err, position), [f"error: {err.source}: {i}" for i in err.issues]))
        except Exception as exc:  # noqa: BLE001 - re-raised below, after the inputs before it
            failure = exc
            break
    loaded = [r[0] for r in reads if isinstance(r, tuple)]
    evaluated = advisor.evaluate_many([(m.model, m.provenance_text() or None) for m in loaded])
    for read in reads:
        if isinstance(read, _Read):
            yield read
            continue
        loaded_input, messages = read
        result = next(evaluated)
        yield _Read((loaded_input.source, loaded_input.model, result.review), [], messages, result.facts)
    if failure is not None:
        raise failure


@dataclass
class _Read:
    reviewed: tuple[str, Any, Review] | None
    errors: list[InputError]
    messages: list[str]  # warnings and errors for standard error, printed by the parent in input order
    facts: dict[str, dict] | None = None  # the review's facts per unit (kept in the worker, never pickled)


def review_inputs(
    files: list[str], advisor: Advisor, kind: str | None, name: str | None, n_jobs: int
) -> tuple[list[tuple[str, Any, Review]], list[InputError]]:
    """Every input reviewed on `n_jobs` processes: (file, document, review) in input order, and the
    input errors (also reported on standard error, in input order)."""
    from advisor.cli.progress import steps

    reviewed, errors = [], []
    results = run_batches(files, lambda batch: _without_facts(_read_batch(batch, advisor, kind, name)), n_jobs)
    for read in steps(results, "reviewing", len(files)):
        _report(read.messages)
        errors += read.errors
        if read.reviewed is not None:
            reviewed.append(read.reviewed)
    return reviewed, errors


def _without_facts(reads: Iterable[_Read]) -> Iterator[_Read]:
    for read in reads:
        read.facts = None  # the parent judges again from the review; the facts are not worth pickling
        yield read


@dataclass
class _Entry:
    """What the parent keeps of one input when JSON is streamed: its bytes and a few facts."""

    data: bytes
    failed: bool
    error: bool
    waivers_used: frozenset[int]
    messages: list[str]


def _entries(batch: Batch, advisor: Advisor, kind: str | None, name: str | None, policy: Policy) -> Iterator[_Entry]:
    from advisor.gate.judge import judge_document
    from advisor.gate.model import GateResult
    from advisor.render import json_out

    for read in _read_batch(batch, advisor, kind, name):
        if read.reviewed is None:
            entry = json_out.error_entry(read.errors[0].file, read.errors)
            yield _Entry(json_out.element(entry), True, True, frozenset(), read.messages)
            continue
        doc = judge_document(*read.reviewed, policy, advisor.rulebook, read.facts)
        data = json_out.document(doc, GateResult(documents=(doc,), policy=policy, rulebook=advisor.rulebook))
        used = frozenset(i.waiver.index for i in doc.items() if i.waiver is not None)
        yield _Entry(json_out.element(data), doc.failed, False, used, read.messages)


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
    results = run_batches(files, lambda batch: _entries(batch, advisor, kind, name, policy), n_jobs)
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
