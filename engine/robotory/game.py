"""Robotory as a game: its seats, its hexagonal arena, the stocks beside it, how pieces read."""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING

from engine.game import Game
from engine.geometry import CellCentre, CellShape, Geometry, Seat
from engine.opening import FirstPlayerDraw
from engine.options import TOUCH, Options
from engine.physical import NORTH, PRESENT, SOUTH, Reading, Sensing, Stone
from engine.puzzle_kinds import Goal, PuzzleKind
from engine.robotory import spoken
from engine.robotory.board import (
    CAMP_MASKS,
    CELL_NAMES,
    CELLS,
    COLUMN_PITCH,
    ROBOT_LETTERS,
    ROBOT_NAMES,
    SEAT_LETTERS,
    SEAT_NAMES,
    START_LID,
    START_ROBOTS,
    START_STOCK,
    STOCK_SIZE,
    STOCK_SPOTS,
    TOKEN_LETTERS,
    TOKEN_NAMES,
    TOP_Y,
    bits,
    drawing_position,
)
from engine.robotory.look import LOOK
from engine.robotory.notation import PositionParts, write_position
from engine.robotory.position import RobotoryPosition
from engine.said import MoveSaid
from engine.search.types import SearchStyle

if TYPE_CHECKING:  # what the bench and the search ask, imported when they do
    from engine.bench import BenchPlan
    from engine.search.sampling_sources import MoveSource


SLOT_GAP = 1.05
"""Distance between two stock slots, in cell widths."""

START_TEXT = write_position(
    PositionParts((0, 0), START_ROBOTS, (START_STOCK, START_STOCK), START_LID, 0)
)

POLARITY_READINGS = MappingProxyType({"w": NORTH, "b": SOUTH, "W": NORTH, "B": SOUTH, "R": NORTH})
"""Under polarity sensing: white tokens carry a magnet north up, black ones south up;
each robot reads like the tokens it eats (the red robot, which eats both, north)."""


class RobotoryGame(Game[RobotoryPosition]):
    """Robotory: feed three shared robots energy tokens; when the lid runs out of a colour,
    the player with two or three robots in their own camp wins."""

    option_specs = (TOUCH,)

    name = "robotory"
    menu_rank = 50
    puzzle_kinds = (
        PuzzleKind(
            "refill",
            Goal.WIN,
            (1, 3),
            "win with a refill in {moves} of your moves",
            title="winning refill",
        ),
    )
    aliases = ("ロボトリー",)
    title = "Robotory"
    piece_names = spoken.PIECE_NAMES
    move_msgids = spoken.MOVE_MSGIDS
    move_plurals = spoken.MOVE_PLURALS
    look = LOOK
    going_on = "chain"
    score_words = (
        "score: each side's robots in its own camp (two or three win when the lid is empty)"
    )
    seats = (
        Seat(SEAT_NAMES[0], SEAT_LETTERS[0], "white"),
        Seat(SEAT_NAMES[1], SEAT_LETTERS[1], "black"),
    )
    position_class = RobotoryPosition

    def build_geometry(self) -> Geometry:
        """The arena as printed, the first player (light) below it, and each stock's four
        slots in a row on its owner's side: light's below the board, slot 1 on the left;
        dark's above it, slot 1 on dark's left (the right of the drawing)."""
        cells = tuple(
            CellCentre(CELL_NAMES[cell], *drawing_position(cell)) for cell in range(CELLS)
        )
        centre = 0.5 + 2 * COLUMN_PITCH
        slots = []
        for k in range(STOCK_SIZE):
            offset = (k - (STOCK_SIZE - 1) / 2) * SLOT_GAP
            slots.append(CellCentre(STOCK_SPOTS[0][k], round(centre + offset, 6), TOP_Y / 2 + 1.65))
        for k in range(STOCK_SIZE):
            offset = (k - (STOCK_SIZE - 1) / 2) * SLOT_GAP
            slots.append(CellCentre(STOCK_SPOTS[1][k], round(centre - offset, 6), -0.65))
        regions = (
            *(
                (f"camp:{seat}", frozenset(CELL_NAMES[cell] for cell in bits(CAMP_MASKS[seat])))
                for seat in (0, 1)
            ),
            *((f"stock:{seat}", frozenset(STOCK_SPOTS[seat])) for seat in (0, 1)),
        )
        return Geometry(CellShape.HEX_FLAT, cells, tuple(slots), regions)

    def bench(self) -> BenchPlan:
        """Where ``kiban bench`` plays a hand's moves: a crowded board and a full one."""
        from engine.robotory.bench import BENCH

        return BENCH

    def start_text(self, options: Options) -> str:
        return START_TEXT

    def first_player_draw(self, options: Options) -> FirstPlayerDraw:
        """The rules draw the first player by lot."""
        return FirstPlayerDraw.LOT

    def search_style(self, options: Options) -> SearchStyle:
        """Up to hundreds of thousands of robot chains a turn: sampled, not searched in full."""
        return SearchStyle.SAMPLING

    def move_source(self, options: Options) -> MoveSource:
        """A few chains per robot by a cheap prior, never a crowded position's full list."""
        from engine.robotory.sampling import RobotoryMoves

        return RobotoryMoves()

    def piece_name(self, stone: Stone) -> str:
        """ "white token", "red robot"."""
        if stone.kind in TOKEN_LETTERS:
            return f"{TOKEN_NAMES[TOKEN_LETTERS.index(stone.kind)]} token"
        if stone.kind in ROBOT_LETTERS:
            return ROBOT_NAMES[ROBOT_LETTERS.index(stone.kind)]
        return self.label(stone)

    def reading(self, stone: Stone, sensing: Sensing) -> Reading:
        if sensing is Sensing.POLARITY:
            return POLARITY_READINGS.get(stone.kind, NORTH)
        return PRESENT

    def move_said(self, position: RobotoryPosition, text: str) -> MoveSaid:
        return spoken.move_said(position, text)
