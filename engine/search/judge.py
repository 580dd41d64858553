"""How the coach names a move: its quality beside the best one, and whether it was a
blunder worth a warning.

Values are on the searches' scale (``engine.search.scores``): static guesses
are tanh-squeezed points below 0.95, so a gap of 0.1 near an even position is
about a minor piece in shogi (a third of it in a lopsided one: a piece matters
less to a side already far ahead), and anything above 0.95 is a proven end.
"""

from __future__ import annotations

from typing import Any

from engine.search.scores import is_proven
from engine.search.types import Analysis, Quality

BEST_GAP = 0.02
"""A move this close to the best one is as good as it (the search cannot tell them apart)."""

GOOD_GAP = 0.10
"""Up to this below the best: a sound move that gives away a little (a pawn or so)."""

DOUBTFUL_GAP = 0.30
"""Up to this below the best: a real concession (about a minor piece near even);
beyond it, or into a proven loss the best move avoids, the move is losing."""

BLUNDER_DROP = 0.30
"""A move that lowers its player's value by more than this is a blunder worth a
warning (the same line as losing, measured from before the move to after it)."""


def quality(analysis: Analysis[Any], move: Any) -> Quality:
    """The quality of ``move`` in the position ``analysis`` judged (with values for every
    move: ``judge_all``). A move the analysis did not value is taken as losing."""
    if move not in analysis.values:
        return Quality.LOSING
    value = analysis.values[move]
    best = max(analysis.values.values(), default=analysis.value)
    if value < 0 and is_proven(value) and not (best < 0 and is_proven(best)):
        return Quality.LOSING
    gap = best - value
    if gap <= BEST_GAP:
        return Quality.BEST
    if gap <= GOOD_GAP:
        return Quality.GOOD
    if gap <= DOUBTFUL_GAP:
        return Quality.DOUBTFUL
    return Quality.LOSING


def is_blunder(before: Analysis[Any], after_value: float) -> bool:
    """Whether a move was a blunder: ``before`` is the analysis of the position it was
    played in, ``after_value`` the value of the position it left, for the same
    player (the negated value of the opponent's analysis). A drop of more than
    ``BLUNDER_DROP``, or into a proven loss when there was none, is one."""
    if after_value < 0 and is_proven(after_value):
        return not (before.value < 0 and is_proven(before.value))
    return before.value - after_value > BLUNDER_DROP
