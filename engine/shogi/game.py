"""Shogi as a game: seats, rule options, spots, claims, records and bench positions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from engine.claims import ClaimRule
from engine.errors import NotationError
from engine.game import Game
from engine.geometry import CellShape, Geometry, Seat, piece_stands, square_grid
from engine.opening import FirstPlayerDraw
from engine.options import TOUCH, Options, OptionSpec
from engine.physical import Stone
from engine.piece_moves import PieceMoves
from engine.policy import IllegalMovePolicy
from engine.puzzle_kinds import Goal, PuzzleKind
from engine.record import RecordFormat, RecordReader
from engine.said import MoveSaid
from engine.shogi import spoken, tables
from engine.shogi.handicaps import HANDICAPS, START_TEXT
from engine.shogi.impasse import CLAIMS
from engine.shogi.look import LOOK
from engine.shogi.position import ShogiPosition
from engine.shogi.sensing import HAND_SPOTS
from engine.shogi.tables import CELL_NAMES, FILES, HAND_KINDS, RANKS, SIZE
from engine.usi import ServerVariant, UsiVariant

if TYPE_CHECKING:  # records and the bench are imported when asked for, not by a game played
    from engine.bench import BenchPlan


class ShogiGame(Game[ShogiPosition]):
    """Shogi: 9x9, promotion in the far three ranks, captured pieces return as drops."""

    name = "shogi"
    menu_rank = 20
    puzzle_kinds = (
        PuzzleKind(
            "tsume",
            Goal.WIN,
            (1, 3, 5),
            "mate in {plies}: every move of yours checks",
            checks_only=True,
        ),
    )
    aliases = ("japanese-chess", "honshogi", "hon-shogi")
    title = "Shogi"
    piece_names = spoken.PIECE_NAMES
    move_msgids = spoken.MOVE_MSGIDS
    look = LOOK
    hint_seconds = 3.0  # a middle game needs a few plies more than a second gives
    selective_search = True  # eighty moves a position: a ply deeper in the same nodes
    repetition_contempt = True  # sennichite is no draw to take while better (issue 48)
    seats = (Seat("sente", "b", "black"), Seat("gote", "w", "white"))
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec(
            "illegal",
            IllegalMovePolicy.REFUSE.value,
            "an illegal move on the board is refused and must be taken back, or loses the game "
            "at once (professional rules)",
            choices=tuple(policy.value for policy in IllegalMovePolicy),
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
        TOUCH,
    )
    position_class = ShogiPosition
    usi = UsiVariant("shogi", needs_uci_variant=False)
    lishogi = ServerVariant("standard")

    def build_geometry(self) -> Geometry:
        """The board, with each player's piece stand beside it on their right-hand side,
        the pawns nearest, the rook farthest."""
        stands = [[HAND_SPOTS[seat * 8 + kind] for kind in reversed(HAND_KINDS)] for seat in (0, 1)]
        zones = (
            ("zone:0", frozenset(CELL_NAMES[: 3 * SIZE])),
            ("zone:1", frozenset(CELL_NAMES[-3 * SIZE :])),
        )
        return Geometry(
            CellShape.SQUARE, square_grid(FILES, RANKS), piece_stands(SIZE, SIZE, stands), zones
        )

    def position(
        self, text: str | None = None, options: Mapping[str, str] | None = None
    ) -> ShogiPosition:
        """A position from SFEN; also ``startpos`` and USI ``position ... moves ...`` lines."""
        chosen = self.options(options)
        if text is None:
            return super().position(None, chosen)
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
        position = super().position(sfen, chosen)
        for move in moves:
            position.push_text(move)
        return position

    def start_text(self, options: Options) -> str:
        return HANDICAPS[options["handicap"]] if "handicap" in options else START_TEXT

    def first_player_draw(self, options: Options) -> FirstPlayerDraw:
        """Even games are decided by furigoma; in a handicap game the giver starts."""
        return FirstPlayerDraw.FURIGOMA if options["handicap"] == "none" else FirstPlayerDraw.NONE

    def illegal_policy(self, options: Options) -> IllegalMovePolicy:
        return IllegalMovePolicy(options["illegal"])

    def claims(self, options: Options) -> tuple[ClaimRule, ...]:
        """The impasse option's claim: the seed's 24-point count, or the 27-point
        declaration."""
        return (CLAIMS[options["impasse"]],)

    def record_formats(self) -> tuple[RecordFormat, ...]:
        """Plain text, then KIF, CSA and a USI ``position`` line."""
        from engine.shogi.record_formats import shogi_formats

        return (*super().record_formats(), *shogi_formats(self))

    def record_readers(self) -> tuple[RecordReader, ...]:
        """A USI ``position`` line, CSA and KIF, read back."""
        from engine.shogi.record_readers import shogi_readers

        return shogi_readers(self)

    def bench(self) -> BenchPlan:
        """The 593-move position against its budget; cshogi and python-shogi compared."""
        from engine.shogi.bench import BENCH

        return BENCH

    def turns_over(self, stone: Stone) -> bool:
        """Every piece but the king and the gold has a promoted face."""
        return stone.kind not in ("K", "G")

    def piece_moves(self, stone: Stone) -> PieceMoves:
        """A piece's steps and lines as the international pieces show them (the move
        tables' (rank, column) deltas as (dx, dy))."""
        kinds = [kind for kind, written in tables.LETTERS.items() if written == stone.kind.upper()]
        if not kinds:
            return PieceMoves()
        kind = min(kinds)
        if stone.flipped and kind in tables.PROMOTABLE:
            kind += tables.PROMOTED
        steps = tuple((dc, dr) for dr, dc in tables.STEPS_OF.get(kind, ()))
        lines = tuple((dc, dr) for dr, dc in tables.LINES_OF.get(kind, ()))
        return PieceMoves(steps, lines)

    def piece_name(self, stone: Stone) -> str:
        letter = stone.kind.upper()
        kinds = [kind for kind, written in tables.LETTERS.items() if written == letter]
        if not kinds:
            return self.label(stone)
        kind = min(kinds)  # the unpromoted face's kind
        if stone.flipped and kind in tables.PROMOTABLE:
            return tables.NAMES[kind + tables.PROMOTED]
        return tables.NAMES[kind]

    def move_said(self, position: ShogiPosition, text: str) -> MoveSaid:
        return spoken.move_said(position, text)
