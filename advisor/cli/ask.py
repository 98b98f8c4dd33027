"""`advisor ask "QUESTION" [--config FILE] [--session FILE] [--format text|json]`: one chat turn.

Runs the chat engine in-process. With `--session FILE` the conversation continues across
invocations: the session state (JSON, the same shape the API stores) is read from the file if
it exists and written back after the turn, so "why AME-001?" and "what if ..." work from the
shell as they do over /v1/chat.
"""

from __future__ import annotations

import json
from enum import Enum
from pathlib import Path
from typing import Optional

import typer

from advisor.cli.app import app
from advisor.documents.errors import DocumentError
from advisor.documents.io import parse_text


class AskFormat(str, Enum):
    text = "text"
    json = "json"


def _render_text(reply) -> str:
    lines = [reply.answer, ""]
    if reply.citations:
        lines.append("Sources:")
        for i, c in enumerate(reply.citations, 1):
            loc = f", {c.locator}" if c.locator else ""
            lines.append(f"  [{i}] {c.source_id}: {c.section}{loc}")
    if reply.questions:
        lines.append("To assess more, I need:")
        lines += [f"  - {q.question}" for q in reply.questions]
    if reply.follow_ups:
        lines.append("You could ask next:")
        lines += [f"  - {f}" for f in reply.follow_ups]
    return "\n".join(lines).rstrip()


@app.command()
def ask(
    question: str = typer.Argument(..., help="The question or instruction, e.g. \"why AME-001?\"."),
    config: Optional[Path] = typer.Option(None, "--config", help="A configuration document (JSON or YAML) to review."),
    session: Optional[Path] = typer.Option(None, "--session", help="JSON file holding the conversation state."),
    fmt: AskFormat = typer.Option(AskFormat.text, "--format", help="text for people, json for pipelines."),
) -> None:
    """Ask the advisor: review a document, explain a finding, try a what-if, or ask a question."""
    from advisor.chat import ChatEngine  # imported here: loading the knowledge base is not free

    document = None
    if config is not None:
        try:
            document = parse_text(config.read_text(encoding="utf-8"), str(config))
        except OSError as exc:
            typer.echo(f"error: cannot read {config}: {exc}", err=True)
            raise typer.Exit(2) from None
        except DocumentError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(2) from None
    state = None
    if session is not None and session.exists() and session.stat().st_size:
        try:
            state = json.loads(session.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            typer.echo(f"error: cannot read session {session}: {exc}", err=True)
            raise typer.Exit(2) from None
    reply = ChatEngine().turn(question, state, document=document)
    if session is not None:
        session.write_text(json.dumps(reply.state.model_dump(mode="json"), indent=1), encoding="utf-8")
    if fmt is AskFormat.json:
        typer.echo(json.dumps(reply.public(), indent=2))
    else:
        typer.echo(_render_text(reply))
    if reply.intent == "error":
        raise typer.Exit(2)
