"""The process pool behind `advisor check --jobs`: input order, real forked workers, errors."""

from __future__ import annotations

import os
import time
from concurrent.futures.process import BrokenProcessPool

import pytest

from advisor.cli import jobs


def test_results_come_in_input_order_from_several_processes():
    parent = os.getpid()

    def work(position: int, item: str) -> tuple[int, str, int]:
        if position % 7 == 0:
            time.sleep(0.01)  # early items finish late: order must not follow completion
        return position, item.upper(), os.getpid()

    items = [f"doc{i}" for i in range(200)]
    got = list(jobs.run(items, work, jobs=2))
    assert [(p, i) for p, i, _ in got] == [(p, f"DOC{p}") for p in range(200)]
    pids = {pid for _, _, pid in got}
    assert parent not in pids and len(pids) == 2


def test_one_job_runs_in_this_process():
    got = list(jobs.run(["a", "b"], lambda p, i: os.getpid(), jobs=1))
    assert got == [os.getpid(), os.getpid()]


def test_a_failing_item_raises_in_the_parent():
    def work(position: int, item: str) -> str:
        if item == "bad":
            raise ValueError("cannot read bad")
        return item

    with pytest.raises(ValueError, match="cannot read bad"):
        list(jobs.run(["a"] * 40 + ["bad"] + ["a"] * 40, work, jobs=2))


def test_a_killed_worker_is_an_error_not_a_hang():
    def work(position: int, item: str) -> str:
        if position == 50:
            os.kill(os.getpid(), 9)
        return item

    with pytest.raises(BrokenProcessPool):
        list(jobs.run([str(i) for i in range(100)], work, jobs=2))


def test_default_jobs_is_the_usable_cores():
    assert jobs.default_jobs() == len(os.sched_getaffinity(0))
