"""The simulated board's pins keep a bounded record of their levels."""

from __future__ import annotations

from gpiozero import DigitalOutputDevice

from hardware.mock.pins import KEEP, SimulatedPin, simulated_pin_factory


def test_a_pin_that_changes_for_ever_keeps_only_its_latest_changes() -> None:
    factory = simulated_pin_factory()
    line = DigitalOutputDevice(17, pin_factory=factory)
    pin = factory.pin(17)
    assert isinstance(pin, SimulatedPin)
    for _ in range(5 * KEEP):
        line.value = not line.value
    assert KEEP <= len(pin.states) < 2 * KEEP
    assert pin.states[-1].state is pin.state  # the latest change is the level now
    pin.clear_states()
    assert len(pin.states) == 1
    line.value = not line.value
    assert [s.state for s in pin.states] == [not pin.state, pin.state]
    factory.reset()
