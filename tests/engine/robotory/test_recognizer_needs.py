"""What Robotory needs from the shared recognizer: hints that include landings which
change a reading (a polarity board), and the tokens still to take off once the robot
stands on the last cell of its chain."""

from __future__ import annotations

from engine.physical import EMPTY, PRESENT, Sensing
from engine.recognition.answers import Moving
from engine.recognition.recognizer import Recognizer
from engine.robotory import ROBOTORY, RobotoryMove
from tests.engine.robotory.helpers import position, text

CELLS = frozenset(ROBOTORY.cells)


def test_a_lifted_red_robot_on_a_polarity_board_lights_a_black_token_it_can_eat() -> None:
    pos = position(text({"C3": "R", "C4": "b", "A1": "W", "E4": "B"}))
    seen: Recognizer[RobotoryMove] = Recognizer(Sensing.POLARITY, CELLS)
    seen.reset(pos, now=0.0)
    frame = dict(seen.expected)
    frame["C3"] = EMPTY
    seen.observe(frame, 0.1)
    moving = seen.assess(0.2)
    assert isinstance(moving, Moving)
    (hint,) = moving.hints
    assert "C4" in hint.captures | hint.destinations


def test_a_robot_put_on_its_last_cell_shows_the_tokens_still_to_take_off() -> None:
    # red on C1, white tokens on C2 and C3: the hand takes C3's token off and puts the
    # robot there, but has not yet taken C2's token: C2 must still be emptied
    pos = position(text({"C1": "R", "C2": "w", "C3": "w", "A4": "W", "E4": "B"}))
    seen: Recognizer[RobotoryMove] = Recognizer(Sensing.OCCUPANCY, CELLS)
    seen.reset(pos, now=0.0)
    frame = dict(seen.expected)
    frame["C1"] = EMPTY
    seen.observe(frame, 0.1)
    frame["C3"] = EMPTY
    seen.observe(frame, 0.2)
    frame["C3"] = PRESENT
    seen.observe(frame, 0.3)
    moving = seen.assess(0.5)
    assert isinstance(moving, Moving)
    assert moving.remaining == (("C2", EMPTY),)
