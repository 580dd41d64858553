"""``kiban bestmove``: the move the computer would play in one position, for any game.

The position is the game's own text (what ``kiban moves --position`` reads); the
player is a seat's player as ``--opponent`` names it (``opponents/seats.py``): the
built-in search at a level, Fairy-Stockfish (``engine[:N]``, for the games that
declare a USI variant) or a USI engine at a path. The same players as at the
board answer, through the same factory (``opponents/players.py``), so the command
shows what a seat would play there.

A position whose roll is still due (its dice not in the text) is rolled with the
seed given, since the move depends on the roll; without a seed it is refused,
saying how the text carries the roll.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.errors import KibanError
from engine.game import Game, Position
from engine.search import Limits
from firmware_host.opponents.fairy import usi_titles
from firmware_host.opponents.players import Players
from firmware_host.opponents.seats import OpponentKind, OpponentSpec


class BestMoveError(KibanError, ValueError):
    """A position or a player ``kiban bestmove`` cannot answer for."""


@dataclass(frozen=True, slots=True)
class BestMove:
    """The move found, in the game's notation, and what else is worth saying."""

    move: str
    rolled: str | None = None
    """The roll drawn first (its text), when the position's dice were still due."""
    note: str = ""
    """What the player said of its move (a search cut short, an engine that failed and
    the built-in search that played instead)."""


def best_move(
    game: Game[Any],
    text: str | None,
    spec: OpponentSpec,
    *,
    options: Mapping[str, str] | None = None,
    seed: int | None = None,
    limits: Limits | None = None,
) -> BestMove:
    """The move ``spec`` plays in the position ``text`` (None: the start) of ``game``.
    ``seed`` seeds the player's random source and rolls dice that are due."""
    if spec.kind is OpponentKind.REMOTE:
        raise BestMoveError("another board's players cannot be asked for a move here")
    if spec.kind in (OpponentKind.ENGINE, OpponentKind.USI) and game.usi is None:
        raise BestMoveError(
            f"no USI engine plays {game.title} (an engine plays {usi_titles()}):"
            " use --level for the built-in search"
        )
    chosen = game.options(options)
    position: Position[Any] = game.position(text, chosen)
    _check_not_over(position)
    rolled = _roll_if_due(position, seed)
    rng = random.Random(f"{seed or 0}:bestmove")
    players = Players()
    try:
        player = players.player(spec, game, chosen, lambda: rng, strict=True)
        found = player.analyse(position, limits=limits)
    finally:
        players.close()
    if not position.is_legal(found.best):
        raise BestMoveError(
            f"{spec.text()} answered {position.move_text(found.best)}, not a legal move here"
        )
    return BestMove(position.move_text(found.best), rolled, found.note)


def _check_not_over(position: Position[Any]) -> None:
    outcome = position.outcome()
    if outcome is not None:
        ended = position.game.describe_outcome(outcome)
        raise BestMoveError(f"the game is over in this position ({ended}): there is no move")


def _roll_if_due(position: Position[Any], seed: int | None) -> str | None:
    """Roll the dice when the position waits for a roll (the text of the roll), else
    None; without a seed, say how to give the roll."""
    rolls = position.chance_moves()
    if rolls is None:
        _check_a_move(position)
        return None
    if seed is None:
        example = position.copy()
        example.push(rolls[0])
        raise BestMoveError(
            "the dice are still to be rolled in this position: give it as it is after the"
            f" roll (as {example.text()!r} after {position.move_text(rolls[0])!r}),"
            " or --seed N to roll them"
        )
    roll = random.Random(f"{seed}:dice").choice(rolls)
    text = position.move_text(roll)
    position.push(roll)
    _check_not_over(position)
    _check_a_move(position)
    return text


def _check_a_move(position: Position[Any]) -> None:
    if next(iter(position.legal_moves()), None) is None:
        raise BestMoveError(f"no legal move in {position.text()}")
