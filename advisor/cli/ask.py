"""`advisor ask "QUESTION" [--config FILE] [--session FILE|ID] [--server URL] [--api-key KEY] [--format text|json]`.

One chat turn. In-process by default: with `--session FILE` the conversation continues across
invocations, the session state (JSON, the same shape the API stores) read from the file if it
exists and written back after the turn, so "why AME-001?" and "what if ..." work from the shell
as they do over /v1/chat.

With `--server URL` (or `ADVISOR_URL` in the environment; `--local` ignores it) the turn goes to
an `advisor serve` through `advisor.client`: the session lives on the server, `--session` is its
id (`cs_...`, printed after the answer) and the key comes from `--api-key` or `ADVISOR_API_KEY`.
"""

from __future__ import annotations

import json
import os
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from advisor import linre
from advisor.cli.application import app, examples

SESSION_ID = linre.compile(r"^cs_[0-9a-f]{20}$")


class AskFormat(StrEnum):
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


def _fail(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(2)


def _document(config: Path | None) -> Any:
    if config is None:
        return None
    from advisor.documents.errors import DocumentError
    from advisor.documents.io import parse_text

    try:
        return parse_text(config.read_text(encoding="utf-8"), str(config))
    except OSError as exc:
        raise _fail(f"cannot read {config}: {exc}") from None
    except DocumentError as exc:
        raise _fail(str(exc)) from None


def _local(question: str, document: Any, session: str | None):
    from advisor.chat import ChatEngine  # imported here: loading the knowledge base is not free

    path = Path(session) if session is not None else None
    state = None
    if path is not None and path.exists() and path.stat().st_size:
        try:
            state = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise _fail(f"cannot read session {path}: {exc}") from None
    reply = ChatEngine().turn(question, state, document=document)
    if path is not None:
        path.write_text(json.dumps(reply.state.model_dump(mode="json"), indent=1), encoding="utf-8")
    return reply, reply.public(), reply.intent == "error"


def _remote(question: str, document: Any, session: str | None, server: str, api_key: str | None):
    from advisor.client import AdvisorAPIError, AdvisorClient, AdvisorError

    if session is not None and not SESSION_ID.match(session):
        hint = (
            " (a file: sessions live on the server with --server; use the id it printed)"
            if Path(session).exists()
            else ""
        )
        raise _fail(f"--session {session!r} is not a session id of the server (cs_ and 20 hex digits){hint}")
    try:
        with AdvisorClient(server, api_key) as client:
            reply = client.chat(question, session_id=session, document=document)
    except AdvisorAPIError as exc:
        where = "".join(f"\n  {e.get('path')}: {e.get('message')}" for e in exc.errors or [])
        raise _fail(f"{exc.detail} [{exc.status} {exc.name}]{where}") from None
    except AdvisorError as exc:
        raise _fail(str(exc)) from None
    return reply, reply.model_dump(mode="json", exclude_none=False), False


@app.command(
    epilog=examples(
        'advisor ask "review" --config examples/aix-ame4k-64k.json',
        'advisor ask "why AME-001?" --config examples/aix-ame4k-64k.json --session chat.json',
        'advisor ask "how much memory does a VIOS with 32 cores need?"',
    )
)
def ask(
    question: Annotated[str, typer.Argument(help='The question or instruction, e.g. "why AME-001?".')],
    config: Annotated[
        Path | None, typer.Option("--config", help="A configuration document (JSON or YAML) to review.")
    ] = None,
    session: Annotated[
        str | None,
        typer.Option(
            "--session",
            help="In-process: JSON file holding the conversation state. With a server: the session id it returned.",
        ),
    ] = None,
    server: Annotated[
        str | None,
        typer.Option(
            "--server",
            envvar="ADVISOR_URL",
            show_envvar=True,
            help="Ask an `advisor serve` at this URL (e.g. http://127.0.0.1:8000) instead of answering in-process.",
        ),
    ] = None,
    api_key: Annotated[
        str | None, typer.Option("--api-key", help="API key for --server (default: ADVISOR_API_KEY).")
    ] = None,
    local: Annotated[bool, typer.Option("--local", help="Answer in-process even when ADVISOR_URL is set.")] = False,
    fmt: Annotated[AskFormat, typer.Option("--format", help="text for people, json for pipelines.")] = AskFormat.text,
) -> None:
    """Ask the advisor: review a document, explain a finding, try a what-if, or ask a question."""
    document = _document(config)
    if server and not local:
        reply, body, failed = _remote(question, document, session, server, api_key or os.environ.get("ADVISOR_API_KEY"))
        if body.get("diff") is None:
            body.pop("diff", None)
    else:
        reply, body, failed = _local(question, document, session)
    if fmt is AskFormat.json:
        typer.echo(json.dumps(body, indent=2))
    else:
        typer.echo(_render_text(reply))
        if server and not local:
            typer.echo(f"\nsession: {reply.session_id} (continue with --session {reply.session_id})", err=True)
    if failed:
        raise typer.Exit(2)
