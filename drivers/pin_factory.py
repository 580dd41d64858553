"""Which pin factory gpiozero runs the board's GPIO lines on, and why it is that one.

Every GPIO of the board (buttons, INT and ALERT lines, select lines, a chain's load)
is a gpiozero device made with ``pin_factory=None``, so gpiozero picks the factory
once, for the whole process, the first time one is made: lgpio first, then RPi.GPIO,
pigpio and its native one, each failure only a ``PinFactoryFallback`` warning
(gpiozero's ``Device._default_pin_factory``). The board then runs on whatever loaded,
or on nothing. lgpio is the factory the board is built and measured on; it fails to
load where it cannot make its notification FIFO (in ``$LG_WD`` or the working
directory: see systemd/kiban.service), which is why the doctor asks this module
rather than trusting that it did.
"""

from __future__ import annotations

import os
import warnings
from dataclasses import dataclass

from gpiozero import Device
from gpiozero.exc import PinFactoryFallback

LGPIO = "LGPIOFactory"
"""The class name of gpiozero's lgpio factory: the one expected on a Raspberry Pi."""
CHOSEN = "GPIOZERO_PIN_FACTORY"
"""The environment variable that names a factory and stops gpiozero's fallbacks."""


@dataclass(frozen=True, slots=True)
class PinFactoryState:
    """The factory in use and the failures gpiozero stepped over to reach it."""

    name: str | None
    """Its class name (``LGPIOFactory``, ``NativeFactory``); None when none loaded."""
    fallbacks: tuple[str, ...] = ()
    """gpiozero's own words for each factory that failed first, in its order
    (``Falling back from lgpio: [Errno 2] No such file or directory: '.lgd-nfy-3'``)."""
    error: str | None = None
    """Why no factory loaded at all, None when one did."""
    chosen: str | None = None
    """``$GPIOZERO_PIN_FACTORY`` when it was set (gpiozero then tries that one only)."""

    @property
    def lgpio(self) -> bool:
        return self.name == LGPIO

    @property
    def lgpio_failure(self) -> str | None:
        """What made lgpio fail, as gpiozero said it (None if it was not tried or loaded)."""
        prefix = "Falling back from lgpio: "
        return next(
            (line.removeprefix(prefix) for line in self.fallbacks if line.startswith(prefix)),
            None,
        )


def pin_factory_in_use() -> PinFactoryState:
    """Let gpiozero settle its factory as the board's first device would, and say which
    it is. A factory settled before this call is reported without its fallbacks: they
    were warned about when it was chosen, and gpiozero keeps no record of them."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", PinFactoryFallback)
        error = None
        try:
            Device.ensure_pin_factory()
        except Exception as failure:  # a chosen factory's constructor raises what it likes
            error = f"{type(failure).__name__}: {failure}"
    fallbacks = tuple(
        str(warning.message)
        for warning in caught
        if issubclass(warning.category, PinFactoryFallback)
    )
    factory = Device.pin_factory
    return PinFactoryState(
        name=None if factory is None else type(factory).__name__,
        fallbacks=fallbacks,
        error=error,
        chosen=os.environ.get(CHOSEN) or None,
    )
