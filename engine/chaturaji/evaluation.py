"""How good a Chaturaji position is for each seat: a guess at the final scores.

The game is won on points (rules/chaturaji.md), so a seat's prospect is its score
plus a share of what its pieces are worth: a piece on the board may still be
taken (points for a rival) and still takes (points for its owner). A seat is
compared with its strongest rival; in the team game the partners' prospects are
added and the two teams compared. With ``goal=kings`` only the armies count.
"""

from __future__ import annotations

import math

from engine.chaturaji.board import VALUES, kind_of, owner_of, team_of_seat
from engine.chaturaji.state import Rules, State

MATERIAL_SHARE = 0.5
"""What a piece on the board is worth to its owner, as a share of its capture value."""

SCALE = 8.0
"""A lead of this many points is worth tanh(1) ~ 0.76 of a win."""

CEILING = 0.95
"""A static guess never claims a certain result: that is the outcome's to say."""

PIECE_VALUES = tuple(VALUES.get(kind, 0) for kind in range(8))
"""The capture value by kind, indexed (0 for an empty square)."""


def material(state: State) -> tuple[int, int, int, int]:
    """The capture value of each seat's pieces on the board."""
    totals = [0, 0, 0, 0]
    values = PIECE_VALUES
    for piece in state.board:
        if piece:
            totals[owner_of(piece)] += values[kind_of(piece)]
    return totals[0], totals[1], totals[2], totals[3]


def evaluate(state: State, rules: Rules) -> tuple[float, float, float, float]:
    """Each seat's value in (-CEILING, CEILING), in seat order; a seat not in play gets 0."""
    held = material(state)
    if rules.kings_goal:
        prospect = [float(held[seat]) for seat in range(4)]
    else:
        prospect = [state.scores[seat] + MATERIAL_SHARE * held[seat] for seat in range(4)]
    values = [0.0, 0.0, 0.0, 0.0]
    if rules.teams:
        teams = [0.0, 0.0]
        for seat in rules.seats:
            teams[team_of_seat(seat)] += prospect[seat]
        for seat in rules.seats:
            team = team_of_seat(seat)
            values[seat] = _squash(teams[team] - teams[1 - team])
        return values[0], values[1], values[2], values[3]
    for seat in rules.seats:
        rival = max(prospect[other] for other in rules.seats if other != seat)
        values[seat] = _squash(prospect[seat] - rival)
    return values[0], values[1], values[2], values[3]


def _squash(lead: float) -> float:
    return CEILING * math.tanh(lead / SCALE)
