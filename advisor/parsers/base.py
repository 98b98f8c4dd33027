"""Typed results shared by every command parser.

Parsers never guess: a value that cannot be read is left out of ``data`` and a
``ParseWarning`` names the line and the reason, so a rule can report "not
assessed" instead of judging an invented number.  ``provenance`` ties every
value back to the line it came from, which is what findings quote as evidence.

A 16 MiB listing has hundreds of thousands of values, and one pydantic object
per value made parsing 60-100x the input in memory (issue 16).  So the
provenance map stores where each value was read (line number and the line's
offset in the text) in flat arrays, one entry per table row rather than per
field, and builds the public ``Provenance`` model only when it is read or the
result is serialised; the JSON is the same as a plain ``dict[str, Provenance]``.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Mapping
from typing import Any

from pydantic import BaseModel, Field, GetCoreSchemaHandler
from pydantic_core import core_schema


class ParseError(ValueError):
    """The text is not output of the command (empty, garbage, another command)."""


class Provenance(BaseModel):
    command: str
    line_no: int
    line: str


class ParseWarning(BaseModel):
    command: str
    line_no: int
    line: str
    reason: str


# Where a value was read: a line of the map's text packed as (line_no << 32 | offset of the line),
# a (line_no, line) pair for a line the map's text does not hold, or a Provenance given whole.
_Where = int | tuple[int, str] | Provenance
SHIFT = 32
LOW = (1 << SHIFT) - 1


def leaves(value: Any, prefix: str = "") -> Iterator[str]:
    """The provenance keys of one value under ``prefix``: a non-empty dict gives one per leaf."""
    if isinstance(value, dict) and value:
        for k, v in value.items():
            yield from leaves(v, f"{prefix}.{k}")
    else:
        yield prefix


class _Table:
    """The rows of one table: where each row was read, and which field keys it has (a shape id)."""

    __slots__ = ("where", "shapes")

    def __init__(self) -> None:
        self.where = array("Q")
        self.shapes = array("I")


class ProvenanceMap(Mapping[str, Provenance]):
    """Field path -> ``Provenance``, in the order the values were read.

    Table rows (``disks.12.name``) are stored per row: the row's line and the tuple of its field
    keys, shared by every row of the same shape.  Read-only to its users; parsers fill it through
    ``Builder`` (advisor/parsers/_text.py).
    """

    __slots__ = (
        "command",
        "_text",
        "_line_shift",
        "_char_shift",
        "_scalars",
        "_tables",
        "_order",
        "_shapes",
        "_shape_of",
        "_size",
        "_open",
        "_open_run",
    )

    def __init__(self, command: str = "", text: str | None = None) -> None:
        self.command = command
        self._text = text  # the (line-end normalised) text the packed offsets point into
        self._line_shift = 0
        self._char_shift = 0
        self._scalars: dict[str, _Where] = {}
        self._tables: dict[str, _Table] = {}
        self._order: list[str | list[Any]] = []  # a scalar key, or a run [table key, first row, end row]
        self._shapes: list[tuple[str, ...]] = [()]  # by shape id; 0: the row's keys are in _scalars
        self._shape_of: dict[tuple[str, ...], int] = {(): 0}
        self._size = 0
        self._open: _Table | None = None  # a table a listing appends rows to (open_rows)
        self._open_run: list[Any] = []

    # --- filling (Builder) ----------------------------------------------------------------

    def _where(self, line_no: int, raw: str, start: int, origin: str | None) -> _Where:
        if start >= 0 and origin is not None:
            if self._text is None:
                self._text = origin
            if origin is self._text and self._char_shift == 0 and line_no <= LOW and start <= LOW:
                return line_no << SHIFT | start
        return (line_no, raw)

    def add(self, key: str, line_no: int, raw: str, start: int = -1, origin: str | None = None) -> None:
        """One value's key (a dict value's leaves are added one by one by the caller)."""
        self._close()
        if key not in self._scalars:
            self._order.append(key)
            self._size += 1
        self._scalars[key] = self._where(line_no, raw, start, origin)

    def add_row(
        self, table: str, index: int, row: dict[str, Any], line_no: int, raw: str, start: int, origin: str | None
    ) -> None:
        """Row ``index`` of ``table``: one entry for all its fields (a dict-valued field: one per leaf)."""
        for value in row.values():
            if isinstance(value, dict) and value:
                shape = tuple(leaf for f, v in row.items() for leaf in leaves(v, f))
                break
        else:
            shape = tuple(row)
        self.add_keys(table, index, shape, line_no, raw, start, origin)

    def add_keys(
        self, table: str, index: int, keys: tuple[str, ...], line_no: int, raw: str, start: int, origin: str | None
    ) -> None:
        """Row ``index`` of ``table`` whose leaves are ``keys``."""
        self._close()
        text = self._text
        if text is None and origin is not None and start >= 0:
            self._text = text = origin
        rows = self._tables.get(table)
        if rows is None:
            rows = self._tables[table] = _Table()
        if origin is not text or not 0 <= start <= LOW or line_no > LOW or index != len(rows.where):
            # a line we cannot point into, or rows out of step: keep each field's key whole
            rows.where.append(0)
            rows.shapes.append(0)
            for key in keys:
                self.add(f"{table}.{index}.{key}", line_no, raw, start, origin)
            return
        rows.where.append(line_no << SHIFT | start)
        rows.shapes.append(self.shape_id(keys))
        self._size += len(keys)
        run = self._order[-1] if self._order else None
        if isinstance(run, list) and run[0] == table and run[2] == index:
            run[2] = index + 1
        else:
            self._order.append([table, index, index + 1])

    def open_rows(self, table: str) -> _Table:
        """``table``'s row arrays, for a listing to append to directly (``Builder.listing``), per row:
        ``where`` gets ``line_no << 32 | start`` (a line of the map's text) and ``shapes`` the
        ``shape_id`` of the row's keys.  The rows appended are logged at the map's next change or read."""
        self._close()
        rows = self._tables.get(table)
        if rows is None:
            rows = self._tables[table] = _Table()
        self._open = rows
        self._open_run = [table, len(rows.where), len(rows.where)]
        self._order.append(self._open_run)
        return rows

    def _close(self) -> None:
        """Log the rows appended to the open table since ``open_rows``."""
        rows, run = self._open, self._open_run
        if rows is None:
            return
        self._open = None
        end = len(rows.where)
        self._size += sum(map(len, map(self._shapes.__getitem__, rows.shapes[run[2] : end])))
        run[2] = end
        if run[1] == end and self._order and self._order[-1] is run:
            self._order.pop()  # nothing was appended

    def shape_id(self, keys: tuple[str, ...]) -> int:
        """The id of a row's key tuple (``open_rows``)."""
        shape_id = self._shape_of.get(keys)
        if shape_id is None:
            shape_id = self._shape_of[keys] = len(self._shapes)
            self._shapes.append(keys)
        return shape_id

    # --- reading --------------------------------------------------------------------------

    def _locate(self, key: str) -> _Where | None:
        self._close()
        found = self._scalars.get(key)
        if found is not None:
            return found
        for table, rows in self._tables.items():
            if not key.startswith(table) or key[len(table) : len(table) + 1] != ".":
                continue
            index, _, suffix = key[len(table) + 1 :].partition(".")
            if not (index.isascii() and index.isdigit()) or (index[0] == "0" and index != "0"):
                continue
            row = int(index)
            if row < len(rows.where) and rows.shapes[row] and suffix in self._shapes[rows.shapes[row]]:
                return rows.where[row]
        return None

    def _line(self, start: int) -> str:
        text = self._text or ""
        end = text.find("\n", start)
        return text[start:] if end < 0 else text[start:end]

    def _build(self, where: _Where) -> Provenance:
        if isinstance(where, int):
            no, line = (where >> SHIFT) + self._line_shift, self._line((where & LOW) + self._char_shift)
        elif isinstance(where, tuple):
            no, line = where[0] + self._line_shift, where[1]
        else:
            if not self._line_shift:
                return where
            return where.model_copy(update={"line_no": where.line_no + self._line_shift})
        return Provenance.model_construct(command=self.command, line_no=no, line=line)

    def __getitem__(self, key: str) -> Provenance:
        where = self._locate(key)
        if where is None:
            raise KeyError(key)
        return self._build(where)

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self._locate(key) is not None

    def _entries(self) -> Iterator[tuple[str, _Where]]:
        self._close()
        shapes = self._shapes
        for entry in self._order:
            if isinstance(entry, str):
                yield entry, self._scalars[entry]
                continue
            table, first, end = entry
            rows = self._tables[table]
            for row in range(first, end):
                where = rows.where[row]
                for suffix in shapes[rows.shapes[row]]:
                    yield f"{table}.{row}.{suffix}", where

    def __iter__(self) -> Iterator[str]:
        return (key for key, _ in self._entries())

    def __len__(self) -> int:
        self._close()
        return self._size

    def items(self) -> Iterator[tuple[str, Provenance]]:  # type: ignore[override]  # a view is not needed
        return ((key, self._build(where)) for key, where in self._entries())

    def values(self) -> Iterator[Provenance]:  # type: ignore[override]
        return (self._build(where) for _, where in self._entries())

    def __repr__(self) -> str:
        return f"ProvenanceMap({len(self)} values of {self.command!r})"

    # --- copies ---------------------------------------------------------------------------

    def shifted(self, lines: int, text: str | None = None, chars: int = 0) -> ProvenanceMap:
        """The same map with line numbers moved by ``lines``; with ``text``, offsets point into ``text``
        ``chars`` further on (a bundle section's lines read from the bundle itself)."""
        self._close()
        copy = ProvenanceMap(self.command, self._text)
        copy._scalars, copy._tables, copy._order = self._scalars, self._tables, self._order
        copy._shapes, copy._shape_of, copy._size = self._shapes, self._shape_of, self._size
        copy._line_shift = self._line_shift + lines
        copy._char_shift = self._char_shift
        if text is not None:
            copy._text, copy._char_shift = text, self._char_shift + chars
        return copy

    @classmethod
    def of(cls, given: Mapping[str, Provenance]) -> ProvenanceMap:
        """A map of whole ``Provenance`` models (results built by hand, JSON read back)."""
        made = cls()
        for key, prov in given.items():
            made._order.append(key)
            made._scalars[key] = prov
        made._size = len(made._scalars)
        return made

    def dump(self) -> dict[str, Provenance]:
        """The plain ``dict[str, Provenance]`` this map stands for: what it serialises as."""
        return dict(self.items())

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> core_schema.CoreSchema:
        plain = handler.generate_schema(dict[str, Provenance])
        from_dict = core_schema.no_info_after_validator_function(cls.of, plain)
        return core_schema.json_or_python_schema(
            json_schema=from_dict,
            python_schema=core_schema.union_schema([core_schema.is_instance_schema(cls), from_dict]),
            serialization=core_schema.plain_serializer_function_ser_schema(cls.dump, return_schema=plain),
        )


class ParseResult(BaseModel):
    """``command`` names the parser; ``command_line`` is the command as run
    ("lsattr -El ent6"), when the caller or the bundle said so."""

    command: str
    data: dict[str, Any]
    warnings: list[ParseWarning] = Field(default_factory=list)
    provenance: ProvenanceMap = Field(default_factory=ProvenanceMap)
    host: str | None = None
    command_line: str | None = None

    def shifted(self, offset: int, host: str | None = None, text: str | None = None, chars: int = 0) -> ParseResult:
        """The same result with line numbers moved by ``offset``.

        Used when the text was cut out of a bundle, so that provenance points
        at the bundle file's own lines (and, given ``text``, quotes them from it, ``chars`` on).
        """
        return ParseResult(
            command=self.command,
            data=self.data,
            warnings=[w.model_copy(update={"line_no": w.line_no + offset}) for w in self.warnings],
            provenance=self.provenance.shifted(offset, text, chars),
            host=host if host is not None else self.host,
            command_line=self.command_line,
        )


CUT_REASON = "the output ends inside this line"  # every warning about a copy cut short says this
NOT_WHOLE = "the listing is not whole"  # a row lost inside a listing (two rows joined in one line) says this


def was_cut(result: ParseResult) -> bool:
    """The text stopped inside its last line, or lost a row inside: a listing read from it is not whole, so
    nothing may be counted, totalled or concluded from an absence over it (its rows are still what they say)."""
    return any(CUT_REASON in w.reason or NOT_WHOLE in w.reason for w in result.warnings)
