"""The waivers file: every key required, unknown keys with a did-you-mean, expiry, line numbers."""

from __future__ import annotations

import datetime as dt
import textwrap

import pytest
import yaml

from advisor.gate.errors import GateInputError
from advisor.gate.waivers import load_waivers, parse_waivers

IDS = ["AME-001", "AME-002", "VIOS-001"]
TODAY = dt.date(2026, 6, 1)


def parse(text: str):
    return parse_waivers(textwrap.dedent(text), "w.yaml", IDS, TODAY)


def error(text: str) -> str:
    with pytest.raises(GateInputError) as err:
        parse(text)
    return str(err.value)


GOOD = """\
    waivers:
      - rule: AME-001
        target: "sapapp*"
        reason: AME64K needs the March reboot window
        owner: unix-team
        expires: 2027-01-31
      - rule: vios
        target: "vios?"
        reason: sized at the next hardware refresh
        owner: power-team
        expires: "2026-06-01"
    """


def test_valid_file_parses_and_globs_match():
    waivers = parse(GOOD)
    first, second = waivers.entries
    assert first.expires == dt.date(2027, 1, 31) and second.rule == "VIOS" and second.expires == TODAY
    assert waivers.find("AME-001", "sapapp01") is first
    assert waivers.find("AME-001", "sapdb01") is None and waivers.find("AME-002", "sapapp01") is None
    assert waivers.find("VIOS-001", "vios1") is second and waivers.find("VIOS-001", "vios12") is None
    assert waivers.expiring(TODAY, 14) == [second]


def test_expired_waiver_names_file_line_entry_and_owner():
    msg = error(GOOD.replace("2027-01-31", "2026-05-31"))
    assert msg.startswith("w.yaml:2: waivers[0]: ")
    assert "expired on 2026-05-31" in msg and "unix-team" in msg and "AME-001" in msg


def test_unknown_key_gets_a_did_you_mean():
    msg = error(GOOD.replace("owner: power-team", "ownr: power-team"))
    assert msg.startswith("w.yaml:7: waivers[1]: ") and "unknown key 'ownr' (did you mean 'owner'?)" in msg


@pytest.mark.parametrize("drop", ["reason", "owner", "expires", "target", "rule"])
def test_every_field_is_required(drop):
    entry = {"rule": "AME-001", "target": "x", "reason": "r", "owner": "o", "expires": "2027-01-01"}
    del entry[drop]
    msg = error(yaml.safe_dump({"waivers": [entry]}))
    assert msg.startswith("w.yaml:2: waivers[0]: ") and f"missing {drop}" in msg
    assert "missing reason" in error(yaml.safe_dump({"waivers": [{**entry, drop: "x", "reason": ""}]}))


def test_bad_date_unknown_rule_and_bad_shapes():
    assert "'expires' must be a date" in error(GOOD.replace("2027-01-31", "next spring"))
    assert "'AMEE-001' matches no rule; did you mean" in error(GOOD.replace("rule: AME-001", "rule: AMEE-001"))
    assert "unknown key 'waiver' (did you mean 'waivers'?)" in error("waiver: []\n")
    assert "expected a mapping" in error("- rule: AME-001\n")
    assert "not valid YAML" in error("waivers: [\n")
    assert parse("waivers: []\n").entries == ()


def test_default_file_only_when_present(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert load_waivers(None, IDS, TODAY).file is None
    (tmp_path / ".advisor-waivers.yaml").write_text(textwrap.dedent(GOOD))
    assert load_waivers(None, IDS, TODAY).file == ".advisor-waivers.yaml"
    with pytest.raises(GateInputError, match="cannot read"):
        load_waivers(str(tmp_path / "missing.yaml"), IDS, TODAY)
