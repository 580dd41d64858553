"""Games to write as records: seeded random games, ending in every way a game can end."""

from __future__ import annotations

import random

from engine.outcome import Outcome, Termination
from tests.engine.shogi.helpers import position

ENDINGS = [
    Outcome.win(Termination.RESIGNATION, 0),
    Outcome.win(Termination.RESIGNATION, 1),
    Outcome.win(Termination.TIME_FORFEIT, 1),
    Outcome.win(Termination.ILLEGAL_MOVE, 0),
    Outcome.win(Termination.ILLEGAL_MOVE, 1),
    Outcome.draw(Termination.IMPASSE),
    Outcome.win(Termination.IMPASSE, 0),
    Outcome.win(Termination.DECLARATION, 0),
    Outcome.win(Termination.DECLARATION, 1),
    Outcome.draw(Termination.AGREEMENT),
    Outcome.draw(Termination.ENDED_BY_PLAYERS),
    Outcome.draw(Termination.REPETITION),
    None,
]


def random_game(seed: int, plies: int, start: str | None = None, **options: str) -> list[str]:
    """The moves of a seeded random game (captures preferred, so drops come up)."""
    rng = random.Random(seed)
    pos = position(start, **options)
    moves = []
    for _ in range(plies):
        legal = list(pos.legal_moves())
        if not legal:
            break
        lively = [m for m in legal if m.drop or pos.piece_at(m.to_square)]
        move = rng.choice(lively if lively and rng.random() < 0.6 else legal)
        moves.append(pos.move_text(move))
        pos.push(move)
    return moves


def final_outcome(moves: list[str], start: str | None = None, **options: str) -> Outcome | None:
    pos = position(start, **options)
    for move in moves:
        pos.push_text(move)
    return pos.outcome()
