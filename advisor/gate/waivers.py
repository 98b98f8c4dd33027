"""The waivers file (contract section 3): accepted findings, each with a reason, an owner and an expiry.

```yaml
waivers:
  - rule: AME-001            # a rule id or an id prefix such as "NET" or "VIOS-00"
    target: "sapapp*"        # glob on the finding's target
    reason: "AME64K needs the March reboot window"
    owner: "unix-team"
    expires: 2027-01-31      # an expired waiver fails the run (exit 2)
```

Every problem is a GateInputError naming the file, the line and the entry; unknown keys get a
did-you-mean, like documents do, so a typo never silently drops a field.
"""

from __future__ import annotations

import datetime as dt
import difflib
import fnmatch
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from advisor.gate.errors import GateInputError
from advisor.gate.selection import check_patterns, matches

DEFAULT_FILE = ".advisor-waivers.yaml"
FIELDS = ("rule", "target", "reason", "owner", "expires")


@dataclass(frozen=True)
class Waiver:
    rule: str
    target: str
    reason: str
    owner: str
    expires: dt.date
    index: int  # position in the file, for messages and reports

    def covers(self, rule_id: str, target: str) -> bool:
        return matches(rule_id, self.rule) and fnmatch.fnmatchcase(target, self.target)

    def as_dict(self) -> dict[str, str]:
        return {
            "rule": self.rule,
            "target": self.target,
            "reason": self.reason,
            "owner": self.owner,
            "expires": self.expires.isoformat(),
        }

    def label(self) -> str:
        return f"waivers[{self.index}] ({self.rule} on '{self.target}')"


@dataclass(frozen=True)
class Waivers:
    file: str | None
    entries: tuple[Waiver, ...] = ()

    def find(self, rule_id: str, target: str) -> Waiver | None:
        if not self.entries:  # the common case, asked for every finding and gap of a fleet
            return None
        return next((w for w in self.entries if w.covers(rule_id, target)), None)

    def expiring(self, today: dt.date, days: int) -> list[Waiver]:
        return [w for w in self.entries if (w.expires - today).days < days]


def _entry_lines(text: str) -> list[int]:
    """1-based line of each entry under `waivers:`, best effort (empty when the shape is off)."""
    import yaml  # here, not at the top: the CLI's --help imports this module for DEFAULT_FILE

    try:
        root = yaml.compose(text)
    except yaml.YAMLError:
        return []
    if not isinstance(root, yaml.MappingNode):
        return []
    for key, value in root.value:
        if key.value == "waivers" and isinstance(value, yaml.SequenceNode):
            return [item.start_mark.line + 1 for item in value.value]
    return []


def _date(value: Any) -> dt.date | None:
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value.strip())
        except ValueError:
            return None
    return None


def _parse_entry(raw: Any, index: int, where: str) -> Waiver:
    if not isinstance(raw, dict):
        raise GateInputError(where, "a waiver must be a mapping with " + ", ".join(FIELDS))
    for key in raw:
        if key not in FIELDS:
            close = difflib.get_close_matches(str(key), FIELDS, n=1, cutoff=0.6)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            raise GateInputError(where, f"unknown key '{key}'{hint}; a waiver has {', '.join(FIELDS)}")
    missing = [f for f in FIELDS if raw.get(f) in (None, "")]
    if missing:
        raise GateInputError(where, f"missing {', '.join(missing)} (all of {', '.join(FIELDS)} are required)")
    for key in ("rule", "target", "reason", "owner"):
        if not isinstance(raw[key], str):
            raise GateInputError(where, f"'{key}' must be a string, not {raw[key]!r}")
    expires = _date(raw["expires"])
    if expires is None:
        raise GateInputError(where, f"'expires' must be a date such as 2027-01-31, not {raw['expires']!r}")
    return Waiver(
        rule=raw["rule"].strip().upper(),
        target=raw["target"],
        reason=raw["reason"].strip(),
        owner=raw["owner"].strip(),
        expires=expires,
        index=index,
    )


def parse_waivers(text: str, file: str, rule_ids: Iterable[str], today: dt.date) -> Waivers:
    import yaml

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{file}:{mark.line + 1}" if mark else file
        raise GateInputError(where, f"not valid YAML: {getattr(exc, 'problem', None) or exc}") from None
    if not isinstance(data, dict):
        raise GateInputError(file, "expected a mapping with one 'waivers' list")
    for key in data:
        if key != "waivers":
            hint = (
                " (did you mean 'waivers'?)"
                if difflib.get_close_matches(str(key), ["waivers"], n=1, cutoff=0.6)
                else ""
            )
            raise GateInputError(file, f"unknown key '{key}'{hint}; the file holds one 'waivers' list")
    if "waivers" not in data:
        raise GateInputError(file, "expected a mapping with one 'waivers' list")
    items = data["waivers"] or []
    if not isinstance(items, list):
        raise GateInputError(file, "'waivers' must be a list")
    lines = _entry_lines(text)
    ids = list(rule_ids)
    entries = []
    for i, raw in enumerate(items):
        where = f"{file}:{lines[i]}: waivers[{i}]" if i < len(lines) else f"{file}: waivers[{i}]"
        waiver = _parse_entry(raw, i, where)
        check_patterns([waiver.rule], ids, f"{where}: rule")
        if waiver.expires < today:
            raise GateInputError(
                where,
                f"waiver for {waiver.rule} on '{waiver.target}' (owner {waiver.owner}) "
                f"expired on {waiver.expires.isoformat()}: fix the finding, or renew or "
                f"remove the waiver",
            )
        entries.append(waiver)
    return Waivers(file=file, entries=tuple(entries))


def load_waivers(path: str | None, rule_ids: Iterable[str], today: dt.date | None = None) -> Waivers:
    """`path` None: the default file in the working directory if present, else no waivers."""
    today = today or dt.date.today()
    if path is None:
        if not Path(DEFAULT_FILE).is_file():
            return Waivers(file=None)
        path = DEFAULT_FILE
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise GateInputError(path, f"cannot read the waivers file: {exc}") from None
    return parse_waivers(text, path, rule_ids, today)
