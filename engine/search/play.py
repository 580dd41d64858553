"""A level turned into a move: which search, how much of it, and a beginner's mistakes.

``analyse`` is the one entry point for every game: it picks the search the game
asks for (``Game.search_style``), gives it what the level may spend, and at the
level's rate plays a random move instead of the searched one. From level 3 on
that mistake is never a move that loses at once while another does not: a
novice overlooks things, it does not hand the game away.
"""

from __future__ import annotations

import importlib
import random
import time
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine.errors import GameOverError
from engine.search.alphabeta import search
from engine.search.levels import Level
from engine.search.scores import outcome_value, scaled
from engine.search.style import SearchStyle
from engine.search.types import Analysis, Limits

if TYPE_CHECKING:
    from engine.game import Position

PI_NODES_PER_SECOND = 5000
"""Alpha-beta nodes a Raspberry Pi 4 searches in a second, about a fifth of a
desktop's (kiban match --stats measures them): a level may spend its seconds'
worth. Counting nodes, not time, makes a level play the same on every machine
and a seeded match repeat itself; the level's seconds stay a deadline besides."""

CAREFUL_FROM = 3
"""The first level whose random mistakes avoid a move that loses at once."""


def level_limits(level: Level, *, now: float | None = None) -> Limits:
    """What a level may spend on one move of a two-player game."""
    start = time.monotonic() if now is None else now
    return Limits(
        max_depth=level.depth,
        max_nodes=round(level.seconds * PI_NODES_PER_SECOND),
        deadline=start + level.seconds,
    )


def _within_level(level: Level, limits: Limits | None) -> Limits:
    """``limits`` with what it leaves open (None) taken from the level's own budget: a
    caller that only wants to stop the search early (move now) keeps the level."""
    own = level_limits(level)
    if limits is None:
        return own
    return replace(
        limits,
        max_depth=own.max_depth if limits.max_depth is None else limits.max_depth,
        max_nodes=own.max_nodes if limits.max_nodes is None else limits.max_nodes,
        deadline=own.deadline if limits.deadline is None else limits.deadline,
    )


def analyse(
    position: Position[Any],
    level: Level,
    *,
    rng: random.Random,
    limits: Limits | None = None,
    judge_all: bool = False,
) -> Analysis[Any]:
    """The move ``level`` plays in ``position`` (not changed), with what the search
    found. ``limits`` replaces the level's budget (its depth stays when
    ``limits.max_depth`` is None); ``judge_all`` values every legal move (the coach).
    Raises ``GameOverError`` when there is no move to play."""
    limits = _within_level(level, limits)
    style = position.game.search_style(position.options)
    if style is SearchStyle.SAMPLING:
        # The sampling search is another module's; imported by name, so that a
        # missing one fails here, for the games that need it, not at import.
        sampling = importlib.import_module("engine.search.sampling")
        sampled: Analysis[Any] = sampling.analyse_sampled(
            position, level, rng=rng, limits=limits, judge_all=judge_all
        )
        return sampled
    found = search(position, limits, judge_all=judge_all)
    if level.blunder <= 0 or rng.random() >= level.blunder:
        return found
    return beginners_mistake(position, found, level, rng)


def beginners_mistake(
    position: Position[Any], found: Analysis[Any], level: Level, rng: random.Random
) -> Analysis[Any]:
    """A random legal move in place of the searched one (a safe one when the level is
    careful and there is one)."""
    moves = list(position.legal_moves())
    rng.shuffle(moves)
    chosen = moves[0]
    if level.number >= CAREFUL_FROM:
        chosen = next((move for move in moves if not loses_at_once(position, move)), chosen)
    value = found.values[chosen] if chosen in found.values else _static_value(position, chosen)
    note = (
        f"a beginner's mistake: level {level.number} plays a random move "
        f"{level.blunder:.0%} of the time ({position.move_text(found.best)} was found)"
    )
    return replace(found, best=chosen, value=value, mate_in=None, note=note)


def _static_value(position: Position[Any], move: Any) -> float:
    """A move's value for its player without a search: the end it makes, or the
    evaluation of the position it leaves."""
    board = position.copy()
    seat = board.turn
    board.push(move)
    outcome = board.outcome()
    if outcome is not None:
        return outcome_value(outcome, seat, 1)
    return scaled(board.evaluate()[seat])


def loses_at_once(position: Position[Any], move: Any) -> bool:
    """Whether ``move`` ends the game lost for its player, or lets an opponent end it
    so with their next move. The position is not changed."""
    board = position.copy()
    seat = board.turn
    board.push(move)
    try:
        outcome = board.outcome()
        if outcome is not None:
            return outcome_value(outcome, seat, 0) < 0
        if board.chance_moves() is not None:
            return False  # the dice decide first
        for reply in list(board.legal_moves()):
            board.push(reply)
            ended = board.outcome()
            board.pop()
            if ended is not None and outcome_value(ended, seat, 0) < 0:
                return True
        return False
    finally:
        board.pop()


class BuiltinPlayer:
    """A computer seat played by the built-in search at one level."""

    def __init__(self, level: Level, rng: random.Random) -> None:
        self.level = level
        self.rng = rng

    @property
    def name(self) -> str:
        return f"level {self.level.number} ({self.level.name})"

    def analyse(
        self, position: Position[Any], *, limits: Limits | None = None, judge_all: bool = False
    ) -> Analysis[Any]:
        return analyse(position, self.level, rng=self.rng, limits=limits, judge_all=judge_all)

    def close(self) -> None:
        """Nothing runs between moves."""


class RandomPlayer:
    """A seat that plays any legal move, each as likely: the floor every level must beat."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    @property
    def name(self) -> str:
        return "random"

    def analyse(
        self, position: Position[Any], *, limits: Limits | None = None, judge_all: bool = False
    ) -> Analysis[Any]:
        moves = list(position.legal_moves())
        if not moves:
            raise GameOverError("the game is over; there is no move to play")
        values = dict.fromkeys(moves, 0.0) if judge_all else {}
        note = "a random mover values every move the same" if judge_all else ""
        return Analysis(
            best=self.rng.choice(moves), value=0.0, depth=0, nodes=0, values=values, note=note
        )

    def close(self) -> None:
        """Nothing runs between moves."""
