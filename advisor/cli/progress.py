"""A progress bar on standard error for long runs, only when standard error is a terminal (rich)."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import TypeVar

T = TypeVar("T")


def steps(items: Iterable[T], label: str, total: int) -> Iterator[T]:
    """`items`, drawing a transient bar while they are consumed; silent in pipelines and logs."""
    if total < 2 or not sys.stderr.isatty():
        yield from items
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(label, total=total)
        for item in items:
            yield item
            progress.advance(task)
