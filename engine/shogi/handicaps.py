"""The even start and the standard handicap openings, which the game, its records and
their readers all name."""

from __future__ import annotations

from types import MappingProxyType

START_TEXT = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

_SENTE_CAMP = "ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
HANDICAPS = MappingProxyType(
    {
        "none": START_TEXT,
        "lance": f"lnsgkgsn1/1r5b1/{_SENTE_CAMP}",
        "bishop": f"lnsgkgsnl/1r7/{_SENTE_CAMP}",
        "rook": f"lnsgkgsnl/7b1/{_SENTE_CAMP}",
        "rook-lance": f"lnsgkgsn1/7b1/{_SENTE_CAMP}",
        "2": f"lnsgkgsnl/9/{_SENTE_CAMP}",
        "4": f"1nsgkgsn1/9/{_SENTE_CAMP}",
        "6": f"2sgkgs2/9/{_SENTE_CAMP}",
        "8": f"3gkg3/9/{_SENTE_CAMP}",
        "10": f"4k4/9/{_SENTE_CAMP}",
    }
)
"""The standard handicap openings: gote (the stronger player, the upper side) gives
the pieces and moves first. The lance handicap removes gote's lance on 1a."""

OTHER_HANDICAPS = MappingProxyType(
    {
        "right-lance": f"1nsgkgsnl/1r5b1/{_SENTE_CAMP}",
        "3": f"lnsgkgsn1/9/{_SENTE_CAMP}",
        "5": f"2sgkgsn1/9/{_SENTE_CAMP}",
        "left-5": f"1nsgkgs2/9/{_SENTE_CAMP}",
        "left-7": f"2sgkg3/9/{_SENTE_CAMP}",
        "right-7": f"3gkgs2/9/{_SENTE_CAMP}",
    }
)
"""Handicaps the record readers accept although Kiban does not offer them: those of
Kakinoki's KIF page (kakinoki.o.oo7.jp/kif_format.html) beyond the standard ones. The
seven-piece ones drop the six-piece handicap's pieces and one silver, gote's left (3a)
or right (7a), as json-kifu-format's presets have them (normalizer.ts, "7_L", "7_R")."""

ALL_HANDICAPS = MappingProxyType(dict(HANDICAPS) | dict(OTHER_HANDICAPS))
