"""The hands check: the simulated hands play every game's moves where its rules say.

``kiban sim`` plays a move on the simulated board by moving the stones by hand (the
mock world's ``Gestures``), and the terminal's ``move FROM TO`` and the page's drag are
one stone's gesture whose capture the hands put where the rules send it. So a game's
moves are played by the hands from its start and a few random plies on, and each move
of one stone is made as that gesture; after each the stones on the board (read with
their faces: a turn shows) are the layout the game has after the move, and no hand
holds anything. No simulated board is needed: the world is the game's own spots.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from typing import Any

from engine.game import Game, Position
from engine.physical import Sensing, Spot
from firmware_host.testing.lines import SIMS, about
from hardware.mock.gestures import Gestures, Pace
from hardware.mock.hands import Hands, HandStep, apply, plan
from hardware.mock.world import SimulatedWorld

POSITIONS = 3
"""The positions of each random game: the start, then one after each ``PLIES`` more."""
PLIES = 10
MOVES = 12
"""The random legal moves tried from each position."""


def hands_on(game: Game[Any], position: Position[Any], pace: Pace | None = None) -> Gestures:
    """The hands at ``position`` set up in a world that reads faces (a wrong turn shows)."""
    world = SimulatedWorld(game, Sensing.POLARITY)
    world.arrange(position.layout())
    return Gestures(world, Hands(game.geometry), Pace.instant() if pace is None else pace)


def run(gestures: Gestures, steps: list[HandStep]) -> None:
    """The hands' ``steps`` carried out in their order in time."""
    for step in sorted(steps, key=lambda each: each.at):
        apply(gestures.world, step.action)


def settled(position: Position[Any], rng: random.Random) -> Position[Any]:
    """``position`` with any roll due made (a roll is no hand's move)."""
    chances = position.chance_moves()
    while chances:
        position.push(rng.choice(chances))
        chances = position.chance_moves()
    return position


def hand_positions(game: Game[Any], rng: random.Random) -> Iterator[Position[Any]]:
    """The start, then positions a few random plies further on."""
    position = settled(game.position(), rng)
    yield position.copy()
    for _ in range(POSITIONS - 1):
        for _ in range(PLIES):
            moves = list(position.legal_moves())
            if not moves:
                return
            position.push(rng.choice(moves))
            settled(position, rng)
        yield position.copy()


def sample(position: Position[Any], rng: random.Random) -> list[Hashable]:
    """A seeded sample of ``position``'s legal moves."""
    moves = list(position.legal_moves())
    return rng.sample(moves, min(MOVES, len(moves)))


def check_played(position: Position[Any], move: Hashable) -> None:
    """``move`` played by the hands ends as the rules have it, nothing held."""
    gestures = hands_on(position.game, position)
    run(gestures, gestures.play(position, move, 0.0))
    after = position.copy()
    after.push(move)
    assert gestures.world.matches(after.layout()), "the hands played it elsewhere"
    assert gestures.world.held == [], "a hand still holds a stone"


@dataclass(frozen=True, slots=True)
class OneStone:
    """A move as one stone's gesture: from where to where, turned or not, and whether
    it takes a stone (which the hands then send where the rules do)."""

    source: Spot
    target: Spot
    turned: bool
    takes: bool


def one_stone(position: Position[Any], move: Hashable) -> OneStone | None:
    """``move`` as one stone's gesture, or None when it is no one stone's (a push, a
    chain, a refill, a stone set down from nowhere: more than one gesture)."""
    after = position.copy()
    after.push(move)
    cells = frozenset(position.game.cells)
    journeys = plan(position.layout(), after.layout(), cells)
    movers = [j for j in journeys if j.source is not None and j.target is not None]
    mover = next((j for j in movers if j.target in cells), None)
    if mover is None or mover.source is None or mover.target is None:
        return None
    others = [j for j in journeys if j is not mover]
    if len(others) > 1 or not all(j.source == mover.target for j in others):
        return None
    return OneStone(
        mover.source, mover.target, mover.stone.flipped != mover.held.flipped, bool(others)
    )


def check_gesture(position: Position[Any], move: Hashable, gesture: OneStone) -> None:
    """``move`` made as the terminal's ``move FROM TO`` (or the page's drag) ends as
    the rules have it, the gesture not told which move it is."""
    gestures = hands_on(position.game, position)
    steps = gestures.move(position, gesture.source, gesture.target, 0.0, turned=gesture.turned)
    run(gestures, steps)
    after = position.copy()
    after.push(move)
    assert gestures.world.matches(after.layout()), "the gesture's stones ended elsewhere"


def hands(game: Game[Any], *, sims: int = SIMS) -> None:
    """In ``sims`` random games, a sample of the moves played by the hands, and every
    move made as one stone's gesture where it is one, end where the rules say."""
    played = 0
    for seed in range(sims):
        rng = random.Random(f"{game.name} hands {seed}")
        for index, position in enumerate(hand_positions(game, rng)):
            where = f"{game.name}#{seed} position {index}"
            for move in sample(position, rng):
                with about(f"{where}, {position.move_text(move)} played"):
                    check_played(position, move)
                played += 1
            for move in list(position.legal_moves()):
                gesture = one_stone(position, move)
                if gesture is not None:
                    with about(f"{where}, {position.move_text(move)} as a gesture"):
                        check_gesture(position, move, gesture)
    assert played, f"no move of {game.name} was played by the hands"
