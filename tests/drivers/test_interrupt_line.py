"""The shared INT line, through gpiozero's MockFactory, wakes the scanner."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from gpiozero.pins.mock import MockFactory

from drivers.errors import GpioError
from drivers.interrupt_line import InterruptLine
from drivers.mcp23017 import MCP23017, InterruptCapture, MCP23017Group
from hardware.mock.bus import SimulatedI2CBus
from hardware.mock.mcp23017 import MCP23017Model, SharedInterruptLine

INT_GPIO = 17
SENSORS = 0x7F7F


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    factory = MockFactory()
    yield factory
    factory.reset()


def test_callback_runs_when_the_line_goes_low(factory: MockFactory) -> None:
    wakes: list[str] = []
    line = InterruptLine(INT_GPIO, lambda: wakes.append("wake"), pin_factory=factory)
    pin = factory.pin(INT_GPIO)
    assert not line.active  # the pull-up holds it high
    pin.drive_low()
    active: bool = line.active  # read afresh after the action
    assert active
    assert wakes == ["wake"]
    pin.drive_high()
    assert wakes == ["wake"]  # releasing is not an interrupt
    pin.drive_low()
    assert wakes == ["wake", "wake"]
    line.close()


def test_a_claimed_pin_is_a_gpio_error(factory: MockFactory) -> None:
    first = InterruptLine(INT_GPIO, lambda: None, pin_factory=factory)
    with pytest.raises(GpioError, match="GPIO 17"):
        InterruptLine(INT_GPIO, lambda: None, pin_factory=factory)
    first.close()


def test_chips_on_a_shared_line_wake_the_reader_and_captures_name_the_change(
    factory: MockFactory,
) -> None:
    bus = SimulatedI2CBus()
    pin = factory.pin(INT_GPIO)
    wire = SharedInterruptLine(pin.drive_low, pin.drive_high)
    models = {address: MCP23017Model(seed=address) for address in (0x20, 0x21)}
    chips = []
    for address, model in models.items():
        bus.attach(address, model)
        wire.connect(model)
        chip = MCP23017(bus, address)
        chip.configure(SENSORS, interrupts=True)
        chips.append(chip)
    group = MCP23017Group(bus, chips)
    wakes: list[bool] = []
    line = InterruptLine(INT_GPIO, lambda: wakes.append(True), pin_factory=factory)

    models[0x21].drive_low(4)  # a piece lands on a reed switch
    assert wakes == [True]
    assert line.active
    captures = group.read_interrupt_captures()
    assert captures[0x21] == InterruptCapture(flags=1 << 4, captured=SENSORS & ~(1 << 4) & 0xFF)
    assert captures[0x20].flags == 0
    active: bool = line.active  # read afresh after the action
    assert not active  # reading INTCAP released the line
    assert group.read_all()[0x21] == SENSORS & ~(1 << 4)
    line.close()
