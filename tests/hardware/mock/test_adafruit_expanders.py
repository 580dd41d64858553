"""Adafruit's CircuitPython MCP23017 and TCA9548A drivers (code the project did not
write) against the register models: what they rely on, the models must do."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import pytest

from drivers.mcp23017 import MCP23017, Iocon, Register
from hardware.mock.bus import SimulatedI2CBus
from hardware.mock.mcp23017 import MCP23017Model
from hardware.mock.tca9548a import TCA9548AModel
from tests.hardware.mock.circuitpython import I2C, adafruit

mcp23017 = adafruit("adafruit_mcp230xx.mcp23017")
tca9548a = adafruit("adafruit_tca9548a")
Pull = sys.modules["digitalio"].Pull
Direction = sys.modules["digitalio"].Direction


@pytest.fixture
def bus() -> Iterator[SimulatedI2CBus]:
    """A bus with a Raspberry Pi's rules (the strictest): Adafruit's transactions are a
    write, a read, or a write then a read, which every adapter runs."""
    bus = SimulatedI2CBus()
    yield bus
    assert bus.refusals == 0


def _chip(bus: SimulatedI2CBus, address: int = 0x20) -> tuple[MCP23017Model, Any]:
    model = MCP23017Model(seed=address)
    bus.attach(address, model)
    return model, mcp23017.MCP23017(I2C(bus), address)


def test_blinka_never_runs() -> None:
    assert "adafruit_platformdetect" not in sys.modules
    assert getattr(sys.modules["busio"], "__file__", None) is None


def test_the_constructor_makes_every_pin_an_input_without_pull_ups_or_inversion(
    bus: SimulatedI2CBus,
) -> None:
    model = MCP23017Model()
    bus.attach(0x20, model)
    MCP23017(bus, 0x20).configure(0x000F)  # our driver leaves outputs and pull-ups
    mcp23017.MCP23017(I2C(bus), 0x20)
    assert model.port_value(Register.IODIRA) == 0xFFFF
    assert model.port_value(Register.GPPUA) == 0
    assert model.port_value(Register.IPOLA) == 0


@pytest.mark.parametrize("pin", [0, 6, 8, 14])
def test_an_output_pin_drives_its_latch_and_reads_it_back(bus: SimulatedI2CBus, pin: int) -> None:
    model, chip = _chip(bus)
    io = chip.get_pin(pin)
    io.switch_to_output(value=True)
    assert io.direction is Direction.OUTPUT
    assert not model.port_value(Register.IODIRA) >> pin & 1
    assert model.port_value(Register.OLATA) >> pin & 1
    assert io.value
    io.value = False
    assert not model.port_value(Register.OLATA) >> pin & 1
    assert not io.value


@pytest.mark.parametrize("pin", [1, 9])
def test_an_input_with_its_pull_up_reads_high_until_a_switch_pulls_it_low(
    bus: SimulatedI2CBus, pin: int
) -> None:
    model, chip = _chip(bus)
    io = chip.get_pin(pin)
    io.switch_to_input(pull=Pull.UP)
    assert io.pull is Pull.UP
    assert model.port_value(Register.GPPUA) >> pin & 1
    assert io.value
    model.drive_low(pin)
    assert not io.value
    io.invert_polarity = True  # IPOL: the read bit is inverted
    assert model.port_value(Register.IPOLA) >> pin & 1
    assert io.value
    model.release(pin)
    assert not io.value


def test_a_floating_input_reads_what_the_chip_says(bus: SimulatedI2CBus) -> None:
    _, chip = _chip(bus)
    io = chip.get_pin(3)
    io.switch_to_input()
    assert io.pull is None
    levels = [io.value for _ in range(40)]
    assert 0 < sum(levels) < 40  # no pull-up: the pin floats (seeded noise), as unwired


def test_the_16_bit_registers_read_and_write_both_ports(bus: SimulatedI2CBus) -> None:
    model, chip = _chip(bus)
    chip.iodir = 0x0F3C
    chip.gppu = 0xA005
    chip.ipol = 0x1001
    assert model.port_value(Register.IODIRA) == 0x0F3C
    assert (chip.iodir, chip.gppu, chip.ipol) == (0x0F3C, 0xA005, 0x1001)
    assert (chip.iodira, chip.iodirb, chip.gppua, chip.gppub) == (0x3C, 0x0F, 0x05, 0xA0)


@pytest.mark.parametrize("byte_mode", [False, True], ids=["sequential", "byte mode"])
def test_gpio_reads_and_writes_agree_in_sequential_and_byte_mode(
    bus: SimulatedI2CBus, byte_mode: bool
) -> None:
    """IOCON.SEQOP = 1 (byte mode, BANK = 0) toggles the pointer within a register pair,
    so a two-byte access from an A register still reaches A then B."""
    model, chip = _chip(bus)
    chip.io_control = Iocon.SEQOP if byte_mode else 0
    assert bool(model.iocon & Iocon.SEQOP) is byte_mode
    chip.iodir = 0x00FF  # port A inputs, port B outputs
    chip.gppu = 0x00FF
    chip.gpio = 0x5A00  # the outputs' latch
    model.drive_low(2)
    assert model.port_value(Register.OLATA) >> 8 == 0x5A
    assert chip.gpio == 0x5AFB
    assert (chip.gpioa, chip.gpiob) == (0xFB, 0x5A)
    chip.gpiob = 0x81
    assert model.register(Register.OLATB) == 0x81


def test_our_driver_and_adafruits_read_the_same_pins(bus: SimulatedI2CBus) -> None:
    model = MCP23017Model()
    bus.attach(0x21, model)
    ours = MCP23017(bus, 0x21)
    ours.configure(0x7F7F)  # byte mode, pull-ups on every input
    theirs = mcp23017.MCP23017(I2C(bus), 0x21, reset=False)
    for pin in (0, 5, 9, 14):
        model.drive_low(pin)
    assert theirs.gpio == ours.read_inputs() == 0x7F7F & ~(1 | 1 << 5 | 1 << 9 | 1 << 14)
    assert theirs.io_control & Iocon.SEQOP


def test_interrupt_on_change_flags_captures_and_clears(bus: SimulatedI2CBus) -> None:
    model, chip = _chip(bus)
    chip.gppu = 0xFFFF
    chip.io_control = Iocon.MIRROR | Iocon.ODR
    chip.interrupt_configuration = 0x0000  # against the previous value
    chip.interrupt_enable = 0x0102
    model.drive_low(8)
    assert (model.inta, model.intb) == (True, True)  # mirrored (a pair: mypy narrows neither)
    assert chip.int_flag == [8]
    assert (chip.int_flaga, chip.int_flagb) == ([], [8])
    # INTCAP latches per port: B's levels when it changed, A's still the power-on 0
    assert chip.int_cap[8:10] == [0, 1]
    assert chip.int_cap[:8] == [0] * 8
    chip.clear_ints()
    assert not model.inta
    model.drive_low(3)  # not enabled: no interrupt
    assert not model.inta
    model.drive_low(1)
    assert chip.int_flag == [1]
    chip.clear_inta()
    assert not model.inta


def test_interrupt_against_defval_holds_while_the_pin_differs(bus: SimulatedI2CBus) -> None:
    model, chip = _chip(bus)
    chip.gppu = 0xFFFF
    chip.default_value = 0x0001  # pin 0 is expected high
    chip.interrupt_configuration = 0x0001
    chip.interrupt_enable = 0x0001
    assert (chip.default_value, chip.interrupt_configuration) == (1, 1)
    model.drive_low(0)
    assert model.inta
    chip.clear_ints()
    assert model.inta  # still unlike DEFVAL: raised again at once
    model.release(0)
    chip.clear_ints()
    assert not model.inta


def test_a_tca9548a_channel_reaches_only_the_chips_behind_it(bus: SimulatedI2CBus) -> None:
    mux = TCA9548AModel()
    bus.attach(0x70, mux)
    models = {channel: MCP23017Model(seed=channel) for channel in (0, 3)}
    for channel, model in models.items():
        mux.segment(channel).attach(0x20, model)
    hub = tca9548a.TCA9548A(I2C(bus))
    chips = {channel: mcp23017.MCP23017(hub[channel], 0x20) for channel in models}
    for chip in chips.values():
        chip.gppu = 0xFFFF
    models[3].drive_low(4)
    assert chips[0].gpio == 0xFFFF
    assert chips[3].gpio == 0xFFFF & ~(1 << 4)
    assert mux.control == 0  # each use closes the channel again (a write of 0)
    assert hub[3].try_lock()
    assert mux.control == 1 << 3  # the selection took effect at the write's STOP
    hub[3].unlock()
    with pytest.raises(ValueError, match="No I2C device at address: 0x20"):
        mcp23017.MCP23017(hub[5], 0x20)  # nothing behind channel 5: the probe finds none
