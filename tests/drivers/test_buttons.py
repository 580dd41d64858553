"""Buttons through gpiozero's MockFactory: roles, bounce, pins that cannot be had."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from drivers.buttons import LONG_PRESS, ButtonPanel, ButtonRole
from drivers.errors import ButtonError, GpioError

PINS = {ButtonRole.OK: 5, ButtonRole.NEXT: 6, ButtonRole.BACK: 13, ButtonRole.ROLL: 26}


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    factory = MockFactory()
    yield factory
    factory.reset()


def test_a_panel_keeps_no_thread_waking_for_held_presses(factory: MockFactory) -> None:
    before = threading.active_count()
    panel = ButtonPanel(PINS, lambda role: None, pin_factory=factory, bounce_time=None)
    assert threading.active_count() == before  # a gpiozero Button would add one each
    panel.close()


def test_role_values_are_the_profile_names() -> None:
    assert [role.value for role in ButtonRole] == [
        "ok",
        "next",
        "back",
        "roll",
        "refill",
        "clock",
        "hint",
        "puzzle",
    ]
    assert ButtonRole("refill") is ButtonRole.REFILL


def test_press_reports_its_role(factory: MockFactory) -> None:
    pressed: list[ButtonRole] = []
    clock = FakeClock()
    panel = ButtonPanel(PINS, pressed.append, pin_factory=factory, clock=clock)
    factory.pin(6).drive_low()
    assert pressed == [ButtonRole.NEXT]
    assert panel.is_pressed(ButtonRole.NEXT)
    factory.pin(6).drive_high()
    clock.now += 1
    factory.pin(5).drive_low()
    factory.pin(5).drive_high()
    assert pressed == [ButtonRole.NEXT, ButtonRole.OK]
    assert panel.roles == tuple(PINS)
    assert factory.pin(5).bounce == pytest.approx(0.03)  # handed on to the pin backend
    panel.close()


def test_contact_bounce_gives_one_press(factory: MockFactory) -> None:
    pressed: list[ButtonRole] = []
    clock = FakeClock()
    panel = ButtonPanel(PINS, pressed.append, pin_factory=factory, clock=clock)
    pin = factory.pin(26)
    pin.drive_low()
    for _ in range(3):  # the contact chatters for a few milliseconds
        clock.now += 0.004
        pin.drive_high()
        clock.now += 0.004
        pin.drive_low()
    assert pressed == [ButtonRole.ROLL]
    clock.now += 0.5
    pin.drive_high()  # released: bounce on release is no press either
    clock.now += 0.005
    pin.drive_low()
    pin.drive_high()
    assert pressed == [ButtonRole.ROLL]
    clock.now += 0.5
    pin.drive_low()  # a real second press
    assert pressed == [ButtonRole.ROLL, ButtonRole.ROLL]
    pin.drive_high()
    panel.close()


def test_without_bounce_time_every_edge_counts(factory: MockFactory) -> None:
    pressed: list[ButtonRole] = []
    panel = ButtonPanel(
        {ButtonRole.CLOCK: 4}, pressed.append, pin_factory=factory, bounce_time=None
    )
    pin = factory.pin(4)
    for _ in range(3):
        pin.drive_low()
        pin.drive_high()
    assert pressed == [ButtonRole.CLOCK] * 3
    panel.close()


def test_one_gpio_for_two_roles_is_refused(factory: MockFactory) -> None:
    with pytest.raises(ButtonError, match="GPIO 5"):
        ButtonPanel({ButtonRole.OK: 5, ButtonRole.BACK: 5}, print, pin_factory=factory)


def test_a_pin_already_in_use_is_a_button_error_naming_role_and_gpio(
    factory: MockFactory,
) -> None:
    first = ButtonPanel({ButtonRole.OK: 5}, print, pin_factory=factory)
    with pytest.raises(ButtonError) as caught:
        ButtonPanel({ButtonRole.REFILL: 12, ButtonRole.NEXT: 5}, print, pin_factory=factory)
    assert "next" in str(caught.value) and "GPIO 5" in str(caught.value)
    assert isinstance(caught.value, GpioError)
    # The panel that failed released the pins it had claimed.
    again = ButtonPanel({ButtonRole.REFILL: 12}, print, pin_factory=factory)
    again.close()
    first.close()


def test_an_invalid_pin_is_a_button_error(factory: MockFactory) -> None:
    with pytest.raises(ButtonError, match="GPIO 99"):
        ButtonPanel({ButtonRole.OK: 99}, print, pin_factory=factory)


def test_close_releases_the_pins_and_leaves_the_global_factory_alone(
    factory: MockFactory,
) -> None:
    before = Device.pin_factory
    panel = ButtonPanel(PINS, print, pin_factory=factory)
    panel.close()
    panel.close()
    assert Device.pin_factory is before
    again = ButtonPanel(PINS, print, pin_factory=factory)
    again.close()


def test_hint_held_asks_for_a_puzzle_and_a_short_press_for_a_hint(factory: MockFactory) -> None:
    pressed: list[ButtonRole] = []
    clock = FakeClock()
    panel = ButtonPanel({ButtonRole.HINT: 21}, pressed.append, pin_factory=factory, clock=clock)
    pin = factory.pin(21)
    pin.drive_low()
    assert pressed == []  # a hint is told when it is let go: it may yet be held
    clock.now += 0.3
    pin.drive_high()
    assert pressed == [ButtonRole.HINT]
    clock.now += 1.0
    pin.drive_low()
    clock.now += LONG_PRESS - 0.01
    pin.drive_high()
    assert pressed == [ButtonRole.HINT] * 2  # just short of the long press
    clock.now += 1.0
    pin.drive_low()
    for _ in range(3):  # pressed, chattering a few milliseconds, then held
        clock.now += 0.004
        pin.drive_high()
        clock.now += 0.004
        pin.drive_low()
    clock.now += LONG_PRESS
    pin.drive_high()
    clock.now += 0.005
    pin.drive_low()  # the release chatters too: no press
    pin.drive_high()
    assert pressed == [ButtonRole.HINT, ButtonRole.HINT, ButtonRole.PUZZLE]
    panel.close()


def test_a_panel_may_hold_no_role_longer(factory: MockFactory) -> None:
    pressed: list[ButtonRole] = []
    clock = FakeClock()
    panel = ButtonPanel(
        {ButtonRole.HINT: 21, ButtonRole.PUZZLE: 20},
        pressed.append,
        pin_factory=factory,
        clock=clock,
        held={},
    )
    factory.pin(21).drive_low()
    assert pressed == [ButtonRole.HINT]  # at once, as every other button
    clock.now += 3
    factory.pin(21).drive_high()
    factory.pin(20).drive_low()
    assert pressed == [ButtonRole.HINT, ButtonRole.PUZZLE]
    panel.close()
