"""The settings of one game session, beyond the rules: clocks, dice, the opening draw,
the computer's seats and its coaching.

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
from engine.said import N_, Said, said
from firmware_host.session.clock import TimeControl

# the draw is the engine's
__all__ = ["FirstPlayerDraw", "RollMode", "Settings", "SettingsError", "per_seat", "read_hints"]


class SettingsError(KibanError, ValueError):
    """A session setting that cannot be used."""


KEPT_BESIDE = ("review", "imported")
"""What a stored game keeps beside its settings (a finished game's review, what the record
it was read from said): not a setting."""


class RollMode(Enum):
    AUTO = "auto"  # the controller rolls as soon as a roll is due
    BUTTON = "button"  # it waits for the roll button (or the web page)


@dataclass(frozen=True, slots=True)
class Settings:
    clock: TimeControl | None = None
    roll: RollMode = RollMode.AUTO
    draw: FirstPlayerDraw = FirstPlayerDraw.NONE
    seed: int | None = None
    opponent: str = ""  # the computer's seats, ``w=level:3`` (read against the game)
    coach: bool = False  # legal destinations coloured by how good they are
    warn: bool = False  # a move that throws the game away offers a takeback
    remote: str = ""  # a game with other boards: ``firmware_host/remote/game.py`` reads it
    online: str = ""  # a game on a server: ``lishogi:GAME:person`` (``firmware_host/online``)
    help: str = ""  # each seat's help, ``b:coach,w:none`` (``session/help.py`` reads it)
    hints: int | None = None  # the hint budget per game of a seat not named (None: no limit)
    seat_hints: tuple[tuple[str, int | None], ...] = ()  # ``b:3,w:0``: named seats' budgets
    confirm: bool = False  # a club table: a resignation or a draw waits for the other's ok
    club: str = ""  # the club table's game this game is (``club/messages.py`` game_key)
    clocks: tuple[float, ...] = ()  # each seat's time left as the game begins (() full)

    KEYS: ClassVar[tuple[str, ...]] = (
        "clock",
        "roll",
        "draw",
        "seed",
        "opponent",
        "coach",
        "warn",
        "remote",
        "online",
        "help",
        "hints",
        "confirm",
        "club",
        "clocks",
    )
    CHOICES: ClassVar[Mapping[str, tuple[str, ...]]] = MappingProxyType(
        {
            "roll": tuple(mode.value for mode in RollMode),
            "draw": tuple(kind.value for kind in FirstPlayerDraw),
            "coach": ("off", "on"),
            "warn": ("off", "on"),
            "confirm": ("off", "on"),
        }
    )
    """The settings that take one of a few words (the page offers them)."""

    def __post_init__(self) -> None:
        if self.hints is not None and self.seat_hints:
            raise SettingsError("hints are one number for every seat or SEAT:N for each, not both")

    @classmethod
    def parse(
        cls, given: Mapping[str, str], *, draw: FirstPlayerDraw = FirstPlayerDraw.NONE
    ) -> Settings:
        """Read ``clock=10m``, ``roll=auto|button``, ``draw=none|furigoma|lot``, ``seed=N``,
        ``opponent=SEAT=PLAYER,...``, ``coach=on|off``, ``warn=on|off``,
        ``help=SEAT:LEVEL,...``, ``hints=N`` or ``hints=SEAT:N,...``, ``confirm=on|off``
        (a club table, docs/club.md); ``draw`` is the
        game's own default for the opening draw."""
        for key in given:
            if key not in cls.KEYS and key not in KEPT_BESIDE:
                raise SettingsError(f"unknown setting {key!r} (settings: {', '.join(cls.KEYS)})")
        clock = None
        if given.get("clock", "off") not in ("off", "none", ""):
            clock = TimeControl.parse(given["clock"])
        roll = RollMode(_word(given, "roll", RollMode.AUTO.value))
        chosen_draw = FirstPlayerDraw(_word(given, "draw", draw.value))
        seed_text = given.get("seed")
        try:
            seed = int(seed_text) if seed_text is not None else None
        except ValueError:
            raise SettingsError(f"seed must be a whole number, not {seed_text!r}") from None
        if seed is not None and seed < 0:
            raise SettingsError(f"seed must be 0 or more, not {seed}")
        coach, warn, confirm = (_switch(given, key) for key in ("coach", "warn", "confirm"))
        opponent, remote = (given.get(key, "").strip() for key in ("opponent", "remote"))
        online, help_text = (given.get(key, "").strip() for key in ("online", "help"))
        hints, seat_hints = read_hints(given.get("hints", ""))
        club = given.get("club", "").strip()
        clocks = _times(given.get("clocks", ""))
        if clocks and clock is None:
            raise SettingsError("clocks=... gives the clocks' times left: it needs a clock=")
        return cls(
            clock,
            roll,
            chosen_draw,
            seed,
            opponent,
            coach,
            warn,
            remote,
            online,
            help_text,
            hints,
            seat_hints,
            confirm,
            club,
            clocks,
        )

    def stored(self) -> dict[str, str]:
        """The settings as stored with the game."""
        result = {"roll": self.roll.value, "draw": self.draw.value}
        if self.clock is not None:
            result["clock"] = self.clock.text()
        if self.seed is not None:
            result["seed"] = str(self.seed)
        if self.opponent:
            result["opponent"] = self.opponent
        if self.remote:
            result["remote"] = self.remote
        if self.online:
            result["online"] = self.online
        if self.help:
            result["help"] = self.help
        if self.club:
            result["club"] = self.club
        if self.clocks:
            result["clocks"] = ",".join(f"{left:g}" for left in self.clocks)
        if self.seat_hints:
            named = (f"{seat}:{_budget_text(budget)}" for seat, budget in self.seat_hints)
            result["hints"] = ",".join(named)
        elif self.hints is not None:
            result["hints"] = str(self.hints)
        for key, on in (("coach", self.coach), ("warn", self.warn), ("confirm", self.confirm)):
            if on:
                result[key] = "on"
        return result

    @property
    def help_off(self) -> Said | None:
        """Why the computer may not help the person here (hints, the coach, warnings,
        threat lights), or None: a server forbids engine help in games against people."""
        server, _, rest = self.online.partition(":")
        if server and rest.endswith(":person"):
            return said(N_("{server} forbids engine help in games against people"), server=server)
        return None

    def random_source(self) -> random.Random:
        """The session's dice: seeded when a seed is set, else from the system."""
        return random.Random(self.seed) if self.seed is not None else random.Random()


def per_seat(
    key: str, text: str, shape: str, example: str
) -> tuple[str | None, tuple[tuple[str, str], ...]]:
    """A setting given per seat, ``b:coach,w:none``, or as one value for every seat
    (``coach``): that one value (None when seats are named) and each named seat's
    value, the seats as written (``session/help.py`` reads them against the game).
    ``shape`` and ``example`` say how a seat's part is written (``SEAT:LEVEL``,
    ``b:coach``)."""
    text = text.strip()
    if ":" not in text and "," not in text:
        return (text or None), ()
    named: list[tuple[str, str]] = []
    for part in filter(None, (piece.strip() for piece in text.split(","))):
        seat, sep, value = (piece.strip() for piece in part.partition(":"))
        if not sep or not seat:
            raise SettingsError(
                f"{key} {part!r} must be {shape}, e.g. {example}"
                " (one value for every seat is given alone)"
            )
        named.append((seat, value))
    return None, tuple(named)


def read_hints(text: str) -> tuple[int | None, tuple[tuple[str, int | None], ...]]:
    """A hint budget per game, ``3`` for every seat or ``b:3,w:0`` by seat (a seat not
    named: no limit): the number for every seat, and each named seat's."""
    every, named = per_seat("hints", text, "SEAT:N", "b:3")
    return _budget(every), tuple((seat, _budget(value, seat)) for seat, value in named)


def _budget(text: str | None, seat: str | None = None) -> int | None:
    """A hint budget: a whole number of hints per game, or none for no limit."""
    if text is None or text.strip().lower() in ("", "none", "off"):
        return None
    whose = "hints" if seat is None else f"hints for seat {seat!r}"
    try:
        budget = int(text)
    except ValueError:
        raise SettingsError(f"{whose} must be a whole number, not {text!r}") from None
    if budget < 0:
        raise SettingsError(f"{whose} must be 0 or more, not {budget}")
    return budget


def _budget_text(budget: int | None) -> str:
    return "none" if budget is None else str(budget)


def _switch(given: Mapping[str, str], key: str) -> bool:
    value = given.get(key, "off").strip().lower()
    if value not in ("on", "off"):
        raise SettingsError(f"{key} must be on or off, not {value!r}")
    return value == "on"


def _word(given: Mapping[str, str], key: str, default: str) -> str:
    """A setting that takes one of a few words, refused in plain words otherwise."""
    value = given.get(key, default).strip().lower()
    choices = Settings.CHOICES[key]
    if value not in choices:
        words = f"{', '.join(choices[:-1])} or {choices[-1]}"
        raise SettingsError(f"{key} must be {words}, not {given[key]!r}")
    return value


def _times(text: str) -> tuple[float, ...]:
    """``clocks=300,281.5``: each seat's time left, seconds (a game taken up at a club
    table goes on with the clocks its record has: ``club/board_side.py``)."""
    if not text.strip():
        return ()
    try:
        times = tuple(float(part) for part in text.split(","))
    except ValueError:
        raise SettingsError(f"clocks must be seconds left, one a seat: {text[:40]!r}") from None
    if not all(0 <= left < 1e7 for left in times):
        raise SettingsError(f"clocks must be seconds left, one a seat: {text[:40]!r}")
    return times
