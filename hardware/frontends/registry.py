"""Every sensor front end Kiban knows, in the order a profile is read and a board built:
multiplexers first, since the chips of the others may sit behind them.

A new family of sensor chips is one module beside this one and one line here.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from hardware.frontends.analog import ANALOG
from hardware.frontends.base import FrontEnd, Part
from hardware.frontends.expanders import EXPANDERS
from hardware.frontends.i2c_muxes import I2C_MUXES
from hardware.frontends.serial_scanner import SERIAL_SCANNER
from hardware.frontends.shift_registers import SHIFT_REGISTERS

FRONT_ENDS: tuple[FrontEnd[Any], ...] = (
    I2C_MUXES,
    EXPANDERS,
    ANALOG,
    SHIFT_REGISTERS,
    SERIAL_SCANNER,
)

_BY_TABLE: Mapping[str, FrontEnd[Any]] = MappingProxyType(
    {table: front for front in FRONT_ENDS for table in front.tables}
)
_BY_PART: Mapping[type, FrontEnd[Any]] = MappingProxyType(
    {front.part_type: front for front in FRONT_ENDS}
)

TABLES: tuple[str, ...] = tuple(_BY_TABLE)
"""The top-level tables of a profile that belong to a front end."""


def front_end(table: str) -> FrontEnd[Any]:
    """The front end that reads the profile table ``table`` (``mcp23017``, ``ads1115``...)."""
    try:
        return _BY_TABLE[table]
    except KeyError:
        raise KeyError(f"no front end reads [{table}] (tables: {', '.join(TABLES)})") from None


def front_end_of(part: Part) -> FrontEnd[Any]:
    """The front end that read ``part``."""
    return _BY_PART[type(part)]
