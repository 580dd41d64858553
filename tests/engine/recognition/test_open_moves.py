"""The open moves' base judged on what the hands left unseen (``engine.recognition.open_moves``)."""

from __future__ import annotations

from engine.dobutsu import DOBUTSU
from engine.physical import Sensing
from engine.recognition.answers import Timing
from engine.recognition.open_moves import fresh_base
from engine.recognition.sensors import Blur


def test_a_line_whose_landing_no_hand_was_seen_to_make_is_judged_without_it() -> None:
    """Found by the heavy soak: a move of a line whose piece was seen to leave but not to
    land (its landing cell's change dropped with moves already done) crashed the
    judging of the order with a KeyError, inside the decision loop. Its reply, seen
    whole before the move's piece left, is a move made before the one it follows."""
    position = DOBUTSU.position("gle/1c1/1C1/ELG b - 1", {})
    sensing = Sensing.OCCUPANCY
    expected = dict(position.expected_frame(sensing))
    base = fresh_base(
        position,
        sensing=sensing,
        sensed=frozenset(expected),
        expected=expected,
        now=0.0,
        blur=Blur(Timing().order),
    )
    move = position.parse_move("2c2b")
    after = position.copy()
    after.push(move)
    reply = after.parse_move("2a1b")
    base.lifted_at["2c"] = base.first_at["2c"] = base.last_at["2c"] = 2.0  # 2b's fill unseen
    base.lifted_at["2a"] = base.first_at["2a"] = 1.0
    base.filled_at["1b"] = base.last_at["1b"] = base.last_at["2a"] = 1.2
    assert base.doubtful((move,)) is False
    assert base.doubtful((move, reply)) is True
