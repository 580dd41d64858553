"""Robot Duel as a game: its seats, options, spots and which robot turns over."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from engine.dobutsu import board, spoken
from engine.dobutsu.board import CELL_NAMES, FILES, HAND_KINDS, RANKS, WIDTH, hand_spot
from engine.dobutsu.look import LOOK
from engine.dobutsu.position import DobutsuPosition
from engine.game import Game
from engine.geometry import CellShape, Geometry, Seat, piece_stands, square_grid
from engine.options import TOUCH, Options, OptionSpec
from engine.physical import Stone
from engine.piece_moves import PieceMoves
from engine.puzzle_kinds import Goal, PuzzleKind
from engine.said import MoveSaid
from engine.usi import ServerVariant, UsiVariant

if TYPE_CHECKING:  # what the bench asks, imported when it does
    from engine.bench import BenchPlan


START_TEXT = "gle/1c1/1C1/ELG b - 1"


class DobutsuGame(Game[DobutsuPosition]):
    """Robot Duel (Dobutsu shogi): 3x4 board, captured pieces return as drops."""

    name = "dobutsu"
    menu_rank = 10
    puzzle_kinds = (PuzzleKind("win", Goal.WIN, (1, 3, 5), "win in {moves} of your moves"),)
    aliases = ("robot-duel", "robotduel", "dobutsu-shogi")
    title = "Robot Duel (Dobutsu shogi)"
    piece_names = spoken.PIECE_NAMES
    move_msgids = spoken.MOVE_MSGIDS
    look = LOOK
    seats = (Seat("A (sente)", "b", "black"), Seat("B (gote)", "w", "white"))
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
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
        TOUCH,
    )
    position_class = DobutsuPosition
    usi = UsiVariant("dobutsu", king_capture_by_kiban=True)
    # lishogi writes the giraffe, elephant and chick with shogi's letters
    lishogi = ServerVariant("dobutsu", drops=(("R", "G"), ("B", "E"), ("P", "C")))

    def build_geometry(self) -> Geometry:
        """The board, with each seat's stand beside it on its right-hand side, chick nearest."""
        stands = [[hand_spot(seat, kind) for kind in HAND_KINDS] for seat in (0, 1)]
        zones = (
            ("zone:0", frozenset(CELL_NAMES[-WIDTH:])),
            ("zone:1", frozenset(CELL_NAMES[:WIDTH])),
        )
        return Geometry(
            CellShape.SQUARE,
            square_grid(FILES, RANKS),
            piece_stands(WIDTH, len(RANKS), stands),
            zones,
        )

    def bench(self) -> BenchPlan:
        """Where ``kiban bench`` plays a hand's moves: every piece in hand: the most drops."""
        from engine.dobutsu.bench import BENCH

        return BENCH

    def start_text(self, options: Options) -> str:
        return START_TEXT

    def turns_over(self, stone: Stone) -> bool:
        """The chick has a hen on its back; the other robots have one face."""
        return stone.kind == "C"

    def piece_moves(self, stone: Stone) -> PieceMoves:
        """A robot's steps, from the table its moves are generated from (the dots of
        its sticker)."""
        kind = board.KIND_OF_LETTER.get(stone.kind.upper())
        if kind == board.CHICK and stone.flipped:
            kind = board.HEN
        return PieceMoves(board.DIRECTIONS[kind]) if kind else PieceMoves()

    def piece_name(self, stone: Stone) -> str:
        letter = stone.kind.upper()
        if stone.flipped and letter == board.LETTERS[board.CHICK]:
            return board.NAMES[board.HEN]
        for kind in (board.CHICK, board.ELEPHANT, board.GIRAFFE, board.LION):
            if board.LETTERS[kind] == letter:
                return board.NAMES[kind]
        return self.label(stone)

    def move_said(self, position: DobutsuPosition, text: str) -> MoveSaid:
        return spoken.move_said(position, text)
