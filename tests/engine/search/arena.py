"""A small match loop for the sampling search's strength tests: seats played by the
search at a level or by a random mover, dice and every choice drawn from seeded
sources, so a game replays exactly. (``kiban match`` is the program's own; this is
only what the tests need.)"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.game import Game, Position
from engine.outcome import Outcome
from engine.search.levels import Level
from engine.search.sampling import analyse_sampled
from engine.search.types import Limits

Seat = Callable[[Position[Any], random.Random], Any]
"""A seat's player: the move it plays in a position (left as it was)."""


def random_mover(position: Position[Any], rng: random.Random) -> Any:
    moves = list(position.legal_moves())
    return moves[rng.randrange(len(moves))]


def searcher(level: Level, limits: Limits | None = None) -> Seat:
    def play(position: Position[Any], rng: random.Random) -> Any:
        return analyse_sampled(position, level, rng=rng, limits=limits).best

    return play


@dataclass(frozen=True, slots=True)
class Result:
    outcome: Outcome
    plies: int
    capped: bool


def play_game(
    game: Game[Any],
    seats: Mapping[int, Seat],
    *,
    seed: int,
    options: Mapping[str, str] | None = None,
    max_plies: int | None = None,
) -> Result:
    """One game from the start; after ``max_plies`` the players end it from the controls
    (Chaturaji counts the points then)."""
    rng = random.Random(seed)
    position = game.position(options=options)
    plies = 0
    while position.outcome() is None:
        if max_plies is not None and plies >= max_plies:
            return Result(position.end_by_agreement(), plies, True)
        chances = position.chance_moves()
        if chances is not None:
            move = chances[rng.randrange(len(chances))]
        else:
            move = seats[position.turn](position, rng)
        position.push(move)
        plies += 1
    outcome = position.outcome()
    assert outcome is not None
    return Result(outcome, plies, False)
