"""Abalone as a game: its seats, layouts, holes and gutters, and how its marbles read."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.abalone import spoken
from engine.abalone.board import (
    BLACK,
    CELL_NAMES,
    CELLS,
    GUTTER_SPOTS,
    LAYOUTS,
    ROW_HEIGHT,
    SPAN,
    WHITE,
    drawing_position,
    start_board,
)
from engine.abalone.look import LOOK
from engine.abalone.notation import write_position
from engine.abalone.position import AbalonePosition
from engine.game import Game
from engine.geometry import CellCentre, CellShape, Geometry, Seat
from engine.options import TOUCH, Options, OptionSpec
from engine.physical import NORTH, PRESENT, SOUTH, Reading, Sensing, Stone
from engine.puzzle_kinds import Goal, PuzzleKind
from engine.said import MoveSaid

if TYPE_CHECKING:  # what the bench asks, imported when it does
    from engine.bench import BenchPlan


class AbaloneGame(Game[AbalonePosition]):
    """Abalone: push six of the opponent's fourteen marbles off a hexagonal board."""

    name = "abalone"
    menu_rank = 30
    judged_unfinished = True  # weak players play past any cap: who is ahead wins
    rolls = True  # marbles roll along their grooves
    passing_never_helps = True  # no zugzwang: a pass never beats the best move
    reduce_from_depth = 2  # a quiet move's worth shows at once in the marbles' places
    puzzle_kinds = (
        PuzzleKind("push-off", Goal.GAIN, (1,), "push a marble of the other side off the board"),
        PuzzleKind("defence", Goal.HOLD, (2,), "find the one move that saves all your marbles"),
    )
    title = "Abalone"
    piece_names = spoken.PIECE_NAMES
    move_msgids = spoken.MOVE_MSGIDS
    look = LOOK
    seats = (Seat("black", "b", "black"), Seat("white", "w", "white"))
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "layout",
            "standard",
            "the starting layout: standard, Belgian daisy or German daisy",
            choices=tuple(LAYOUTS),
        ),
        TOUCH,
    )
    position_class = AbalonePosition

    def build_geometry(self) -> Geometry:
        """The 61 holes as printed (row I at the top), and the gutters: black's lost
        marbles in a row below row A, white's in a row above row I."""
        cells = tuple(
            CellCentre(CELL_NAMES[hole], *drawing_position(hole)) for hole in range(CELLS)
        )
        bottom = (SPAN - 1) * ROW_HEIGHT + 0.5
        gutters = []
        for colour, y in ((BLACK, bottom + 1.0), (WHITE, -0.5)):
            for slot, spot in enumerate(GUTTER_SPOTS[colour]):
                gutters.append(CellCentre(spot, 2.0 + slot, y))
        regions = tuple(
            (f"gutter:{seat}", frozenset(GUTTER_SPOTS[colour]))
            for seat, colour in enumerate((BLACK, WHITE))
        )
        return Geometry(CellShape.HEX_POINTY, cells, tuple(gutters), regions)

    def bench(self) -> BenchPlan:
        """Where ``kiban bench`` plays a hand's moves: German daisy, seen in colours."""
        from engine.abalone.bench import BENCH

        return BENCH

    def start_text(self, options: Options) -> str:
        return write_position(start_board(options["layout"]), 0, [0, 0])

    def label(self, stone: Stone) -> str:
        return "●" if stone.owner == 0 else "○"

    def reading(self, stone: Stone, sensing: Sensing) -> Reading:
        """Each marble carries a magnet: black ones north up, white ones south up,
        so polarity sensing tells the colours apart; occupancy sees a marble."""
        if sensing is Sensing.POLARITY:
            return NORTH if stone.owner == 0 else SOUTH
        return PRESENT

    seat_is_colour = True

    def piece_name(self, stone: Stone) -> str:
        return "marble"

    def move_said(self, position: AbalonePosition, text: str) -> MoveSaid:
        return spoken.move_said(position, text)
