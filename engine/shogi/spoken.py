"""Shogi moves said aloud: the piece, the square, what it takes, a promotion made or
declined ("sente: silver to 5 seven, promotes"; in Japanese "せんて、ご なな ぎん なり":
the square before the piece, as a Japanese announcer says ５七銀成).

Robot Duel says its moves the same way with its own pieces (engine/spoken_pieces.py
holds what both share). Czech names are the Czech rule book's (seeds/001, "Pravidla
hry"); it names no promoted piece but "povýšený pěšec", so each promoted piece is
"povýšený" (promoted) before its name. There is no Polish or French rule book of
shogi: their names are the usual ones.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from engine.game import Position
from engine.said import MoveSaid
from engine.spoken_pieces import NUMBERED_SQUARE, PHRASES, shogi_like

NAMES = MappingProxyType(
    {  # by the piece's letter: plain and promoted (flipped)
        "P": ("pawn", "tokin"),
        "L": ("lance", "promoted lance"),
        "N": ("knight", "promoted knight"),
        "S": ("silver", "promoted silver"),
        "G": ("gold", "gold"),
        "B": ("bishop", "horse"),
        "R": ("rook", "dragon"),
        "K": ("king", "king"),
    }
)
PIECE_NAMES = tuple(dict.fromkeys(name for names in NAMES.values() for name in names))
"""The pieces' English words, which the game's catalogue translates (``msgctxt "piece"``)."""


MOVE_MSGIDS = (*PHRASES, NUMBERED_SQUARE)
"""The msgids of its moves' words, which the game's catalogue translates (``msgctxt "move"``)."""


def move_said(position: Position[Any], text: str) -> MoveSaid:
    return shogi_like(position, text, NAMES, letters=False)
