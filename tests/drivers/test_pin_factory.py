"""Which pin factory gpiozero settled on, and why: its fallbacks replayed off a Pi with
gpiozero's MockFactory in place of the native factory (tests/drivers/pin_fallback.py)."""

from __future__ import annotations

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from drivers.pin_factory import CHOSEN, LGPIO, PinFactoryState, pin_factory_in_use
from tests.drivers.pin_fallback import NoNativeFactory, replay_fallback

FIFO_FALLBACK = "Falling back from lgpio: [Errno 2] No such file or directory: '.lgd-nfy-3'"


def test_a_factory_settled_before_is_reported_without_fallbacks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(Device, "pin_factory", MockFactory())
    assert pin_factory_in_use() == PinFactoryState("MockFactory")


def test_lgpio_without_its_fifo_falls_back_and_the_reason_is_kept(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As under the unit before issue 61: lgpio's import fails on its FIFO, gpiozero
    warns and tries RPi.GPIO, pigpio, then settles on its native factory."""
    replay_fallback(monkeypatch)
    state = pin_factory_in_use()
    assert state.name == "NativeFactory" and not state.lgpio
    assert state.fallbacks == (
        FIFO_FALLBACK,
        "Falling back from rpigpio: No module named 'RPi'",
        "Falling back from pigpio: No module named 'pigpio'",
    )
    assert state.lgpio_failure == "[Errno 2] No such file or directory: '.lgd-nfy-3'"
    assert state.error is None and state.chosen is None
    assert type(Device.pin_factory).__name__ == "NativeFactory"  # what the board gets


def test_no_factory_at_all_is_an_error_not_an_exception(monkeypatch: pytest.MonkeyPatch) -> None:
    replay_fallback(monkeypatch, native=NoNativeFactory)
    state = pin_factory_in_use()
    assert state.name is None
    assert state.error == "BadPinFactory: Unable to load any default pin factory!"
    assert state.fallbacks[0] == FIFO_FALLBACK
    assert state.fallbacks[-1] == (
        "Falling back from native: unable to open /dev/gpiomem or /dev/mem"
    )


def test_a_factory_chosen_by_the_environment_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setenv(CHOSEN, "mock")
    state = pin_factory_in_use()
    assert state == PinFactoryState("MockFactory", chosen="mock")
    assert state.lgpio_failure is None


def test_lgpio_is_the_expected_factory() -> None:
    assert PinFactoryState(LGPIO).lgpio
    assert not PinFactoryState("NativeFactory").lgpio
