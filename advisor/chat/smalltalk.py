"""Greetings, thanks and "what can you do?": a bot's first and last messages.

They carry no question for the sources, so retrieval refuses them; a refusal that lists the scope
reads as an error to someone who only said hello. They get a short help answer instead: no
guidance is stated, so there is nothing to cite.
"""

from __future__ import annotations

from advisor.chat.ask import SCOPE

# Every word of the message must be one of these (after dropping punctuation), and the message short:
# "hi", "hello there", "thanks!", "thank you very much", "what can you do?", "help", "who are you".
_WORDS = frozenset(
    "hi hello hey hiya howdy morning good afternoon evening there all team folks "
    "thanks thank you very much thx ty cheers great ok okay bye "
    "help please pls what can do who are is this how does it work use".split()
)
_GREETING = frozenset("hi hello hey hiya howdy morning afternoon evening".split())
_THANKS = frozenset("thanks thank thx ty cheers".split())
MAX_WORDS = 6

EXAMPLES = (
    "review (with a configuration document attached)",
    "why AME-001?",
    "vios memory for a 32 core box with 4 x 8Gb FC ports",
    "is my LFAREA ok?",
    "are 2 GB pages pageable?",
)


def small_talk(text: str) -> str | None:
    """The help answer when the message is only a greeting, thanks or a request for help; else None."""
    words = "".join(c if c.isalnum() else " " for c in text.lower()[:200]).split()
    if not words or len(words) > MAX_WORDS or not set(words) <= _WORDS:
        return None
    if set(words) <= _THANKS | {"you", "very", "much", "great", "ok", "okay", "bye"}:
        opening = "You're welcome."
    elif set(words) & _GREETING:
        opening = "Hello."
    else:
        opening = "I am Platform Advisor."
    return (
        f"{opening} I review system configurations and answer questions from my sources, which cover {SCOPE}. "
        "Every answer cites its source section. Send a configuration document (or command outputs such as "
        "`lparstat -i`) to have it reviewed, then ask about the findings or try a change. For example: "
        + "; ".join(f"'{e}'" for e in EXAMPLES)
        + "."
    )
