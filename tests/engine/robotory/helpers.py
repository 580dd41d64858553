"""Small builders shared by the Robotory tests, written without the engine."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from engine.robotory import ROBOTORY, RobotoryPosition

COLUMN_HEIGHTS = {"A": 4, "B": 5, "C": 6, "D": 5, "E": 4}
START_ROBOTS = {"C4": "B", "D3": "W", "B3": "R"}
START = "4/2R2/3B2/2W2/4 2w2b 2w2b 10w10b l"
LIGHT_CAMP = frozenset(["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3", "D1", "D2", "E1"])
DARK_CAMP = frozenset(["A4", "B4", "B5", "C4", "C5", "C6", "D3", "D4", "D5", "E2", "E3", "E4"])


def text(
    pieces: dict[str, str],
    *,
    light: str = "2w2b",
    dark: str = "2w2b",
    lid: str = "5w5b",
    turn: str = "l",
) -> str:
    """Position text from {"C4": "B", "B4": "w"} (robots W B R, tokens w b); the lid
    holds five of each colour unless told, so that a few tokens may be on the board."""
    columns = []
    for column, height in COLUMN_HEIGHTS.items():
        out, gap = "", 0
        for row in range(1, height + 1):
            piece = pieces.get(f"{column}{row}")
            if piece is None:
                gap += 1
                continue
            out += (str(gap) if gap else "") + piece
            gap = 0
        columns.append(out + (str(gap) if gap else ""))
    return f"{'/'.join(columns)} {light} {dark} {lid} {turn}"


def position(text_or_none: str | None = None) -> RobotoryPosition:
    return ROBOTORY.position(text_or_none)


def moves(pos: RobotoryPosition) -> set[str]:
    return {pos.move_text(move) for move in pos.legal_moves()}


def chains(pos: RobotoryPosition) -> set[str]:
    return {text for text in moves(pos) if ":" in text}


def random_games(seed: int, games: int, place_bias: float = 0.0) -> Iterator[RobotoryPosition]:
    """Every position of ``games`` seeded random games played to their end (the same
    object, moved along); ``place_bias`` is the chance of preferring a placement,
    which fills the board."""
    rng = random.Random(seed)
    for _ in range(games):
        pos = position()
        yield pos
        while pos.outcome() is None:
            legal = list(pos.legal_moves())
            places = [m for m in legal if "@" in pos.move_text(m)]
            pool = places if places and rng.random() < place_bias else legal
            pos.push(rng.choice(pool))
            yield pos


CROWDED = "bbbb/bwRbb/bbWBbw/wwbbw/wwwb 1w0b 0w0b 3w1b l"
CROWDED_MOVES = 296_636
MEDIUM = "bb2/bwRbb/bbWBbw/wwbbw/1w1b 1w0b 2w0b 3w3b d"
"""Fewer tokens: 7,057 legal moves, nearly all chains, no end of the game in one move."""
CROWDED_DARK = "bbbb/bwRbb/bbWBbw/wwbbw/wwwb 1w0b 0w0b 3w1b d"
"""The same board with dark to move: its one refill ends the game in light's favour,
so dark has no win on the spot and must search among the chains."""


class Counted(RobotoryPosition):
    """A Robotory position that counts its full move listings and evaluations (its
    copies share the counts)."""

    counts: dict[str, int]

    def legal_moves(self) -> Iterator[Any]:
        self.counts["listings"] += 1
        for move in super().legal_moves():
            self.counts["listed"] += 1
            yield move

    def evaluate(self) -> tuple[float, ...]:
        self.counts["evaluations"] += 1
        return super().evaluate()


def counted(text: str) -> Counted:
    position = Counted(ROBOTORY, ROBOTORY.options(), text)
    position.counts = {"listings": 0, "listed": 0, "evaluations": 0}
    return position
