"""`advisor calc ...`: the calculators on their own."""

from __future__ import annotations

import json
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated

import typer

from advisor.cli.app import app

if TYPE_CHECKING:
    from advisor.calculators.lfarea import LfareaAssessment
    from advisor.citations import Cite

calc_app = typer.Typer(help="Calculators: VIOS memory, LFAREA, HPT, AME sizing, SAP instances.", no_args_is_help=True)
app.add_typer(calc_app, name="calc")


# --- LFAREA and PLAREA (z/OS large pages; source ibm-zos-large-memory-share-2014) ---


class TextOrJson(StrEnum):
    text = "text"
    json = "json"


_ONLINE_GB = typer.Option("--online-gb", help="Online real storage at IPL, in GB (GiB).", min=0)
_FORMAT = typer.Option("--format", help="text for people, json for pipelines.")


def _gb(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") + " GB"


def _sources(citations: list[Cite]) -> list[str]:
    return ["sources:"] + [f"  {c.source}, {c.section}" + (f" ({c.locator})" if c.locator else "") for c in citations]


def _lfarea_text(a: LfareaAssessment) -> str:
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
    return "\n".join(lines + _sources(a.citations))


@calc_app.command("lfarea")
def lfarea_command(
    statement: Annotated[str, typer.Argument(help="The IEASYSxx statement, e.g. 'LFAREA=(1M=(10%),2G=(12,10))'.")],
    online_gb: Annotated[float, _ONLINE_GB],
    fmt: Annotated[TextOrJson, _FORMAT] = TextOrJson.text,
) -> None:
    """LFAREA: system limit, 1 MB / 2 GB pages, whether it fits and what IPL does. Exit 2 on a syntax error."""
    from advisor.calculators.lfarea import LfareaSyntaxError, assess_lfarea

    try:
        assessment = assess_lfarea(statement, online_gb)
    except LfareaSyntaxError as e:
        if fmt is TextOrJson.json:
            typer.echo(json.dumps({"error": e.to_dict()}, indent=2))
        else:
            typer.echo(
                "\n".join(
                    [
                        f"{e.message_id} LFAREA statement not valid: {e.reason} ({e.ibm_reason})",
                        f"  {e.statement}",
                        "  " + " " * e.offset + "^",
                        f"  {e.explanation}",
                        "  At IPL a syntax error always makes the system prompt for a new LFAREA, even with NOPROMPT.",
                        *_sources(e.citations),
                    ]
                ),
                err=True,
            )
        raise typer.Exit(2) from None
    except ValueError as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(2) from None
    typer.echo(assessment.model_dump_json(indent=2) if fmt is TextOrJson.json else _lfarea_text(assessment))


@calc_app.command("plarea")
def plarea_command(
    online_gb: Annotated[float, _ONLINE_GB],
    fmt: Annotated[TextOrJson, _FORMAT] = TextOrJson.text,
) -> None:
    """PLAREA: the pageable 1 MB large page pool, 12.5% of (online storage - quad area)."""
    from advisor.calculators.plarea import plarea_size

    try:
        size = plarea_size(online_gb)
    except ValueError as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(2) from None
    if fmt is TextOrJson.json:
        typer.echo(size.model_dump_json(indent=2))
        return
    typer.echo(
        "\n".join(
            [
                f"PLAREA on {_gb(size.online_storage_gb)} online storage",
                f"  quad area  {_gb(size.quad_gb)} (12.5% of online storage)",
                f"  PLAREA     {_gb(size.plarea_gb)} = {size.plarea_frames_1m} 1 MB frames (12.5% of online - quad)",
                *_sources(size.citations),
            ]
        )
    )
