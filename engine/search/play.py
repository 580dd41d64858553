"""A level turned into a move: which search, how much of it, and a person's mistakes.

``analyse`` is the one entry point for every game: it picks the search the game
asks for (``Game.search_style``), gives it what the level may spend, and at the
level's rate plays a move by feel instead of the searched one
(``engine.search.feel``: a shallow look, misjudged trades, a liking for natural
moves; never a uniformly random move). Whatever the level, the rails hold
(``engine.search.rails``): a win on the spot is taken, and a move that lets an
opponent win at once is not played while another is not so.
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from engine.errors import GameOverError
from engine.search.alphabeta import search
from engine.search.feel import drawn, feel
from engine.search.levels import Level
from engine.search.rails import candidates, first_safe, loses_at_once, wins_at_once
from engine.search.scores import outcome_value, scaled
from engine.search.style import SearchStyle
from engine.search.types import Analysis, Limits

if TYPE_CHECKING:
    from engine.game import Position

__all__ = [
    "PI_NODES_PER_SECOND",
    "BuiltinPlayer",
    "RandomPlayer",
    "analyse",
    "beginners_mistake",
    "level_limits",
    "loses_at_once",
]

PI_NODES_PER_SECOND = 5000
"""Alpha-beta nodes a Raspberry Pi 4 searches in a second, about a fifth of a
desktop's (kiban match --stats measures them): a level may spend its seconds'
worth. Counting nodes, not time, makes a level play the same on every machine
and a seeded match repeat itself; the level's seconds stay a deadline besides."""

FEEL_POOL = 500
"""The most moves a level weighs by feel (the best valued): a person does not weigh
every one of a crowded board's hundred thousand chains."""


def level_limits(level: Level, *, now: float | None = None) -> Limits:
    """What a level may spend on one move of a two-player game: its nodes, and the time
    a Raspberry Pi 4 takes for them (at least the level's seconds), so that on a Pi
    the nodes the calibration table measured, not the clock, decide how far it looks."""
    start = time.monotonic() if now is None else now
    nodes = level.nodes or round(level.seconds * PI_NODES_PER_SECOND)
    return Limits(
        max_depth=level.depth,
        max_nodes=nodes,
        deadline=start + max(level.seconds, nodes / PI_NODES_PER_SECOND),
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
    by_feel = level.blunder > 0 and rng.random() < level.blunder
    style = position.game.search_style(position.options)
    if style is SearchStyle.SAMPLING:
        # The sampling search is another module's; imported by name, so that a
        # missing one fails here, for the games that need it, not at import. Its
        # own mistakes are off: a mistake here is made by feel, as for every game.
        sampling = importlib.import_module("engine.search.sampling")
        found: Analysis[Any] = sampling.analyse_sampled(
            position, replace(level, blunder=0.0), rng=rng, limits=limits, judge_all=judge_all
        )
        pool: Mapping[Any, float] = found.values
        if len(pool) > FEEL_POOL:  # every chain of a crowded board, judged for the coach
            pool = dict(sorted(pool.items(), key=lambda item: -item[1])[:FEEL_POOL])
    elif by_feel and not judge_all:
        depth = min(level.feel_depth, limits.max_depth or level.feel_depth)
        found = search(position, replace(limits, max_depth=depth), judge_all=True)
        pool = found.values
    else:
        selective = position.game.selective_search if level.selective is None else level.selective
        if selective and not (judge_all or by_feel):
            limits = replace(limits, selective=True)  # a move to play, not every value
        found = search(position, limits, judge_all=judge_all or by_feel)
        pool = found.values
    if by_feel:
        return _felt(position, found, pool, level, rng)
    return on_rails(position, found, rng)


def _felt(
    position: Position[Any],
    found: Analysis[Any],
    pool: Mapping[Any, float],
    level: Level,
    rng: random.Random,
) -> Analysis[Any]:
    """The move ``level`` plays by feel over ``pool`` (moves and their values; every
    legal move valued one move deep when it is empty), kept on the rails."""
    board = position.copy()
    values = dict(pool) or {move: _static_value(board, move) for move in board.legal_moves()}
    if level.overlook > 0 and len(values) > 1:
        seen = [move for move in values if rng.random() >= level.overlook]
        kept = seen or [rng.choice(list(values))]
        values = {move: values[move] for move in kept}
    felt = feel(board, values, level, rng)
    chosen = _railed(board, drawn(felt, level.temperature, rng), values, rng)
    if chosen == found.best:
        return found
    value = values[chosen] if chosen in values else _static_value(board, chosen)
    note = (
        f"level {level.number} plays by feel: {position.move_text(chosen)} "
        f"({position.move_text(found.best)} looked best)"
    )
    mate = 1 if wins_at_once(board, chosen) else None
    return replace(found, best=chosen, value=value, mate_in=mate, note=note)


def on_rails(position: Position[Any], found: Analysis[Any], rng: random.Random) -> Analysis[Any]:
    """``found`` with its move kept on the rails: a win on the spot when there is one,
    never a move that loses at once while another does not."""
    board = position.copy()
    values = found.values
    others = sorted((move for move in values if move != found.best), key=lambda m: -values[m])
    preference = [found.best, *others]
    chosen = _railed(board, preference, values, rng)
    if chosen == found.best:
        return found
    value = values[chosen] if chosen in values else _static_value(board, chosen)
    why = "wins at once" if wins_at_once(board, chosen) else "does not lose at once"
    note = f"{position.move_text(chosen)} {why} ({position.move_text(found.best)} was found)"
    note = f"{found.note}; {note}" if found.note else note
    return replace(found, best=chosen, value=value, mate_in=None, note=note)


def _railed(
    board: Position[Any], preference: Iterable[Any], values: Mapping[Any, float], rng: random.Random
) -> Any:
    """The first move of ``preference`` on the rails: a win on the spot first of all
    (the best valued), else the first that does not lose at once; when every move
    loses, the first. The moves tried besides ``preference`` are the game's
    candidates (``rails.candidates``)."""
    pool = candidates(board, rng)
    wins = [move for move in pool if wins_at_once(board, move)]
    if wins:
        return max(wins, key=lambda move: values.get(move, 0.0))
    preferred = list(dict.fromkeys(preference))
    chosen, safe = first_safe(board, preferred, rng)
    if safe or not preferred:
        return chosen
    rest = [move for move in pool if move not in set(preferred)]
    other, safe = first_safe(board, rest, rng)
    return other if safe else chosen


def beginners_mistake(
    position: Position[Any], found: Analysis[Any], level: Level, rng: random.Random
) -> Analysis[Any]:
    """A move by feel in place of ``found.best`` (an outside engine's, at a low level):
    the level's shallow look, misjudged and drawn as ``analyse`` draws it, on the rails."""
    style = position.game.search_style(position.options)
    pool: Mapping[Any, float] = {}
    if style is SearchStyle.ALPHA_BETA:
        shallow = replace(level_limits(level), max_depth=level.feel_depth)
        pool = search(position, shallow, judge_all=True).values
    felt = _felt(position, found, pool, level, rng)
    if felt is found or not found.note:
        return felt
    return replace(felt, note=f"{found.note}; {felt.note}")


def _static_value(position: Position[Any], move: Any) -> float:
    """A move's value for its player without a search: the end it makes, or the
    evaluation of the position it leaves."""
    seat = position.turn
    position.push(move)
    try:
        outcome = position.outcome()
        if outcome is not None:
            return outcome_value(outcome, seat, 1)
        return scaled(position.evaluate()[seat])
    finally:
        position.pop()


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
