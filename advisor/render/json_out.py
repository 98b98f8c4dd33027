"""Reviews as JSON (contract section 2); several files give an array in input order."""

from __future__ import annotations

import orjson

from advisor.findings import Review


def render(reviews: list[Review], single: bool) -> str:
    data = [r.model_dump(mode="json") for r in reviews]
    return orjson.dumps(data[0] if single else data, option=orjson.OPT_INDENT_2).decode()
