"""Who plays each seat of a new game, and how the session says it.

A player who pressed New game expects the table they sat down at, not whatever the
last game happened to be: a new game that does not name its seats gets the seats
the session was started with (``--opponent``, or people at every seat), never the
ones a game in between was given. And since a board with only buttons cannot show
a dialog, every new game says who plays each seat, so nothing is carried over
silently (issue 63, item 7a).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import KibanError
from engine.game import Game
from engine.said import N_, Either, Said, said
from firmware_host.opponents.seats import OpponentKind, OpponentSpec, parse_opponents

OPPONENT = "opponent"


def with_starting_seats(
    game: Game[Any], settings: Mapping[str, str] | None, starting: str
) -> dict[str, str]:
    """``settings`` of a new game of ``game``, its seats the ``starting`` ones when it
    names none (an ``opponent`` key, even empty, names them: empty is people at every
    seat). Starting seats that ``game`` has not (another game's letters) are people."""
    chosen = dict(settings or {})
    if OPPONENT in chosen:
        return chosen
    try:
        parse_opponents(game, starting)
    except KibanError:
        starting = ""
    chosen[OPPONENT] = starting
    return chosen


def player_said(spec: OpponentSpec | None) -> Said:
    """Who plays one seat, in words: a person, the computer at its level, an engine,
    another board."""
    if spec is None:
        return said(N_("a person at the board"))
    number = spec.level.number
    match spec.kind:
        case OpponentKind.BUILTIN:
            return said(N_("the computer at level {number}"), number=number)
        case OpponentKind.RANDOM:
            return said(N_("the computer playing random moves"))
        case OpponentKind.ENGINE:
            return said(N_("the engine at level {number}"), number=number)
        case OpponentKind.USI:
            return said(
                N_("the engine {path} at level {number}"), path=spec.path or "", number=number
            )
        case OpponentKind.REMOTE:
            return said(N_("a player at another board"))
    raise AssertionError(spec.kind)  # pragma: no cover


def seats_said(game: Game[Any], computer: Mapping[int, OpponentSpec]) -> Said:
    """Every seat of ``game`` with who plays it, ``computer`` the seats not people's."""
    seats = tuple(
        said(
            N_("{seat}: {player}"),
            seat=game.seat_word(index),
            player=player_said(computer.get(index)),
        )
        for index in range(len(game.seats))
    )
    return said(N_("who plays: {seats}"), seats=Either(seats, N_("; ")))
