"""Independent hands, Robotory polarity seed 950217: while a question about a token's
cell was open, one player placed a token and the other dropped one on D2; the first then
walked the red robot B3-C3-D2-E2, boxing the new token on D2 on the way. The board
committed the chain's first step (the token on D2 come and gone), took it back once the
robot stood on D2, and asked (the chain's step or the drop). Meanwhile the white robot
was moved D3-D4. Answered with the drop, the board kept the hands' touches only from the
question's base on: the red robot's lift from B3 came before it, so the chain was not
read, and the board asked whether the white robot's step was all that was played, "only
set down" for the red robot. Moves taken back to be read again keep what the hands did
for them from its first change (``Touches.adopt``)."""

from __future__ import annotations

from engine.physical import Stone
from engine.robotory import ROBOTORY
from firmware_host.session.actions import Select
from hardware.mock.hands import HandStep, LiftStone, Noise, PutStone, Remove
from tests.firmware_host.simkit import answer_as_played, commits, make_sim, prompts

BLACK, WHITE = Stone("b", None), Stone("w", None)
RED_ROBOT, WHITE_ROBOT = Stone("R", None), Stone("W", None)
PLAYED = ["w@D4", "w@E1", "b@D2", "R:B3-C3-D2-E2", "W:D3-D4"]


def test_a_move_taken_back_keeps_the_touches_made_before_its_question() -> None:
    """The trial's position after five plies and its hands' times (from 14.3 s on)."""
    sim = make_sim(
        "sim-robotory-polarity",
        position="4/2R1w/b1bB1w/2W2/1b2 1w0b 1w1b 10w10b d",
        noise=Noise.none(),
        game=ROBOTORY,
    )
    t = sim.now + 0.1 - 14.3
    tokens = [
        HandStep(t + 14.3, LiftStone("stock:d:1")),
        HandStep(t + 14.46, PutStone("B1", WHITE, WHITE)),  # a wrong cell, committed
        HandStep(t + 15.6, LiftStone("B1")),
        HandStep(t + 16.96, PutStone("D4", WHITE, WHITE)),
        HandStep(t + 17.05, LiftStone("stock:l:1")),  # the next token, the question open
        HandStep(t + 17.17, PutStone("E1", WHITE, WHITE)),
        HandStep(t + 17.54, LiftStone("stock:d:4")),
        HandStep(t + 17.73, PutStone("A2", BLACK, BLACK)),
        HandStep(t + 18.55, LiftStone("A2")),
        HandStep(t + 19.79, PutStone("D2", BLACK, BLACK)),
    ]
    notices = sim.run(tokens) + sim.advance_to(t + 20.22)
    assert prompts(notices) == [("w@B1", "w@D4")], notices
    sim.send(Select("w@D4"))
    robots = [
        HandStep(t + 20.3, Remove("C3")),
        HandStep(t + 20.75, LiftStone("B3")),
        HandStep(t + 21.6, PutStone("C3", RED_ROBOT, RED_ROBOT)),
        HandStep(t + 21.74, Remove("D2")),  # the token just dropped, eaten
        HandStep(t + 22.23, LiftStone("C3")),
        HandStep(t + 23.11, PutStone("D2", RED_ROBOT, RED_ROBOT)),
        HandStep(t + 23.23, Remove("E2")),
        HandStep(t + 23.7, LiftStone("D2")),
        HandStep(t + 24.51, PutStone("E2", RED_ROBOT, RED_ROBOT)),
        HandStep(t + 25.33, Remove("D4")),  # the other player's robot
        HandStep(t + 25.9, LiftStone("D3")),
        HandStep(t + 26.1, PutStone("D4", WHITE_ROBOT, WHITE_ROBOT)),
    ]
    notices = sim.run(robots) + sim.advance_to(t + 29.8)
    # the chain's first step, committed, is taken back and asked beside the drop
    assert commits(notices) == ["w@E1", "R:B3-C3"], notices
    assert sim.controller.prompt_choices == ("R:B3-C3", "b@D2")
    after = len(sim.notices)
    sim.send(Select("b@D2"))
    sim.advance_to(t + 36)
    # the chain is read, then the white robot's step: nothing asked without the chain
    assert all("R:B3-C3-D2-E2" in asked for asked in prompts(sim.notices[after:]))
    answer_as_played(sim, PLAYED, after)
    assert commits(sim.notices[after:])[:1] == ["b@D2"]
