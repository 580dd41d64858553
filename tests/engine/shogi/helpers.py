"""Small builders shared by the Shogi tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine.shogi import SHOGI, ShogiMove, ShogiPosition
from tests.engine.sfen_text import sfen_text

FILES = "987654321"
RANKS = "abcdefghi"
START = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
RICHEST = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"


def sfen(pieces: dict[str, str], turn: str = "b", hand: str = "-", number: int = 1) -> str:
    """Position text from {"5i": "K", "5a": "k", "2b": "+P"}, written without the engine."""
    return sfen_text(pieces, FILES, RANKS, turn=turn, hand=hand, number=number)


def position(text: str | None = None, **options: str) -> ShogiPosition:
    return SHOGI.position(text, options)


def usi(pos: ShogiPosition) -> set[str]:
    return {pos.move_text(move) for move in pos.legal_moves()}


def _usi_key(move: ShogiMove) -> str:
    return move.usi()


def random_positions(
    seed: int, games: int, plies: int, *, captures: float = 0.0, start: str | None = None
) -> Iterator[ShogiPosition]:
    """Every position of ``games`` seeded random games (the same object, moved along).

    ``captures`` is the chance of preferring a capture or a drop when one exists,
    so that hands fill up and drops, promotions and checks come up often. Moves are
    chosen from the legal moves in USI order, so the games do not depend on the order
    the generator hands them out in.
    """
    rng = random.Random(seed)
    for _ in range(games):
        pos = position(start)
        yield pos
        for _ in range(plies):
            moves = sorted(pos.legal_moves(), key=_usi_key)
            if not moves:
                break
            if rng.random() < captures:
                lively = [m for m in moves if m.drop or pos.piece_at(m.to_square) or m.promote]
                if lively:
                    moves = lively
            pos.push(rng.choice(moves))
            yield pos
