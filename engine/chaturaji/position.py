"""A Chaturaji position: an immutable ``State`` per ply, so push and pop are appends and pops."""

from __future__ import annotations

import copy
import itertools
from collections.abc import Hashable, Iterator
from typing import TYPE_CHECKING, Any, Self

from engine.chaturaji import evaluation
from engine.chaturaji.board import (
    BOAT,
    CELL_INDEX,
    CELL_NAMES,
    DIE_FACES,
    LETTERS,
    SEATS,
    SQUARES,
    kind_of,
    make_piece,
    owner_of,
    partner,
    team_of_seat,
)
from engine.chaturaji.illegal import illegal_moves
from engine.chaturaji.judge import ended_by_agreement, judge
from engine.chaturaji.movegen import captures_on_turn, legal_moves
from engine.chaturaji.moves import ChaturajiMove, Roll, Step
from engine.chaturaji.notation import move_text, read_move, write_position
from engine.chaturaji.reading import read_position
from engine.chaturaji.state import Rules, State
from engine.chaturaji.transition import apply
from engine.game import Layout, Position
from engine.options import Options
from engine.outcome import Outcome
from engine.physical import EMPTY, PRESENT, Footprint, Reading, Sensing, Spot, Stone
from engine.said import Said

if TYPE_CHECKING:
    from engine.game import Game


_STONES: dict[int, tuple[Stone, ...]] = {
    make_piece(seat, kind, origin): (Stone(LETTERS[kind], seat),)
    for seat in SEATS
    for kind in LETTERS
    for origin in (0, *LETTERS)
}
"""By piece code: the stones its square holds (a pawn's origin does not show)."""


class ChaturajiPosition(Position[ChaturajiMove]):
    """A mutable position; each push computes the next state, each pop restores one."""

    def __init__(self, game: Game[Any], options: Options, text: str) -> None:
        super().__init__(game, options)
        self.rules = Rules.of(options)
        state = read_position(text, self.rules)
        self._states: list[State] = [state]
        self._judged: list[Outcome | None] = [judge(state, self.rules)]
        self._legal: tuple[State, tuple[ChaturajiMove, ...]] | None = None
        """The last state's legal moves: the board's LEDs ask for them spot by spot."""
        self._readings: dict[Sensing, dict[int, Reading]] = {}
        """How each piece code reads, by sensing (the game's ``reading`` of its stone)."""
        self._threats: tuple[Hashable, frozenset[Spot]] | None = None
        """The last threatened spots, by what they depend on: a roll changes the dice
        only, and the board asks again after the move and after the roll."""

    @property
    def state(self) -> State:
        """The current state (immutable: a snapshot of the position)."""
        return self._states[-1]

    # --- rules -------------------------------------------------------------------

    @property
    def turn(self) -> int:
        """The seat to act: the seat whose turn it is, or the one answering a king exchange."""
        state = self.state
        return state.acting(self.rules) if state.pending is not None else state.roller

    @property
    def mover(self) -> int:
        """The seat choosing the move now: under united command, the commander."""
        return self.state.acting(self.rules)

    def legal_moves(self) -> Iterator[ChaturajiMove]:
        if self.outcome() is not None:
            return iter(())
        state = self.state
        known = self._legal
        if known is None or known[0] is not state:  # states are immutable: same, same moves
            known = self._legal = (state, tuple(legal_moves(state, self.rules)))
        return iter(known[1])

    def chance_moves(self) -> tuple[ChaturajiMove, ...] | None:
        """The roll outcomes, equally likely, when a roll is due: four faces with one die,
        the sixteen ordered pairs with two."""
        state = self.state
        if not state.roll_due or state.pending is not None or self.outcome() is not None:
            return None
        if self.rules.dice == 1:
            return tuple(Roll((face,)) for face in DIE_FACES)
        return tuple(Roll(pair) for pair in itertools.product(DIE_FACES, repeat=2))

    def is_legal(self, move: ChaturajiMove) -> bool:
        """Legal moves and, when a roll is due, its outcomes (so a record with its rolls
        replays through ``push_text``)."""
        chances = self.chance_moves()
        if chances is not None:
            return move in chances
        return any(candidate == move for candidate in self.legal_moves())

    def illegal_moves(self) -> Iterator[tuple[ChaturajiMove, Said]]:
        if self.outcome() is not None:
            return iter(())
        return illegal_moves(self.state, self.rules, frozenset(self.legal_moves()))

    def illegal_moves_changing(
        self, spots: frozenset[Spot]
    ) -> Iterator[tuple[ChaturajiMove, Said]]:
        """Only the steps from, or onto, the squares a hand changed."""
        squares = frozenset(CELL_INDEX[spot] for spot in spots if spot in CELL_INDEX)
        if self.outcome() is not None:
            return iter(())
        near = squares if squares and len(squares) == len(spots) else None
        return illegal_moves(self.state, self.rules, frozenset(self.legal_moves()), near)

    def push(self, move: ChaturajiMove) -> None:
        state = apply(self.state, move, self.rules)
        self._states.append(state)
        self._judged.append(judge(state, self.rules))
        self.move_stack.append(move)

    def pop(self) -> ChaturajiMove:
        move = self.move_stack.pop()
        self._states.pop()
        self._judged.pop()
        return move

    def copy(self) -> Self:
        clone = copy.copy(self)
        clone.move_stack = list(self.move_stack)
        clone._states = list(self._states)
        clone._judged = list(self._judged)
        return clone

    def outcome(self) -> Outcome | None:
        return self._judged[-1]

    def end_by_agreement(self) -> Outcome:
        """The outcome if the players end the game now from the controls (the position is
        not changed; the session records the end)."""
        return ended_by_agreement(self.state, self.rules)

    # --- what the LEDs and the controls show -------------------------------------------

    def dice(self) -> tuple[int, ...]:
        return self.state.dice

    @property
    def roll_due(self) -> bool:
        """Whether the session must roll before anyone moves."""
        return self.chance_moves() is not None

    def scores(self) -> tuple[int, ...]:
        """Each seat's points, in seat order (black, green, red, yellow)."""
        return self.state.scores

    def teams(self) -> tuple[int, ...] | None:
        """In the team game, 0 for black and red, 1 for green and yellow."""
        return tuple(team_of_seat(seat) for seat in SEATS) if self.rules.teams else None

    def in_play(self, seat: int) -> bool:
        """Whether ``seat`` still takes turns (in play, with pieces, not frozen)."""
        return self.state.in_rotation(seat, self.rules)

    # --- notation --------------------------------------------------------------------

    def text(self) -> str:
        return write_position(self.state)

    def move_text(self, move: ChaturajiMove) -> str:
        return move_text(move)

    def read_move(self, text: str) -> ChaturajiMove:
        return read_move(text, self.state)

    # --- the physical board ----------------------------------------------------------

    def layout(self) -> Layout:
        board = self.state.board
        return {CELL_NAMES[sq]: _STONES[piece] for sq, piece in enumerate(board) if piece}

    def expected_frame(self, sensing: Sensing) -> dict[Spot, Reading]:
        """What every spot must read: each kind of piece on the board read once, not
        every square's stone (the board asks after every move and roll)."""
        by_piece = self._readings.get(sensing)
        if by_piece is None:
            reading = self.game.reading
            by_piece = {piece: reading(stones[-1], sensing) for piece, stones in _STONES.items()}
            by_piece[0] = EMPTY
            self._readings[sensing] = by_piece
        frame = dict(zip(CELL_NAMES, map(by_piece.__getitem__, self.state.board), strict=True))
        return {spot: frame.get(spot, EMPTY) for spot in self.game.spots}

    def footprint(self, move: ChaturajiMove, sensing: Sensing) -> Footprint:
        """The boards before and after, compared square by square (every stone reads
        present, under either sensing: no piece has a second face)."""
        before = self.state.board
        if isinstance(move, Step) and kind_of(before[move.origin]) != BOAT:
            return _step_footprint(before, move)
        after = apply(self.state, move, self.rules).board
        changes: list[tuple[Spot, Reading]] = []
        hidden: set[Spot] = set()
        for sq in range(SQUARES):
            old, new = before[sq], after[sq]
            if old == new:
                continue
            if bool(old) != bool(new):
                changes.append((CELL_NAMES[sq], PRESENT if new else EMPTY))
            elif _stone(old) != _stone(new):
                hidden.add(CELL_NAMES[sq])
        frozen_hidden = frozenset(hidden)
        return Footprint(tuple(sorted(changes)), frozen_hidden, frozen_hidden)

    # --- what the LEDs teach -----------------------------------------------------------

    def attacked_spots(self, seat: int) -> frozenset[Spot]:
        """The cells of the pieces ``seat`` could capture on its next turn with some roll
        (parades included)."""
        return frozenset(CELL_NAMES[sq] for sq in captures_on_turn(self.state, self.rules, seat))

    def threatened_spots(self) -> frozenset[Spot]:
        """The pieces of the seat to move (and of its partner, when united) that some
        opponent could capture on their next turn."""
        state = self.state
        rules = self.rules
        seat = state.roller
        # Everything captures_on_turn and the owners read; not the dice.
        key = (state.board, seat, state.frozen, state.united, state.boat_command)
        known = self._threats
        if known is not None and known[0] == key:
            return known[1]
        mine = {seat}
        if rules.teams and state.united[team_of_seat(seat)] >= 0:
            mine.add(partner(seat))
        attacked: set[int] = set()
        for other in rules.enemies(seat):
            attacked |= captures_on_turn(state, rules, other)
        spots = frozenset(
            CELL_NAMES[sq]
            for sq in attacked
            if state.board[sq] and owner_of(state.board[sq]) in mine
        )
        self._threats = (key, spots)
        return spots

    # --- what the computer thinks ----------------------------------------------------------

    def evaluate(self) -> tuple[float, ...]:
        """Each seat's score and a share of its army, against its strongest rival (or the
        other team's), as ``engine.chaturaji.evaluation`` weighs them."""
        return evaluation.evaluate(self.state, self.rules)

    # --- counting ------------------------------------------------------------------------

    def perft(self, depth: int) -> int:
        """Leaves of the tree ``depth`` turns deep, a turn being every sequence of moves
        from one turn's start to the next's: a roll outcome and the move (or lost turn)
        it allows, two moves with two dice, any king exchange decisions on the way.
        A game that ends early contributes no leaf below its end."""
        if depth == 0:
            return 1
        if self.outcome() is not None:
            return 0
        return self._turns(depth)

    def _turns(self, depth: int) -> int:
        """Expand the current turn until the next one starts, then count ``depth - 1``."""
        total = 0
        moves = self.chance_moves() or tuple(self.legal_moves())
        for move in moves:
            self.push(move)
            if self._turn_starts() or self.outcome() is not None:
                total += self.perft(depth - 1)
            else:
                total += self._turns(depth)
            self.pop()
        return total

    def _turn_starts(self) -> bool:
        """Whether the next turn has begun: a roll is due (without dice: any move that
        raised no king exchange question ends the turn)."""
        state = self.state
        return state.pending is None and (state.roll_due or not self.rules.dice)


def _step_footprint(board: tuple[int, ...], move: Step) -> Footprint:
    """A move of anything but a boat (which may complete a parade) changes two squares."""
    origin, target = CELL_NAMES[move.origin], CELL_NAMES[move.target]
    if not board[move.target]:
        return Footprint(tuple(sorted(((origin, EMPTY), (target, PRESENT)))))
    arriving = (
        (move.promote, owner_of(board[move.origin])) if move.promote else _stone(board[move.origin])
    )
    if arriving == _stone(board[move.target]):
        return Footprint(((origin, EMPTY),))  # pragma: no cover - a piece never takes its twin
    hidden = frozenset({target})
    return Footprint(((origin, EMPTY),), hidden, hidden)


def _stone(piece: int) -> tuple[int, int]:
    return kind_of(piece), owner_of(piece)
