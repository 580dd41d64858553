"""Small builders shared by the Robot Duel tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine.dobutsu import DOBUTSU, DobutsuPosition
from tests.engine.sfen_text import sfen_text

FILES = "321"
RANKS = "abcd"


def sfen(pieces: dict[str, str], turn: str = "b", hand: str = "-", number: int = 1) -> str:
    """Position text from {"2b": "G", "1a": "l", "2c": "+C"}, written without the engine."""
    return sfen_text(pieces, FILES, RANKS, turn=turn, hand=hand, number=number)


def position(text: str | None = None, **options: str) -> DobutsuPosition:
    return DOBUTSU.position(text, options)


def usi(pos: DobutsuPosition) -> set[str]:
    return {pos.move_text(move) for move in pos.legal_moves()}


def moves_from(pos: DobutsuPosition, cell: str) -> set[str]:
    return {pos.move_text(m) for m in pos.legal_moves() if m.from_cell == cell}


def random_games(seed: int, games: int, plies: int, **options: str) -> Iterator[DobutsuPosition]:
    """Every position of ``games`` seeded random games (the same object, moved along)."""
    rng = random.Random(seed)
    for _ in range(games):
        pos = position(None, **options)
        yield pos
        for _ in range(plies):
            moves = list(pos.legal_moves())
            if not moves:
                break
            pos.push(rng.choice(moves))
            yield pos
