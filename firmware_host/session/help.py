"""How much each seat is helped: a ladder from no help to hints, read per seat.

A family game helps the child and not the parent: ``help=b:coach,w:none``. Each
level adds to the one below it: ``legal`` lights a lifted piece's destinations,
``threats`` also the mover's threatened pieces, ``coach`` also colours the
destinations by how good each move is, ``hints`` also lets the seat ask for a
suggested move (as many as the game's hint budget allows). A seat the setting
does not name keeps the session's own switches (``coach=on``: every seat coached).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import IntEnum
from types import MappingProxyType
from typing import Any

from engine.errors import KibanError
from engine.game import Game
from firmware_host.opponents.seats import seat_index
from firmware_host.session.settings import SettingsError


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
    other seat coached) and ``hints`` (each seat's hint budget per game, None: no limit);
    ``off`` says why no engine help is given at all (an online game against a person)."""

    levels: Mapping[int, HelpLevel] = field(default_factory=lambda: MappingProxyType({}))
    coach: bool = False
    hints: int | None = None
    off: str | None = None

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

    def any_coached(self, seats: int) -> bool:
        """Whether any of the game's ``seats`` is coached (the colour key shows the scale)."""
        return any(self.coached(seat) for seat in range(seats))


_UNNAMED = HelpLevel.HINTS
"""A seat the help setting does not name: destinations, threats and hints, as before
per-seat help (the coach's colours only with ``coach=on``)."""


def parse_help(game: Game[Any], text: str) -> Mapping[int, HelpLevel]:
    """Each named seat's help from ``b:coach,w:none`` (``coach`` alone: every seat)."""
    text = text.strip()
    if not text:
        return MappingProxyType({})
    if ":" not in text and "," not in text:
        level = HelpLevel.read(text)
        return MappingProxyType(dict.fromkeys(range(len(game.seats)), level))
    chosen: dict[int, HelpLevel] = {}
    for part in filter(None, (piece.strip() for piece in text.split(","))):
        seat, sep, word = part.partition(":")
        if not sep:
            raise SettingsError(f"help {part!r} must be SEAT:LEVEL, e.g. b:coach")
        try:
            index = seat_index(game, seat)
        except KibanError as error:
            raise SettingsError(str(error)) from None
        if index in chosen:
            raise SettingsError(f"seat {seat.strip()!r} is given help twice")
        chosen[index] = HelpLevel.read(word)
    return MappingProxyType(chosen)
