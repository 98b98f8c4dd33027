"""Big inputs are refused before any parsing, with the limit named (issue 16)."""

from __future__ import annotations

import time

import pytest

from advisor.documents.errors import DocumentError
from advisor.inputs import MAX_INPUT_BYTES, MAX_LINE_CHARS, TextInput, load_input, load_text, load_texts
from tests.parsers.parser_samples import load


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(tmp_path) -> None:
    path = tmp_path / "huge.txt"
    with path.open("wb") as handle:  # 50 MB on one line, as in the report: refused from its size alone
        handle.truncate(50 * 1024 * 1024)
        handle.seek(0)
        handle.write(b"Node Name : a")
    started = time.perf_counter()
    with pytest.raises(DocumentError, match="larger than the limit of 16 MiB"):
        load_input(str(path))
    assert time.perf_counter() - started < 2.0  # it took minutes before the limit


def test_a_text_over_the_size_limit_is_refused() -> None:
    with pytest.raises(DocumentError, match="limit of 16 MiB"):
        load_text("x" * (MAX_INPUT_BYTES + 1), "api")


def test_a_line_over_the_line_limit_is_refused_with_its_number() -> None:
    text = load("lparstat_i.s2.txt") + "Brand New Field : " + "9" * MAX_LINE_CHARS + "\n"
    line_no = text.count("\n")
    with pytest.raises(DocumentError, match=f"line {line_no} is longer than the limit of {MAX_LINE_CHARS}"):
        load_text(text, "pasted.txt")
    with pytest.raises(DocumentError, match="longer than the limit"):
        load_texts([TextInput(text=text, source="outputs[0]", command="lparstat -i")])


def test_outputs_under_the_limits_still_load() -> None:
    text = load("lparstat_i.s2.txt") + "Brand New Field : " + "9" * (MAX_LINE_CHARS - 100) + "\n"
    assert load_text(text, "pasted.txt").model.kind == "aix-lpar"
