"""Shogi moves said aloud: the piece, the square, what it takes, a promotion made or
declined ("sente: silver to 5 seven, promotes"; in Japanese "せんて、ぎん、ご・なな、なり").

Robot Duel says its moves the same way with its own pieces (engine/spoken_pieces.py
holds what both share). Czech names are the Czech rule book's (seeds/001, "Pravidla
hry"); it names no promoted piece but "povýšený pěšec", so each promoted piece is
"povýšený" (promoted) before its name. There is no Polish or French rule book of
shogi: their names are the usual ones.
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
        "P": ("ふ", "と"),
        "L": ("きょう", "なりきょう"),
        "N": ("けい", "なりけい"),
        "S": ("ぎん", "なりぎん"),
        "G": ("きん", "きん"),
        "B": ("かく", "うま"),
        "R": ("ひしゃ", "りゅう"),
        "K": ("ぎょく", "ぎょく"),
    }
)
CZECH = MappingProxyType(  # seeds/001: pěšec, kopiník, jezdec, stříbrný/zlatý generál, ...
    {
        "P": ("pěšec", "povýšený pěšec"),
        "L": ("kopiník", "povýšený kopiník"),
        "N": ("jezdec", "povýšený jezdec"),
        "S": ("stříbrný generál", "povýšený stříbrný generál"),
        "G": ("zlatý generál", "zlatý generál"),
        "B": ("střelec", "povýšený střelec"),
        "R": ("věž", "povýšená věž"),
        "K": ("král", "král"),
    }
)
POLISH = MappingProxyType(  # no Polish rule book of shogi: the usual Polish names
    {
        "P": ("pion", "tokin"),
        "L": ("lanca", "promowana lanca"),
        "N": ("skoczek", "promowany skoczek"),
        "S": ("srebrny generał", "promowany srebrny generał"),
        "G": ("złoty generał", "złoty generał"),
        "B": ("goniec", "koń smoka"),
        "R": ("wieża", "smok"),
        "K": ("król", "król"),
    }
)
FRENCH = MappingProxyType(  # no French rule book of shogi: the usual French names
    {
        "P": ("pion", "tokin"),
        "L": ("lance", "lance promue"),
        "N": ("cavalier", "cavalier promu"),
        "S": ("général d'argent", "général d'argent promu"),
        "G": ("général d'or", "général d'or"),
        "B": ("fou", "cheval dragon"),
        "R": ("tour", "roi dragon"),
        "K": ("roi", "roi"),
    }
)
BY_LANGUAGE = MappingProxyType(
    {"en": NAMES, "ja": JAPANESE, "pl": POLISH, "cs": CZECH, "fr": FRENCH}
)
SEATS = MappingProxyType(
    {  # sente and gote keep their names but in kana (no rule book names them otherwise)
        "ja": ("せんて", "ごて"),
    }
)


def move_sentence(position: Position[Any], text: str, language: str) -> str:
    return shogi_like(position, text, language, BY_LANGUAGE, letters=False)


def piece_words(language: str) -> Mapping[str, str]:
    """The pieces' English names to ``language``'s (a reason's, a spot's pieces)."""
    return names_in(BY_LANGUAGE, language)
