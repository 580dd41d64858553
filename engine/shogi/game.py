"""Shogi as a game: seats, rule options, handicap openings, spots and labels."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from engine.errors import NotationError
from engine.game import Game
from engine.geometry import CellShape, Geometry, Place, Seat, square_grid
from engine.options import Options, OptionSpec
from engine.physical import Stone
from engine.shogi.position import ShogiPosition
from engine.shogi.sensing import HAND_SPOTS
from engine.shogi.tables import CELL_NAMES, FILES, HAND_KINDS, RANKS, SIZE

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


def _geometry() -> Geometry:
    """The board, with each player's piece stand beside it on their right-hand side.

    Sente sits below the board and keeps its stand right of it, the pawns
    nearest, the rook farthest; gote's stand is the same turned half a circle,
    left of the board near the top.
    """
    cells = square_grid(FILES, RANKS)
    stand: list[Place] = []
    for seat in (0, 1):
        for row, kind in enumerate(reversed(HAND_KINDS)):
            spot = HAND_SPOTS[seat * 8 + kind]
            if seat == 0:
                stand.append(Place(spot, SIZE + 0.5, SIZE - 0.5 - row))
            else:
                stand.append(Place(spot, -0.5, 0.5 + row))
    zones = (
        ("zone:0", frozenset(CELL_NAMES[: 3 * SIZE])),
        ("zone:1", frozenset(CELL_NAMES[-3 * SIZE :])),
    )
    return Geometry(CellShape.SQUARE, cells, tuple(stand), zones)


class ShogiGame(Game[ShogiPosition]):
    """Shogi: 9x9, promotion in the far three ranks, captured pieces return as drops."""

    name = "shogi"
    aliases = ("japanese-chess", "honshogi", "hon-shogi")
    title = "Shogi"
    seats = (Seat("sente", "b", "black"), Seat("gote", "w", "white"))
    option_specs = (
        OptionSpec(
            "illegal",
            "refuse",
            "an illegal move on the board is refused and must be taken back, or loses the game "
            "at once (professional rules)",
            choices=("refuse", "loses"),
        ),
        OptionSpec(
            "impasse",
            "24",
            "how an impasse (both kings in the enemy camp) is settled: the seed's 24-point "
            "count, or the 27-point declaration (CSA %KACHI)",
            choices=("24", "27"),
        ),
        OptionSpec(
            "handicap",
            "none",
            "a standard handicap opening given by gote, who then moves first",
            choices=tuple(HANDICAPS),
        ),
    )

    def first_player_draw(self, options: Options) -> str:
        """Even games are decided by furigoma; in a handicap game the giver starts."""
        return "furigoma" if options["handicap"] == "none" else "none"

    def __init__(self) -> None:
        self._geometry = _geometry()

    @property
    def geometry(self) -> Geometry:
        return self._geometry

    def position(
        self, text: str | None = None, options: Mapping[str, str] | None = None
    ) -> ShogiPosition:
        """A position from SFEN; also ``startpos`` and USI ``position ... moves ...`` lines."""
        chosen = self.options(options)
        if text is None:
            return ShogiPosition(self, chosen, self.start_text(chosen))
        words = text.split()
        if words[:1] == ["position"]:
            words = words[1:]
        moves: list[str] = []
        if "moves" in words:
            cut = words.index("moves")
            words, moves = words[:cut], words[cut + 1 :]
        if words == ["startpos"]:
            sfen = self.start_text(chosen)
        elif words[:1] == ["startpos"]:
            raise NotationError(f"{text!r}: nothing may follow startpos but moves")
        else:
            sfen = " ".join(words)
        position = ShogiPosition(self, chosen, sfen)
        for move in moves:
            position.push_text(move)
        return position

    def start_text(self, options: Options) -> str:
        return HANDICAPS[options["handicap"]] if "handicap" in options else START_TEXT

    def turns_over(self, stone: Stone) -> bool:
        """Every piece but the king and the gold has a promoted face."""
        return stone.kind not in ("K", "G")

    def label(self, stone: Stone) -> str:
        letter = stone.kind.upper() if stone.owner == 0 else stone.kind.lower()
        return "+" + letter if stone.flipped else letter
