"""The settings of one game session, beyond the rules: clocks, dice, the opening draw.

Rules live in the game's options; how the table plays them (a time limit, who
rolls the dice, whether the first player is drawn) lives here, and is stored with
the game so that a resumed or replayed game behaves the same.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import ClassVar

from engine.errors import KibanError
from engine.opening import FirstPlayerDraw
from firmware_host.session.clock import TimeControl

__all__ = ["FirstPlayerDraw", "RollMode", "Settings", "SettingsError"]  # the draw is the engine's


class SettingsError(KibanError, ValueError):
    """A session setting that cannot be used."""


class RollMode(Enum):
    AUTO = "auto"  # the controller rolls as soon as a roll is due
    BUTTON = "button"  # it waits for the roll button (or the web page)


@dataclass(frozen=True, slots=True)
class Settings:
    clock: TimeControl | None = None
    roll: RollMode = RollMode.AUTO
    draw: FirstPlayerDraw = FirstPlayerDraw.NONE
    seed: int | None = None

    KEYS: ClassVar[tuple[str, ...]] = ("clock", "roll", "draw", "seed")
    CHOICES: ClassVar[Mapping[str, tuple[str, ...]]] = MappingProxyType(
        {
            "roll": tuple(mode.value for mode in RollMode),
            "draw": tuple(kind.value for kind in FirstPlayerDraw),
        }
    )
    """The settings that take one of a few words (the page offers them)."""

    @classmethod
    def parse(
        cls, given: Mapping[str, str], *, draw: FirstPlayerDraw = FirstPlayerDraw.NONE
    ) -> Settings:
        """Read ``clock=10m``, ``roll=auto|button``, ``draw=none|furigoma|lot``, ``seed=N``;
        ``draw`` is the game's own default for the opening draw."""
        for key in given:
            if key not in cls.KEYS:
                raise SettingsError(f"unknown setting {key!r} (settings: {', '.join(cls.KEYS)})")
        clock = None
        if given.get("clock", "off") not in ("off", "none", ""):
            clock = TimeControl.parse(given["clock"])
        try:
            roll = RollMode(given.get("roll", RollMode.AUTO.value))
            chosen_draw = FirstPlayerDraw(given["draw"]) if "draw" in given else draw
        except ValueError as error:
            raise SettingsError(str(error)) from None
        seed_text = given.get("seed")
        try:
            seed = int(seed_text) if seed_text is not None else None
        except ValueError:
            raise SettingsError(f"seed must be a whole number, not {seed_text!r}") from None
        return cls(clock, roll, chosen_draw, seed)

    def stored(self) -> dict[str, str]:
        """The settings as stored with the game."""
        result = {"roll": self.roll.value, "draw": self.draw.value}
        if self.clock is not None:
            result["clock"] = self.clock.text()
        if self.seed is not None:
            result["seed"] = str(self.seed)
        return result

    def random_source(self) -> random.Random:
        """The session's dice: seeded when a seed is set, else from the system."""
        return random.Random(self.seed) if self.seed is not None else random.Random()
