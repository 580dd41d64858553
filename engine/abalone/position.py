"""An Abalone position: 61 small ints, the marbles each colour has lost, and an undo stack."""

from __future__ import annotations

import copy
from collections.abc import Hashable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Self

from engine.abalone.board import (
    BLACK,
    CELL_NAMES,
    EMPTY,
    RAYS,
    TO_WIN,
    WHITE,
)
from engine.abalone.evaluation import BIT, evaluate_bits, marble_bits
from engine.abalone.illegal import illegal_moves
from engine.abalone.move import AbaloneMove
from engine.abalone.notation import read_move, read_position, write_move, write_position
from engine.abalone.rules import generate, push_off_targets, push_offs, reason
from engine.abalone.sensing import board_layout, footprint
from engine.errors import GameOverError, IllegalMoveError
from engine.game import Layout, Position
from engine.options import Options
from engine.outcome import Outcome, Termination
from engine.physical import Footprint, Sensing, Spot
from engine.said import Said

if TYPE_CHECKING:
    from engine.game import Game

Undo = tuple[tuple[tuple[int, int], ...], int]
"""(hole, previous contents) for each hole written, and the colour pushed off (0: none)."""


class AbalonePosition(Position[AbaloneMove]):
    """A mutable position; ``push``/``pop`` edit it in place."""

    def __init__(self, game: Game[Any], options: Options, text: str) -> None:
        super().__init__(game, options)
        parts = read_position(text)
        self._board = list(parts.board)
        self._bits = marble_bits(self._board)
        """By colour (0: the empty holes), the holes it fills as bits, kept by push and
        pop for the evaluation (``evaluation.points_of``)."""
        self._turn = parts.turn
        self._lost = list(parts.lost)
        self._undo: list[Undo] = []

    # --- rules ---------------------------------------------------------------

    @property
    def turn(self) -> int:
        return self._turn

    def lost(self, seat: int) -> int:
        """How many of ``seat``'s marbles have been pushed off."""
        return self._lost[seat]

    def legal_moves(self) -> Iterator[AbaloneMove]:
        if self.outcome() is not None:
            return
        yield from generate(self._board, self._turn + 1)

    def illegal_moves(self) -> Iterator[tuple[AbaloneMove, Said]]:
        if self.outcome() is not None:
            return iter(())
        me = self._turn + 1
        return illegal_moves(self._board, me, frozenset(generate(self._board, me)))

    def parse_move(self, text: str) -> AbaloneMove:
        """Parse and check a move; the error names the rule it breaks."""
        move = self.read_move(text)
        if self.outcome() is not None:
            raise GameOverError(f"the game is over; {text!r} cannot be played")
        broken = reason(self._board, move, self._turn + 1)
        if broken is not None:
            raise IllegalMoveError(f"{text} is illegal: {broken}")
        return move

    def push(self, move: AbaloneMove) -> None:
        """Play a legal move (``parse_move`` checks one)."""
        board = self._board
        bits = self._bits
        me = self._turn + 1
        direction = move.direction
        if move.end is not None:
            writes = []
            for hole in move.holes:
                target = RAYS[hole][direction][0]
                writes.append((hole, board[hole]))
                writes.append((target, board[target]))
                board[hole] = EMPTY
                board[target] = me
                moved = BIT[hole] | BIT[target]
                bits[me] ^= moved
                bits[EMPTY] ^= moved
            self._undo.append((tuple(writes), 0))
        else:
            tail = move.holes[0]
            ray = RAYS[tail][direction]
            i = 0
            while i < len(ray) and board[ray[i]] == me:
                i += 1
            if i == len(ray):
                raise IllegalMoveError(f"{write_move(move)}: a marble cannot leave the board")
            front = ray[i]
            them = board[front]
            dropped = 0
            moved = BIT[tail] | BIT[front]
            if them == EMPTY:
                record: tuple[tuple[int, int], ...] = ((tail, me), (front, EMPTY))
                board[front] = me
                bits[EMPTY] ^= moved
            else:
                while i < len(ray) and board[ray[i]] == them:
                    i += 1
                if i == len(ray):
                    record = ((tail, me), (front, them))
                    dropped = them
                    self._lost[them - 1] += 1
                    bits[them] ^= BIT[front]
                    bits[EMPTY] ^= BIT[tail]
                else:
                    end = ray[i]
                    record = ((tail, me), (front, them), (end, board[end]))
                    board[end] = them
                    bits[them] ^= BIT[front] | BIT[end]
                    bits[EMPTY] ^= BIT[tail] | BIT[end]
                board[front] = me
            bits[me] ^= moved
            board[tail] = EMPTY
            self._undo.append((record, dropped))
        self.move_stack.append(move)
        self._turn ^= 1

    def pop(self) -> AbaloneMove:
        move = self.move_stack.pop()
        writes, dropped = self._undo.pop()
        board = self._board
        bits = self._bits
        for hole, previous in reversed(writes):
            now = board[hole]
            if now != previous:
                bits[now] ^= BIT[hole]
                bits[previous] ^= BIT[hole]
            board[hole] = previous
        if dropped:
            self._lost[dropped - 1] -= 1
        self._turn ^= 1
        return move

    def copy(self) -> Self:
        clone = copy.copy(self)
        clone.move_stack = list(self.move_stack)
        clone._board = list(self._board)
        clone._bits = list(self._bits)
        clone._lost = list(self._lost)
        clone._undo = list(self._undo)
        return clone

    def outcome(self) -> Outcome | None:
        """Six marbles pushed off win; a side with no move (the rules do not say) loses."""
        if self._lost[WHITE - 1] >= TO_WIN:
            return Outcome.win(Termination.MARBLES_PUSHED_OFF, BLACK - 1)
        if self._lost[BLACK - 1] >= TO_WIN:
            return Outcome.win(Termination.MARBLES_PUSHED_OFF, WHITE - 1)
        if next(generate(self._board, self._turn + 1), None) is None:
            return Outcome.win(Termination.NO_LEGAL_MOVES, 1 - self._turn)
        return None

    def judged(self) -> Outcome:
        """An unfinished game goes to the side that has pushed more marbles off (the
        count the game is won by); even counts are a draw."""
        black, white = self._lost[BLACK - 1], self._lost[WHITE - 1]
        if black == white:
            return Outcome.draw(Termination.AGREEMENT)
        return Outcome.win(Termination.ENDED_BY_PLAYERS, BLACK - 1 if white > black else WHITE - 1)

    # --- what the computer thinks ---------------------------------------------

    def evaluate(self) -> tuple[float, ...]:
        return evaluate_bits(self._bits, self._lost)

    def swap_turn(self) -> None:
        self._turn ^= 1

    def search_key(self) -> Hashable:
        return (self._turn, *self._lost, *self._board)

    def capture_value(self, move: AbaloneMove) -> int:
        """1 for a push that sends an opposing marble off the board, else 0 (a
        broadside move never pushes)."""
        if move.end is not None:
            return 0
        board = self._board
        me = self._turn + 1
        ray = RAYS[move.holes[0]][move.direction]
        i = 0
        while i < len(ray) and board[ray[i]] == me:
            i += 1
        if i == len(ray) or board[ray[i]] == EMPTY:
            return 0
        while i < len(ray) and board[ray[i]] not in (EMPTY, me):
            i += 1
        return 1 if i == len(ray) else 0

    def taking_moves(self) -> list[AbaloneMove]:
        """The legal moves that push a marble off (``capture_value`` 1), in the order of
        ``legal_moves``, found without generating the others."""
        if self.outcome() is not None:
            return []
        return push_offs(self._board, self._turn + 1)

    def taking_places(self, moves: Sequence[AbaloneMove]) -> list[int]:
        """Where among ``moves`` (the legal moves, as ``legal_moves`` listed them) the
        moves that push a marble off stand. The generator hands out the same move
        objects each time, so each is found by identity, without a comparison of
        fields per move."""
        found = self.taking_moves()
        if not found:
            return []
        ids = list(map(id, moves))
        places = []
        for move in found:
            try:
                places.append(ids.index(id(move)))
            except ValueError:  # not the generator's own object: found by its value
                places.append(list(moves).index(move))
        return places

    # --- notation --------------------------------------------------------------

    def text(self) -> str:
        return write_position(self._board, self._turn, self._lost)

    def move_text(self, move: AbaloneMove) -> str:
        return write_move(move)

    def read_move(self, text: str) -> AbaloneMove:
        return read_move(text)

    # --- the physical board ----------------------------------------------------

    def layout(self) -> Layout:
        return board_layout(self._board, self._lost)

    def footprint(self, move: AbaloneMove, sensing: Sensing) -> Footprint:
        """Computed directly from the board; see ``engine.abalone.sensing``."""
        return footprint(self.game, self._board, self._lost, move, sensing)

    # --- what the LEDs teach ---------------------------------------------------

    def attacked_spots(self, seat: int) -> frozenset[Spot]:
        """The opposing marbles ``seat`` could push off the board with its next move."""
        return frozenset(CELL_NAMES[hole] for hole in push_off_targets(self._board, seat + 1))

    def threatened_spots(self) -> frozenset[Spot]:
        """The mover's marbles the opponent could push off with its next move."""
        return self.attacked_spots(1 - self._turn)
