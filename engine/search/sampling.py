"""The built-in search for Chaturaji and Robotory: Monte Carlo tree search over ``Position``.

Dice, four seats and robot chains by the hundred thousand make a full-width
search hopeless in pure Python, so the tree grows where the playouts say the
game is decided (UCT). Each node keeps one running total per seat and picks its
child by the value of the seat to move there (max^n: no seat assumes the others
play against it alone; partners share a value because the games' evaluations
and outcomes already add a team's fortunes). A roll due is a chance node whose
outcome is drawn uniformly. A leaf is valued by a short playout cut off by
``Position.evaluate``: a few plies, not to the end, which in pure Python would be
slow and, with random moves, mostly noise.

What is game-specific (which moves a node tries and in what order, the playout's
move, how every legal move gets a value) comes from a ``MoveSource``
(``engine.search.sampling_sources``) the game supplies (``Game.move_source``):
Robotory's never lists a crowded position's chains, only a few per robot.
"""

from __future__ import annotations

import math
import random
import time
from typing import TYPE_CHECKING, Any

from engine.errors import GameOverError, KibanError
from engine.search.levels import Level
from engine.search.sampling_sources import MoveSource, Tuning
from engine.search.types import WIN, Analysis, Limits

if TYPE_CHECKING:  # the games import engine.search (through engine.game): not at run time
    from engine.game import Position
    from engine.outcome import Outcome


class RollDueError(KibanError, RuntimeError):
    """A search was asked for a move while the dice must be rolled: the session rolls."""


def source_for(position: Position[Any]) -> MoveSource:
    """The source the position's game supplies (``Game.move_source``)."""
    return position.game.move_source(position.options)


class _Node:
    """One position of the tree, reached from its parent by one move (or roll)."""

    __slots__ = (
        "children",
        "mover",
        "moves",
        "outcomes",
        "prepared",
        "terminal",
        "totals",
        "visits",
    )

    def __init__(self, seats: int) -> None:
        self.visits = 0
        self.totals = [0.0] * seats
        self.prepared = False
        self.terminal: list[float] | None = None
        self.outcomes: tuple[Any, ...] | None = None  # the roll's faces at a chance node
        self.moves: list[Any] = []  # the candidates, most promising first
        self.children: list[_Node | None] = []  # by index of move (or of outcome)
        self.mover = 0


def outcome_values(outcome: Outcome, seats: int, teams: tuple[int, ...] | None) -> list[float]:
    """What a finished game is worth to each seat: WIN to the winners when they are one
    side (a seat, or partners), shared out when rival sides tie, -WIN to the others,
    0 to everyone in a draw."""
    if outcome.is_draw:
        return [0.0] * seats
    sides = len({seat if teams is None else teams[seat] for seat in outcome.winners})
    return [WIN / sides if seat in outcome.winners else -WIN for seat in range(seats)]


class _Search:
    """One search from one root: the tree, the position walked up and down it."""

    def __init__(self, position: Position[Any], source: MoveSource, rng: random.Random) -> None:
        self.position = position
        self.source = source
        self.tuning: Tuning = source.tuning
        self.rng = rng
        self.seats = len(position.game.seats)
        self.teams = position.teams()
        self.root = _Node(self.seats)
        self.depth = 0

    # --- values ----------------------------------------------------------------------

    def terminal_values(self) -> list[float] | None:
        outcome = self.position.outcome()
        return None if outcome is None else outcome_values(outcome, self.seats, self.teams)

    def one_ply(self, move: Any, mover: int) -> float:
        """The mover's value after ``move`` by the outcome or the static evaluation."""
        self.position.push(move)
        try:
            values = self.terminal_values()
            return values[mover] if values is not None else self.position.evaluate()[mover]
        finally:
            self.position.pop()

    def playout(self) -> list[float]:
        """Play a few quick moves from here, then value where they led."""
        position, rng = self.position, self.rng
        pushed = 0
        values = self.terminal_values()
        while values is None and pushed < self.tuning.playout_plies:
            chances = position.chance_moves()
            if chances is not None:
                move = chances[rng.randrange(len(chances))]
            else:
                move = self.source.playout_move(position, rng)
            position.push(move)
            pushed += 1
            values = self.terminal_values()
        if values is None:
            values = list(position.evaluate())
        for _ in range(pushed):
            position.pop()
        return values

    # --- the tree --------------------------------------------------------------------

    def prepare(self, node: _Node) -> None:
        """On a node's second visit: is it over, a roll, or whose move, and which moves."""
        node.prepared = True
        node.terminal = self.terminal_values()
        if node.terminal is not None:
            return
        node.outcomes = self.position.chance_moves()
        if node.outcomes is not None:
            node.children = [None] * len(node.outcomes)
            return
        node.mover = self.position.turn
        node.moves = self.source.candidates(self.position, self.rng)
        node.children = [None] * len(node.moves)

    def choose(self, node: _Node) -> int:
        """The child to walk into: a new one while the widening allows, else by UCT."""
        tuning = self.tuning
        allowed = len(node.moves)
        if tuning.widen_rate > 0:
            allowed = min(allowed, tuning.widen_base + int(tuning.widen_rate * node.visits**0.5))
        children = node.children
        for index in range(allowed):
            if children[index] is None:
                return index
        mover = node.mover
        spread = tuning.exploration * math.sqrt(math.log(node.visits))
        best, best_score = 0, -math.inf
        for index in range(allowed):
            child = children[index]
            assert child is not None
            score = child.totals[mover] / child.visits + spread / math.sqrt(child.visits)
            if score > best_score:
                best, best_score = index, score
        return best

    def iterate(self) -> None:
        """Walk down from the root to a new leaf, value it, and add the value up the path."""
        position, rng = self.position, self.rng
        node = self.root
        path = [node]
        while True:
            if node.visits == 0 and node is not self.root:
                values = self.playout()
                break
            if not node.prepared:
                self.prepare(node)
            if node.terminal is not None:
                values = node.terminal
                break
            if node.outcomes is not None:
                index = rng.randrange(len(node.outcomes))
                move = node.outcomes[index]
            else:
                index = self.choose(node)
                move = node.moves[index]
            child = node.children[index]
            if child is None:
                child = node.children[index] = _Node(self.seats)
            position.push(move)
            path.append(child)
            node = child
        self.depth = max(self.depth, len(path) - 1)
        for _ in range(len(path) - 1):
            position.pop()
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for seat in range(self.seats):
                totals[seat] += values[seat]


def analyse_sampled(
    position: Position[Any],
    level: Level,
    *,
    rng: random.Random,
    limits: Limits | None = None,
    judge_all: bool = False,
) -> Analysis[Any]:
    """The move the level plays in ``position`` (left as it was), found by ``level.playouts``
    iterations of the tree search, fewer when ``limits`` say (``max_nodes`` iterations,
    the ``deadline``). ``best`` is the root move visited most, ``value`` its mean for the
    mover, ``values`` every root move tried (moves never visited by their value one
    move deep); with ``judge_all``, every legal move gets one (see ``MoveSource.judge_all``).
    ``mate_in`` is 1 when the move wins on the spot; the playouts prove nothing longer.

    With the level's ``blunder`` chance a random candidate is played instead, a
    beginner's mistake; it never passes up a move that wins on the spot. Everything
    random is drawn from ``rng``, so a seed replays a search (unless a deadline cuts it).
    """
    if position.outcome() is not None:
        raise GameOverError(f"the game is over: no move to search in {position.text()}")
    if position.chance_moves() is not None:
        raise RollDueError(f"the dice must be rolled before anyone moves in {position.text()}")
    blunders = rng.random() < level.blunder
    source = source_for(position)
    search = _Search(position.copy(), source, rng)
    root = search.root
    search.prepare(root)
    mover = root.mover
    if not root.moves:
        raise GameOverError(f"no legal move in {position.text()}")
    shallow = {move: search.one_ply(move, mover) for move in root.moves}
    order = sorted(range(len(root.moves)), key=lambda i: -shallow[root.moves[i]])
    root.moves = [root.moves[i] for i in order]
    winning = [move for move in root.moves if shallow[move] >= WIN]
    iterations = level.playouts
    if limits is not None and limits.max_nodes is not None:
        iterations = min(iterations, limits.max_nodes)
    if winning or len(root.moves) == 1:
        iterations = 0  # nothing to weigh: a win on the spot, or a forced move
    done = 0
    while done < iterations:
        if done and limits is not None and limits.out_of_time(time.monotonic()):
            break
        search.iterate()
        done += 1
    values = dict(shallow)
    visits: dict[Any, int] = {}
    for move, child in zip(root.moves, root.children, strict=True):
        if child is not None and child.visits:
            values[move] = child.totals[mover] / child.visits
            visits[move] = child.visits
    if winning:
        best = winning[0]
    elif visits:
        best = max(root.moves, key=lambda move: (visits.get(move, 0), values[move]))
    else:
        best = root.moves[0]
    note = ""
    if blunders and not winning and len(root.moves) > 1:
        best = root.moves[rng.randrange(len(root.moves))]
        note = "a beginner's mistake: a random move"
    if judge_all:
        judged = source.judge_all(search.position, values, lambda move: search.one_ply(move, mover))
    else:
        judged = values
    return Analysis(
        best=best,
        value=values[best],
        depth=search.depth,
        nodes=done,
        values=judged,
        mate_in=1 if best in winning else None,
        note=note,
    )
