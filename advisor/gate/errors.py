"""A gate input that is wrong (waivers, baseline, selection): exit 2 with the file and entry named."""

from __future__ import annotations


class GateInputError(ValueError):
    """`where` names the file and entry, e.g. `.advisor-waivers.yaml:7: waivers[1]`."""

    def __init__(self, where: str, message: str):
        self.where, self.message = where, message
        super().__init__(f"{where}: {message}")

    @property
    def file(self) -> str:
        """The file (or option) alone: `.advisor-waivers.yaml`."""
        head = self.where.partition(": ")[0]
        name, _, line = head.rpartition(":")
        return name if name and line.isdigit() else head

    @property
    def entry(self) -> str:
        """What follows the file: `line 7: waivers[1]`, or empty."""
        head, _, rest = self.where.partition(": ")
        line = head.rpartition(":")[2] if head.rpartition(":")[0] else ""
        parts = ([f"line {line}"] if line.isdigit() else []) + ([rest] if rest else [])
        return ": ".join(parts)
