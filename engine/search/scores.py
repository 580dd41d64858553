"""How the searches turn ends of games and static guesses into one scale of values.

A value is in [-WIN, WIN] for the seat it is given for. A static evaluation is
squeezed below ``EVAL_BOUND``, so every value above it is a proven win: a win
``plies`` moves away is worth ``WIN - plies * MATE_STEP``, so a nearer win is
worth more and a longer defence against a loss is worth more than a short one.
"""

from __future__ import annotations

from engine.outcome import Outcome
from engine.search.types import WIN

EVAL_BOUND = 0.95
"""Static evaluations (each game's ``Position.evaluate``) are scaled into
(-EVAL_BOUND, EVAL_BOUND); the rest of the scale is proven wins and losses."""

MATE_STEP = 1e-4
"""What a win loses for each ply it is further away."""

MAX_PLIES = int((WIN - EVAL_BOUND) / MATE_STEP)
"""The longest forced end the scale can tell from a static value (500 plies)."""


def won_in(plies: int) -> float:
    """The value of a win ``plies`` plies away for the winner."""
    return WIN - min(plies, MAX_PLIES) * MATE_STEP


def is_proven(value: float) -> bool:
    """Whether a value is a forced end (won or lost), not a static guess."""
    return abs(value) > EVAL_BOUND


def mate_in(value: float) -> int | None:
    """Plies to the forced end a value proves: positive when the seat it is given for
    wins, negative when it loses; None for a guess (or a draw)."""
    if not is_proven(value):
        return None
    plies = round((WIN - abs(value)) / MATE_STEP)
    return plies if value > 0 else -plies


def outcome_value(outcome: Outcome, seat: int, plies: int) -> float:
    """A finished game's value for ``seat``, ended ``plies`` plies from the root: won,
    lost (the shorter the worse), or 0 for a draw. Shared wins count as wins."""
    if outcome.is_draw:
        return 0.0
    if seat in outcome.winners:
        return won_in(plies)
    return -won_in(plies)


def scaled(evaluation: float) -> float:
    """A game's static evaluation (strictly within +-WIN) on the search's scale."""
    return evaluation * EVAL_BOUND
