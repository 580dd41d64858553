"""Every sensor front end Kiban knows, in the order a profile is read and a board built:
multiplexers first, since the chips of the others may sit behind them.

A new family of sensor chips is one module beside this one and one line here. A
family's module (its drivers, its mock chips) is imported only when a profile has
its tables: the service of a board of MCP23017s keeps no ADC or 74HC165 code.
"""

from __future__ import annotations

from collections.abc import Collection
from importlib import import_module
from typing import Any

from hardware.frontends.base import FrontEnd, Part

# Each family: the top-level profile tables it reads, its module, its FrontEnd there.
_FAMILIES: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (("tca9548a",), "hardware.frontends.i2c_muxes", "I2C_MUXES"),
    (("mcp23017",), "hardware.frontends.expanders", "EXPANDERS"),
    (("ads7830", "ads1115", "ads7138"), "hardware.frontends.analog", "ANALOG"),
    (("74hc165",), "hardware.frontends.shift_registers", "SHIFT_REGISTERS"),
    (("serial_scanner",), "hardware.frontends.serial_scanner", "SERIAL_SCANNER"),
)

TABLES: tuple[str, ...] = tuple(table for tables, _, _ in _FAMILIES for table in tables)
"""The top-level tables of a profile that belong to a front end."""


def _load(module: str, name: str) -> FrontEnd[Any]:
    front: FrontEnd[Any] = getattr(import_module(module), name)
    return front


def front_ends() -> tuple[FrontEnd[Any], ...]:
    """Every front end (each family's module imported), in the registry's order."""
    return tuple(_load(module, name) for _, module, name in _FAMILIES)


def front_ends_reading(tables: Collection[str]) -> tuple[FrontEnd[Any], ...]:
    """The front ends that read any of ``tables``, in the registry's order: only theirs
    are imported."""
    return tuple(
        _load(module, name)
        for reads, module, name in _FAMILIES
        if any(table in tables for table in reads)
    )


def front_end(table: str) -> FrontEnd[Any]:
    """The front end that reads the profile table ``table`` (``mcp23017``, ``ads1115``...)."""
    for reads, module, name in _FAMILIES:
        if table in reads:
            return _load(module, name)
    raise KeyError(f"no front end reads [{table}] (tables: {', '.join(TABLES)})")


def _family(kind: type) -> int:
    """The registry's index of the family whose module defines the part type ``kind``."""
    for index, (_, module, name) in enumerate(_FAMILIES):
        if kind.__module__ == module and _load(module, name).part_type is kind:
            return index
    raise KeyError(f"no front end reads a {kind.__name__}")


def front_end_of(part: Part) -> FrontEnd[Any]:
    """The front end that read ``part``."""
    _, module, name = _FAMILIES[_family(type(part))]
    return _load(module, name)


def registry_order(part: Part) -> int:
    """Where ``part``'s front end stands in the registry: parts are kept in this order."""
    return _family(type(part))
