"""Reading the board pages under docs/ back, so a test can hold a page's wiring and LED
tables to the profile they document."""

from __future__ import annotations

import re
from pathlib import Path

from hardware.profile import Profile
from tests.hardware.parts import expanders

DOCS = Path(__file__).resolve().parents[2] / "docs"


def markdown_table(page: Path, heading: str) -> list[list[str]]:
    """The rows (header and rule included) of the first table after ``heading``."""
    text = page.read_text(encoding="utf-8")
    section = text[text.index(heading) :]
    rows: list[list[str]] = []
    for line in section.splitlines():
        if line.startswith("|"):
            rows.append([cell.strip() for cell in line.strip("|").split("|")])
        elif rows:
            break
    return rows


def expander_wiring(loaded: Profile) -> dict[str, tuple[int, int, str]]:
    """Each spot's MCP23017 channel as (bus, address, pin name)."""
    return {
        ch.spot: (chip.bus, chip.address, ch.pin_name)
        for chip in expanders(loaded)
        for ch in chip.channels
    }


def documented_wiring(page: Path) -> dict[str, tuple[int, int, str]]:
    """The page's "## Sensors" table (a row per chip address on bus 1, a column per pin)."""
    header, _, *rows = markdown_table(page, "## Sensors")
    pins = [re.sub(r"^GP", "", pin) for pin in header[1:]]
    return {
        spot: (1, int(row[0], 16), pin)
        for row in rows
        for pin, spot in zip(pins, row[1:], strict=True)
        if spot != "–"
    }


def documented_leds(page: Path) -> dict[str, tuple[int, ...]]:
    """The page's "## LEDs" table (a row per run of ``spot=number`` entries)."""
    _, _, *rows = markdown_table(page, "## LEDs")
    documented: dict[str, tuple[int, ...]] = {}
    for _, entries in rows:
        for entry in entries.split():
            spot, led = entry.split("=")
            documented[spot] = (int(led),)
    return documented
