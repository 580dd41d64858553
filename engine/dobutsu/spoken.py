"""Robot Duel moves said aloud, as shogi says them, with its animals and its squares'
letters ("A: chick to 2 b, takes chick"; in Japanese "hiyoko, ni-ni")."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from engine.game import Position
from engine.spoken_pieces import shogi_like

NAMES = MappingProxyType(
    {  # by the piece's letter: plain and promoted (flipped)
        "C": ("chick", "hen"),
        "E": ("elephant", "elephant"),
        "G": ("giraffe", "giraffe"),
        "L": ("lion", "lion"),
    }
)
JAPANESE = MappingProxyType(
    {
        "C": ("hiyoko", "niwatori"),
        "E": ("zou", "zou"),
        "G": ("kirin", "kirin"),
        "L": ("raion", "raion"),
    }
)


def move_sentence(position: Position[Any], text: str, japanese: bool) -> str:
    return shogi_like(position, text, japanese, JAPANESE if japanese else NAMES, letters=True)
