"""The set-up guide: a few spots to fix are lit together, many one at a time, the
pieces to take off first, then the cells in the game's order."""

from __future__ import annotations

from firmware_host.telling.setup_guide import ALL_AT_ONCE, setup_step

ORDER = ("a1", "a2", "a3", "a4", "a5", "a6", "hand")


def test_a_small_difference_is_lit_all_at_once() -> None:
    expected = {"a1": 1, "a2": 2, "a3": 0}
    frame = {"a1": 0, "a2": 2, "a3": 3}
    step = setup_step(expected, frame, ORDER)
    assert step.missing == {"a1"} and step.extra == {"a3"} and not step.one_at_a_time
    assert step.describe() == "set up the board: 1 to place, 1 to remove"


def test_a_large_difference_lights_the_next_removal_then_the_next_placement() -> None:
    expected = dict.fromkeys(ORDER[:-1], 1) | {"hand": 2}
    frame = {"a6": 0, "hand": 0, "a4": 0, "a5": 0, "a1": 0, "a2": 0, "a3": 0, "x9": 5}
    assert len(ORDER) + 1 > ALL_AT_ONCE
    step = setup_step(expected, frame, ORDER)
    assert step.extra == {"x9"} and step.missing == frozenset() and step.one_at_a_time
    assert (step.to_place, step.to_remove) == (7, 1)
    assert step.describe().endswith("take the piece off x9 first")
    frame.pop("x9")
    step = setup_step(expected, frame, ORDER)
    assert step.missing == {"a1"} and step.describe().endswith("put a piece on a1 next")
    frame.update({"a1": 1, "a2": 1})
    assert setup_step(expected, frame, ORDER).missing == {"a3"}  # the cells in order
    frame.update({"a3": 1, "a4": 1})  # four left: a5, a6 and the hand, lit together
    assert setup_step(expected, frame, ORDER).missing == {"a5", "a6", "hand"}
