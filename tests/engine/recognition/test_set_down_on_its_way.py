"""A cell read longer than any piece on its way reads there held one set down, whatever
piece was in the air (``Touches._over_in_the_air``; issue 78's fifth round of independent
hands, Robot Duel seeds 950062 and 950074: a piece slid to a cell rested there 1.5 s while
the other hand's move landed, was taken for a piece in the air, and two moves were read
where four were made)."""

from __future__ import annotations

from engine.physical import EMPTY, PRESENT
from engine.recognition.sensors import Blur
from engine.recognition.touches import Touches


def _set_down_and_taken_up(stood: float, on_its_way: float) -> frozenset[str]:
    """1d's piece lifted at 1.0 s; 2d, empty, reads a piece from 1.1 s for ``stood``
    seconds, then none; 1d reads none throughout (its piece went on elsewhere, unseen)."""
    touches = Touches(Blur(0.05), on_its_way)
    expected = {"1d": PRESENT, "2d": EMPTY, "1c": EMPTY}
    frame = dict(expected)
    touches.begin(frozenset(), 0.0)

    def saw(spot: str, reading: int, at: float) -> None:
        frame[spot] = reading
        touches.saw([spot], dict(frame), expected, at, rested=False)

    saw("1d", EMPTY, 1.0)
    saw("2d", PRESENT, 1.1)
    saw("2d", EMPTY, 1.1 + stood)
    return touches.set_down_and_taken_up(expected, frame)


def test_a_moment_on_a_cell_may_be_the_piece_on_its_way() -> None:
    """0.6 s on 2d, a piece on its way reading up to 0.8 s there (a hand's rest between
    two steps of one move): it may have been carried over."""
    assert _set_down_and_taken_up(0.6, on_its_way=0.8) == frozenset()


def test_longer_than_any_piece_on_its_way_it_was_set_down() -> None:
    assert _set_down_and_taken_up(1.5, on_its_way=0.8) == frozenset({"2d"})
