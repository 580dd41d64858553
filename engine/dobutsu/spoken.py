"""Robot Duel moves said aloud, as shogi says them, with its robots and its squares'
letters ("A: chick to 2 b, takes chick"; in Japanese "せんて、ひよこ、に・に").

The Polish names are the Polish rule book's robots (seeds/000, "Pojedynek robotów":
czerwony robot moves every way, biały robot diagonally, zielony robot straight,
mały żółty robot forward and turns into duży żółty robot; Gracz A, Gracz B). There
is no Czech or French rule book: their robots are the Polish ones translated. The
Japanese are the game's own animals (どうぶつしょうぎ), in kana.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from engine.game import Position
from engine.spoken import names_in
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
        "C": ("ひよこ", "にわとり"),
        "E": ("ぞう", "ぞう"),
        "G": ("きりん", "きりん"),
        "L": ("らいおん", "らいおん"),
    }
)
POLISH = MappingProxyType(  # seeds/000
    {
        "C": ("mały żółty robot", "duży żółty robot"),
        "E": ("biały robot", "biały robot"),
        "G": ("zielony robot", "zielony robot"),
        "L": ("czerwony robot", "czerwony robot"),
    }
)
CZECH = MappingProxyType(  # no Czech rule book: seeds/000's robots in Czech
    {
        "C": ("malý žlutý robot", "velký žlutý robot"),
        "E": ("bílý robot", "bílý robot"),
        "G": ("zelený robot", "zelený robot"),
        "L": ("červený robot", "červený robot"),
    }
)
FRENCH = MappingProxyType(  # no French rule book: seeds/000's robots in French
    {
        "C": ("petit robot jaune", "grand robot jaune"),
        "E": ("robot blanc", "robot blanc"),
        "G": ("robot vert", "robot vert"),
        "L": ("robot rouge", "robot rouge"),
    }
)
BY_LANGUAGE = MappingProxyType(
    {"en": NAMES, "ja": JAPANESE, "pl": POLISH, "cs": CZECH, "fr": FRENCH}
)
SEATS = MappingProxyType(
    {
        "ja": ("せんて", "ごて"),
        "pl": ("gracz A", "gracz B"),  # seeds/000: Gracz A, Gracz B
        "cs": ("hráč A", "hráč B"),
        "fr": ("joueur A", "joueur B"),
    }
)


def move_sentence(position: Position[Any], text: str, language: str) -> str:
    return shogi_like(position, text, language, BY_LANGUAGE, letters=True)


def piece_words(language: str) -> Mapping[str, str]:
    """The pieces' English names to ``language``'s (a reason's, a spot's pieces)."""
    return names_in(BY_LANGUAGE, language)
