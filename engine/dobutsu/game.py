"""Robot Duel as a game: its seats, options, spots and how its pieces are labelled."""

from __future__ import annotations

from collections.abc import Mapping

from engine.dobutsu.board import CELL_NAMES, FILES, HAND_KINDS, RANKS, WIDTH, hand_spot
from engine.dobutsu.position import DobutsuPosition
from engine.game import Game
from engine.geometry import CellShape, Geometry, Place, Seat, square_grid
from engine.options import Options, OptionSpec
from engine.physical import Stone

START_TEXT = "gle/1c1/1C1/ELG b - 1"


def _geometry() -> Geometry:
    """The board, with each seat's stand beside it on its right-hand side.

    Seat 0 sits below the board and keeps its hand in the column right of it,
    chick nearest; seat 1's stand is the same turned half a circle, left of the
    board and near the top.
    """
    cells = square_grid(FILES, RANKS)
    stand: list[Place] = []
    for row, kind in enumerate(HAND_KINDS):
        stand.append(Place(hand_spot(0, kind), WIDTH + 0.5, len(RANKS) - 0.5 - row))
    for row, kind in enumerate(HAND_KINDS):
        stand.append(Place(hand_spot(1, kind), -0.5, 0.5 + row))
    zones = (
        ("zone:0", frozenset(CELL_NAMES[-WIDTH:])),
        ("zone:1", frozenset(CELL_NAMES[:WIDTH])),
    )
    return Geometry(CellShape.SQUARE, cells, tuple(stand), zones)


class DobutsuGame(Game[DobutsuPosition]):
    """Robot Duel (Dobutsu shogi): 3x4 board, captured pieces return as drops."""

    name = "dobutsu"
    aliases = ("robot-duel", "robotduel", "dobutsu-shogi")
    title = "Robot Duel (Dobutsu shogi)"
    seats = (Seat("A (sente)", "b", "black"), Seat("B (gote)", "w", "white"))
    option_specs = (
        OptionSpec(
            "promotion",
            "optional",
            "whether a chick moving into the far rank may stay a chick (the seed) "
            "or must become a hen (the official rules)",
            choices=("optional", "mandatory"),
        ),
        OptionSpec(
            "repetition",
            "4",
            "the occurrence of one position (board, hands, side to move) that draws",
            minimum=2,
            maximum=10,
        ),
    )

    def __init__(self) -> None:
        self._geometry = _geometry()

    @property
    def geometry(self) -> Geometry:
        return self._geometry

    def position(
        self, text: str | None = None, options: Mapping[str, str] | None = None
    ) -> DobutsuPosition:
        chosen = self.options(options)
        return DobutsuPosition(self, chosen, self.start_text(chosen) if text is None else text)

    def start_text(self, options: Options) -> str:
        return START_TEXT

    def turns_over(self, stone: Stone) -> bool:
        """The chick has a hen on its back; the other robots have one face."""
        return stone.kind == "C"

    def label(self, stone: Stone) -> str:
        letter = stone.kind.upper() if stone.owner == 0 else stone.kind.lower()
        return "+" + letter if stone.flipped else letter
