"""The opening draw: who moves first, when the rules leave it to chance, and what is
said of it (``draw_said``: what fell and who starts, one source for the record's
English and every language's words; a count of pawns takes the plural form its
number needs: "1 pawn", "2 pawns", Polish "5 pionków").

Pure: the draw takes the session's random source, so a seeded session draws
the same way every time.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum

from engine.said import N_, NP_, Said, plural_said, said

FURIGOMA_PAWNS = 5
TOKIN = NP_("{count} tokin", "{count} tokin")
"""The pawns that fell tokin up (the word is the same for one and many in English)."""
PAWNS = NP_("{count} pawn", "{count} pawns")
"""The pawns that fell pawn up."""


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
        """The draw in English, as records and logs keep it (``draw_said``'s)."""
        return str(draw_said(self))


def draw_said(drawn: DrawResult) -> Said:
    """The opening draw as what is said: what fell and who moves first."""
    if drawn.kind is FirstPlayerDraw.FURIGOMA:
        msgid = (
            N_("furigoma: {tokin}, {pawns}: the tosser (bottom) plays first")
            if drawn.seat0_side_starts
            else N_("furigoma: {tokin}, {pawns}: the tosser's opponent (top) plays first")
        )
        tokin = sum(drawn.tosses)
        pawns = len(drawn.tosses) - tokin
        return said(msgid, tokin=plural_said(TOKIN, tokin), pawns=plural_said(PAWNS, pawns))
    if drawn.seat0_side_starts:
        return said(N_("drawn by lot: the player at the bottom moves first"))
    return said(N_("drawn by lot: the player at the top moves first"))


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
