"""A gate input that is wrong (waivers, baseline, selection): exit 2 with the file and entry named."""

from __future__ import annotations


class GateInputError(ValueError):
    """`where` names the file and entry, e.g. `.advisor-waivers.yaml:7: waivers[1]`."""

    def __init__(self, where: str, message: str):
        self.where, self.message = where, message
        super().__init__(f"{where}: {message}")
