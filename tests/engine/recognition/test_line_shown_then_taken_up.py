"""Independent hands, Robotory polarity seed 950213: the second player's w@A2, the first
player's W:D3-E3 begun 40 ms after the token landed (its E3 token boxed), then, as the
robot came down on E3, the second player's chain R:B3-A2-A1 boxing the token on A2. The
board showed the line w@A2, W:D3-E3 whole, then the token on A2 taken up, and read
W:D3-E3 alone, committed as the second player's move. A line the board showed whole,
then a piece of it taken up, is asked beside the move that makes the board without it:
the next hand may be at work from the line."""

from __future__ import annotations

from engine.physical import Stone
from engine.robotory import ROBOTORY
from hardware.mock.hands import HandStep, LiftStone, Noise, PutStone, Remove
from tests.firmware_host.simkit import answer_as_played, commits, make_sim, prompts

WHITE, RED, WHITE_ROBOT = Stone("w", None), Stone("R", None), Stone("W", None)


def test_a_token_shown_then_boxed_by_the_next_chain_is_asked_about() -> None:
    """The trial's position before the token and its hands' times: asked, then the
    record is what was played."""
    sim = make_sim(
        "sim-robotory-polarity",
        position="w2b/w1R1b/B4w/1bW1w/b1w1 0w1b 1w2b 8w4b d",
        noise=Noise.none(),
        game=ROBOTORY,
    )
    start = len(sim.notices)
    t = sim.now + 0.1
    steps = [
        HandStep(t, LiftStone("stock:d:1")),
        HandStep(t + 0.2, PutStone("A2", WHITE, WHITE)),
        HandStep(t + 0.24, Remove("E3")),  # the first player's chain, its token boxed
        HandStep(t + 0.93, LiftStone("D3")),
        HandStep(t + 1.46, PutStone("E3", WHITE_ROBOT, WHITE_ROBOT)),
        HandStep(t + 1.53, Remove("A2")),  # the second player's chain, as it landed
        HandStep(t + 2.48, Remove("A1")),
        HandStep(t + 3.15, LiftStone("B3")),
        HandStep(t + 4.88, PutStone("A2", RED, RED)),
        HandStep(t + 4.96, LiftStone("A2")),
        HandStep(t + 6.67, PutStone("A1", RED, RED)),
    ]
    notices = sim.run(steps[:6]) + sim.advance_to(t + 2.4)
    assert commits(notices) == [], notices
    assert prompts(notices) == [("W:D3-E3", "w@A2")], notices
    notices += sim.run(steps[6:]) + sim.settle()
    answer_as_played(sim, ["w@A2", "W:D3-E3", "R:B3-A2-A1"], start)
