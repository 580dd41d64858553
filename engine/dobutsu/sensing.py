"""What a move does to the pieces a hand and a sensor meet, computed without the rules.

The result is physical: a piece turned onto a face the rules do not allow still
shows here, so the recognizer can match a mistaken board and name the mistake.
"""

from __future__ import annotations

from engine.dobutsu.board import KIND_OF_LETTER, DobutsuMove, hand_spot
from engine.errors import IllegalMoveError
from engine.game import Layout
from engine.physical import Spot, Stone

Stacks = dict[Spot, tuple[Stone, ...]]


def layout_after(before: Layout, move: DobutsuMove, turn: int) -> Stacks:
    """The layout once ``move`` is made by hand, legal or not.

    The piece lands turned over when ``move.promote`` is set; a captured piece goes
    to the capturer's stand on its unpromoted face; a captured lion leaves the board
    and is not shown anywhere, since the game ends with it.
    """
    after: Stacks = dict(before)
    if move.drop is not None:
        spot = hand_spot(turn, KIND_OF_LETTER[move.drop])
        stack = after.pop(spot, ())
        if len(stack) > 1:
            after[spot] = stack[:-1]
        after[move.to_cell] = (Stone(move.drop, turn, move.promote),)
        return after
    stack = after.pop(move.from_cell or "", ())
    if not stack:
        raise IllegalMoveError(f"{move.usi()}: there is no piece on {move.from_cell}")
    stone = stack[-1]
    mover = turn if stone.owner is None else stone.owner
    captured = after.get(move.to_cell, ())
    after[move.to_cell] = (Stone(stone.kind, stone.owner, stone.flipped != move.promote),)
    if captured and captured[-1].kind != "L":
        taken = captured[-1].kind
        spot = hand_spot(mover, KIND_OF_LETTER[taken])
        after[spot] = (*after.get(spot, ()), Stone(taken, mover))
    return after
