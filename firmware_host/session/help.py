"""How much each seat is helped: a ladder from no help to hints, read per seat.

A family game helps the child and not the parent: ``help=b:coach,w:none``. Each
level adds to the one below it: ``legal`` lights a lifted piece's destinations,
``threats`` also the mover's threatened pieces, ``coach`` also colours the
destinations by how good each move is, ``hints`` also lets the seat ask for a
suggested move (as many as its hint budget allows: ``hints=3`` for every seat, or
``hints=b:3,w:0`` by seat). A seat the setting does not name keeps the session's
own switches (``coach=on``: every seat coached).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import IntEnum
from types import MappingProxyType
from typing import Any, TypeVar

from engine.errors import KibanError
from engine.game import Game
from engine.said import Said
from firmware_host.opponents.seats import seat_index
from firmware_host.session.settings import Settings, SettingsError, per_seat, read_hints

Value = TypeVar("Value")


class SeatSettingError(SettingsError):
    """A per-seat setting (``help``, ``hints``) that does not fit the game's seats;
    ``key`` names the setting (the page marks its field)."""

    def __init__(self, key: str, problem: str) -> None:
        super().__init__(f"{key}: {problem}")
        self.key = key


class HelpLevel(IntEnum):
    """One seat's help, each level with everything below it."""

    NONE = 0
    LEGAL = 1
    THREATS = 2
    COACH = 3
    HINTS = 4

    @property
    def word(self) -> str:
        return self.name.lower()

    @classmethod
    def read(cls, word: str) -> HelpLevel:
        wanted = word.strip().lower()
        for level in cls:
            if level.word == wanted:
                return level
        words = ", ".join(level.word for level in cls)
        raise SettingsError(f"a seat's help is one of {words}, not {word!r}")


@dataclass(frozen=True, slots=True)
class SeatHelp:
    """What each seat may be shown: ``levels`` for the seats named, ``coach`` (every
    other seat coached), ``hints`` (the hint budget per game of a seat ``budgets`` does
    not name, None: no limit) and ``budgets`` (the named seats' own); ``off`` says why
    no engine help is given at all (an online game against a person)."""

    levels: Mapping[int, HelpLevel] = field(default_factory=lambda: MappingProxyType({}))
    coach: bool = False
    hints: int | None = None
    off: Said | None = None
    budgets: Mapping[int, int | None] = field(default_factory=lambda: MappingProxyType({}))

    def level(self, seat: int) -> HelpLevel:
        """The seat's help; engine help (threats, the coach, hints) is capped when off."""
        chosen = self.levels.get(seat, _UNNAMED)
        if self.off is not None:
            return min(chosen, HelpLevel.LEGAL)
        return chosen

    def legal(self, seat: int) -> bool:
        return self.level(seat) >= HelpLevel.LEGAL

    def threats(self, seat: int) -> bool:
        return self.level(seat) >= HelpLevel.THREATS

    def coached(self, seat: int) -> bool:
        """Whether the seat's destinations are coloured by the coach: a seat named at
        ``coach`` or ``hints``, or any seat when ``coach=on`` names none."""
        if self.off is not None:
            return False
        if seat in self.levels:
            return self.levels[seat] >= HelpLevel.COACH
        return self.coach

    def hinted(self, seat: int) -> bool:
        return self.level(seat) >= HelpLevel.HINTS

    def budget(self, seat: int) -> int | None:
        """How many hints ``seat`` may ask for in a game (None: no limit)."""
        return self.budgets.get(seat, self.hints)

    def any_coached(self, seats: int) -> bool:
        """Whether any of the game's ``seats`` is coached (the colour key shows the scale)."""
        return any(self.coached(seat) for seat in range(seats))


_UNNAMED = HelpLevel.HINTS
"""A seat the help setting does not name: destinations, threats and hints, as before
per-seat help (the coach's colours only with ``coach=on``)."""


def seat_help(game: Game[Any], settings: Settings) -> SeatHelp:
    """The settings' help per seat (``help``, ``coach``, ``hints``) read against the game."""
    levels = parse_help(game, settings.help)
    budgets = seats_named(game, "hints", settings.seat_hints)
    return SeatHelp(levels, settings.coach, settings.hints, settings.help_off, budgets)


def check_seats(game: Game[Any], given: Mapping[str, str]) -> None:
    """Given settings' help and hint budget per seat read against the game before it
    starts (the page's new game, the command line), refused naming the setting."""
    for key, read in (("help", parse_help), ("hints", parse_hints)):
        try:
            read(game, given.get(key, ""))
        except SettingsError as error:
            raise SeatSettingError(key, str(error)) from None


def parse_help(game: Game[Any], text: str) -> Mapping[int, HelpLevel]:
    """Each named seat's help from ``b:coach,w:none`` (``coach`` alone: every seat)."""
    every, named = per_seat("help", text, "SEAT:LEVEL", "b:coach")
    if every is not None:
        return MappingProxyType(dict.fromkeys(range(len(game.seats)), HelpLevel.read(every)))
    return seats_named(game, "help", ((seat, HelpLevel.read(word)) for seat, word in named))


def parse_hints(game: Game[Any], text: str) -> Mapping[int, int | None]:
    """Each named seat's hint budget from ``b:3,w:0`` (``3`` alone names no seat: it is
    every seat's, ``SeatHelp.hints``); a seat the game lacks or a bad number refused."""
    return seats_named(game, "hints", read_hints(text)[1])


def seats_named(
    game: Game[Any], key: str, named: Iterable[tuple[str, Value]]
) -> Mapping[int, Value]:
    """A per-seat setting's values by seat number, each seat named as ``--opponent``
    names it (its letter, a word of its name, its colour, its number) and only once."""
    chosen: dict[int, Value] = {}
    for seat, value in named:
        try:
            index = seat_index(game, seat)
        except KibanError as error:
            raise SettingsError(str(error)) from None
        if index in chosen:
            raise SettingsError(f"seat {seat.strip()!r} is given {key} twice")
        chosen[index] = value
    return MappingProxyType(chosen)
