"""The one way in for what admins hand over: a document, a pasted command output, or a bundle.

``load_input(path)`` reads a file (``-`` = standard input) and returns a validated document model
with, for documents built from outputs, the source line of every field, the parser warnings and
the conflicts between outputs.  What the text is, is decided in this order:

1. JSON (text starting with ``{``): a configuration document.
2. Bundle markers (``#### advisor-bundle ...``): a collector bundle.
3. Shell prompt lines naming a known command (``root@aix1:/ # lparstat -i``): a pasted session.
4. One command output the parser registry recognises.  This comes before YAML on purpose: many
   outputs (``Partition Name : x``) are valid YAML mappings.
5. A YAML mapping with ``kind``: a hand-written document.
6. Several outputs one after another (split into blank-line separated blocks by detection).
7. Otherwise a DocumentError saying what was expected.

Every problem is a DocumentError naming the file (never a traceback), and nothing is invented:
a field no output states is left out, so the rules report it as not assessed.

The parser and assembly stack (and the YAML reader) is imported only when a text is not JSON:
`advisor check doc.json` runs once per document in a pipeline and pays for none of it
(tests/cli/test_startup_imports.py holds that).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from advisor import budget, linre
from advisor.documents.errors import DocumentError, Issue
from advisor.documents.io import parse_text, validate_document

if TYPE_CHECKING:
    from advisor.assemble.model import Conflict, InputWarning, Output, Source
    from advisor.redact import Redactor

MAX_INPUT_BYTES = 16 * 1024 * 1024  # one file or text; the longest real listings (ps -eZ, lsdev) are a few MB
MAX_LINE_CHARS = 16 * 1024  # one line of command output; lsattr and ps lines stay under 4 KB
NAME_SOURCES = (
    "lparstat -i: Partition Name",
    "prtconf: LPAR Name",
    "amepat: Partition Name",
    "machinfo: Nodename",
    "/proc/sysinfo: LPAR Name, with z/VM the only level",
    "a host name (lparstat -i Node Name, prtconf Host Name, topas)",
)


@dataclass(frozen=True)
class LoadedInput:
    """A reviewed-ready document and where its values came from.

    ``form`` is ``document`` (JSON/YAML), ``output`` (one command output), ``bundle`` (a collector
    bundle or a pasted session) or ``outputs`` (several files).  ``provenance`` maps dotted field paths
    to their Source (empty for documents); ``str(source)`` reads "from lparstat -i line 12 of f: ...".
    """

    source: str
    model: Any
    provenance: dict[str, Source] = field(default_factory=dict)
    warnings: list[InputWarning] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    form: str = "document"
    document: dict[str, Any] = field(default_factory=dict)
    unmapped: list[str] = field(default_factory=list)

    def provenance_text(self) -> dict[str, str]:
        """Field path -> "from <command> line N of <file>: <line>", as Advisor.review takes it."""
        return {path: str(src) for path, src in self.provenance.items()}

    def document_json(self) -> dict[str, Any]:
        """The validated document as JSON with exactly the fields stated (explicit nulls kept): what
        `advisor parse` prints and the API returns."""
        return self.model.model_dump(mode="json", exclude_unset=True)


@dataclass(frozen=True)
class TextInput:
    """One command output or bundle already in memory (the API's ``outputs``).

    ``source`` names it in messages and provenance (``outputs[2]``); ``command`` is the command
    that printed it when the caller says so, otherwise the text is detected like a file's.
    """

    text: str
    source: str
    command: str | None = None


def _error(source: str, message: str, path: str = "$") -> DocumentError:
    return DocumentError(source, [Issue(path=path, message=message)])


def _too_large(source: str) -> DocumentError:
    return _error(
        source,
        f"the input is larger than the limit of {MAX_INPUT_BYTES // (1024 * 1024)} MiB: give one system's outputs",
    )


def check_limits(text: str, source: str) -> None:
    """Refuse, before any parsing, a text over the size limit or with a line over the line limit."""
    if len(text) > MAX_INPUT_BYTES:
        raise _too_large(source)
    line_no = 1
    for piece in _pieces(text):  # the lengths of a piece's lines at C speed; the line named only when one is over
        lengths = list(map(len, piece.split("\n")))
        if max(lengths) > MAX_LINE_CHARS:
            line_no += next(i for i, length in enumerate(lengths) if length > MAX_LINE_CHARS)
            raise _error(
                source,
                f"line {line_no} is longer than the limit of {MAX_LINE_CHARS} characters: "
                "command outputs have short lines (is this a binary file or a document on one line?)",
            )
        line_no += len(lengths)


_PIECE = 1 << 16


def _pieces(text: str) -> Iterator[str]:
    """``text`` in pieces of about 64 KB cut at line ends (each without its last line end): whole lines,
    looked at without holding a list of all of them."""
    size, pos = len(text), 0
    while pos < size:
        end = text.find("\n", min(pos + _PIECE, size))
        end = size if end < 0 else end
        yield text[pos:end]
        pos = end + 1


def read_text(path: str) -> tuple[str, str]:
    """(source name, text) of a file or of standard input (``-``), refused early when over the size limit."""
    source = "<stdin>" if path == "-" else path
    try:
        if path == "-":
            raw = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        else:
            with Path(path).open("rb") as handle:
                if os.fstat(handle.fileno()).st_size > MAX_INPUT_BYTES:
                    raise _too_large(source)
                raw = handle.read(MAX_INPUT_BYTES + 1)  # a file still growing, or a pipe
    except (OSError, AttributeError) as exc:
        if path == "-" and isinstance(exc, AttributeError):  # a text-only stdin (tests, embedding)
            return source, sys.stdin.read(MAX_INPUT_BYTES + 1)
        raise _error(source, f"cannot read: {exc}") from None
    if len(raw) > MAX_INPUT_BYTES:
        raise _too_large(source)
    return source, decode(raw, source)


_UTF16 = ((b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"))


def decode(raw: bytes, source: str) -> str:
    """The text of a file's bytes: UTF-8 (its byte-order mark dropped), UTF-16 with a byte-order mark (what
    Windows editors and PowerShell's ``>`` save), else Latin-1 (a terminal in another code page).  NUL bytes
    in any other text are binary data; UTF-16 without its mark is refused saying so, never read as Latin-1."""
    for mark, codec in _UTF16:
        if raw.startswith(mark):
            try:
                text = raw[2:].decode(codec)
            except UnicodeDecodeError as exc:
                raise _error(source, f"the file starts as UTF-16 ({codec}) but is not: {exc.reason}") from None
            if "\x00" in text:
                raise _error(source, "binary data, not text: give a document, a command output or a bundle")
            return text
    if b"\x00" in raw:
        if len(raw) > 3 and raw.count(b"\x00", 0, 4096) * 3 > min(len(raw), 4096):  # every other byte NUL
            raise _error(
                source,
                "the file looks like UTF-16 without a byte-order mark: save it as UTF-8 (or UTF-16 with its mark)",
            )
        raise _error(source, "binary data, not text: give a document, a command output or a bundle")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("latin-1")  # pasted from a terminal in another code page


# --- what the text is ------------------------------------------------------------------------


_KIND_KEY = linre.compile(r"(?m)^[ \t]*[\"']?kind[\"']?[ \t]*:")


def _has_prompts(text: str) -> bool:
    """A line is a shell prompt naming a command we read (read a piece at a time: no list of all lines)."""
    from advisor.parsers import registry
    from advisor.parsers.bundle import is_loop
    from advisor.parsers.prompts import prompt

    for piece in _pieces(text):
        traced = piece.startswith("+") or "\n+" in piece  # a shell trace (set -x): "+ lparstat -i"
        if "#" not in piece and "$" not in piece and ">" not in piece and not traced:  # every prompt ends in one
            continue
        for line in piece.splitlines():
            found = prompt(line) if "#" in line or "$" in line or ">" in line or line[:1] == "+" else None
            if found is None or found.command is None:
                continue
            if registry.parser_for(found.command) is not None or is_loop(found.command):  # a loop: over hosts?
                return True
    return False


def _reopened(text: str, command: str) -> bool:
    """The text holds several outputs of ``command`` one after another (``Node Name : a`` ... ``Node Name : b``)."""
    from advisor.parsers._text import without_controls
    from advisor.parsers.bundle import opening_label, split_bundle

    start = len(text) - len(text.lstrip())
    label = opening_label(text, start, min(len(text), start + 4096))
    if label is None:  # only an output that opens with "Label : value" can be told to open again
        return False
    head = without_controls(text[start : text.find(":", start)]).strip()  # "\x1b[1mNode Name": a coloured copy
    if text.find(head, start + len(head)) < 0:  # C-speed: the opening label never comes back
        return False
    sections = split_bundle(text)
    return len(sections) > 1 and all(s.command == command for s in sections)


def _opens_with_prompt(text: str) -> bool:
    """A pasted session whose first line is a prompt like ``[root@lnx01 ~]# lscpu``: not a JSON array."""
    from advisor.parsers.prompts import prompt

    start = _head(text)
    return prompt(start[: start.find("\n")] if "\n" in start[:4096] else start[:4096]) is not None


def _json_array(text: str) -> bool:
    """A text opening with ``[`` is a JSON array only when a JSON value or ``]`` follows it: ``[Complex]`` and
    ``[Partition]`` open parstatus output, ``[root@lnx01 ~]# lscpu`` a pasted session."""
    head = _head(text)[1:64].lstrip()
    return (not head or head[0] in '{["-0123456789]tfn') and not _opens_with_prompt(text)


def _head(text: str) -> str:
    """``text.lstrip()[:4096]`` without copying the whole text."""
    head = text[:4096]
    blanks = len(head) - len(head.lstrip())
    return text[blanks : blanks + 4096] if blanks < len(head) else text.lstrip()[:4096]


def _yaml_document(text: str) -> dict[str, Any] | None:
    import yaml

    from advisor.documents.io import load_yaml

    try:
        data = load_yaml(text)
    except (yaml.YAMLError, RecursionError):
        return None
    return data if isinstance(data, dict) and "kind" in data else None


def _bundle_outputs(text: str, source: str) -> tuple[list[Output], list[InputWarning]]:
    from advisor.assemble.model import InputWarning, Output
    from advisor.parsers.base import ParseError
    from advisor.parsers.bundle import parse_bundle

    try:
        report = parse_bundle(text)
    except ParseError as err:
        raise _error(source, str(err)) from None
    outputs = [Output(r, source) for r in report.results]
    problems = [
        InputWarning(file=source, command=p.command, line_no=p.line_no, reason=p.reason) for p in report.problems
    ]
    return outputs, problems


def read_outputs(text: str, source: str) -> tuple[str, Any, list[Output], list[InputWarning]]:
    """(form, document data or None, outputs, problems) of one text; raises DocumentError when it is neither."""
    if not text or text.isspace():  # (neither copies the text)
        raise _error(source, "the input is empty: give a configuration document, a command output or a bundle")
    if len(text) > MAX_INPUT_BYTES:
        raise _too_large(source)
    start = _head(text)[:1]
    if start == "{" or (start == "[" and _json_array(text)):
        return "document", parse_text(text, source), [], []
    from advisor.assemble.model import Output
    from advisor.parsers import registry
    from advisor.parsers.base import ParseError
    from advisor.parsers.bundle import has_typed_command, markers
    from advisor.parsers.pasted import unwrap

    check_limits(text, source)
    text = unwrap(text)  # a mail's "> " quoting, an ISPF screen's line numbers and furniture
    try:
        version, sections = markers(text)
    except ParseError as err:
        raise _error(source, str(err)) from None
    if version is not None or sections or _has_prompts(text) or has_typed_command(text):
        outputs, problems = _bundle_outputs(text, source)
        if not outputs:  # one line (the CLI's one error line), the sections' problems in it
            reasons = "; ".join(str(p) for p in problems)
            raise _error(source, "no command output in it could be parsed" + (f": {reasons}" if reasons else ""))
        return "bundle", None, outputs, problems
    detected = registry.detect(text)
    if detected is not None and _reopened(text, detected):  # two outputs of one command, maybe two systems
        return "bundle", None, *_bundle_outputs(text, source)
    if detected is not None:
        try:
            return "output", None, [Output(registry.parse_output(text, detected=detected), source)], []
        except ParseError as err:
            raise _error(source, str(err)) from None
    document = _yaml_document(text)
    if document is not None:
        return "document", document, [], []
    outputs, problems = _bundle_outputs(text, source)
    if outputs:
        return "bundle", None, outputs, problems
    not_output = Issue(
        path="$",
        message=f"nor is it the output of a command the advisor reads ({', '.join(registry.commands())}) or a bundle",
    )
    neither = (
        "neither a configuration document (JSON/YAML with 'kind') nor the output of a command "
        f"the advisor reads ({', '.join(registry.commands())}), nor a bundle"
    )
    try:
        data = parse_text(text, source)
    except DocumentError as err:  # what the YAML reader says, then what else it could have been
        if not _KIND_KEY.search(_head(text)):  # no document at all (D IPLINFO): one line, not the YAML reader's
            raise _error(source, neither) from None
        raise DocumentError(source, [*err.issues, not_output]) from None
    if isinstance(data, dict):  # a mapping without kind: say so as for any document
        try:
            validate_document(data, source)
        except DocumentError as err:
            raise DocumentError(source, [*err.issues, not_output]) from None
    raise _error(source, neither)


# --- documents from outputs ------------------------------------------------------------------


def _document_model(data: Any, source: str, kind: str | None) -> LoadedInput:
    model = validate_document(data, source)
    if kind is not None and model.kind != kind:
        raise _error(source, f"the document is of kind {model.kind!r}, not {kind!r} as asked", "$.kind")
    return LoadedInput(source=source, model=model, form="document", document=data)


def build(
    outputs: list[Output],
    problems: list[InputWarning],
    source: str,
    *,
    form: str,
    kind: str | None = None,
    name: str | None = None,
) -> LoadedInput:
    """Assemble and validate one document from parsed outputs."""
    from advisor.assemble import AssemblyError, assemble
    from advisor.assemble.validate import to_model

    try:
        assembly = assemble(outputs, kind=kind, name=name)
    except AssemblyError as err:
        raise _error(source, str(err)) from None
    fields = [k for k in assembly.document if k not in ("kind", "name")]
    if not fields:
        read = ", ".join(sorted({o.result.command_line or o.command for o in outputs}))
        raise _error(source, f"the outputs ({read}) state no field of a {assembly.kind} document")
    if "name" not in assembly.document:
        raise _error(
            source,
            "no output names the system (looked for "
            + "; ".join(NAME_SOURCES)
            + "): give the name (advisor parse --name NAME)",
            "$.name",
        )
    model, assembly = to_model(assembly, source)
    return LoadedInput(
        source=source,
        model=model,
        provenance=assembly.provenance,
        warnings=problems + assembly.warnings,
        conflicts=assembly.conflicts,
        form=form,
        document=assembly.document,
        unmapped=assembly.unmapped,
    )


def load_input(
    path_or_dash: str, *, kind: str | None = None, name: str | None = None, redactor: Redactor | None = None
) -> LoadedInput:
    """A document, one command output or a bundle from a file (``-`` = stdin), validated.

    ``kind`` forces the document kind (otherwise decided from the outputs: vios when ioslevel is
    there, ...); ``name`` names the system when no output does (outputs only); ``redactor`` replaces
    host names, addresses, serials and WWPNs before anything is read (``--redact``).  Raises DocumentError.
    """
    source, text = read_text(path_or_dash)
    return load_text(redactor.text(text) if redactor else text, source, kind=kind, name=name)


def load_text(text: str, source: str = "<text>", *, kind: str | None = None, name: str | None = None) -> LoadedInput:
    """``load_input`` for text already in memory (the API, chat); under the parse budget (advisor/budget.py)."""
    with budget.limit("parse"):
        form, data, outputs, problems = read_outputs(text, source)
        if form == "document":
            return _document_model(data, source, kind)
        return build(outputs, problems, source, form=form, kind=kind, name=name)


def load_outputs(
    paths: Iterable[str], *, kind: str | None = None, name: str | None = None, redactor: Redactor | None = None
) -> LoadedInput:
    """Several files of command outputs or bundles (one system) as one document: ``advisor parse``."""
    paths = list(paths)
    if not paths:
        raise _error("<none>", "no input files given")

    def texts() -> Iterator[TextInput]:  # read one file at a time: its errors come before the next is read
        for path in paths:
            source, text = read_text(path)
            yield TextInput(text=redactor.text(text) if redactor else text, source=source)

    return load_texts(texts(), kind=kind, name=name)


def _read_one(item: TextInput, document_hint: str) -> tuple[list[Output], list[InputWarning]]:
    if item.command is not None:
        from advisor.assemble.model import Output
        from advisor.parsers import registry
        from advisor.parsers.base import ParseError
        from advisor.parsers.pasted import unwrap

        check_limits(item.text, item.source)
        text = unwrap(item.text)
        parser = registry.parser_for(item.command)
        if parser is not None and _reopened(text, parser.COMMAND):  # two systems' outputs under one name
            found, issues = _bundle_outputs(text, item.source)
            line = " ".join(item.command.split())
            return [Output(o.result.model_copy(update={"command_line": line}), o.file) for o in found], issues
        try:
            return [Output(registry.parse_output(text, item.command), item.source)], []
        except ParseError as err:
            raise _error(item.source, str(err)) from None
    form, _, found, issues = read_outputs(item.text, item.source)
    if form == "document":
        raise _error(item.source, f"this is a configuration document, not command output: {document_hint}")
    return found, issues


def load_texts(
    items: Iterable[TextInput],
    *,
    kind: str | None = None,
    name: str | None = None,
    source: str | None = None,
    document_hint: str = "`advisor check` reads it",
) -> LoadedInput:
    """Command outputs and bundles of one system, held in memory, as one document.

    Each item is parsed as its named command, or detected as a file would be; ``source`` names the
    whole in messages about the assembly (default: the items' sources joined). Raises DocumentError
    naming the item (its ``source``) or, for the assembly, ``source``. Runs under the parse budget."""
    with budget.limit("parse"):
        return _load_texts(items, kind=kind, name=name, source=source, document_hint=document_hint)


def _load_texts(
    items: Iterable[TextInput], *, kind: str | None, name: str | None, source: str | None, document_hint: str
) -> LoadedInput:
    outputs: list[Output] = []
    problems: list[InputWarning] = []
    sources: list[str] = []
    for item in items:
        sources.append(item.source)
        found, issues = _read_one(item, document_hint)
        outputs += found
        problems += issues
    if not sources:
        raise _error(source or "<none>", "no input given")
    return build(
        outputs,
        problems,
        source or ", ".join(sources),
        form="outputs" if len(sources) > 1 else ("output" if len(outputs) == 1 else "bundle"),
        kind=kind,
        name=name,
    )
