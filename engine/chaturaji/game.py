"""Chaturaji as a game: its seats, options, cells and how its pieces are labelled."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.chaturaji import spoken
from engine.chaturaji.board import (
    FILES,
    LETTERS,
    NAMES,
    RANKS,
    SEAT_LETTERS,
    SEAT_NAMES,
    SETUP,
    SQUARES,
)
from engine.chaturaji.look import look as army_look
from engine.chaturaji.notation import write_board
from engine.chaturaji.position import ChaturajiPosition
from engine.chaturaji.state import Rules
from engine.errors import VariantError
from engine.game import Game
from engine.geometry import CellShape, Geometry, Seat, Side, square_grid
from engine.options import TOUCH, Options, OptionSpec
from engine.physical import Stone
from engine.puzzle_kinds import Goal, PuzzleKind
from engine.said import MoveSaid
from engine.search.types import SearchStyle

if TYPE_CHECKING:  # what the bench and the search ask, imported when they do
    from engine.bench import BenchPlan
    from engine.search.sampling_sources import MoveSource


ALL_SEATS = ",".join(SEAT_NAMES)
SEAT_SIDES = (Side.SOUTH, Side.WEST, Side.NORTH, Side.EAST)  # black, green, red, yellow


@dataclass(frozen=True, slots=True)
class SeatsOption(OptionSpec):
    """The seats in play: a comma-separated list of seat names, at least two, any order."""

    def validate(self, game: str, value: str) -> str:
        names = [name.strip() for name in value.split(",") if name.strip()]
        for name in names:
            if name not in SEAT_NAMES:
                raise VariantError(
                    f"{game}: option {self.name}: {name!r} is not a seat ({', '.join(SEAT_NAMES)})"
                )
        if len(set(names)) != len(names):
            raise VariantError(f"{game}: option {self.name}={value!r} names a seat twice")
        if len(names) < 2:
            raise VariantError(f"{game}: option {self.name}={value!r} needs at least two seats")
        return ",".join(name for name in SEAT_NAMES if name in names)

    def examples(self) -> tuple[str, ...]:
        """Every seat, two facing seats, and three."""
        return (self.default, ",".join(SEAT_NAMES[::2]), ",".join(SEAT_NAMES[:3]))

    def describe(self) -> str:
        return f"{self.name}=SEAT,SEAT[,...] (default {self.default}): {self.help}"


OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "mode",
        "individual",
        "everyone for themselves, or partners sitting opposite (black with red, green with "
        "yellow) under the team rules",
        choices=("individual", "teams"),
    ),
    OptionSpec(
        "dice",
        "1",
        "one long die naming the piece to move, two dice and two moves a turn, or no dice "
        "(any piece may move)",
        choices=("1", "2", "0"),
    ),
    OptionSpec(
        "ranks",
        "off",
        "weak pieces (pawns, boats) may not capture strong ones (horses, elephants, kings)",
        choices=("off", "on"),
    ),
    OptionSpec(
        "frozen",
        "off",
        "without dice: a player whose king is captured has their pieces frozen",
        choices=("off", "on"),
    ),
    OptionSpec(
        "goal",
        "points",
        "team game: play for points, or until only one team has pieces on the board",
        choices=("points", "kings"),
    ),
    OptionSpec(
        "first",
        "black",
        "the seat that plays first",
        choices=SEAT_NAMES,
    ),
    SeatsOption(
        "seats",
        ALL_SEATS,
        "the seats in play; an empty seat has no pieces on the board and never moves",
    ),
    TOUCH,
)


class ChaturajiGame(Game[ChaturajiPosition]):
    """Chaturaji: four players, a long die naming the piece to move, points for captures."""

    name = "chaturaji"
    menu_rank = 40
    judged_unfinished = True  # weak players play past any cap: who is ahead wins
    puzzle_kinds = (
        PuzzleKind(
            "king-capture", Goal.GAIN, (1,), "take a king with the piece the die names", target="K"
        ),
    )
    aliases = ("szaturadzi", "four-handed-chaturanga")
    title = "Chaturaji (four-player dice chess)"
    score_words = "score: each army's points, for the pieces it captured"
    piece_names = spoken.PIECE_NAMES
    move_msgids = spoken.MOVE_MSGIDS
    hint_seconds = 3.0  # four seats and the die: the sampling search needs its playouts
    seats = tuple(
        Seat(name, letter, name, side)
        for name, letter, side in zip(SEAT_NAMES, SEAT_LETTERS, SEAT_SIDES, strict=True)
    )
    look = army_look(tuple(seat.colour for seat in seats))
    option_specs = OPTION_SPECS

    position_class = ChaturajiPosition

    def build_geometry(self) -> Geometry:
        """The 64 cells, rank 8 at the top as the south seat (black) sees the board."""
        return Geometry(CellShape.SQUARE, square_grid(tuple(FILES), tuple(reversed(RANKS))))

    def bench(self) -> BenchPlan:
        """Where ``kiban bench`` plays a hand's moves: a middle game with captures."""
        from engine.chaturaji.bench import BENCH

        return BENCH

    def start_text(self, options: Options) -> str:
        rules = Rules.of(options)
        board = [0] * SQUARES
        for seat in rules.seats:
            for sq, piece in SETUP[seat]:
                board[sq] = piece
        dice = "?" if rules.dice else "-"
        return f"{write_board(tuple(board))} {SEAT_LETTERS[rules.first]} {dice} 0,0,0,0 -"

    def rolls_dice(self, options: Options) -> bool:
        """Unless the game is played without dice (dice=0)."""
        return Rules.of(options).dice != 0

    def search_style(self, options: Options) -> SearchStyle:
        """Four seats and a die every turn: playouts, not a full-width search."""
        return SearchStyle.SAMPLING

    def move_source(self, options: Options) -> MoveSource:
        """Captures first, and playouts that mostly take the richest one."""
        from engine.chaturaji.sampling import ChaturajiMoves

        return ChaturajiMoves()

    def piece_name(self, stone: Stone) -> str:
        for kind, letter in LETTERS.items():
            if letter == stone.kind.upper():
                return NAMES[kind]
        return self.label(stone)

    def label(self, stone: Stone) -> str:
        """The seat's letter and the piece's: ``kK`` black's king, ``gP`` a green pawn."""
        owner = SEAT_LETTERS[stone.owner] if stone.owner is not None else "?"
        return owner + stone.kind

    def move_said(self, position: ChaturajiPosition, text: str) -> MoveSaid:
        return spoken.move_said(position, text)
