"""The evaluation set (tests/chat/eval): at least 150 conversations, split, and the bars it must hold.

Every part in the repository is tuning material (README.md): heldout1 since session 2, heldout2 and
heldout3 since session 3; the held-out part is sealed outside the repository. Every part is scored
here and in `make bench` (chat section). Hard bars on every part: no out-of-scope answer with
citations, no wrong number. The fully-answered share has a floor per part so a regression shows.
"""

from __future__ import annotations

import pytest

from tests.chat.eval import runner

# heldout2 was measured once after tuning (90.6 %), then looked at once and its general bugs fixed
# (97.4 %, see tests/chat/eval/README.md); its floor leaves room for the box, not for regressions.
# heldout3 (written by an engineer who does not tune the chat) ran once at 76.3 % on the unchanged chat;
# it was tuned on in session 3 (97.6 %, tests/chat/eval/README.md); its floor catches regressions.
# heldout4 ran once at 77.1 % (end of session 3); tuned on in session 4 (96.1 % with 0 wrong numbers and
# 0 cited out-of-scope answers, s4-scope/s4-chatcalc/s4-verdicts merged); its floor catches regressions.
# heldout5 ran once at 76.1 % (session 4, 19:50 UTC); tuned on since (95.2 %, 0 wrong numbers, 0 cited
# out-of-scope answers after the three chat branches were merged); its floor catches regressions.
# heldout6's clean one run was 73.1 % / 4 wrong numbers / 1 cited out-of-scope answer (2026-11-24 20:36 UTC,
# main 6f2c436); tuned on after (s4-chatfix: the wrong numbers; s5: the cited out-of-scope answer, lock
# structure sizing in a coupling facility, by the head-topic check); its floor catches regressions.
# heldout7's clean one run was 74.6 % / 1 wrong number / 4 cited out-of-scope answers (2026-11-24 21:58 UTC,
# main d2e6f04); tuned on by the three chat lanes of session 5 (93.4 %, 0 and 0 at 22:45 UTC).
# heldout8 and heldout9 ran once at the end of session 5 (23:31 UTC, main 71d7379): 72.3 % / 1 wrong number /
# 2 cited out-of-scope answers and 89.1 % / 3 wrong numbers / 0; only their hard-bar misses were fixed after
# (a90ef20, s5-chatfix2), so their floors sit just under those clean figures.
# Session 6 tuned on heldout6-10 (heldout10: one clean run at 00:47 UTC, 86.8 % / 2 wrong numbers / 0): the floors sit a
# few points under the session's final figures (94.9, 97.7, 95.9, 99.4, 96.7).
FLOOR = {
    "tuning": 98.0,
    "heldout1": 98.0,
    "heldout2": 96.0,
    "heldout3": 97.0,
    "heldout4": 96.0,
    "heldout5": 97.0,
    "heldout6": 96.0,
    "heldout7": 96.0,
    "heldout8": 96.0,
    "heldout9": 97.0,
    "heldout10": 96.0,
    "heldout11": 96.0,
    "heldout12": 96.0,
    "heldout13": 92.0,
    "heldout14": 79.0,
    "heldout15": 78.0,
    "heldout16": 75.0,
    "heldout17": 89.0,
    "heldout18": 91.0,
    "heldout19": 89.0,
    "heldout20": 88.0,
    "heldout21": 90.0,
    "heldout22": 90.0,
    "heldout23": 88.0,
    "heldout24": 90.0,
    "heldout25": 90.0,
    "heldout26": 75.0,
    "heldout27": 86.0,
    "heldout28": 85.0,
}
# Session 7 (source-first coverage): floors a few points under the session's final figures; heldout14-16 just under
# their one clean run (79.0 %, 80.3 %, 76.8 %; heldout14 81.7 % after its wrong numbers were fixed).
# Session 8 (lanes by cause: document references, verdicts x2, retrieval, calculators): heldout17-19 just under their
# clean runs (79.6, 83.5, 81.7 %; 80.0, 84.8, 83.0 % after their hard-bar misses were fixed).
# Session 9 (lanes by cause again: document figures, verdicts x2, retrieval, the conversation over the API):
# heldout17-19 raised to 90.9, 93.5 and 91.3 % (floors 89, 91, 89); heldout20-22 just under their clean runs
# (67.5, 76.9, 80.3 %).
# Session 10 (lanes: change forms and values now, verdicts x2, pasted command output, the sources' figures):
# heldout20-22 raised to 90.7, 92.9 and 92.3 % (floors 88, 90, 90); heldout23-25 ran once clean (74.7, 79.3, 75.8 %),
# then their hard-bar misses and some others were fixed (81.6, 85.1, 81.6 %; floors 79, 83, 79).
# Session 11 (lanes by class of message: compose, calculation follow-ups, tables, polarity, facets, scope):
# heldout23-25 raised to 90.8, 93.0 and 93.0 % (floors 88, 90, 90); heldout26-28 ran once clean (75.8, 85.5, 84.4 %),
# then their hard-bar misses and some others were fixed (84.8, 89.3, 90.9 %; floors 75, 86, 85).
SCORED = tuple(p for p in runner.PARTS if p not in runner.SEALED)  # a sealed part is run once by hand


@pytest.fixture(scope="module")
def results(engine):
    engine.turn("warm up: what is AME?")
    return {part: runner.run(engine, part) for part in SCORED}


def test_the_set_is_large_split_and_varied():
    convs = {part: runner.load(part) for part in runner.PARTS}
    assert sum(len(c) for c in convs.values()) >= 150
    ids = [c["id"] for part in convs.values() for c in part]
    assert len(ids) == len(set(ids))
    for part in convs.values():
        turns = [t for c in part for t in c["turns"]]
        assert sum(len(c["turns"]) > 1 for c in part) >= 8  # multi-turn chains
        assert sum(bool(c.get("document")) for c in part) >= 3  # what-if chains on a document
        assert sum("verdict" in t.get("expect", {}) for t in turns) >= 10  # yes/no
        assert sum("numbers" in t.get("expect", {}) for t in turns) >= 10  # calculators in prose
        assert (
            sum(t.get("expect", {}).get("covered") is False for t in turns) >= 7
        )  # near-miss out of scope (heldout13: 7)


@pytest.mark.parametrize("part", SCORED)
def test_bars(results, part, capsys):
    s = runner.scores(results[part])
    with capsys.disabled():
        print(f"\nchat eval {part}: {s}")
    assert s["oos_answered_with_citations"] == 0
    assert s["wrong_numbers"] == 0, [r.say for r in results[part] if runner.wrong_number(r)]
    assert s["fully_answered_pct"] >= FLOOR[part]
