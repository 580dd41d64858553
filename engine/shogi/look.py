"""Shogi's pieces as the page draws them: wooden pentagons of several sizes (the king
the largest) with their kanji, a promoted face's in red, the kings' 玉 and 王 by seat;
or, in the international style beginners learn with, the marks of their moves."""

from __future__ import annotations

from types import MappingProxyType

from engine.look import Drawing, Look, PieceLook

KANJI = {"P": "歩", "L": "香", "N": "桂", "S": "銀", "G": "金", "B": "角", "R": "飛", "K": "玉"}
PROMOTED = {"P": "と", "L": "杏", "N": "圭", "S": "全", "B": "馬", "R": "龍"}
SIZES = {"K": 1, "R": 0.97, "B": 0.97, "G": 0.94, "S": 0.94, "N": 0.91, "L": 0.89, "P": 0.86}


def _faces() -> dict[str, PieceLook]:
    faces = {
        letter: PieceLook(Drawing.PENTAGON, size=SIZES[letter], glyph=glyph)
        for letter, glyph in KANJI.items()
    }
    faces["K"] = PieceLook(Drawing.PENTAGON, size=1, glyph="玉", glyphs=("玉", "王"))
    faces |= {
        f"+{letter}": PieceLook(Drawing.PENTAGON, size=SIZES[letter], glyph=glyph)
        for letter, glyph in PROMOTED.items()
    }
    return faces


LOOK = Look(pieces=MappingProxyType(_faces()), styles=("kanji", "international"))
