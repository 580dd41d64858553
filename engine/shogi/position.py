"""A shogi position: 81 piece codes, a bitboard per piece code, hand counts and an undo stack.

``push`` and ``pop`` edit the position in place (a handful of integer updates,
no copies); a 128-bit Zobrist key kept up to date counts repetitions. Legal
moves are generated once per position and kept until the next push or pop.
"""

from __future__ import annotations

import copy
from collections.abc import Hashable, Iterator, Sequence
from itertools import islice
from typing import TYPE_CHECKING, Any, Self

from engine.claims import ClaimPreview
from engine.errors import NotationError
from engine.game import Layout, Position
from engine.options import Options
from engine.outcome import Outcome, Termination
from engine.physical import Footprint, Reading, Sensing, Spot
from engine.said import N_, Said, said
from engine.shogi import lookup
from engine.shogi.attacks import in_check, piece_attacks
from engine.shogi.evaluation import BOARD_VALUE, HAND_VALUE, PIECE_POINTS, material
from engine.shogi.evaluation import evaluate as evaluate_board
from engine.shogi.exchange import capture_risk
from engine.shogi.illegal import illegal_moves
from engine.shogi.impasse import (
    CLAIMS,
    DECLARATION,
    DECLARATION_POINTS,
    IMPASSE,
    declaration_problems,
    declaration_result,
    impasse_result,
    points,
)
from engine.shogi.movegen import HAND, add_drops, board_moves
from engine.shogi.moves import ShogiMove
from engine.shogi.notation import PLAYERS, read_move, read_position, write_position
from engine.shogi.sensing import expected_frame as frame_of
from engine.shogi.sensing import footprint as footprint_of
from engine.shogi.sensing import layout as layout_of
from engine.shogi.tables import (
    BISHOP_LINES,
    CELL_INDEX,
    CELL_NAMES,
    FULL,
    HAND_KEYS,
    KING,
    PAWN,
    PIECE_KEYS,
    PROMOTED,
    ROOK,
    ROOK_LINES,
    SIDE_KEY,
    SILVER,
    base,
    squares_of,
)

if TYPE_CHECKING:
    from engine.game import Game

BASE = tuple(base(kind) for kind in range(16))
"""BASE[kind]: ``tables.base`` looked up (a push that takes calls it)."""

REPETITIONS = 4
"""The occurrence of one position (board, hands, side to move) that ends the game."""

HAND_SLOTS = 16
"""How many hand counts a position keeps (both seats, see movegen.HAND): all 0 when
nothing is held."""

TAKE_KING = 100_000
"""What taking a king would gain (never legal; a search puts it first all the same)."""

Undo = tuple[int, int, int, int, int, int]
"""(from square or -1 for a drop, to square, piece before, piece after, piece captured,
hand slot changed or -1)."""


class ShogiPosition(Position[ShogiMove]):
    """A mutable shogi position with the moves that led to it."""

    def __init__(self, game: Game[Any], options: Options, text: str) -> None:
        super().__init__(game, options)
        parts = read_position(text)
        self._board = list(parts.board)
        self._hands = list(parts.hands)
        self._turn = parts.turn
        self._first_number = parts.number
        self._bb = [0] * 32
        self._occupied = [0, 0]
        self._kings = [-1, -1]
        key = SIDE_KEY if self._turn else 0
        for square, piece in enumerate(self._board):
            if piece:
                self._bb[piece] |= 1 << square
                self._occupied[piece >> 4] |= 1 << square
                key ^= PIECE_KEYS[piece][square]
                if piece & 15 == KING:
                    self._kings[piece >> 4] = square
        for slot, count in enumerate(self._hands):
            key ^= HAND_KEYS[slot][count]
        if in_check(1 - self._turn, self._bb, self._occupied, self._kings):
            raise NotationError(
                f"{text!r}: {PLAYERS[1 - self._turn]} is in check but it is "
                f"{PLAYERS[self._turn]}'s turn"
            )
        self._key = key
        self._material = material(self._bb, self._hands)
        """Sente's material less gote's (evaluation.material), kept up to date by push
        and pop: an evaluation then does not count every piece again."""
        self._undo: list[Undo] = []
        self._keys: list[int] = [key]
        self._counts: dict[int, int] = {key: 1}
        self._legal: list[ShogiMove] | None = None
        """The legal moves on the board, then (once ``_dropped``) the drops."""
        self._dropped = False
        self._board_count = 0
        """How many of ``_legal`` are moves on the board (the drops come after them)."""
        self._checkers = 0

    # --- rules ---------------------------------------------------------------

    @property
    def turn(self) -> int:
        return self._turn

    def _board_moves(self) -> list[ShogiMove]:
        """The legal moves, the drops perhaps not yet among them (they come last), generated
        once per position; none once the game is over."""
        moves = self._legal
        return self._generate() if moves is None else moves

    def _generate(self) -> list[ShogiMove]:
        """The legal moves on the board, afresh (the drops are left to ``_moves``)."""
        if self._counts[self._key] >= REPETITIONS:
            self._legal, self._checkers, self._dropped, self._board_count = [], 0, True, 0
            return self._legal
        moves, self._checkers = board_moves(
            self._bb, self._occupied, self._kings, self._turn, self._board
        )
        self._legal = moves
        self._dropped = False
        self._board_count = len(moves)
        return moves

    def _moves(self) -> list[ShogiMove]:
        """The legal moves, generated once per position; none once the game is over.

        A hand holding nothing (most positions of an opening) asks for no drops: the
        call, with its keywords, costs more than looking at the hand; and counting the
        empty slots of both hands (all of them when nothing is held) costs less than a
        slice of the mover's."""
        moves = self._legal
        if moves is None:
            moves = self._generate()
        elif self._dropped:
            return moves
        self._dropped = True
        hands = self._hands
        if hands.count(0) != HAND_SLOTS:
            turn = self._turn
            held = hands[HAND[turn]]
            if any(held):
                add_drops(moves, held, self._bb, self._occupied, self._kings, turn, self._checkers)
        return moves

    def legal_moves(self) -> Iterator[ShogiMove]:
        return iter(self._moves())

    def moves_changing(
        self, spots: frozenset[Spot], *, exactly: bool = False
    ) -> Iterator[ShogiMove]:
        return lookup.moves_changing(self._moves(), spots)

    def is_legal(self, move: ShogiMove) -> bool:
        return move in self._moves()

    def illegal_moves(self) -> Iterator[tuple[ShogiMove, Said]]:
        if self.outcome() is not None:
            return iter(())
        return illegal_moves(self)

    def illegal_moves_changing(self, spots: frozenset[Spot]) -> Iterator[tuple[ShogiMove, Said]]:
        """Only the mistakes from or onto the squares a hand changed."""
        if self.outcome() is not None:
            return iter(())
        squares = frozenset(CELL_INDEX[spot] for spot in spots if spot in CELL_INDEX)
        return illegal_moves(self, squares or None)

    def push(self, move: ShogiMove) -> None:
        board = self._board
        bb = self._bb
        occupied = self._occupied
        hands = self._hands
        turn = self._turn
        target = move.to_square
        to_bit = 1 << target
        key = self._key ^ SIDE_KEY
        if move.drop:
            piece = move.drop | turn << 4
            slot = turn * 8 + move.drop
            count = hands[slot]
            hands[slot] = count - 1
            key ^= HAND_KEYS[slot][count] ^ HAND_KEYS[slot][count - 1] ^ PIECE_KEYS[piece][target]
            board[target] = piece
            bb[piece] |= to_bit
            occupied[turn] |= to_bit
            self._material += BOARD_VALUE[piece] - HAND_VALUE[slot]
            record: Undo = (-1, target, piece, piece, 0, slot)
        else:
            origin = move.from_square
            piece = board[origin]
            arriving = piece + PROMOTED if move.promote else piece
            captured = board[target]
            board[origin] = 0
            board[target] = arriving
            from_bit = 1 << origin
            bb[piece] ^= from_bit
            bb[arriving] |= to_bit
            occupied[turn] ^= from_bit | to_bit
            key ^= PIECE_KEYS[piece][origin] ^ PIECE_KEYS[arriving][target]
            slot = -1
            if arriving != piece:
                self._material += BOARD_VALUE[arriving] - BOARD_VALUE[piece]
            if captured:
                bb[captured] ^= to_bit
                occupied[turn ^ 1] ^= to_bit
                key ^= PIECE_KEYS[captured][target]
                kind = captured & 15
                if kind == KING:
                    self._kings[turn ^ 1] = -1
                    self._material -= BOARD_VALUE[captured]
                else:
                    slot = turn * 8 + BASE[kind]
                    count = hands[slot]
                    hands[slot] = count + 1
                    key ^= HAND_KEYS[slot][count] ^ HAND_KEYS[slot][count + 1]
                    self._material += HAND_VALUE[slot] - BOARD_VALUE[captured]
            if piece & 15 == KING:
                self._kings[turn] = target
            record = (origin, target, piece, arriving, captured, slot)
        self._undo.append(record)
        self.move_stack.append(move)
        self._turn = turn ^ 1
        self._key = key
        self._keys.append(key)
        self._counts[key] = self._counts.get(key, 0) + 1
        self._legal = None

    def pop(self) -> ShogiMove:
        move = self.move_stack.pop()
        origin, target, piece, arriving, captured, slot = self._undo.pop()
        key = self._keys.pop()
        count = self._counts[key] - 1
        if count:
            self._counts[key] = count
        else:
            del self._counts[key]
        self._key = self._keys[-1]
        turn = self._turn ^ 1
        self._turn = turn
        board = self._board
        bb = self._bb
        occupied = self._occupied
        to_bit = 1 << target
        if origin < 0:
            board[target] = 0
            bb[piece] ^= to_bit
            occupied[turn] ^= to_bit
            self._hands[slot] += 1
            self._material -= BOARD_VALUE[piece] - HAND_VALUE[slot]
        else:
            from_bit = 1 << origin
            board[origin] = piece
            board[target] = captured
            bb[arriving] ^= to_bit
            bb[piece] |= from_bit
            occupied[turn] ^= from_bit | to_bit
            if arriving != piece:
                self._material -= BOARD_VALUE[arriving] - BOARD_VALUE[piece]
            if captured:
                bb[captured] |= to_bit
                occupied[turn ^ 1] |= to_bit
                self._material += BOARD_VALUE[captured]
                if slot >= 0:
                    self._hands[slot] -= 1
                    self._material -= HAND_VALUE[slot]
                if captured & 15 == KING:
                    self._kings[turn ^ 1] = target
            if piece & 15 == KING:
                self._kings[turn] = origin
        self._legal = None
        return move

    def copy(self) -> Self:
        clone = copy.copy(self)
        clone.move_stack = list(self.move_stack)
        clone._board = list(self._board)
        clone._hands = list(self._hands)
        clone._bb = list(self._bb)
        clone._occupied = list(self._occupied)
        clone._kings = list(self._kings)
        clone._undo = list(self._undo)
        clone._keys = list(self._keys)
        clone._counts = dict(self._counts)
        clone._legal = None
        return clone

    def perft(self, depth: int) -> int:
        if depth == 0:
            return 1
        moves = self._moves()
        if depth == 1:
            return len(moves)
        total = 0
        push, pop = self.push, self.pop
        for move in moves:  # push drops the cached list; this one stays whole
            push(move)
            total += self.perft(depth - 1)
            pop()
        return total

    def outcome(self) -> Outcome | None:
        if self._counts[self._key] >= REPETITIONS:
            return self._sennichite()
        if self._legal is None and self._surely_moves():
            return None  # no generation needed: a search past its horizon mostly stops here
        if self._board_moves() or self._moves():  # the drops only when nothing else moves
            return None
        winner = 1 - self._turn
        if self._checkers:
            return Outcome.win(Termination.CHECKMATE, winner)
        return Outcome.win(Termination.NO_LEGAL_MOVES, winner)

    def _surely_moves(self) -> bool:
        """Whether the player to move, not in check, surely has a legal move, seen without
        listing them (which a position looked at past the search's horizon seldom needs):
        it holds a silver, gold, bishop or rook (no rule of drops binds them, any empty
        square takes one, and a drop cannot uncover its own king), or a pawn off every
        line through its king (so pinned by nothing) may step forward (no rule forbids a
        pawn's step: on the last rank it promotes)."""
        turn = self._turn
        slot = turn * 8
        if not any(self._hands[slot + SILVER : slot + ROOK + 1]):
            pawns = self._bb[turn << 4 | PAWN]
            king = self._kings[turn]
            if king >= 0:
                pawns &= ~(ROOK_LINES[king] | BISHOP_LINES[king])
            if not (pawns >> 9 if turn == 0 else pawns << 9) & ~self._occupied[turn] & FULL:
                return False
        return not self.is_check()

    def cycle_outcome(self) -> Outcome:
        """Sennichite's verdict on the current position, met before: what a search
        values a repetition at (``engine.search.repetition``)."""
        return self._sennichite()

    def _sennichite(self) -> Outcome:
        """A draw, unless one player gave check with every move since the first occurrence."""
        first = self._keys.index(self._key)
        plies = len(self.move_stack) - first
        checks: list[bool] = []  # whether each of those moves gave check, latest first
        taken: list[ShogiMove] = []
        for _ in range(plies):
            checks.append(self.is_check())
            taken.append(self.pop())
        for move in reversed(taken):
            self.push(move)
        last_mover = 1 - self._turn
        for seat in (last_mover, 1 - last_mover):
            own = checks[0 if seat == last_mover else 1 :: 2]
            other = checks[1 if seat == last_mover else 0 :: 2]
            if own and all(own) and not (other and all(other)):
                return Outcome.win(Termination.PERPETUAL_CHECK, 1 - seat)
        return Outcome.draw(Termination.REPETITION)

    def is_check(self) -> bool:
        """Whether the player to move is in check."""
        return in_check(self._turn, self._bb, self._occupied, self._kings)

    def repetitions(self) -> int:
        """How many times the current position has occurred in this game."""
        return self._counts[self._key]

    # --- what the other modules read ---------------------------------------------

    def piece_at(self, square: int) -> int:
        """The piece code on a square (0 when empty)."""
        return self._board[square]

    def in_hand(self, seat: int, kind: int) -> int:
        return self._hands[seat * 8 + kind]

    def king_square(self, seat: int) -> int:
        """The square of ``seat``'s king, or -1 when it has none."""
        return self._kings[seat]

    @property
    def board(self) -> tuple[int, ...]:
        return tuple(self._board)

    @property
    def hands(self) -> tuple[int, ...]:
        return tuple(self._hands)

    def attacks_of(self, square: int) -> int:
        """The squares the piece on ``square`` attacks, as a bitboard."""
        return piece_attacks(self._board[square], square, self._occupied[0] | self._occupied[1])

    # --- what the computer thinks ---------------------------------------------

    def evaluate(self) -> tuple[float, ...]:
        return evaluate_board(self._bb, self._occupied, self._hands, self._kings, self._material)

    def search_key(self) -> Hashable:
        return self._key

    def capture_value(self, move: ShogiMove) -> int:
        """The piece taken (the king: the game), plus what a promotion adds."""
        if move.drop:
            return 0
        taken = self._board[move.to_square] & 15
        gain = (TAKE_KING if taken == KING else PIECE_POINTS[taken]) if taken else 0
        if move.promote:
            piece = self._board[move.from_square] & 15
            gain += PIECE_POINTS[piece + PROMOTED] - PIECE_POINTS[piece]
        return gain

    def taking_places(self, moves: Sequence[ShogiMove]) -> list[int]:
        """Where among ``moves`` (the legal moves, as ``legal_moves`` listed them) a move
        takes a piece or promotes (``capture_value`` not 0): a move onto an enemy piece,
        or one that turns over. No drop does, and the drops come last, so only the moves
        on the board are looked at."""
        enemy = self._occupied[self._turn ^ 1]
        self._board_moves()  # (listed already: this only makes sure of the count)
        board = islice(moves, self._board_count)
        return [
            index for index, move in enumerate(board) if move.promote or enemy >> move.to_square & 1
        ]

    def taking_moves(self) -> list[ShogiMove]:
        """The legal moves that take a piece or promote, in the order of ``legal_moves``."""
        enemy = self._occupied[self._turn ^ 1]
        moves = islice(self._board_moves(), self._board_count)
        return [move for move in moves if move.promote or enemy >> move.to_square & 1]

    def capture_risk(self, move: ShogiMove) -> int:
        """What ``move`` may lose in return (``engine.shogi.exchange``)."""
        return capture_risk(self._board, self._bb, self._occupied, self._turn, move)

    # --- the end of a game by counting ---------------------------------------------

    def claim(self, name: str) -> Outcome:
        """The 24-point impasse (ImpasseError unless both kings are in their zones), or
        the 27-point declaration of the player to move (a win, or a loss if it fails):
        the one the ``impasse`` option chooses."""
        offered = CLAIMS[self.options["impasse"]]
        if name == offered.name == IMPASSE.name:
            return impasse_result(self)
        if name == offered.name == DECLARATION.name:
            return declaration_result(self)
        return super().claim(name)

    def claim_preview(self, name: str) -> ClaimPreview | None:
        """The declaration's count by the player to move, before it is made."""
        offered = CLAIMS[self.options["impasse"]]
        if name != DECLARATION.name or offered is not DECLARATION or self.outcome() is not None:
            return None
        seat = self.turn
        return ClaimPreview(
            seat,
            points(self, seat, camp_only=True),
            DECLARATION_POINTS[seat],
            tuple(declaration_problems(self)),
            said(N_("a declaration that fails loses the game")),
        )

    # --- notation --------------------------------------------------------------

    def text(self) -> str:
        number = self._first_number + len(self.move_stack)
        return write_position(self._board, self._hands, self._turn, number)

    def move_text(self, move: ShogiMove) -> str:
        return move.usi()

    def read_move(self, text: str) -> ShogiMove:
        return read_move(text)

    # --- the physical board ----------------------------------------------------

    def layout(self) -> Layout:
        return layout_of(self._board, self._hands)

    def expected_frame(self, sensing_mode: Sensing) -> dict[Spot, Reading]:
        return frame_of(self._board, self._hands, sensing_mode)

    def footprint(self, move: ShogiMove, sensing_mode: Sensing) -> Footprint:
        """Computed from the pieces involved, without playing the move (see sensing)."""
        return footprint_of(self._board, self._hands, self._turn, move, sensing_mode)

    # --- what the LEDs teach ---------------------------------------------------

    def _attacked_squares(self, seat: int) -> int:
        every = self._occupied[0] | self._occupied[1]
        board = self._board
        found = 0
        for square in squares_of(self._occupied[seat]):
            found |= piece_attacks(board[square], square, every)
        return found

    def attacked_spots(self, seat: int) -> frozenset[Spot]:
        return frozenset(CELL_NAMES[s] for s in squares_of(self._attacked_squares(seat)))

    def threatened_spots(self) -> frozenset[Spot]:
        attacked = self._attacked_squares(1 - self._turn) & self._occupied[self._turn]
        return frozenset(CELL_NAMES[s] for s in squares_of(attacked))

    def check_spots(self) -> frozenset[Spot]:
        king = self._kings[self._turn]
        if king >= 0 and self.is_check():
            return frozenset({CELL_NAMES[king]})
        return frozenset()
