"""One polarity reader (advisor/chat/polarity.py) for the calculators, the pasted-output reader and the what-ifs."""

import pytest

from advisor.chat import polarity


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("vpm_fold_policy = 3. Action required?", "problem"),
        ("anything wrong with these values", "problem"),
        ("is LFAREA sized right?", "right"),
        ("healthy or not?", "right"),
        ("swap not enough?", "problem"),  # "not enough" asks whether it is under, not whether it is enough
        ("vios memory too low?", "problem"),
        ("do we need to bump the buffers?", "problem"),
        ("ok, or any risk?", None),  # both ways round: no verdict from the rules
        ("what does this show", None),
    ],
)
def test_asked(text, expected):
    assert polarity.asked(text) == expected


@pytest.mark.parametrize(
    ("ok", "text", "kind", "expected"),
    [
        (True, "8 GB for the vios, enough?", "min", "yes"),
        (True, "8 GB for the vios, do we need to increase it?", "min", "no"),
        (False, "4 GB of swap, not enough?", "min", "yes"),
        (False, "4 GB of swap. action needed? y/n", "min", "yes"),
        (True, "buffer cache at 10 %, over the limit?", "max", "no"),
        (False, "buffer cache at 40 %, too much?", "max", "yes"),
        (False, "only 2 instances, too many?", "range", "no"),  # below the range is no "too many"
    ],
)
def test_stated_verdict(ok, text, kind, expected):
    low = kind == "range" and not ok
    assert polarity.stated_verdict(ok, text, kind, low=low if kind == "range" else None) == expected


def test_reaches_leaves_too_much_unanswered():
    """A minimum does not bound "too much?": no verdict from it."""
    assert polarity.reaches(True, "12 GB for the VIOS, too much?") is None
    assert polarity.reaches(True, "12 GB for the VIOS, enough?") == "yes"
