"""The positions the kit checks a game on: seeded random games under each setting of its
rule options, cut at the start, a middle game and a late one, their end when they end,
and the positions the game names for its bench.

The games are random but seeded by the game's name, its options and the seed, so a
failure names a position that is found again on the next run; the lines are played
once per process (each check of a game walks the same ones). ``sims``, the kit's size
knob (OpenSpiel's ``num_sims``), is how many such games are played for each setting:
1 by default, more for a game's own deeper run (``pytest --kiban-sims N``).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any

from engine.errors import VariantError
from engine.game import Game, Position
from engine.physical import EMPTY, Sensing

MIDDLE = (8, 40)
"""Plies of seeded random play to the middle-game positions."""
LONGEST = 600
"""The most plies a random game is played for."""
SIMS = 1
"""The random games played for each setting unless a run asks for more."""

Setting = tuple[tuple[str, str], ...]
"""Rule options as chosen (the others at their defaults), sorted by name: a key of the
random lines."""


def playable(position: Position[Any]) -> list[Hashable]:
    """What may be pushed now: the legal moves, or the outcomes of a roll that is due."""
    return list(position.chance_moves() or position.legal_moves())


def takes(position: Position[Any], move: Hashable) -> bool:
    """Whether a move takes something off the board: it lands on a piece, or it empties
    more cells than it fills (a marble pushed off, tokens eaten)."""
    cells = frozenset(position.game.cells)
    footprint = position.footprint(move, Sensing.OCCUPANCY)
    emptied = sum(
        1 if reading == EMPTY else -1 for spot, reading in footprint.changes if spot in cells
    )
    return bool(footprint.must_touch & cells) or emptied > 0


@cache
def random_line(game: Game[Any], options: Setting, seed: int = 0) -> tuple[str, ...]:
    """The moves of a seeded random game: for the middle-game plies a move that ends the
    game is played only when a few tries find no other; then mostly captures, to the
    end or ``LONGEST`` plies."""
    rng = random.Random(f"{game.name} {options} {seed}")
    position = game.position(None, dict(options))
    moves: list[str] = []
    while len(moves) < LONGEST and position.outcome() is None:
        choices = playable(position)
        if len(moves) >= max(MIDDLE) and rng.random() < 0.8:
            choices = [move for move in choices if takes(position, move)] or choices
        for _ in range(5 if len(moves) < max(MIDDLE) else 1):
            move = rng.choice(choices)
            position.push(move)
            if position.outcome() is None:
                break
            position.pop()
        else:
            position.push(move)
        moves.append(position.move_text(position.move_stack[-1]))
    return tuple(moves)


def settings(game: Game[Any]) -> tuple[Setting, ...]:
    """The rule settings the game is checked under: its defaults, then each value of each
    of its options with the others at their defaults (a value that needs another option
    changed too is left to the option contract, which tries the pairs)."""
    found: list[Setting] = [()]
    for spec in game.option_specs:
        for value in spec.examples()[1:]:
            try:
                game.position(None, {spec.name: value})
            except VariantError:
                continue
            found.append(((spec.name, value),))
    return tuple(found)


@dataclass(frozen=True)
class Case:
    """A position of a game: its options, an optional start text, the moves from there."""

    game: Game[Any]
    options: Setting
    label: str
    start: str | None = None
    moves: tuple[str, ...] = ()
    seed: int = 0
    """The random game the position is of (the first: 0)."""

    def position(self) -> Position[Any]:
        position: Position[Any] = self.game.position(self.start, dict(self.options))
        for move in self.moves:
            position.push_text(move)
        return position

    def __str__(self) -> str:
        options = ",".join(f"{key}={value}" for key, value in self.options)
        name = self.game.name + (f"#{self.seed}" if self.seed else "")
        return f"{name}[{options}]:{self.label}" if options else f"{name}:{self.label}"


def line_cases(game: Game[Any], options: Setting, *, every: bool, seed: int = 0) -> Iterator[Case]:
    """The positions of one setting's random game (its ``seed``th): the start (of the
    first game only: every game starts there), the late position and the end when it
    ended, and (``every``) the middle-game plies between (where a roll is due there, the
    ply after it too: the player's move)."""
    line = random_line(game, options, seed)
    if seed == 0:
        yield Case(game, options, "start")
    for plies in MIDDLE if every else ():
        if plies < len(line) - 2:  # before the late position
            middle = Case(game, options, f"ply{plies}", moves=line[:plies], seed=seed)
            yield middle
            if plies + 1 < len(line) - 2 and middle.position().chance_moves() is not None:
                # a roll due: the player's move after it too
                yield Case(game, options, f"ply{plies + 1}", moves=line[: plies + 1], seed=seed)
    yield Case(game, options, "late", moves=line[:-2], seed=seed)
    if Case(game, options, "end", moves=line).position().outcome() is not None:
        yield Case(game, options, "end", moves=line, seed=seed)


@cache
def cases(game: Game[Any], sims: int = SIMS) -> tuple[Case, ...]:
    """Every position the contract's checks walk: in each of ``sims`` random games,
    each middle-game ply under the game's default rules, the last one under each other
    setting (each checked as closely, at the cost of fewer positions); and the game's
    bench positions."""
    found = [
        case
        for seed in range(sims)
        for index, options in enumerate(settings(game))
        for case in line_cases(game, options, every=index == 0, seed=seed)
    ]
    found += [
        Case(game, (), f"bench{index}", start=notable.text)
        for index, notable in enumerate(game.bench().positions)
    ]
    return tuple(found)


def sample_positions(game: Game[Any], sims: int = SIMS) -> list[Position[Any]]:
    """A few positions of each of ``sims`` random games under the game's default rules,
    in pairs of plies one after the other (a game with dice has a roll due at one of each
    pair): for the words, the records and the search."""
    plies = sorted({0, 1, *MIDDLE, *(ply + 1 for ply in MIDDLE)})
    found = []
    for seed in range(sims):
        line = random_line(game, (), seed)
        found += [
            Case(game, (), f"ply{ply}", moves=line[:ply], seed=seed).position()
            for ply in plies
            if ply <= len(line) and (seed == 0 or ply > 0)  # every game starts alike
        ]
    return found


@contextmanager
def about(subject: object) -> Iterator[None]:
    """A failure inside the block names ``subject`` (the position it was found in)."""
    try:
        yield
    except AssertionError as error:
        raise AssertionError(f"{subject}: {error}") from error
