"""PLAREA size: 12.5% of (online storage - quad area), quad = 12.5% of online (ibm-zos-large-memory-share-2014)."""

import json
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from advisor.calculators.plarea import SOURCE, plarea_size
from advisor.cli import app

runner = CliRunner()


@pytest.mark.parametrize(
    "online, quad, plarea, frames",
    [
        (16, 2, 1.75, 1792),
        (1024, 128, 112, 114688),
        (0, 0, 0, 0),
    ],
)
def test_plarea(online, quad, plarea, frames):
    size = plarea_size(online)
    assert (size.quad_gb, size.plarea_gb, size.plarea_frames_1m) == (quad, plarea, frames)


def test_citations_point_at_the_new_storage_map():
    cites = plarea_size(16).citations
    assert cites[0].source == SOURCE and cites[0].section == "Internals Overview"
    assert "New Storage Map" in cites[0].locator


@given(st.floats(min_value=0, max_value=1e6, allow_nan=False))
def test_plarea_is_seven_sixty_fourths_of_online(online):
    size = plarea_size(online)
    exact = Fraction(str(online)) * 7 / 64
    assert size.plarea_gb == float(exact)
    assert size.plarea_frames_1m == int(exact * 1024)


@pytest.mark.parametrize("bad", [-1, float("nan"), float("inf")])
def test_invalid_online_storage(bad):
    with pytest.raises(ValueError):
        plarea_size(bad)


def test_cli_text_and_json():
    text = runner.invoke(app, ["calc", "plarea", "--online-gb", "16"])
    assert text.exit_code == 0 and "1.75 GB" in text.output and SOURCE in text.output
    result = runner.invoke(app, ["calc", "plarea", "--online-gb", "1024", "--format", "json"])
    assert result.exit_code == 0
    assert json.loads(result.output)["plarea_gb"] == 112


def test_cli_rejects_negative_storage():
    assert runner.invoke(app, ["calc", "plarea", "--online-gb", "-5"]).exit_code == 2
