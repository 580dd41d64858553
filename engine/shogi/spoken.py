"""Shogi moves said aloud: the piece, the square, what it takes, a promotion made or
declined ("sente: silver to 5 seven, promotes"; in Japanese "gin, go-nana, nari").

Robot Duel says its moves the same way with its animals (engine/spoken_pieces.py
holds what both share).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from engine.game import Position
from engine.spoken_pieces import shogi_like

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
JAPANESE = MappingProxyType(
    {
        "P": ("fu", "to"),
        "L": ("kyo", "nari-kyo"),
        "N": ("kei", "nari-kei"),
        "S": ("gin", "nari-gin"),
        "G": ("kin", "kin"),
        "B": ("kaku", "uma"),
        "R": ("hisha", "ryu"),
        "K": ("gyoku", "gyoku"),
    }
)


def move_sentence(position: Position[Any], text: str, japanese: bool) -> str:
    return shogi_like(position, text, japanese, JAPANESE if japanese else NAMES, letters=False)
