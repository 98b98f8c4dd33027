"""Counters for the reliability tests: how many inputs each one tried, printed in the summary.

`pytest -q` hides a passing test's output, so the counts are reported through the terminal
summary (one line per test) and kept in `tried` for the tests' own assertions.
"""

from __future__ import annotations

from collections import Counter

import pytest

tried: Counter = Counter()


@pytest.fixture
def count(request):
    """`count(n)` adds n inputs to this test's tally; returns the running total."""
    name = request.node.nodeid.split("::", 1)[-1]

    def add(n: int = 1) -> int:
        tried[name] += n
        return tried[name]

    return add


def pytest_terminal_summary(terminalreporter):
    if tried:
        terminalreporter.write_sep("-", "reliability: inputs tried")
        for name, n in sorted(tried.items()):
            terminalreporter.write_line(f"{n:>9,}  {name}")
