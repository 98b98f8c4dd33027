"""The rows of a big listing (lsdev, lslpp -l, ps -eZ), stored by column.

A row as a dict costs 250-700 bytes for a 50-byte line (the dict, plus a string object per cell), so
a listing's result was 5-11x its text (issue 16).  ``Rows`` keeps one column per key instead: the
strings of a column joined, a batch of rows at a time, with where each cell ends (8 bytes a cell
beside its characters, where a str object costs 49 more); whole numbers in a machine array; anything
else in a list; the rows' key tuples ("layouts") once per run of rows.  Filling costs a few C-level
passes per batch, not Python work per cell.

It reads like the list of row dicts it replaces: ``len``, indexing (negative too), slices, iteration
and ``==`` with a list; each read builds the row's dict afresh, so a row is read-only (``list(rows)``
gives a plain list to change).  A result serialises exactly as before: ``ParseResult``'s JSON and
``model_dump()`` give lists of dicts (the JSON streams them, one row at a time).  A string is read
back as a ``str`` (a parser stores no subclass of it).
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections.abc import Iterator, Sequence
from itertools import repeat
from typing import Any, TypeAlias, overload

from pydantic_core import SchemaSerializer, core_schema

BATCH = 1024  # rows held as tuples before they are moved into the columns: bounded extra memory
_ABSENT: Any = object()  # a list column's cell for a row whose layout has no such key: never read


class _Packed:
    """A column of strings, each batch's joined by line ends: a cell costs its characters and one more
    (a str object alone costs 49), filled by one C-level join.  Strings holding a line end are not packed."""

    __slots__ = ("chunks", "firsts", "size")

    def __init__(self, blanks: int) -> None:
        self.chunks: list[str] = ["\n" * (blanks - 1)] if blanks else []
        self.firsts = array("Q", [0] if blanks else [])  # the first cell of each chunk
        self.size = blanks

    def extend(self, values: tuple[Any, ...]) -> bool:
        """Append ``values`` when all are strings without a line end (False, and nothing appended, otherwise)."""
        try:
            joined = "\n".join(values)
        except TypeError:
            return False
        if joined.count("\n") != len(values) - 1:
            return False
        self.firsts.append(self.size)
        self.chunks.append(joined)
        self.size += len(values)
        return True

    def blanks(self, count: int) -> None:
        self.extend(("",) * count)

    def __len__(self) -> int:
        return self.size

    def cells(self, start: int, end: int) -> Iterator[str]:
        """The strings of cells ``start`` to ``end``, a chunk split at a time."""
        chunk = bisect_right(self.firsts, start) - 1
        while start < end:
            first = self.firsts[chunk]
            stop = min(end, self.firsts[chunk + 1] if chunk + 1 < len(self.firsts) else self.size)
            yield from self.chunks[chunk].split("\n")[start - first : stop - first]
            start = stop
            chunk += 1


class _Coded:
    """A column of few distinct strings (a status, a level, a page size): a byte per cell."""

    __slots__ = ("codes", "values", "code_of")

    def __init__(self, blanks: int) -> None:
        self.values: list[str] = [""]  # code 0: a filler
        self.code_of: dict[str, int] = {"": 0}
        self.codes = array("B", bytes(blanks))

    def extend(self, values: tuple[Any, ...]) -> bool:
        """Append ``values`` when all are strings and fit the codes left."""
        try:
            self.codes.frombytes(bytes(map(self.code_of.__getitem__, values)))  # only strings are keys
            return True
        except (KeyError, TypeError):  # a new value (or one that cannot be a key)
            pass
        distinct = _distinct(values)
        if distinct is None:
            return False
        new = distinct - self.code_of.keys()
        if len(self.values) + len(new) > _CODES or set(map(type, new)) != {str}:
            return False
        for value in new:
            self.code_of[value] = len(self.values)
            self.values.append(value)
        self.codes.frombytes(bytes(map(self.code_of.__getitem__, values)))
        return True

    def blanks(self, count: int) -> None:
        self.codes.frombytes(bytes(count))

    def __len__(self) -> int:
        return len(self.codes)

    def cells(self, start: int, end: int) -> Iterator[str]:
        return map(self.values.__getitem__, self.codes[start:end])


_CODES = 256
# A column of few distinct strings is coded (a byte per cell) unless they are this short ("4K", "-"): a packed
# cell then costs at most 5 bytes, and packing is a join (~10 ns a cell) where coding is a lookup (~70 ns).
_SHORT = 4


def _ints(values: tuple[Any, ...]) -> array[int] | None:
    """``values`` as a machine array when all are whole numbers of 64 bits (not bools)."""
    try:
        packed = array("q", values)
    except (TypeError, OverflowError):
        return None
    if (True in values or False in values) and bool in set(map(type, values)):  # 1 == True: look closer
        return None
    return packed


# a column: the number of rows so far that have no such key (no cell seen yet), whole numbers, strings, any
_Column: TypeAlias = "int | array[int] | _Coded | _Packed | list[Any]"


class Rows(Sequence[dict[str, Any]]):
    """Row dicts of one table, stored by column (see the module's docstring).  Filled with ``add``."""

    __slots__ = ("_fields", "_index", "_columns", "_layouts", "_layout_of", "_ends", "_runs", "_pending")

    def __init__(self) -> None:
        self._fields: list[str] = []  # every key any row has, in first-seen order: one column each
        self._index: dict[str, int] = {}
        self._columns: list[_Column] = []
        self._layouts: list[tuple[str, ...]] = []  # a row's keys in order, by layout id
        self._layout_of: dict[tuple[str, ...], int] = {}
        self._ends = array("Q")  # runs of rows with one layout: where each run ends ...
        self._runs = array("I")  # ... and its layout id
        self._pending: tuple[int, list[tuple[Any, ...]]] = (-1, [])

    # --- filling ------------------------------------------------------------------------------

    def add(self, keys: tuple[str, ...], values: tuple[Any, ...]) -> None:
        """One row: ``dict(zip(keys, values))`` (scalar values; pass the same ``keys`` object per layout)."""
        pending = self.pending(keys)
        pending.append(values)
        if len(pending) >= BATCH:
            self.flush()

    def pending(self, keys: tuple[str, ...]) -> list[tuple[Any, ...]]:
        """The list to append the value tuples of rows with ``keys`` to (``Builder.listing``), until the
        next call with other keys; ``flush`` when it holds ``BATCH`` rows."""
        layout, pending = self._pending
        if layout >= 0 and (self._layouts[layout] is keys or self._layouts[layout] == keys):
            return pending
        self.flush()
        known = self._layout_of.get(keys)
        layout = self._new_layout(keys) if known is None else known
        self._pending = (layout, pending := [])
        return pending

    def _new_layout(self, keys: tuple[str, ...]) -> int:
        for key in keys:
            if key not in self._index:
                self._index[key] = len(self._fields)
                self._fields.append(key)
                self._columns.append(self._stored())
        self._layout_of[keys] = len(self._layouts)
        self._layouts.append(keys)
        return len(self._layouts) - 1

    def _stored(self) -> int:
        return self._ends[-1] if self._ends else 0

    def flush(self) -> None:
        """Move the pending rows into the columns (C-level passes per column: zip, join, extend)."""
        layout, pending = self._pending
        if not pending:
            return
        count = len(pending)
        cells = dict(zip(self._layouts[layout], zip(*pending, strict=True), strict=True))  # one C-level transpose
        pending.clear()  # the same list goes on taking rows
        for position, key in enumerate(self._fields):
            column = self._columns[position]
            values = cells.get(key)
            if values is not None:
                self._columns[position] = _extended(column, values)
            elif isinstance(column, int):
                self._columns[position] = column + count
            elif isinstance(column, _Coded | _Packed):  # the layout has no such key: a filler, never read
                column.blanks(count)
            else:
                column.extend(repeat(0 if isinstance(column, array) else _ABSENT, count))
        end = self._stored() + count
        if self._runs and self._runs[-1] == layout:
            self._ends[-1] = end
        else:
            self._ends.append(end)
            self._runs.append(layout)

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
        self.flush()
        keys = self._layouts[self._runs[bisect_right(self._ends, index)]]
        return dict(
            zip(keys, [next(_cells(self._columns[self._index[k]], index, index + 1)) for k in keys], strict=True)
        )

    def __iter__(self) -> Iterator[dict[str, Any]]:
        self.flush()
        start = 0
        for end, layout in zip(self._ends, self._runs, strict=True):
            keys = self._layouts[layout]
            columns = [_cells(self._columns[self._index[k]], start, end) for k in keys]
            for values in zip(*columns, strict=True):
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


def _extended(column: _Column, values: tuple[Any, ...]) -> _Column:
    """``column`` with ``values`` appended, in the most compact kind that holds them all."""
    if isinstance(column, int):  # the first cells: fillers before them take the column's kind
        ints = _ints(values)
        if ints is not None:
            return array("q", bytes(8 * column)) + ints
        distinct = _distinct(values) if type(values[0]) is str else None
        if distinct is not None and _worth_coding(distinct):
            coded = _Coded(column)
            if coded.extend(values):
                return coded
        packed = _Packed(column)
        if packed.extend(values):
            return packed
        return [*repeat(_ABSENT, column), *values]
    if isinstance(column, array):
        ints = _ints(values)
        if ints is not None:
            column.extend(ints)
            return column
        cells: list[Any] = column.tolist()
    elif isinstance(column, _Coded):
        if column.extend(values):
            return column
        packed = _Packed(0)  # more distinct strings than codes: pack them, if they are strings
        if packed.extend(tuple(column.cells(0, len(column)))) and packed.extend(values):
            return packed
        cells = list(column.cells(0, len(column)))
    elif isinstance(column, _Packed):
        if column.extend(values):
            return column
        cells = list(column.cells(0, len(column)))
    else:
        cells = column
    cells.extend(values)
    return cells


def _worth_coding(distinct: set[Any]) -> bool:
    """Few distinct values, not all of them short (see ``_SHORT``)."""
    if len(distinct) > _CODES // 4:
        return False
    try:
        return max(map(len, distinct)) > _SHORT
    except TypeError:  # not all strings: _Coded.extend refuses them
        return True


def _distinct(values: tuple[Any, ...]) -> set[Any] | None:
    """The set of ``values``; None when one cannot be hashed (so is no string)."""
    try:
        return set(values)
    except TypeError:
        return None


def _cells(column: _Column, start: int, end: int) -> Iterator[Any]:
    """The cells ``start`` to ``end`` of a column (of rows whose layout has its key)."""
    if isinstance(column, _Coded | _Packed):
        return column.cells(start, end)
    if isinstance(column, int):
        raise IndexError("no row has this column")
    return map(column.__getitem__, range(start, end))
