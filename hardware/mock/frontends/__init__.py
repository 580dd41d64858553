"""The mock chips of every sensor front end, one module per family beside the front
end's own (hardware/frontends/), each declaring its ``SIMULATION`` for its part type.

Production code never imports these: the front ends read profiles and build real
sources, and only a simulated board (hardware/mock/board.py) asks here for the
mock chips of its parts. A new family of sensor chips is one module here and one
line in ``_MODELS``.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from hardware.frontends.base import Part
from hardware.frontends.registry import front_end_of
from hardware.mock.machine import MockMachine, MockModel, Simulation

# Each family, by the tables its front end reads: the module of its mock chips.
_MODELS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("tca9548a",), "hardware.mock.frontends.i2c_muxes"),
    (("mcp23017",), "hardware.mock.frontends.expanders"),
    (("ads7830", "ads1115", "ads7138"), "hardware.mock.frontends.analog"),
    (("74hc165",), "hardware.mock.frontends.shift_registers"),
    (("serial_scanner",), "hardware.mock.frontends.serial_scanner"),
)


def simulation_of(part: Part) -> Simulation[Any]:
    """How the mock chips of ``part`` are built (only its family's mock module imported)."""
    tables = front_end_of(part).tables
    for reads, module in _MODELS:
        if reads == tables:
            simulation: Simulation[Any] = import_module(module).SIMULATION
            if simulation.part_type is type(part):
                return simulation
    raise KeyError(f"no mock chips for a {type(part).__name__} (tables {', '.join(tables)})")


def simulate(part: Part, machine: MockMachine) -> MockModel:
    """The mock chips of ``part``, attached to the machine and wired to its world."""
    return simulation_of(part).build(part, machine)
