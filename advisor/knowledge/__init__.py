"""The knowledge base the chat answers from: paraphrased passages of the five sources.

passages.py loads and checks knowledge/passages/*.yaml; synonyms.py reads the field's jargon
(knowledge/synonyms.yaml); index.py holds them in SQLite FTS5 with BM25; retrieval.py ranks
passages for a question; conflicts.py knows where sources disagree; base.py ties them together.
"""

from advisor.knowledge.base import KnowledgeBase, knowledge_base
from advisor.knowledge.passages import KnowledgeError, Passage, load_passages
from advisor.knowledge.retrieval import Hit, Retrieval
from advisor.knowledge.synonyms import Concept, Synonyms, load_synonyms

__all__ = [
    "Concept",
    "Hit",
    "KnowledgeBase",
    "KnowledgeError",
    "Passage",
    "Retrieval",
    "Synonyms",
    "knowledge_base",
    "load_passages",
    "load_synonyms",
]
