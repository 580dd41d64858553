"""Issue 78: a piece set on its victim's cell as the victim leaves, one magnet taking over
from the other so the cell never reads empty (the spec sheet's clean misses on Robotory's
and Robot Duel's boards). No sensor tells that capture from the piece held in the air: the
board asks once it has rested the grace period, plays it when the player says the move is
done, and never waits for ever."""

from __future__ import annotations

from drivers.buttons import ButtonRole
from engine.physical import Stone
from firmware_host.session.actions import Select
from firmware_host.session.state import HeldChoice
from hardware.mock.hands import Force, HandStep, LiftStone, PutStone, Remove
from tests.engine.recognition.test_held_in_the_air import dobutsu, record
from tests.firmware_host.simkit import commits, prompts

SENTE_LION = Stone("L", 0)
START = "l1e/1L1/gC1/EG1 b C 11"  # sente's lion on 2b may take gote's giraffe on 3c


def taken_unseen() -> list[HandStep]:
    """The lion lifted, the giraffe taken off 3c as the lion comes, 3c's sensor reading a
    piece throughout."""
    return [
        HandStep(0.1, LiftStone("2b")),
        HandStep(0.3, Force("3c", 1)),
        HandStep(0.3, Remove("3c")),
        HandStep(0.5, PutStone("3c", SENTE_LION, SENTE_LION)),
        HandStep(0.5, Force("3c", None)),
    ]


def test_a_capture_no_sensor_saw_is_asked_after_the_grace_period() -> None:
    sim = dobutsu(START)
    steps = [HandStep(sim.now + step.at, step.action) for step in taken_unseen()]
    early = sim.run(steps) + sim.advance(2.0)
    assert not commits(early) and not prompts(early)  # within the grace: maybe held
    later = sim.advance(2.0)
    asked = prompts(later)
    assert asked, later
    assert "2b3c" in asked[0] and HeldChoice.NAME in asked[0]
    assert not commits(later)


def test_ok_says_the_piece_is_down_and_the_board_asks_only_which_capture() -> None:
    sim = dobutsu(START)
    steps = [HandStep(sim.now + step.at, step.action) for step in taken_unseen()]
    notices = sim.run(steps) + sim.advance(1.0)
    assert not commits(notices)
    notices = sim.press(ButtonRole.OK) + sim.advance(0.5)
    asked = prompts(notices)
    # the lion on 2b may have taken on 3a, 3c or 1a: which, the board cannot tell
    assert asked and "2b3c" in asked[0] and HeldChoice.NAME not in asked[0], notices
    notices = sim.send(Select("2b3c")) + sim.advance(0.5)
    assert commits(notices) == ["2b3c"]
    assert record(sim) == ["2b3c"]
