"""What the page needs to draw a game's pieces beyond their letters: each kind's name
and the steps and lines the game says it moves along (the dots of Robot Duel's
stickers, the marks of the international shogi pieces).

The page's drawings (static/pieces.js) never hold a game's rules: they read them
here, from ``Game.piece_moves``, once per board.
"""

from __future__ import annotations

from typing import Any

from engine.game import Game
from engine.physical import Stone

Json = dict[str, Any]


def piece_key(stone: Stone) -> str:
    """The key a stone's entry has in the book: its kind, "+" before a turned face."""
    return ("+" if stone.flipped else "") + stone.kind


def _kinds(game: Game[Any]) -> list[Stone]:
    """Every face the game's start position shows, turned faces included, as seat 0's
    (or the shared stone) of each kind."""
    seen: dict[str, Stone] = {}
    for stones in game.position().layout().values():
        for stone in stones:
            face = Stone(stone.kind, None if stone.owner is None else 0)
            for each in (face, Stone(face.kind, face.owner, True)):
                if each.flipped and not game.turns_over(face):
                    continue
                seen.setdefault(piece_key(each), each)
    return [seen[key] for key in sorted(seen)]


def piece_book(game: Game[Any]) -> Json:
    """Each face's name and moves, by ``piece_key``: directions are (dx, dy) as the
    owner sees them, forward up (dy -1)."""
    book: Json = {}
    for stone in _kinds(game):
        moves = game.piece_moves(stone)
        book[piece_key(stone)] = {
            "name": game.piece_name(stone),
            "steps": [list(step) for step in moves.steps],
            "lines": [list(line) for line in moves.lines],
        }
    return book


def look_json(game: Game[Any]) -> Json:
    """How the game's pieces and board look, as it declares (``Game.look``): the page
    draws them from this, knowing no game."""
    look = game.look
    return {
        "pieces": {
            key: {
                "drawing": piece.drawing.value,
                "colour": piece.colour,
                "size": piece.size,
                "glyph": piece.glyph,
                "glyphs": list(piece.glyphs),
                "figure": piece.figure,
            }
            for key, piece in look.pieces.items()
        },
        "styles": list(look.styles),
        "regions": dict(look.regions),
        "seat_colours": [list(pair) for pair in look.seat_colours],
    }
