"""YAML documents with a budget on alias expansion (the YAML half of advisor.documents.io).

A module of its own so that reading a JSON document never imports PyYAML.
"""

from __future__ import annotations

from typing import Any

import yaml

MAX_ALIAS_NODES = 10_000  # nodes YAML aliases may repeat in all: a configuration needs a handful


class _AliasBudget(yaml.SafeLoader):
    """SafeLoader that counts what aliases expand to: `a: &a [*b, *b, ...]` nine levels deep is a
    538-byte file of a billion nodes, which any later walk of the data never finishes."""

    def __init__(self, stream: str):
        super().__init__(stream)
        self._repeated = 0
        self._sizes: dict[int, int] = {}

    def _size(self, node: yaml.Node) -> int:
        known = self._sizes.get(id(node))
        if known is None:
            if isinstance(node, yaml.SequenceNode):
                known = 1 + sum(self._size(n) for n in node.value)
            elif isinstance(node, yaml.MappingNode):
                known = 1 + sum(self._size(k) + self._size(v) for k, v in node.value)
            else:
                known = 1
            self._sizes[id(node)] = known
        return known

    def compose_node(self, parent: yaml.Node | None, index: object) -> yaml.Node | None:
        if self.check_event(yaml.AliasEvent):
            anchored = self.anchors.get(self.peek_event().anchor)
            if anchored is not None:
                self._repeated += self._size(anchored)
                if self._repeated > MAX_ALIAS_NODES:
                    raise yaml.YAMLError(f"aliases repeat more than {MAX_ALIAS_NODES} nodes (an alias bomb?)")
        # types-PyYAML says index is an int; PyYAML also passes the key node for a mapping value.
        return super().compose_node(parent, index)  # type: ignore[arg-type]


def load_yaml(text: str) -> Any:
    """yaml.safe_load with a budget on alias expansion; raises yaml.YAMLError past it."""
    loader = _AliasBudget(text)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()
