"""The advisor's chat: deterministic, grounded answers for Power / HP-UX / z specialists.

engine.py (ChatEngine.turn) dispatches on the intent (intents.py) to review.py, explain.py,
whatif.py + changes.py, and ask.py + calc.py; reply.py holds the reply and the composer that
ties every line to a citation; state.py the JSON-able session state; followups.py the next
questions; fields.py where each document field comes from; numbers.py number extraction.
"""

from advisor.chat.engine import ChatEngine
from advisor.chat.reply import ChatCitation, ChatReply, Question
from advisor.chat.state import ChatState

__all__ = ["ChatCitation", "ChatEngine", "ChatReply", "ChatState", "Question"]
