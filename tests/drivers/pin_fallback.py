"""gpiozero's choice of pin factory, replayed off a Pi: each library of its list made to
fail to import (lgpio as it fails where it cannot make its FIFO), its native factory
replaced by a ``MockFactory`` that stands in for it or fails as it does off a Pi."""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
from collections.abc import Mapping, Sequence
from types import ModuleType

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

FIFO_FAILURE = FileNotFoundError(2, "No such file or directory", ".lgd-nfy-3")
"""What lgpio 0.2.2's import raises where it cannot make its FIFO: the notification
handle is LG_BAD_PATHNAME (-3), and lgpio_extra.py opens '.lgd-nfy-3'."""
LIBRARIES = ("lgpio", "RPi", "pigpio")
"""The libraries of gpiozero's factories before its native one, in its order."""
FACTORY_MODULES = ("lgpio", "rpigpio", "pigpio")
"""gpiozero's modules of those factories."""


class Unimportable(importlib.abc.MetaPathFinder):
    """A finder that raises a given error for given modules, before any other finder."""

    def __init__(self, errors: Mapping[str, Exception]) -> None:
        self.errors = errors

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        error = self.errors.get(fullname)
        if error is not None:
            raise error
        return None


class NativeFactory(MockFactory):  # type: ignore[misc]
    """Stands in for gpiozero's native factory (same class name), which off a Pi finds
    no Pi revision to run on."""


class NoNativeFactory:
    """gpiozero's native factory as it fails off a Pi."""

    def __init__(self) -> None:
        raise OSError("unable to open /dev/gpiomem or /dev/mem")


def replay_fallback(
    monkeypatch: pytest.MonkeyPatch,
    lgpio: Exception = FIFO_FAILURE,
    native: type = NativeFactory,
) -> None:
    """gpiozero unsettled, with no factory chosen, lgpio failing with ``lgpio`` and
    RPi.GPIO and pigpio missing (deterministic on a machine that has them), and
    ``native`` as its last resort. Everything is put back after the test."""
    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.delenv("GPIOZERO_PIN_FACTORY", raising=False)
    for name in [*LIBRARIES, "RPi.GPIO", *(f"gpiozero.pins.{n}" for n in FACTORY_MODULES)]:
        monkeypatch.delitem(sys.modules, name, raising=False)  # imported afresh, or fail
    errors: dict[str, Exception] = {
        "lgpio": lgpio,
        "RPi": ModuleNotFoundError("No module named 'RPi'"),
        "pigpio": ModuleNotFoundError("No module named 'pigpio'"),
    }
    monkeypatch.setattr(sys, "meta_path", [Unimportable(errors), *sys.meta_path])
    monkeypatch.setattr("gpiozero.pins.native.NativeFactory", native)
