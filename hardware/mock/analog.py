"""Analog Hall sensors under the cells, and the CD74HC4067 multiplexers in front of them.

A ratiometric linear Hall sensor (DRV5055-like) rests at half its supply with no
field and swings up for one pole and down for the other. Each simulated sensor
has its own quiescent level and sensitivity (no two are alike) and Gaussian
noise (in fine quantiles: see ``_NORMAL``), drawn from a seeded source, and
reads the simulated world's spot it is wired to (``sense()``, which the
simulated board calls whenever the world changes, as it sets the expanders'
pins). A north-up piece shows its south face to the sensor below, which raises
the output: north reads high, south low.

The multiplexer model reads its select lines from gpiozero mock pins, exactly
as the driver left them, and passes on the voltage of the chosen channel; a
channel with nothing on it floats near ground.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

from engine.physical import EMPTY, NORTH, SOUTH, Reading

# The noise of a sample: one of 4,096 equally likely quantiles of the standard normal
# distribution (so never beyond 3.7 sigma), drawn with 12 random bits. A board converts
# every sensor every scan, and ``random.gauss`` cost a fifth of a simulated scan. The
# quantiles lie side by side (an array, not 4,096 float objects), so that a sample
# touches one line of memory that is likely cached.
_NORMAL_BITS = 12
_NORMAL = array(
    "d",
    (
        NormalDist().inv_cdf((index + 0.5) / (1 << _NORMAL_BITS))
        for index in range(1 << _NORMAL_BITS)
    ),
)


@dataclass(frozen=True, slots=True)
class HallModel:
    """How alike the board's sensors are: spreads and noise, in volts."""

    quiescent: float = 1.65
    quiescent_spread: float = 0.02
    sensitivity: float = 0.9
    sensitivity_spread: float = 0.15  # relative
    noise: float = 0.004

    @classmethod
    def uneven(cls) -> HallModel:
        """A board of sensors that differ a lot: the profile's default thresholds fail."""
        return cls(quiescent_spread=0.25, sensitivity=0.6, sensitivity_spread=0.6, noise=0.012)


class HallSensor:
    __slots__ = (
        "_bits",
        "field",
        "level",
        "noise",
        "quiescent",
        "reading",
        "rng",
        "samples",
        "sensitivity",
    )

    def __init__(
        self,
        reading: Callable[[], Reading],
        quiescent: float,
        sensitivity: float,
        noise: float,
        rng: random.Random,
    ) -> None:
        self.reading = reading
        self.quiescent = quiescent
        self.sensitivity = sensitivity
        self.noise = noise
        self.rng = rng
        self.samples = 0
        self.field: Reading = EMPTY
        self.level = quiescent
        self._bits = rng.getrandbits
        self.sense()

    def sense(self) -> None:
        """Take the field of what stands on the spot now (the world changed), and the
        level it gives before noise: a board converts every sensor every scan."""
        self.field = reading = self.reading()
        level = self.quiescent
        if reading == NORTH:
            level += self.sensitivity
        elif reading == SOUTH:
            level -= self.sensitivity
        elif reading != EMPTY:
            level += self.sensitivity
        self.level = level

    @classmethod
    def drawn(
        cls, reading: Callable[[], Reading], model: HallModel, rng: random.Random
    ) -> HallSensor:
        quiescent = model.quiescent + rng.uniform(-model.quiescent_spread, model.quiescent_spread)
        spread = model.sensitivity_spread
        sensitivity = model.sensitivity * rng.uniform(1 - spread, 1 + spread)
        return cls(reading, quiescent, sensitivity, model.noise, rng)

    def volts(self) -> float:
        self.samples += 1
        if self.noise:
            return self.level + self.noise * _NORMAL[self._bits(_NORMAL_BITS)]
        return self.level


class AnalogMuxModel:
    """A CD74HC4067: ``select`` pins S0-S3 (gpiozero mock pins), E active low."""

    __slots__ = ("enable", "inputs", "select")

    def __init__(self, select: Sequence[Any], enable: Any = None) -> None:
        self.select = tuple(select)
        self.enable = enable
        self.inputs: dict[int, Callable[[], float]] = {}

    @property
    def channel(self) -> int:
        s0, s1, s2, s3 = self.select
        return bool(s0.state) | bool(s1.state) << 1 | bool(s2.state) << 2 | bool(s3.state) << 3

    def volts(self) -> float:
        """The common pin: the chosen channel's sensor, read as the lines stand now.

        The levels (the enable line's too) are read as gpiozero's mock pins hold them
        (``_state``, which is what their ``state`` property returns, two calls further
        on): a conversion reads them every time."""
        if self.enable is not None and self.enable._state:
            return 0.0  # disabled: the common pin is cut off
        s0, s1, s2, s3 = self.select
        source = self.inputs.get(s0._state | s1._state << 1 | s2._state << 2 | s3._state << 3)
        return 0.0 if source is None else source()
