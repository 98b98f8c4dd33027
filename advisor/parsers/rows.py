"""The rows of a big listing (lsdev, lslpp -l, ps -eZ), stored by column.

A row as a dict costs 250-700 bytes for a 50-byte line (the dict, plus a string per cell), so a
listing's result was 5-11x its text (issue 16).  ``Rows`` keeps one list per column instead, with
the repeated strings of a column (a status, a level, a page size) shared, whole numbers in a
machine array, and the rows' key tuples (their "layouts") stored once per run of rows.  It reads
like the list of row dicts it replaces: ``len``, indexing (negative too), slices, iteration and
``==`` with a list; each read builds the row's dict afresh, so a row is read-only (``list(rows)``
gives a plain list to change).  A result serialises exactly as before: ``ParseResult``'s JSON and
``model_dump()`` give lists of dicts (the JSON streams them, one row at a time).
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from itertools import accumulate, repeat
from typing import Any, TypeAlias, overload

from pydantic_core import SchemaSerializer, core_schema

_BATCH = 1024  # rows held as tuples before they are moved into the columns: bounded extra memory
_SHARED = 1 << 16  # distinct strings remembered per column at most
_INT_MIN, _INT_MAX = -(1 << 63), (1 << 63) - 1
_ABSENT: Any = object()  # a list column's cell for a row whose layout has no such key: never read


class _Packed:
    """A column of mostly distinct strings (names, descriptions), joined a batch at a time.

    A str object costs 49 bytes beside its characters; here a cell costs 8 (where it ends)."""

    __slots__ = ("chunks", "firsts", "ends")

    def __init__(self) -> None:
        self.chunks: list[str] = []
        self.firsts = array("Q")  # the first cell of each chunk
        self.ends = array("Q")  # per cell: where it ends in its chunk

    def extend(self, values: Iterable[str]) -> None:
        values = list(values)
        self.firsts.append(len(self.ends))
        self.chunks.append("".join(values))
        self.ends.extend(accumulate(map(len, values)))

    def __len__(self) -> int:
        return len(self.ends)

    def __getitem__(self, cell: int) -> str:
        chunk = bisect_right(self.firsts, cell) - 1
        start = self.ends[cell - 1] if cell > self.firsts[chunk] else 0
        return self.chunks[chunk][start : self.ends[cell]]


_Column: TypeAlias = "list[Any] | array[int] | _Packed"


class Rows(Sequence[dict[str, Any]]):
    """Row dicts of one table, stored by column (see the module's docstring).  Filled with ``add``."""

    __slots__ = ("_fields", "_index", "_columns", "_memos", "_layouts", "_layout_of", "_ends", "_runs", "_pending")

    def __init__(self) -> None:
        self._fields: list[str] = []  # every key any row has, in first-seen order: one column each
        self._index: dict[str, int] = {}
        self._columns: list[_Column] = []  # whole numbers in an array, then a list, or _Packed
        self._memos: list[dict[str, str] | None] = []  # per column: its strings, to share equal ones
        self._layouts: list[tuple[str, ...]] = []  # a row's keys in order, by layout id
        self._layout_of: dict[tuple[str, ...], int] = {}
        self._ends = array("Q")  # runs of rows with one layout: where each run ends ...
        self._runs = array("I")  # ... and its layout id
        self._pending: tuple[int, list[tuple[Any, ...]]] = (-1, [])

    # --- filling ------------------------------------------------------------------------------

    def add(self, keys: tuple[str, ...], values: tuple[Any, ...]) -> None:
        """One row: ``dict(zip(keys, values))`` (scalar values; pass the same ``keys`` object per layout)."""
        layout, pending = self._pending
        if layout < 0 or (self._layouts[layout] is not keys and self._layouts[layout] != keys):
            self._flush()
            known = self._layout_of.get(keys)
            layout = self._new_layout(keys) if known is None else known
            self._pending = (layout, pending := [])
        pending.append(values)
        if len(pending) >= _BATCH:
            self._flush()

    def _new_layout(self, keys: tuple[str, ...]) -> int:
        for key in keys:
            if key not in self._index:
                self._index[key] = len(self._fields)
                self._fields.append(key)
                self._columns.append(array("q", bytes(8 * self._stored())))
                self._memos.append({})
        self._layout_of[keys] = len(self._layouts)
        self._layouts.append(keys)
        return len(self._layouts) - 1

    def _stored(self) -> int:
        return self._ends[-1] if self._ends else 0

    def _flush(self) -> None:
        """Move the pending rows into the columns (C-speed per cell: zip, map, extend)."""
        layout, pending = self._pending
        if not pending:
            return
        self._pending = (layout, [])
        count = len(pending)
        cells = dict(zip(self._layouts[layout], zip(*pending, strict=True), strict=False))  # keys may repeat
        for position, key in enumerate(self._fields):
            column = self._columns[position]
            values = cells.get(key)
            if values is None:  # the layout has no such key: a filler, never read
                if isinstance(column, array):
                    column.extend(repeat(0, count))
                else:
                    column.extend(repeat("" if isinstance(column, _Packed) else _ABSENT, count))
            else:
                self._columns[position] = self._extended(position, column, values)
        end = self._stored() + count
        if self._runs and self._runs[-1] == layout:
            self._ends[-1] = end
        else:
            self._ends.append(end)
            self._runs.append(layout)

    def _extended(self, position: int, column: _Column, values: tuple[Any, ...]) -> _Column:
        kinds = set(map(type, values))
        if isinstance(column, array):
            if kinds == {int} and _INT_MIN <= min(values) and max(values) <= _INT_MAX:
                column.extend(values)
                return column
            cells: list[Any] = column.tolist()
        elif isinstance(column, _Packed):
            if kinds == {str}:
                column.extend(values)
                return column
            cells = list(map(column.__getitem__, range(len(column))))
        else:
            cells = column
        memo = self._memos[position]
        if memo is None or kinds != {str}:
            cells.extend(values)
            return cells
        grown = len(memo)
        cells.extend(map(memo.setdefault, values, values))
        if len(memo) - grown <= len(values) // 2 and len(memo) <= _SHARED:
            return cells
        self._memos[position] = None  # mostly distinct (names, descriptions): sharing saves nothing
        if not {str, object} >= set(map(type, cells)):
            return cells
        packed = _Packed()  # every cell a string (or a filler): pack them
        packed.extend(cell if type(cell) is str else "" for cell in cells)
        return packed

    # --- reading ------------------------------------------------------------------------------

    def __len__(self) -> int:
        return self._stored() + len(self._pending[1])

    @overload
    def __getitem__(self, index: int) -> dict[str, Any]: ...

    @overload
    def __getitem__(self, index: slice) -> list[dict[str, Any]]: ...

    def __getitem__(self, index: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("row index out of range")
        self._flush()
        keys = self._layouts[self._runs[bisect_right(self._ends, index)]]
        return dict(zip(keys, [self._columns[self._index[k]][index] for k in keys], strict=True))

    def __iter__(self) -> Iterator[dict[str, Any]]:
        self._flush()
        start = 0
        for end, layout in zip(self._ends, self._runs, strict=True):
            keys = self._layouts[layout]
            spans = range(start, end)
            cells = [map(self._columns[self._index[k]].__getitem__, spans) for k in keys]
            for values in zip(*cells, strict=True):
                yield dict(zip(keys, values, strict=True))
            start = end

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Rows | list):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # compares by content, like the list it stands for

    def __repr__(self) -> str:
        return repr(list(self))


def _serialise(rows: Rows, info: core_schema.SerializationInfo) -> Any:
    """JSON: the row dicts one at a time (never all at once); Python: the plain list of dicts."""
    return iter(rows) if info.mode_is_json() else list(rows)


# pydantic serialises an ``Any`` value with the serializer its class carries (ParseResult.data).
Rows.__pydantic_serializer__ = SchemaSerializer(  # type: ignore[attr-defined]
    core_schema.any_schema(serialization=core_schema.plain_serializer_function_ser_schema(_serialise, info_arg=True))
)
