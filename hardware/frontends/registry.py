"""Every sensor front end Kiban knows, in the order a profile is read and a board built:
multiplexers first, since the chips of the others may sit behind them.

A new family of sensor chips is one module beside this one and one line here. A
family's module (its drivers, its mock chips) is imported only when a profile has
its tables: the service of a board of MCP23017s keeps no ADC or 74HC165 code.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from hardware.frontends.base import FrontEnd, Part


@dataclass(frozen=True, slots=True)
class _Family:
    """A family of sensor chips: the top-level profile tables it reads, its module, its
    ``FrontEnd`` there, and the module its part type is defined in when another (the
    analog part's, which the ADCs' sources import too: analog_specs.py)."""

    tables: tuple[str, ...]
    module: str
    name: str
    parts_module: str = ""

    @property
    def part_module(self) -> str:
        return self.parts_module or self.module


_FAMILIES: tuple[_Family, ...] = (
    _Family(("tca9548a",), "hardware.frontends.i2c_muxes", "I2C_MUXES"),
    _Family(("mcp23017",), "hardware.frontends.expanders", "EXPANDERS"),
    _Family(
        ("ads7830", "ads1115", "ads7138"),
        "hardware.frontends.analog",
        "ANALOG",
        "hardware.frontends.analog_specs",
    ),
    _Family(("74hc165",), "hardware.frontends.shift_registers", "SHIFT_REGISTERS"),
    _Family(("serial_scanner",), "hardware.frontends.serial_scanner", "SERIAL_SCANNER"),
)

TABLES: tuple[str, ...] = tuple(table for family in _FAMILIES for table in family.tables)
"""The top-level tables of a profile that belong to a front end."""


def _load(family: _Family) -> FrontEnd[Any]:
    front: FrontEnd[Any] = getattr(import_module(family.module), family.name)
    return front


def front_ends() -> tuple[FrontEnd[Any], ...]:
    """Every front end (each family's module imported), in the registry's order."""
    return tuple(_load(family) for family in _FAMILIES)


def front_ends_reading(tables: Collection[str]) -> tuple[FrontEnd[Any], ...]:
    """The front ends that read any of ``tables``, in the registry's order: only theirs
    are imported."""
    return tuple(
        _load(family) for family in _FAMILIES if any(table in tables for table in family.tables)
    )


def front_end(table: str) -> FrontEnd[Any]:
    """The front end that reads the profile table ``table`` (``mcp23017``, ``ads1115``...)."""
    for family in _FAMILIES:
        if table in family.tables:
            return _load(family)
    raise KeyError(f"no front end reads [{table}] (tables: {', '.join(TABLES)})")


def _family(kind: type) -> int:
    """The registry's index of the family whose module defines the part type ``kind``."""
    for index, family in enumerate(_FAMILIES):
        if kind.__module__ == family.part_module and _load(family).part_type is kind:
            return index
    raise KeyError(f"no front end reads a {kind.__name__}")


def front_end_of(part: Part) -> FrontEnd[Any]:
    """The front end that read ``part``."""
    return _load(_FAMILIES[_family(type(part))])


def registry_order(part: Part) -> int:
    """Where ``part``'s front end stands in the registry: parts are kept in this order."""
    return _family(type(part))
