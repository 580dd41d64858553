"""Robotory polarity, blitz spec row seed 1, move 1581: the first player's b@B5, then the
second's b@D1, committed at rest, then the first's w@C1 at once. As the white token's hand
passed, D1 read empty 0.35 s (its black token still there), C1 filling meanwhile. Since
28303c06 a drop's piece left the cell it was set on at the cell's last lift (not its last
change), so the white token on C1 read as the hand going on with the black one from D1,
and the board asked again about b@D1 (``b@D1``/``w@C1``): a question that is no real
choice. No hand goes on with a black token as a white one."""

from __future__ import annotations

from engine.physical import Stone
from engine.robotory import ROBOTORY
from hardware.mock.hands import Force, HandStep, LiftStone, Noise, PutStone, Sense
from tests.firmware_host.simkit import answer_as_played, commits, make_sim, prompts

BLACK, WHITE = Stone("b", None), Stone("w", None)


def test_a_black_token_read_empty_a_moment_does_not_go_on_as_a_white_one() -> None:
    """The soak's steps from the game's start (its knock on D3 and bounces kept); the
    record is what was played, nothing asked."""
    sim = make_sim("sim-robotory-polarity", noise=Noise.none(), game=ROBOTORY)
    start = len(sim.notices)
    t = sim.now + 0.1
    steps = [
        HandStep(t, LiftStone("stock:l:3")),
        HandStep(t + 0.162, PutStone("B5", BLACK, BLACK)),
        HandStep(t + 0.262, Force("D3", 0)),  # a knock on the white robot
        HandStep(t + 0.525, Force("D3", None)),
        HandStep(t + 0.623, LiftStone("stock:d:3")),
        HandStep(t + 0.785, PutStone("D1", BLACK, BLACK)),
        HandStep(t + 1.121, LiftStone("stock:l:2")),
        HandStep(t + 1.293, Sense("D1", 0)),  # the white token's hand passes over D1
        HandStep(t + 1.481, Sense("C1", 1)),
        HandStep(t + 1.540, PutStone("C1", WHITE, WHITE)),
        HandStep(t + 1.647, Sense("D1", 2)),
        HandStep(t + 1.739, Sense("C1", None)),
        HandStep(t + 1.739, Sense("D1", None)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices)[:2] == ["b@B5", "b@D1"], notices
    assert prompts(notices) == [], notices
    answer_as_played(sim, ["b@B5", "b@D1", "w@C1"], start)


def test_a_black_token_knocked_twice_is_no_white_ones_on_its_way() -> None:
    """The same row, move 1958: b@B2, committed; a knock took B2's token off the sensor
    0.17 s, then, after w@B1 landed, 0.08 s more. The black token's stands on B2 read as
    the white drop's piece set down on its way (before 28303c06 only a piece that stayed
    could), so w@B1 then b@B2 was no longer an order no hand makes, and the board asked
    again about b@B2. A piece that reads black is no white token's."""
    sim = make_sim("sim-robotory-polarity", noise=Noise.none(), game=ROBOTORY)
    start = len(sim.notices)
    t = sim.now + 0.1
    steps = [
        HandStep(t, LiftStone("stock:l:3")),
        HandStep(t + 0.756, Sense("B2", 2)),
        HandStep(t + 0.802, PutStone("B2", BLACK, BLACK)),
        HandStep(t + 0.818, Sense("B2", None)),
        HandStep(t + 0.989, Force("C4", 0)),
        HandStep(t + 1.175, Force("C4", None)),
        HandStep(t + 1.175, Force("B2", 0)),  # the knock
        HandStep(t + 1.345, Force("B2", None)),
        HandStep(t + 1.434, LiftStone("stock:d:2")),
        HandStep(t + 1.547, PutStone("B1", WHITE, WHITE)),
        HandStep(t + 1.684, Force("B2", 0)),
        HandStep(t + 1.721, Force("B1", 0)),
        HandStep(t + 1.759, Force("B2", None)),
        HandStep(t + 1.881, Force("B1", None)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices)[:1] == ["b@B2"], notices
    assert prompts(notices) == [], notices
    answer_as_played(sim, ["b@B2", "w@B1"], start)
