"""The search knows the repetition rules: a position met again (in the game or in the
line searched) is valued as the end the rules give the cycle, so a side that stands
better does not shuffle into a draw, and a perpetual check loses for the checker."""

from __future__ import annotations

from engine.search.alphabeta import search
from engine.search.scores import EVAL_BOUND
from engine.search.types import Limits
from engine.shogi import SHOGI

AHEAD = "4k4/9/9/9/9/9/9/9/4K4 b RG 1"
"""Bare kings, sente with a rook and a gold in hand: sente stands far better."""


def test_a_side_that_stands_better_does_not_repeat_the_position() -> None:
    position = SHOGI.position(AHEAD)
    for move in ("5i5h", "5a5b", "5h5i", "5b5a"):  # both kings out and back
        position.push_text(move)
    back = position.parse_move("5i5h")  # would meet the position after the first move
    found = search(position, Limits(max_depth=2), judge_all=True)
    assert found.values[back] == 0.0  # a draw by sennichite
    assert found.value > 0.1
    assert found.best != back


def test_a_repetition_inside_the_search_line_is_a_draw() -> None:
    position = SHOGI.position(AHEAD)
    fresh = search(position, Limits(max_depth=4), judge_all=True)
    assert fresh.value > 0.1
    # Gote, far behind, makes for the repetition when it can: from the position
    # after 5i5h, 5a5b 5h5i 5b5a would come back to the start.
    position.push_text("5i5h")
    position.push_text("5a5b")
    position.push_text("5h5i")
    reply = search(position, Limits(max_depth=1), judge_all=True)
    assert reply.values[position.parse_move("5b5a")] == 0.0


def test_perpetual_check_loses_for_the_checker() -> None:
    position = SHOGI.position("4k4/9/9/9/9/9/9/9/K2R5 b G 1")
    for move in ("6i5i", "5a4a", "5i4i", "4a5a"):  # a check with every sente move
        position.push_text(move)
    again = position.parse_move("4i5i")  # the same check: the cycle closed
    found = search(position, Limits(max_depth=2), judge_all=True)
    assert found.values[again] < -EVAL_BOUND  # sente would lose by perpetual check
    assert found.best != again
