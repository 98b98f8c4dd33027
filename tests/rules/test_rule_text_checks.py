"""The loader's checks on what a rule prints, and the template guards they rely on."""

from __future__ import annotations

import random
import re
import time

import pytest

from advisor.rulebook import templates
from advisor.rulebook.loader import RulebookError, compile_rule, load_rulebook
from advisor.rulebook.model import Remediation
from advisor.rulebook.templates import render, unguarded

RULEBOOK = load_rulebook()


def _variant(rule_id: str, **update):
    cr = RULEBOOK.rules[rule_id]
    return compile_rule(cr.rule.model_copy(update=update), cr.file, cr.domain)


def test_optional_placeholder_without_guard_is_refused():
    # AME-002's processor is optional: "on n/a" was what users read before the guard
    with pytest.raises(RulebookError, match=r"\{processor\} reads an optional field"):
        _variant("AME-002", message="AME4K at {ame.expansion_factor:.2f} on {processor}.")


@pytest.mark.parametrize(
    "message", ["AME4K at {ame.expansion_factor:.2f}[[ on {processor}]].", "AME4K on {processor|this server}."]
)
def test_guarded_optional_placeholder_is_accepted(message):
    assert _variant("AME-002", message=message).id == "AME-002"


def test_reboot_step_without_maintenance_window_is_refused():
    step = Remediation(
        description="Reboot.", commands=("vmo -r -y -o ame_mpsize_support=1", "shutdown -Fr"), requires_reboot=True
    )
    with pytest.raises(RulebookError, match="maintenance window"):
        _variant("AME-001", remediation=(step,))


def test_reboot_command_without_sap_stop_is_refused():
    step = Remediation(
        description="In the maintenance window, reboot.", commands=("shutdown -Fr",), requires_reboot=True
    )
    with pytest.raises(RulebookError, match="without stopping SAP"):
        _variant("AME-001", remediation=(step,))


@pytest.mark.parametrize(
    "values, expected",
    [
        ({"p": "POWER9"}, "AME4K on POWER9: costs CPU."),
        ({}, "AME4K: costs CPU."),
    ],
)
def test_dropped_segment_takes_its_spaces(values, expected):
    assert render("AME4K[[ on {p}]]: costs CPU.", values.get) == expected


def test_fallback_stands_in_for_a_missing_value():
    assert render("chhwres -q {m|<MB>}", {}.get) == "chhwres -q <MB>"
    assert render("chhwres -q {m:.0f|<MB>}", {"m": 2304.0}.get) == "chhwres -q 2304"


def test_unguarded_lists_only_bare_placeholders():
    assert unguarded("a {x} [[b {y}]] {z|c}") == ["x"]


def test_no_rule_text_reads_an_optional_field_unguarded():
    for cr in RULEBOOK.rules.values():
        r = cr.rule
        texts = [r.message, r.recommendation, *(s.description for s in r.remediation)]
        texts += [c for s in r.remediation for c in s.commands]
        assert not [p for t in texts for p in unguarded(t) if p in r.optional], cr.id


def test_kept_segments_are_unmarked_as_the_regex_does():
    """templates._unmark_kept replaces a regex for speed (issue 18): same text for every mix of
    spaces, markers and words, the corner cases (markers side by side, blank segments) included."""
    kept = templates._KEPT
    rnd = random.Random(18)
    for _ in range(20_000):
        text = "".join(rnd.choice(["a", " ", " ", kept, "b", ";"]) for _ in range(rnd.randint(0, 12)))
        assert templates._unmark_kept(text) == re.sub(f" +{kept} +", " ", text).replace(kept, ""), repr(text)


def test_dropped_segments_are_removed_as_the_regexes_do():
    """templates._drop_segments replaces two regexes that backtrack quadratically on a long run of
    spaces: same text for every mix of spaces, markers, punctuation and line ends."""
    dropped, kept = templates._DROPPED, templates._KEPT
    rnd = random.Random(16)
    for _ in range(20_000):
        text = "".join(
            rnd.choice(["a", " ", " ", dropped, dropped, kept, ";", ".", "\n"]) for _ in range(rnd.randint(0, 12))
        )
        at_end = re.sub(f" *{dropped}+ *(?={kept}?[;,.:)]|$)", "", text)
        assert templates._drop_segments(text, at_end=True) == at_end, repr(text)
        inside = re.sub(f"^ *{dropped}+ *| *{dropped}+ *", lambda m: "" if m.start() == 0 else " ", at_end)
        assert templates._drop_segments(at_end, at_end=False) == inside, repr(text)


def test_dropping_segments_is_linear_in_a_long_run_of_spaces():
    """200,000 spaces before a marker: the old regexes took minutes, one pass takes milliseconds."""
    text = "x" + " " * 200_000 + templates._DROPPED + "y" + " " * 200_000
    started = time.process_time()
    assert templates._drop_segments(templates._drop_segments(text, at_end=True), at_end=False) == "x y" + " " * 200_000
    assert time.process_time() - started < 1.0
