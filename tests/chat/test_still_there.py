"""After what-ifs, "is AME-001 still there?": kept, introduced or resolved against the document as given, said
first with a yes/no verdict."""

from __future__ import annotations

from tests.chat.test_document_references import chat, example


def test_a_finding_asked_about_after_a_change_is_said_kept_or_resolved(engine):
    _, kept = chat(engine, example("aix-ame4k-64k.json"), "what if the factor were 1.5", "AME-001 still firing?")
    assert kept.verdict is not None and kept.verdict.answer == "yes", kept.answer[:300]
    assert kept.answer.startswith("Yes: AME-001 is still there") and "kept" in kept.answer
    _, gone = chat(engine, example("aix-ame4k-64k.json"), "set ame page_support to 64K", "did AME-001 go away?")
    assert gone.verdict is not None and gone.verdict.answer == "yes" and "resolved by the changes" in gone.answer
    _, new = chat(engine, example("aix-ame4k-64k.json"), "what if the factor were 1.0", "is AME-002 still there?")
    assert new.verdict is not None and new.verdict.answer == "yes" and "introduced by the changes" in new.answer


def test_without_a_change_no_kept_or_resolved_is_said(engine):
    _, plain = chat(engine, example("aix-ame4k-64k.json"), "review", "is AME-001 still there?")
    assert "kept" not in plain.answer and "resolved by the changes" not in plain.answer
    _, why = chat(engine, example("aix-ame4k-64k.json"), "what if the factor were 1.5", "why is AME-001 still there?")
    assert why.verdict is None  # the reason asked, not whether
