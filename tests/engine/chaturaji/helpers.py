"""Small builders shared by the Chaturaji tests (position texts written without the engine)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from engine.chaturaji import CHATURAJI, ChaturajiMove, ChaturajiPosition

FILES = "abcdefgh"


def board(pieces: dict[str, str]) -> str:
    """The board field from {"d1": "kK", "b2": "kh"}, rank 8 first."""
    rows = []
    for rank in "87654321":
        row, gap = "", 0
        for file in FILES:
            piece = pieces.get(file + rank)
            if piece is None:
                gap += 1
                continue
            row += (str(gap) if gap else "") + piece
            gap = 0
        rows.append(row + (str(gap) if gap else ""))
    return "/".join(rows)


def text(
    pieces: dict[str, str],
    turn: str = "k",
    faces: str = "?",
    scores: str = "0,0,0,0",
    extras: str = "-",
) -> str:
    """A whole position text; ``faces`` is the dice field ("?", "3", "35", "-")."""
    return f"{board(pieces)} {turn} {faces} {scores} {extras}"


def position(text_: str | None = None, **options: str) -> ChaturajiPosition:
    return CHATURAJI.position(text_, options)


def rolled(
    pieces: dict[str, str], faces: str, turn: str = "k", **options: str
) -> ChaturajiPosition:
    """A position with the roll already made: ``faces`` the dice showing ("3", "35")."""
    return position(text(pieces, turn, faces), **options)


def names(pos: ChaturajiPosition) -> set[str]:
    return {pos.move_text(move) for move in pos.legal_moves()}


def moves_from(pos: ChaturajiPosition, cell: str) -> set[str]:
    return {name for name in names(pos) if name[:2] == cell and name[2:3].isalpha()}


def play(pos: ChaturajiPosition, *moves: str) -> ChaturajiPosition:
    for move in moves:
        pos.push_text(move)
    return pos


def choose(pos: ChaturajiPosition, rng: random.Random) -> ChaturajiMove:
    """A roll drawn as the session draws it, else a random legal move."""
    chances = pos.chance_moves()
    if chances is not None:
        return rng.choice(chances)
    return rng.choice(list(pos.legal_moves()))


def random_game(seed: int, plies: int, **options: str) -> Iterator[ChaturajiPosition]:
    """Every position of one seeded random game (the same object, moved along)."""
    rng = random.Random(seed)
    pos = position(None, **options)
    yield pos
    for _ in range(plies):
        if pos.outcome() is not None:
            return
        pos.push(choose(pos, rng))
        yield pos
