"""A Robot Duel position: a list of 12 signed ints, six hand counts, and an undo stack."""

from __future__ import annotations

import copy
from collections.abc import Hashable, Iterator
from typing import TYPE_CHECKING, Any, Self

from engine.dobutsu.board import (
    ATTACKERS,
    CELL_INDEX,
    CELL_NAMES,
    CHICK,
    DROP_MOVES,
    FAR_ROW,
    HAND_KINDS,
    HEN,
    KIND_OF_LETTER,
    KINDS,
    LETTERS,
    LION,
    MOVES,
    NAMES,
    SQUARES,
    STEPS,
    DobutsuMove,
    hand_index,
    hand_spot,
    owner,
    row_of,
    sign,
)
from engine.dobutsu.evaluation import PIECE_POINTS
from engine.dobutsu.evaluation import evaluate as evaluate_board
from engine.dobutsu.illegal import illegal_moves
from engine.dobutsu.notation import PLAYERS, read_move, read_position, write_position
from engine.dobutsu.sensing import layout_after
from engine.errors import IllegalMoveError
from engine.game import Layout, Position
from engine.options import Options
from engine.outcome import Outcome, Termination
from engine.physical import Footprint, Sensing, Spot, Stone
from engine.said import Said

if TYPE_CHECKING:
    from engine.game import Game

Key = tuple[int, ...]
"""A position for repetition: the 12 squares, the 6 hand counts, the side to move."""

TAKE_LION = 10_000
"""What taking the lion gains, for a search to try it first: the game."""

TRY_GAIN = 500
"""What a lion stepping onto the far row may gain, for a search to look at it first."""

Undo = tuple[int, int, int, int, int]
"""(from square or -1 for a drop, to square, piece moved or dropped, piece captured,
hand slot the move changed or -1)."""


class DobutsuPosition(Position[DobutsuMove]):
    """A mutable position; ``push``/``pop`` edit it in place and keep the repetition counts."""

    def __init__(self, game: Game[Any], options: Options, text: str) -> None:
        super().__init__(game, options)
        parts = read_position(text)
        self._board = list(parts.board)
        self._hands = list(parts.hands)
        self._turn = parts.turn
        self._first_number = parts.number
        self._lions = [-1, -1]
        for square, piece in enumerate(self._board):
            if abs(piece) == LION:
                self._lions[owner(piece)] = square
        self._mandatory = options["promotion"] == "mandatory"
        self._repetition = options.integer("repetition")
        self._undo: list[Undo] = []
        key = self._key()
        self._keys: list[Key] = [key]
        self._counts: dict[Key, int] = {key: 1}
        self._judged: list[Outcome | None] = [self._judge()]

    # --- rules ---------------------------------------------------------------

    @property
    def turn(self) -> int:
        return self._turn

    def legal_moves(self) -> Iterator[DobutsuMove]:
        if self.outcome() is not None:
            return
        yield from self._generate()

    def _generate(self) -> Iterator[DobutsuMove]:
        board = self._board
        turn = self._turn
        mine = sign(turn)
        moves = MOVES[turn]
        optional = not self._mandatory
        for origin in range(SQUARES):
            kind = board[origin] * mine
            if kind <= 0:
                continue
            for target, plain, promoting in moves[kind][origin]:
                if board[target] * mine > 0:
                    continue
                if promoting is None:
                    yield plain
                else:
                    yield promoting
                    if optional:
                        yield plain
        hands = self._hands
        for kind in HAND_KINDS:
            if hands[hand_index(turn, kind)] > 0:
                drops = DROP_MOVES[kind]
                for target in range(SQUARES):
                    if board[target] == 0:
                        yield drops[target]

    def illegal_moves(self) -> Iterator[tuple[DobutsuMove, Said]]:
        if self.outcome() is not None:
            return iter(())
        return illegal_moves(
            self._board,
            self._hands,
            self._turn,
            mandatory=self._mandatory,
            legal=frozenset(self.legal_moves()),
            players=PLAYERS,
        )

    def push(self, move: DobutsuMove) -> None:
        board = self._board
        hands = self._hands
        target = CELL_INDEX[move.to_cell]
        if move.from_cell is None:
            assert move.drop is not None  # a move has one or the other
            kind = KIND_OF_LETTER[move.drop]
            slot = hand_index(self._turn, kind)
            piece = self._turned(kind, move) * sign(self._turn)
            board[target] = piece
            hands[slot] -= 1
            record: Undo = (-1, target, piece, 0, slot)
        else:
            origin = CELL_INDEX[move.from_cell]
            moved = board[origin]
            captured = board[target]
            mover = owner(moved)
            arriving = self._turned(abs(moved), move) * sign(mover) if move.promote else moved
            board[origin] = 0
            board[target] = arriving
            slot = -1
            if captured:
                taken = abs(captured)
                if taken == LION:
                    self._lions[owner(captured)] = -1
                else:
                    slot = hand_index(mover, CHICK if taken == HEN else taken)
                    hands[slot] += 1
            if abs(moved) == LION:
                self._lions[mover] = target
            record = (origin, target, moved, captured, slot)
        self._undo.append(record)
        self.move_stack.append(move)
        self._turn ^= 1
        key = self._key()
        self._keys.append(key)
        self._counts[key] = self._counts.get(key, 0) + 1
        self._judged.append(self._judge())

    @staticmethod
    def _turned(kind: int, move: DobutsuMove) -> int:
        """The kind that arrives: a flipped chick is a hen, a flipped hen a chick again."""
        if not move.promote:
            return kind
        if kind == CHICK:
            return HEN
        if kind == HEN:
            return CHICK
        raise IllegalMoveError(
            f"{move.usi()} cannot be played: the {NAMES.get(kind, 'empty square')} "
            "has no other face"
        )

    def pop(self) -> DobutsuMove:
        move = self.move_stack.pop()
        origin, target, moved, captured, slot = self._undo.pop()
        key = self._keys.pop()
        count = self._counts[key] - 1
        if count:
            self._counts[key] = count
        else:
            del self._counts[key]
        self._judged.pop()
        board = self._board
        if origin < 0:
            board[target] = 0
            self._hands[slot] += 1
        else:
            board[origin] = moved
            board[target] = captured
            if slot >= 0:
                self._hands[slot] -= 1
            if abs(moved) == LION:
                self._lions[owner(moved)] = origin
            if abs(captured) == LION:
                self._lions[owner(captured)] = target
        self._turn ^= 1
        return move

    def copy(self) -> Self:
        clone = copy.copy(self)
        clone.move_stack = list(self.move_stack)
        clone._board = list(self._board)
        clone._hands = list(self._hands)
        clone._lions = list(self._lions)
        clone._undo = list(self._undo)
        clone._keys = list(self._keys)
        clone._counts = dict(self._counts)
        clone._judged = list(self._judged)
        return clone

    def outcome(self) -> Outcome | None:
        judged = self._judged[-1]
        if judged is not None:
            return judged
        if next(self._generate(), None) is None:
            return Outcome.win(Termination.NO_LEGAL_MOVES, 1 - self._turn)
        return None

    def _judge(self) -> Outcome | None:
        """The end conditions that do not need move generation, in the rules' order."""
        turn = self._turn
        mover = 1 - turn
        lions = self._lions
        if lions[turn] < 0:
            return Outcome.win(Termination.KING_CAPTURED, mover)
        if lions[mover] < 0:  # only after a move of the opponent's piece onto one's own lion
            return Outcome.win(Termination.KING_CAPTURED, turn)
        for seat in (mover, turn):
            square = lions[seat]
            if row_of(square) == FAR_ROW[seat] and not self._attacked(square, 1 - seat):
                return Outcome.win(Termination.TRY, seat)
        if self._counts[self._keys[-1]] >= self._repetition:
            return Outcome.draw(Termination.REPETITION)
        return None

    def _attacked(self, square: int, by: int) -> bool:
        board = self._board
        theirs = sign(by)
        attackers = ATTACKERS[by]
        for kind in KINDS:
            piece = kind * theirs
            for origin in attackers[kind][square]:
                if board[origin] == piece:
                    return True
        return False

    def _key(self) -> Key:
        return (*self._board, *self._hands, self._turn)

    def repetitions(self) -> int:
        """How many times the current position has occurred in this game's history."""
        return self._counts[self._keys[-1]]

    # --- what the computer thinks ---------------------------------------------

    def evaluate(self) -> tuple[float, ...]:
        return evaluate_board(self._board, self._hands)

    def search_key(self) -> Hashable:
        return self._keys[-1]

    def capture_value(self, move: DobutsuMove) -> int:
        """The piece taken (a lion: the game), a chick's promotion, and a lion stepping
        onto the far row (a try, unless it is taken there)."""
        if move.from_cell is None:
            return 0
        target = CELL_INDEX[move.to_cell]
        taken = abs(self._board[target])
        gain = TAKE_LION if taken == LION else PIECE_POINTS[taken] if taken else 0
        if move.promote:
            gain += PIECE_POINTS[HEN] - PIECE_POINTS[CHICK]
        elif (
            row_of(target) == FAR_ROW[self._turn]
            and self._lions[self._turn] == CELL_INDEX[move.from_cell]
        ):
            gain += TRY_GAIN
        return gain

    # --- notation --------------------------------------------------------------

    def text(self) -> str:
        number = self._first_number + len(self.move_stack)
        return write_position(self._board, self._hands, self._turn, number)

    def move_text(self, move: DobutsuMove) -> str:
        return move.usi()

    def read_move(self, text: str) -> DobutsuMove:
        return read_move(text)

    # --- the physical board ----------------------------------------------------

    def layout(self) -> Layout:
        result: dict[Spot, tuple[Stone, ...]] = {}
        for square, piece in enumerate(self._board):
            if piece:
                kind = abs(piece)
                result[CELL_NAMES[square]] = (Stone(LETTERS[kind], owner(piece), kind == HEN),)
        for seat in (0, 1):
            for kind in HAND_KINDS:
                count = self._hands[hand_index(seat, kind)]
                if count > 0:
                    result[hand_spot(seat, kind)] = (Stone(LETTERS[kind], seat),) * count
        return result

    def footprint(self, move: DobutsuMove, sensing: Sensing) -> Footprint:
        """Computed from the layouts without playing the move.

        The base class plays the move, which cannot show a piece put down on a
        face it does not have (a flipped giraffe); the recognizer still needs
        those footprints to name the mistake.
        """
        before = self.layout()
        after = layout_after(before, move, self._turn)
        return self.game.layout_footprint(before, after, sensing)

    # --- what the LEDs teach ---------------------------------------------------

    def _attacked_squares(self, seat: int) -> set[int]:
        squares: set[int] = set()
        theirs = sign(seat)
        steps = STEPS[seat]
        for origin, piece in enumerate(self._board):
            kind = piece * theirs
            if kind > 0:
                squares.update(steps[kind][origin])
        return squares

    def attacked_spots(self, seat: int) -> frozenset[Spot]:
        return frozenset(CELL_NAMES[square] for square in self._attacked_squares(seat))

    def threatened_spots(self) -> frozenset[Spot]:
        attacked = self._attacked_squares(1 - self._turn)
        mine = sign(self._turn)
        return frozenset(
            CELL_NAMES[square] for square in attacked if self._board[square] * mine > 0
        )

    def check_spots(self) -> frozenset[Spot]:
        lion = self._lions[self._turn]
        if lion >= 0 and self._attacked(lion, 1 - self._turn):
            return frozenset({CELL_NAMES[lion]})
        return frozenset()
