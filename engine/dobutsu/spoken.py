"""Robot Duel moves said aloud, as shogi says them, with its robots and its squares'
letters ("A: chick to 2 b, takes chick"; in Japanese "せんて、に に ひよこ": the square
before the piece, as shogi's are said).

The Polish names are the Polish rule book's robots (seeds/000, "Pojedynek robotów":
czerwony robot moves every way, biały robot diagonally, zielony robot straight,
mały żółty robot forward and turns into duży żółty robot; Gracz A, Gracz B). There
is no Czech or French rule book: their robots are the Polish ones translated. The
Japanese are the game's own animals (どうぶつしょうぎ), in kana.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from engine.game import Position
from engine.said import MoveSaid
from engine.spoken_pieces import LETTERED_SQUARE, PHRASES, shogi_like

NAMES = MappingProxyType(
    {  # by the piece's letter: plain and promoted (flipped)
        "C": ("chick", "hen"),
        "E": ("elephant", "elephant"),
        "G": ("giraffe", "giraffe"),
        "L": ("lion", "lion"),
    }
)
PIECE_NAMES = tuple(dict.fromkeys(name for names in NAMES.values() for name in names))
"""The pieces' English words, which the game's catalogue translates (``msgctxt "piece"``)."""


MOVE_MSGIDS = (*PHRASES, LETTERED_SQUARE)
"""The msgids of its moves' words, which the game's catalogue translates (``msgctxt "move"``)."""


def move_said(position: Position[Any], text: str) -> MoveSaid:
    return shogi_like(position, text, NAMES, letters=True)
