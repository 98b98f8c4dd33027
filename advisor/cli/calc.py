"""`advisor calc NAME`: every calculator of the API, named as its route, as a thin adapter.

The commands come from `advisor.capabilities.CAPABILITIES` (each `POST /v1/calculators/NAME`):
the options are the request model's fields (`--system-cores 32`; a list such as HPT's
`partitions` takes JSON), `--input FILE` takes the same JSON body as the route, and the result is
the capability's own model: `--format json` prints it as the API answers, text prints its values
and the citations. Bad input is exit 2 with the JSON path, as the API's problem+json names it.
The group is built on first use, so `advisor --help` loads no calculator.
"""

from __future__ import annotations

import inspect
import json
import sys
import types
import typing
from typing import TYPE_CHECKING, Annotated, Any, Literal, get_args, get_origin

import typer
from typer.core import TyperGroup

from advisor.cli.application import app, examples

if TYPE_CHECKING:
    from pydantic import BaseModel
    from pydantic.fields import FieldInfo

    from advisor.capabilities import Capability

ROUTE = "POST /v1/calculators/"
NAMES = (
    "vios-memory",
    "clm",
    "lfarea",
    "plarea",
    "hpt",
    "ame",
    "sap-instances",
    "ame-factor",
    "getstor",
    "lfarea-limit",
    "lfarea-request",
    "hpux-kernel",
    "veth-buffers",
    "zvm-smt",
)  # the API's routes, for --help


def _gb(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") + " GB"


def _sources(citations: list[dict[str, Any]]) -> list[str]:
    return ["sources:"] + [
        f"  {c['source']}, {c['section']}" + (f" ({c['locator']})" if c.get("locator") else "") for c in citations
    ]


def _lfarea_text(result: BaseModel) -> str:
    a: Any = result
    base = "80% x online - 2 GB" if a.form == "old" else "80% x (online - 4 GB)"
    fits = (
        "yes"
        if a.fits_at_target
        else "only at the minimums: the request is reduced"
        if a.satisfiable
        else "no: over the limit" + (" even at the minimums" if a.form == "new" else "")
    )
    lines = [
        f"{a.request.statement} on {_gb(a.online_storage_gb)} online storage",
        f"  form          {a.form} (limit = {base})",
        f"  system limit  {_gb(a.limit_gb)}",
        f"  1 MB pages    target {a.pages_1m} ({_gb(a.requested_1m_gb)}), "
        f"minimum {a.minimum_pages_1m} ({_gb(a.minimum_pages_1m / 1024)})",
        f"  2 GB pages    target {a.pages_2g} ({_gb(a.requested_2g_gb)}), "
        f"minimum {a.minimum_pages_2g} ({_gb(2 * a.minimum_pages_2g)})",
        f"  requested     {_gb(a.total_requested_gb)} at target, {_gb(a.minimum_total_gb)} at the minimums",
        f"  fits          {fits}",
        f"  IPL           {a.ipl_outcome}: {a.ipl_message}",
        f"  messages      {', '.join(a.ipl_message_ids)}",
    ]
    return "\n".join(lines + _sources(_citations(result.model_dump(mode="json"))))


def _plarea_text(result: BaseModel) -> str:
    size: Any = result
    lines = [
        f"PLAREA on {_gb(size.online_storage_gb)} online storage",
        f"  quad area  {_gb(size.quad_gb)} (12.5% of online storage)",
        f"  PLAREA     {_gb(size.plarea_gb)} = {size.plarea_frames_1m} 1 MB frames (12.5% of online - quad)",
    ]
    return "\n".join(lines + _sources(_citations(result.model_dump(mode="json"))))


TEXT = {"lfarea": _lfarea_text, "plarea": _plarea_text}  # worded by hand; the others list their values
ALIASES = {"online_storage_gb": "--online-gb"}  # the shorter spelling the CLI always had
ARGUMENT = {"lfarea": "statement", "lfarea-request": "statement"}  # `advisor calc lfarea 'LFAREA=(...)' --online-gb 16`


def calculators() -> dict[str, Capability]:
    from advisor.capabilities import CAPABILITIES

    return {c.route.removeprefix(ROUTE): c for c in CAPABILITIES if c.route.startswith(ROUTE)}


def _scalar(annotation: Any) -> tuple[type, bool]:
    """(Python type of the option, is a JSON value) of a field; Literal choices are checked by the model."""
    ann = annotation
    while get_origin(ann) in (typing.Annotated, typing.Union, types.UnionType):
        ann = next(a for a in get_args(ann) if a is not type(None))
    if ann in (bool, int, float, str):
        return ann, False
    if get_origin(ann) is Literal:
        return str, False
    return str, True  # a list or a block: JSON, as in the API body


def _parameter(name: str, info: FieldInfo, positional: bool = False) -> inspect.Parameter:
    kind, is_json = _scalar(info.annotation)
    help_text = (info.description or "").rstrip(".")
    if get_origin(info.annotation) is Literal:
        help_text += " One of: " + ", ".join(map(str, get_args(info.annotation)))
    if is_json:
        help_text += " (JSON, as in the API body)"
    if info.is_required():
        help_text += " [required unless in --input]"
    flags = [f"--{name.replace('_', '-')}"] + ([ALIASES[name]] if name in ALIASES else [])
    option: Any = (
        typer.Argument(help=help_text.strip(), show_default=False)
        if positional
        else typer.Option(*flags, help=help_text.strip(), show_default=False)
    )
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=Annotated[kind | None, option]
    )


def _citations(data: Any) -> list[dict[str, Any]]:
    """Every citation of a result, in order, once (results nest them: AME's sizing, rebalance, deficit)."""
    found: list[dict[str, Any]] = []
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "citations" and isinstance(value, list):
                found += [c for c in value if isinstance(c, dict)]
            else:
                found += _citations(value)
    elif isinstance(data, list):
        for item in data:
            found += _citations(item)
    unique = {json.dumps(c, sort_keys=True): c for c in found}
    return list(unique.values())


def _lines(data: Any, indent: str = "  ") -> list[str]:
    out: list[str] = []
    for key, value in data.items():
        if key == "citations" or value is None:
            continue
        if isinstance(value, dict):
            out += [f"{indent}{key}:"] + _lines(value, indent + "  ")
        elif isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            out.append(f"{indent}{key}:")
            for item in value:
                out += _lines(item, indent + "  ")
                out.append("")
        else:
            out.append(f"{indent}{key:<28} {json.dumps(value) if not isinstance(value, str) else value}")
    return out


def text_of(name: str, result: BaseModel) -> str:
    if name in TEXT:
        return TEXT[name](result)
    data = result.model_dump(mode="json")
    lines = [f"{name}:", *_lines(data), *_sources(_citations(data))]
    return "\n".join(line.rstrip() for line in lines)


def _lfarea_syntax(extra: dict[str, Any]) -> str:
    e = extra["lfarea"]
    return "\n".join(
        [
            f"{e['message_id']} LFAREA statement not valid: {e['reason']} ({e['ibm_reason']})",
            f"  {e['statement']}",
            "  " + " " * (e["column"] - 1) + "^",
            f"  {e['explanation']}",
            "  At IPL a syntax error always makes the system prompt for a new LFAREA, even with NOPROMPT.",
        ]
    )


def run(name: str, cap: Capability, body: dict[str, Any], fmt: str) -> None:
    from advisor.capabilities import CapabilityError, Context

    try:
        result = cap.invoke(body, Context())
    except CapabilityError as err:
        if fmt == "json":
            typer.echo(json.dumps({"error": err.body()}, indent=2))
        elif err.extra and "lfarea" in err.extra:
            typer.echo(_lfarea_syntax(err.extra), err=True)
        else:
            for item in err.errors or []:
                hint = f" (did you mean '{item.suggestion}'?)" if item.suggestion else ""
                typer.echo(f"error: calc {name}: {item.path}: {item.message}{hint}", err=True)
            if not err.errors:
                typer.echo(f"error: calc {name}: {err.detail}", err=True)
        raise typer.Exit(2) from None
    typer.echo(result.model_dump_json(indent=2) if fmt == "json" else text_of(name, result))


def _read_input(path: str | None) -> dict[str, Any]:
    if path is None:
        return {}
    try:
        text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()  # noqa: SIM115
        body = json.loads(text)
    except (OSError, json.JSONDecodeError) as exc:
        raise typer.BadParameter(str(exc), param_hint="--input") from None
    if not isinstance(body, dict):
        raise typer.BadParameter("expected a JSON object, as the API's request body", param_hint="--input")
    return body


def command(name: str, cap: Capability) -> Any:
    """A typer command whose options are the request model's fields (built when asked for)."""
    fields = cap.request.model_fields
    example = cap.example_args()
    flags = " ".join(
        ("" if ARGUMENT.get(name) == k else f"--{k.replace('_', '-')} ")
        + (str(v) if isinstance(v, int | float) else f"'{v if isinstance(v, str) else json.dumps(v)}'")
        for k, v in example.items()
    )

    def callback(input: str | None = None, format: str = "text", **options: Any) -> None:
        if format not in ("text", "json"):
            raise typer.BadParameter(f"{format!r}: expected text or json", param_hint="--format")
        body = _read_input(input)
        for key, value in options.items():
            if value is None:
                continue
            if _scalar(fields[key].annotation)[1]:
                try:
                    value = json.loads(value)
                except json.JSONDecodeError as exc:
                    raise typer.BadParameter(f"not JSON: {exc}", param_hint=f"--{key.replace('_', '-')}") from None
            body[key] = value
        run(name, cap, body, format)

    params = [_parameter(k, info, ARGUMENT.get(name) == k) for k, info in fields.items()]
    params.sort(key=lambda p: ARGUMENT.get(name) != p.name)  # the positional argument first
    params += [
        inspect.Parameter(
            "input",
            inspect.Parameter.KEYWORD_ONLY,
            default=None,
            annotation=Annotated[
                str | None, typer.Option("--input", help="The request body as JSON (a file, or - for stdin).")
            ],
        ),
        inspect.Parameter(
            "format",
            inspect.Parameter.KEYWORD_ONLY,
            default="text",
            annotation=Annotated[str, typer.Option("--format", help="text for people, json (the API's answer).")],
        ),
    ]
    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    one = typer.Typer(add_completion=False)
    one.command(
        name,
        help=f"{cap.description} Same inputs and result as `{cap.route}`.",
        short_help=cap.title,
        epilog=examples(f"advisor calc {name} {flags}", f"advisor calc {name} --input body.json --format json"),
    )(callback)
    return typer.main.get_command(one)


class CalcGroup(TyperGroup):
    """Lists the calculators by name and builds a command only when it is asked for."""

    def list_commands(self, ctx: Any) -> list[str]:
        return list(NAMES)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        cap = calculators().get(cmd_name)
        return command(cmd_name, cap) if cap is not None else None


calc_app = typer.Typer(
    cls=CalcGroup,
    help="Calculators, one per API route: " + ", ".join(NAMES) + ".",
    no_args_is_help=True,
)
app.add_typer(calc_app, name="calc")
