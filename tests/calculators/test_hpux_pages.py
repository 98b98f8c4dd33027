"""disp+work page size hints and the rx6600 page size table (hp-hpux-sap-itanium-kod, "Minimize TLB misses")."""

import pytest

from advisor.calculators.hpux_pages import TABLE, below_plateau, nearest_measured_row, page_kb


def test_table_is_the_slides_table():
    rows = [(r.text, r.data, r.saps, r.response_s, r.handler_cycles_pct) for r in TABLE]
    assert rows == [
        ("4K", "4K", 8930, 3.82, 7.44),
        ("16K", "16K", 10118, 2.17, 3.68),
        ("4M", "16M", 10777, 1.42, 1.29),
        ("64M", "L", 10788, 1.40, 1.13),
    ]


@pytest.mark.parametrize(
    "text, data, row",
    [
        ("4K", "4K", "4K"),
        ("8K", "64M", "4K"),
        ("16K", "16K", "16K"),
        ("1M", "64M", "16K"),
        ("4M", "16M", "4M"),
        ("16M", "64M", "4M"),
        ("64M", "L", "64M"),
        ("L", "L", "64M"),
        ("16M", "4K", "4K"),
    ],
)
def test_nearest_measured_row(text, data, row):
    assert nearest_measured_row(text, data).text == row


@pytest.mark.parametrize(
    "text, data, below",
    [
        ("4K", "4K", True),
        ("16K", "16K", True),
        ("1M", "64M", True),
        ("4M", "4M", True),
        ("4M", "16M", False),
        ("16M", "64M", False),
        ("64M", "L", False),
    ],
)
def test_below_plateau(text, data, below):
    assert below_plateau(text, data) is below


def test_page_kb():
    assert page_kb("4K") == 4 and page_kb("16M") == 16384 and page_kb("L") == page_kb("4G")
    with pytest.raises(ValueError):
        page_kb("2M")
