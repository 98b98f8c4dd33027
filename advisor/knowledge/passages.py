"""Knowledge passages (knowledge/passages/*.yaml): paraphrased guidance with its citation.

A passage is the unit the chat retrieves and quotes: its `text` is the project's own
paraphrase of one place in one source, so every sentence an answer takes from it can be cited
with the passage's source, section and locator. Loading is strict for the same reason the
rulebook is: a passage citing an unknown source or naming an unknown rule would turn into an
answer that cites nothing real, so both are load errors naming the file and the passage.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from advisor.datadirs import knowledge_dir
from advisor.knowledge.inventory import INVENTORY, RULE_ID, base_id
from advisor.knowledge.text import SAFE_LOADER
from advisor.sources import load_sources


class KnowledgeError(ValueError):
    """A passage file that cannot be used; the message names the file and the passage id."""

    def __init__(self, file: str, passage_id: str | None, message: str):
        self.file, self.passage_id = file, passage_id
        where = f"{file}: passage {passage_id}" if passage_id else file
        super().__init__(f"{where}: {message}")


class Passage(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    source: str = ""  # filled from the file's `source`
    section: str = Field(min_length=1)
    locator: str | None = None
    title: str = Field(min_length=1)
    platforms: tuple[str, ...] = ()
    applies: str | None = None
    rules: tuple[str, ...] = ()
    text: str = Field(min_length=1)


class _PassageFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    source: str
    passages: list[dict]


def _check_rules(passage: Passage, file: str, known_rules: Iterable[str]) -> None:
    known = set(known_rules)
    for rid in passage.rules:
        if not RULE_ID.match(rid):
            raise KnowledgeError(file, passage.id, f"'{rid}' is not a rule id (PREFIX-NNN)")
        if rid not in known and base_id(rid) not in INVENTORY:
            raise KnowledgeError(
                file, passage.id, f"unknown rule id '{rid}' (neither in the rulebook nor in the guidance inventory)"
            )


def load_passages(directory: Path | None = None, known_rules: Iterable[str] = ()) -> list[Passage]:
    """Every passage of every file, in file order; raises KnowledgeError on the first problem.

    `known_rules` are the ids of the loaded rulebook; ids in the guidance inventory are
    accepted too, because the rulebook may not encode every inventory id yet.
    """
    directory = directory or knowledge_dir() / "passages"
    files = sorted(directory.glob("*.yaml"))
    if not files:
        raise KnowledgeError(str(directory), None, "no passage files (*.yaml) found")
    sources = load_sources()
    known = list(known_rules)
    seen: dict[str, str] = {}
    out: list[Passage] = []
    for path in files:
        name = path.name
        try:
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
            pfile = _PassageFile.model_validate(data)
        except (yaml.YAMLError, ValidationError) as exc:
            raise KnowledgeError(name, None, f"not a passage file: {exc}") from None
        if pfile.source not in sources:
            raise KnowledgeError(name, None, f"unknown source '{pfile.source}' (known: {', '.join(sources)})")
        for i, raw in enumerate(pfile.passages):
            pid = raw.get("id") if isinstance(raw, dict) else None
            if isinstance(raw, dict) and raw.get("source", pfile.source) != pfile.source:
                raise KnowledgeError(name, pid, f"source '{raw['source']}' differs from the file's '{pfile.source}'")
            try:
                passage = Passage.model_validate({**raw, "source": pfile.source})
            except ValidationError as exc:
                err = exc.errors(include_url=False)[0]
                loc = ".".join(str(p) for p in err["loc"])
                raise KnowledgeError(name, pid or f"#{i}", f"{loc}: {err['msg']}") from None
            if passage.id in seen:
                raise KnowledgeError(name, passage.id, f"duplicate passage id (also in {seen[passage.id]})")
            seen[passage.id] = name
            _check_rules(passage, name, known)
            out.append(passage)
    return out
