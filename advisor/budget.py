"""A CPU-time budget per request for the work that user input can make expensive: parsing and chat.

Sizes are capped at the door and every pattern on user text runs in linear time
(advisor/linre.py), so no single step can run away; the budget caps the sum, so that
an input that is merely large and slow gets a clear refusal instead of holding a
worker for minutes. It counts the CPU time of the calling thread (time.thread_time),
not wall time: a busy machine slows a request down without charging it.

`with budget.limit("parse"):` opens a budget around a unit of work; the loops inside
call `budget.check()`, which raises `BudgetExceeded` once the thread has spent more
than the budget's seconds. A budget opened inside another keeps the earlier deadline
when that is the tighter one. The API answers `BudgetExceeded` with a `budget-exceeded`
problem, the CLI with one line and exit 2.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

# Seconds of CPU per unit of work. The largest real inputs the limits let in (a 1 MiB body of
# command outputs, a 1,000-partition system in a chat turn) take well under a tenth of these.
SECONDS: dict[str, float] = {"parse": 10.0, "chat": 20.0}


class BudgetExceeded(Exception):
    """The work spent more CPU time than its budget; nothing was produced."""

    def __init__(self, what: str, seconds: float):
        self.what, self.seconds = what, seconds
        super().__init__(
            f"{what} took more than its budget of {seconds:g} s of CPU time and was stopped; "
            "send a smaller input (fewer outputs, a shorter message)"
        )


@dataclass(frozen=True)
class _Budget:
    what: str
    seconds: float
    deadline: float


_current: ContextVar[_Budget | None] = ContextVar("advisor_budget", default=None)


def configure(**seconds: float) -> None:
    """Set budgets by name (the server does, from its settings): configure(parse=5.0)."""
    unknown = set(seconds) - set(SECONDS)
    if unknown:
        raise ValueError(f"unknown budget {sorted(unknown)}; known: {sorted(SECONDS)}")
    SECONDS.update({name: float(value) for name, value in seconds.items()})


@contextmanager
def limit(what: str, seconds: float | None = None) -> Iterator[None]:
    """Run the block under the budget `what` (seconds from SECONDS unless given)."""
    allowed = SECONDS[what] if seconds is None else seconds
    outer = _current.get()
    deadline = time.thread_time() + allowed
    if outer is not None and outer.deadline <= deadline:
        yield
        return
    token = _current.set(_Budget(what, allowed, deadline))
    try:
        yield
    finally:
        _current.reset(token)


def check() -> None:
    """Raise BudgetExceeded if the open budget is spent; free outside any budget."""
    current = _current.get()
    if current is not None and time.thread_time() > current.deadline:
        raise BudgetExceeded(current.what, current.seconds)
