"""A Robotory position: two token masks, three robot cells, the stocks, the lid, an undo stack."""

from __future__ import annotations

import copy
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, Self

from engine.errors import GameOverError, IllegalMoveError
from engine.game import Layout, Position
from engine.options import Options
from engine.outcome import Outcome
from engine.physical import Footprint, Reading, Sensing, Spot, Stone
from engine.robotory import evaluation, lookup
from engine.robotory.board import (
    CAMP_MASKS,
    CELL_INDEX,
    CELL_NAMES,
    COLOUR_OF_LETTER,
    ROBOT_OF_LETTER,
    bits,
    robots_in_camp,
)
from engine.robotory.illegal import illegal_moves, illegal_moves_changing, reason
from engine.robotory.moves import Chain, Pass, PlaceToken, Refill, RobotoryMove
from engine.robotory.notation import (
    PositionParts,
    read_move,
    read_position,
    write_move,
    write_position,
)
from engine.robotory.rules import canonical_path, edible, generate, outcome, reachable
from engine.robotory.sensing import board_contents, footprint, layout
from engine.said import Said

if TYPE_CHECKING:
    from engine.game import Game

Undo = tuple[int, int, int]
"""What a move needs to be taken back: for a chain (robot, its cell before, the white
and black tokens eaten as one mask each packed as white << 24 | black); for a
placement (colour, cell, 0); for a refill (white, black, 0); for a pass (0, 0, 0)."""


class RobotoryPosition(Position[RobotoryMove]):
    """A mutable position; ``push``/``pop`` edit it in place."""

    def __init__(self, game: Game[Any], options: Options, text: str) -> None:
        super().__init__(game, options)
        parts = read_position(text)
        self._tokens = list(parts.tokens)
        self._robots = list(parts.robots)
        self._stocks = [list(parts.stocks[0]), list(parts.stocks[1])]
        self._lid = list(parts.lid)
        self._turn = parts.turn
        self._undo: list[Undo] = []
        self._legal: tuple[RobotoryMove, ...] | None = None
        self._contents: list[Stone | None] | None = None  # the board's stones, for footprints

    # --- what the position holds -----------------------------------------------------

    @property
    def turn(self) -> int:
        return self._turn

    def stock(self, seat: int) -> tuple[int, int]:
        """(white, black) tokens in a seat's stock."""
        white, black = self._stocks[seat]
        return white, black

    def lid(self) -> tuple[int, int]:
        """(white, black) tokens left on the lid, the common reserve."""
        return self._lid[0], self._lid[1]

    def robot_cell(self, letter: str) -> Spot:
        """The cell of the robot "W", "B" or "R"."""
        return CELL_NAMES[self._robots[ROBOT_OF_LETTER[letter]]]

    def tokens(self, colour: str) -> frozenset[Spot]:
        """The cells holding a token of ``colour`` ("w" or "b")."""
        return frozenset(CELL_NAMES[cell] for cell in bits(self._tokens[COLOUR_OF_LETTER[colour]]))

    def robots_in_camp(self, seat: int) -> int:
        return robots_in_camp(self._robots, seat)

    def counters(self) -> dict[str, int]:
        """The lid's tokens, shown as two bars of LEDs beside the board."""
        white, black = self.lid()
        return {"lid:w": white, "lid:b": black}

    def scores(self) -> tuple[int, int]:
        """Robots in each seat's own camp: two or three win when the lid runs out."""
        return self.robots_in_camp(0), self.robots_in_camp(1)

    # --- rules ---------------------------------------------------------------------

    def legal_moves(self) -> Iterator[RobotoryMove]:
        if self.outcome() is not None:
            return
        if self._legal is not None:
            yield from self._legal
            return
        found = []
        for move in generate(self._tokens, self._robots, self._stocks[self._turn], self._lid):
            found.append(move)
            yield move
        self._legal = tuple(found)

    def moves_changing(
        self, spots: frozenset[Spot], *, exactly: bool = False
    ) -> Iterator[RobotoryMove]:
        """From the robot or the cell among ``spots`` (see ``engine.robotory.lookup``)."""
        if self.outcome() is not None:
            return iter(())
        stock = self._stocks[self._turn]
        return lookup.moves_changing(
            self._tokens, self._robots, stock, self._lid, spots, exactly=exactly
        )

    def moves_showing(self, changes: tuple[tuple[Spot, Reading], ...]) -> Iterator[RobotoryMove]:
        """From the robot among them and where it ended (``lookup.moves_showing``)."""
        if self.outcome() is not None:
            return iter(())
        stock = self._stocks[self._turn]
        return lookup.moves_showing(self._tokens, self._robots, stock, self._lid, changes)

    def moves_continuing(self, move: RobotoryMove) -> Iterator[RobotoryMove]:
        """The chain one step longer from where ``move`` ended, onto each token the robot
        may eat there (``lookup.chains_going_on``); other moves do not go on."""
        if not isinstance(move, Chain) or self.outcome() is not None:
            return iter(())
        return lookup.chains_going_on(self._tokens, self._robots, move)

    def moves_off_board(self) -> Iterator[RobotoryMove]:
        if self.outcome() is not None:
            return iter(())
        stock = self._stocks[self._turn]
        return lookup.moves_off_board(self._tokens, self._robots, stock, self._lid)

    def illegal_moves_changing(self, spots: frozenset[Spot]) -> Iterator[tuple[RobotoryMove, Said]]:
        if self.outcome() is not None:
            return iter(())
        stock = self._stocks[self._turn]
        return illegal_moves_changing(
            self._tokens, self._robots, stock, self._lid, spots, turn=self._turn
        )

    def destinations(self, spot: Spot) -> tuple[frozenset[Spot], frozenset[Spot]] | None:
        """A robot ends on a token it can reach through tokens it eats; a token lifted
        is being eaten, and goes nowhere on the board."""
        cell = CELL_INDEX.get(spot)
        if cell is None or self.outcome() is not None:
            return None
        if cell not in self._robots:
            if any(mask >> cell & 1 for mask in self._tokens):
                return frozenset(), frozenset()
            return None
        robot = self._robots.index(cell)
        ends = reachable(cell, edible(self._tokens, robot))
        return frozenset(), frozenset(CELL_NAMES[end] for end in bits(ends))

    def illegal_moves(self) -> Iterator[tuple[RobotoryMove, Said]]:
        if self.outcome() is not None:
            return iter(())
        return illegal_moves(
            self._tokens,
            self._robots,
            self._stocks[self._turn],
            self._lid,
            turn=self._turn,
        )

    def parse_move(self, text: str) -> RobotoryMove:
        """Parse and check a move; the error names the rule it breaks. A chain written
        in another valid order of the same steps is the legal move, in its own order."""
        move = self.read_move(text)
        if self.outcome() is not None:
            raise GameOverError(f"the game is over; {text!r} cannot be played")
        first = next(self.legal_moves())
        why = reason(
            self._tokens,
            self._robots,
            self._stocks[self._turn],
            self._lid,
            turn=self._turn,
            move=move,
            can_act=not isinstance(first, Pass),
        )
        if why is not None:
            raise IllegalMoveError(f"{text} is illegal: {why}")
        if isinstance(move, Chain):
            return Chain(move.robot, canonical_path(move.path))
        return move

    def push(self, move: RobotoryMove) -> None:
        """Play a move without checking it (``parse_move`` checks one)."""
        turn = self._turn
        match move:
            case PlaceToken(colour, cell):
                index = COLOUR_OF_LETTER[colour]
                self._tokens[index] |= 1 << CELL_INDEX[cell]
                self._stocks[turn][index] -= 1
                record: Undo = (index, CELL_INDEX[cell], 0)
            case Chain(letter, path):
                robot = ROBOT_OF_LETTER[letter]
                eaten = 0
                for name in path[1:]:
                    eaten |= 1 << CELL_INDEX[name]
                white, black = self._tokens[0] & eaten, self._tokens[1] & eaten
                self._tokens[0] ^= white
                self._tokens[1] ^= black
                record = (robot, self._robots[robot], white << 24 | black)
                self._robots[robot] = CELL_INDEX[path[-1]]
            case Refill(white, black):
                stock = self._stocks[turn]
                if white > self._lid[0] or black > self._lid[1]:
                    raise IllegalMoveError(f"{write_move(move)}: the lid holds {self._lid}")
                stock[0] += white
                stock[1] += black
                self._lid[0] -= white
                self._lid[1] -= black
                record = (white, black, 0)
            case Pass():
                record = (0, 0, 0)
        self._undo.append(record)
        self.move_stack.append(move)
        self._turn ^= 1
        self._legal = None
        self._contents = None

    def pop(self) -> RobotoryMove:
        move = self.move_stack.pop()
        first, second, third = self._undo.pop()
        self._turn ^= 1
        self._legal = None
        self._contents = None
        turn = self._turn
        match move:
            case PlaceToken():
                self._tokens[first] &= ~(1 << second)
                self._stocks[turn][first] += 1
            case Chain():
                self._robots[first] = second
                self._tokens[0] |= third >> 24
                self._tokens[1] |= third & ((1 << 24) - 1)
            case Refill():
                self._stocks[turn][0] -= first
                self._stocks[turn][1] -= second
                self._lid[0] += first
                self._lid[1] += second
            case Pass():
                pass
        return move

    def copy(self) -> Self:
        clone = copy.copy(self)
        clone.move_stack = list(self.move_stack)
        clone._tokens = list(self._tokens)
        clone._robots = list(self._robots)
        clone._stocks = [list(self._stocks[0]), list(self._stocks[1])]
        clone._lid = list(self._lid)
        clone._undo = list(self._undo)
        return clone

    def outcome(self) -> Outcome | None:
        return outcome(self._robots, self._lid)

    # --- notation ------------------------------------------------------------------

    def parts(self) -> PositionParts:
        return PositionParts(
            (self._tokens[0], self._tokens[1]),
            (self._robots[0], self._robots[1], self._robots[2]),
            (self.stock(0), self.stock(1)),
            self.lid(),
            self._turn,
        )

    def text(self) -> str:
        return write_position(self.parts())

    def favoured(self, choices: Sequence[RobotoryMove]) -> int | None:
        """A token's colour: the one the mover holds more of."""
        from engine.robotory import board

        white, black = self.stock(self.turn)
        colours = [c.colour for c in choices if isinstance(c, PlaceToken)]
        if white == black or len(colours) != len(choices):
            return None
        more = board.TOKEN_LETTERS[0 if white > black else 1]
        return colours.index(more) if more in colours else None

    def move_text(self, move: RobotoryMove) -> str:
        return write_move(move)

    def read_move(self, text: str) -> RobotoryMove:
        return read_move(text)

    # --- the physical board --------------------------------------------------------

    def layout(self) -> Layout:
        return layout(self._tokens, self._robots, self._stocks)

    def footprint(self, move: RobotoryMove, sensing: Sensing) -> Footprint:
        """Computed from the few spots the move touches; see ``engine.robotory.sensing``."""
        if self._contents is None:
            self._contents = board_contents(self._tokens, self._robots)
        return footprint(
            self.game,
            self._contents,
            self._stocks[self._turn],
            turn=self._turn,
            move=move,
            sensing=sensing,
        )

    # --- what the computer thinks --------------------------------------------------

    def evaluate(self) -> tuple[float, ...]:
        """Robots' camps, weighed by how full the lid still is, and who can end the game
        (``engine.robotory.evaluation``)."""
        return evaluation.evaluate(self._tokens, self._robots, self._stocks, self._lid, self._turn)

    # --- what the LEDs teach -------------------------------------------------------

    def threatened_spots(self) -> frozenset[Spot]:
        """The robots in the mover's camp that the opponent could move out of it next turn
        (on the board as it stands: a chain ending outside the camp)."""
        camp = CAMP_MASKS[self._turn]
        threatened = set()
        for robot, cell in enumerate(self._robots):
            if camp >> cell & 1 and reachable(cell, edible(self._tokens, robot)) & ~camp:
                threatened.add(CELL_NAMES[cell])
        return frozenset(threatened)
