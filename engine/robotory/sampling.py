"""Robotory's half of the tree search: a few hundred candidates, never every chain.

A crowded board has hundreds of thousands of chains (a robot walks through any
order of the tokens it eats), but what decides the game is which camp each robot
ends in and when the lid runs out. So a node tries: every refill and every token
placement (at most 5 and 48), for each robot the shortest chain to every cell it
can end on (a breadth-first walk over the tokens it eats: at most 24 a robot),
and a few long random walks that eat many tokens (denying the other seat its
fuel). Candidates are ordered by a cheap prior: a refill that ends the game is
first when the mover then wins and last when it loses; a chain that brings a
robot home comes before one that takes it away; placements after.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from engine.robotory.board import CAMP_MASKS, CELL_NAMES, NEIGHBOURS, ROBOT_LETTERS, robots_in_camp
from engine.robotory.moves import Chain, RobotoryMove
from engine.robotory.rules import PLACES, edible, free_cells, refills
from engine.search.sampling_sources import SearchedPosition, Tuning

if TYPE_CHECKING:
    from engine.robotory.position import RobotoryPosition

TUNING = Tuning(exploration=0.7, playout_plies=0, widen_base=3, widen_rate=1.0)
"""No playout: the evaluation judges a new leaf at once (the end is about the robots'
camps when the lid runs out, which random moves only blur); the tree widens with
the square root of a node's visits, in the prior's order."""

LONG_WALKS = 2
"""Random long chains tried per robot, besides the shortest one to every end."""

ENDS_WON, ENDS_LOST = 100.0, -100.0
HOMECOMING = 3.0
"""A chain that brings a robot into the mover's camp (minus, one that takes it out)."""
MAJORITY = 1.0
"""More when the homecoming gives the mover two robots at home."""
REFILL = 0.25
PLACEMENT = -0.5
JITTER = 0.1
"""Ties are broken at random (from the search's rng)."""

PLAYOUT_BEST = 0.5
"""How often a playout plays the candidate the prior likes best, not a random one."""


def _chain(robot: int, path: list[int]) -> Chain:
    return Chain(ROBOT_LETTERS[robot], tuple(CELL_NAMES[cell] for cell in path))


def shortest_chains(origin: int, food: int) -> dict[int, list[int]]:
    """For each cell a robot on ``origin`` can end on (through tokens of ``food``), one
    shortest walk there: a chain eating only the tokens on its way."""
    walks: dict[int, list[int]] = {}
    frontier = [origin]
    parent = {origin: -1}
    while frontier:
        following = []
        for cell in frontier:
            for step in NEIGHBOURS[cell]:
                if food >> step & 1 and step not in parent:
                    parent[step] = cell
                    following.append(step)
                    walks[step] = [*walks.get(cell, [origin]), step]
        frontier = following
    return walks


def long_walk(origin: int, food: int, rng: random.Random) -> list[int]:
    """A chain that goes on, at random, until no token it eats is left next to it."""
    path = [origin]
    eaten = 0
    cell = origin
    while True:
        steps = [step for step in NEIGHBOURS[cell] if food >> step & 1 and not eaten >> step & 1]
        if not steps:
            return path
        cell = steps[rng.randrange(len(steps))]
        eaten |= 1 << cell
        path.append(cell)


@dataclass(frozen=True, slots=True)
class RobotoryMoves:
    """Refills, placements and a few chains per robot, by a cheap prior."""

    tuning: Tuning = TUNING

    def candidates(self, position: SearchedPosition, rng: random.Random) -> list[Any]:
        parts = cast("RobotoryPosition", position).parts()
        tokens, robots, lid, turn = parts.tokens, parts.robots, parts.lid, parts.turn
        stock = parts.stocks[turn]
        home = CAMP_MASKS[turn]
        at_home = robots_in_camp(robots, turn)
        scored: dict[RobotoryMove, float] = {}
        for refill in refills(stock, lid):
            left = (lid[0] - refill.white, lid[1] - refill.black)
            if not (left[0] and left[1]):
                scored[refill] = ENDS_WON if at_home >= 2 else ENDS_LOST
            else:
                scored[refill] = REFILL + JITTER * rng.random()
        for robot, origin in enumerate(robots):
            food = edible(tokens, robot)
            was_home = home >> origin & 1
            walks = list(shortest_chains(origin, food).values())
            for _ in range(LONG_WALKS if walks else 0):
                walk = long_walk(origin, food, rng)
                if len(walk) > 2:
                    walks.append(walk)
            for walk in walks:
                move = _chain(robot, walk)
                if move in scored:
                    continue
                change = (home >> walk[-1] & 1) - was_home
                score = HOMECOMING * change + JITTER * rng.random()
                if change > 0 and at_home + 1 >= 2:
                    score += MAJORITY
                scored[move] = score
        free = free_cells(tokens, robots)
        for colour in (0, 1):
            if stock[colour] > 0:
                for cell in range(len(CELL_NAMES)):
                    if free >> cell & 1:
                        scored[PLACES[colour][cell]] = PLACEMENT + JITTER * rng.random()
        if not scored:
            return list(position.legal_moves())  # nothing to do but pass
        return sorted(scored, key=lambda move: -scored[move])

    def playout_move(self, position: SearchedPosition, rng: random.Random) -> Any:
        moves = self.candidates(position, rng)
        if rng.random() < PLAYOUT_BEST:
            return moves[0]
        return moves[rng.randrange(len(moves))]

    def judge_all(
        self,
        position: SearchedPosition,
        judged: Mapping[Any, float],
        one_ply: Callable[[Any], float],
    ) -> dict[Any, float]:
        """Every placement and refill is a candidate, judged by the search; a chain that
        was not a candidate gets the value of the candidate chain of the same robot that
        ends on the same cell (its robot lands in the same camp; only the tokens eaten on
        the way differ). The legal moves are listed once, however many there are."""
        by_end: dict[tuple[str, str], float] = {}
        for move, value in judged.items():
            if isinstance(move, Chain):
                key = (move.robot, move.target)
                by_end[key] = max(value, by_end.get(key, value))
        values: dict[Any, float] = {}
        searched = judged.get
        for move in position.legal_moves():
            known = searched(move)
            if known is None and isinstance(move, Chain):
                known = by_end.get((move.robot, move.path[-1]))
            # every end has a shortest chain among the candidates: one_ply is a safety net
            values[move] = one_ply(move) if known is None else known
        return values
