"""Where a finding points: the JSON path of its first evidence field and, cheaply, that key's line.

`$.partitions[2]` + evidence `ame.page_support` -> `$.partitions[2].ame.page_support`. The line
comes from composing the file with PyYAML (JSON is YAML here), which keeps every node's position;
a field the document does not state (derived, or inherited from the frame) falls back to its
partition, anything unreadable to line 1.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml

from advisor import linre
from advisor.findings import Finding, NotAssessed
from advisor.gate.identity import STDIN

_SEGMENT = linre.compile(r"\.([^.\[\]]+)|\[(\d+)\]")


def join(base: str, field: str | None) -> str:
    return f"{base}.{field}" if field else base


def segments(path: str) -> list[str | int]:
    return [int(i) if i else key for key, i in _SEGMENT.findall(path.removeprefix("$"))]


def finding_path(finding: Finding) -> str:
    field = next((k for k in finding.evidence if not k.startswith("derived.")), None)
    return join(finding.path, field)


def gap_path(gap: NotAssessed) -> str:
    field = next((k for k in gap.missing if not k.startswith("derived.")), None)
    return join(gap.path, field)


@lru_cache(maxsize=64)
def _compose(source: str, stamp: tuple[int, int]) -> yaml.Node | None:
    try:
        return yaml.compose(Path(source).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return None


def _root(source: str) -> yaml.Node | None:
    """The file's node tree, cached while the file is unchanged (size and mtime)."""
    if source == STDIN:
        return None
    try:
        st = Path(source).stat()
    except OSError:
        return None
    return _compose(source, (st.st_mtime_ns, st.st_size))


def _child(node: yaml.Node, seg: str | int) -> tuple[yaml.Node, yaml.Node] | None:
    """(node that marks the line, node to descend into): the key for a mapping entry."""
    if isinstance(seg, int) and isinstance(node, yaml.SequenceNode):
        return (node.value[seg], node.value[seg]) if seg < len(node.value) else None
    if isinstance(seg, str) and isinstance(node, yaml.MappingNode):
        return next(((k, v) for k, v in node.value if k.value == seg), None)
    return None


def line_of(source: str, path: str) -> int:
    """1-based line of the deepest key of `path` present in the file; 1 when unknown."""
    node = _root(source)
    line = 1
    for seg in segments(path):
        found = _child(node, seg) if node is not None else None
        if found is None:
            break
        mark, node = found
        line = mark.start_mark.line + 1
    return line
