"""The advisor's chat: deterministic, grounded answers for Power / HP-UX / z specialists.

engine.py (ChatEngine.turn) reads the message (reader/: platforms, OS levels, quantities,
shorthand), resolves follow-ups against the dialogue state (dialogue.py), then dispatches on the
intent (intents.py) to review.py, explain.py, whatif.py + changes.py + wording.py (what-if in
words), focus.py (the fix / the command / the meaning of the rule in focus), and ask.py +
calc/ + clarify.py (questions back); reply.py holds the reply, its structured fields and the
composer that ties every line to a citation; state.py the JSON-able session state;
followups.py the next questions; fields.py where each document field comes from; numbers.py
number extraction for the calculators.
"""

from advisor.chat.engine import ChatEngine
from advisor.chat.reply import ChatCitation, ChatReply, Question
from advisor.chat.state import ChatState

__all__ = ["ChatCitation", "ChatEngine", "ChatReply", "ChatState", "Question"]
