"""The opening draw: who moves first, when the rules leave it to chance.

Pure: the draw takes the session's random source, so a seeded session draws
the same way every time.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum

FURIGOMA_PAWNS = 5


class FirstPlayerDraw(Enum):
    """How the person who moves first is chosen at the start."""

    NONE = "none"
    FURIGOMA = "furigoma"  # five pawns tossed; three or more tokin up: the tosser's opponent
    LOT = "lot"  # a coin


@dataclass(frozen=True, slots=True)
class DrawResult:
    """The opening draw: what fell, and whether the person at seat 0's side moves first."""

    kind: FirstPlayerDraw
    tosses: tuple[bool, ...]  # furigoma: tokin up; lot: one coin, True = seat 0's side
    seat0_side_starts: bool

    @property
    def description(self) -> str:
        """The draw in English, as records and logs keep it (``describe``)."""
        return self.describe()

    def describe(self) -> str:
        if self.kind is FirstPlayerDraw.FURIGOMA:
            tokin = sum(self.tosses)
            who = "the tosser (bottom)" if self.seat0_side_starts else "the tosser's opponent (top)"
            pawns = FURIGOMA_PAWNS - tokin
            fell = f"{tokin} tokin, {pawns} pawn{'' if pawns == 1 else 's'}"
            return f"furigoma: {fell}: {who} plays first"
        side = "bottom" if self.seat0_side_starts else "top"
        return f"drawn by lot: the player at the {side} moves first"


def draw_first_player(kind: FirstPlayerDraw, rng: random.Random) -> DrawResult | None:
    """Perform the opening draw. The first seat's pieces stay where they are: when the
    person on the other side wins the right to start, the players change places."""
    if kind is FirstPlayerDraw.FURIGOMA:
        tosses = tuple(rng.random() < 0.5 for _ in range(FURIGOMA_PAWNS))
        return DrawResult(kind, tosses, seat0_side_starts=sum(tosses) < 3)
    if kind is FirstPlayerDraw.LOT:
        coin = rng.random() < 0.5
        return DrawResult(kind, (coin,), seat0_side_starts=coin)
    return None
