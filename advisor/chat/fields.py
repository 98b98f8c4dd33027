"""Where a document field comes from: now in advisor.documents.meta (one copy); this name stays for
the chat modules that import it until they import advisor.documents.meta themselves."""

from advisor.documents.meta import FieldMeta, field_meta, question_for

__all__ = ["FieldMeta", "field_meta", "question_for"]
