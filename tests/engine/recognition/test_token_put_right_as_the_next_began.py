"""Independent hands, Robotory polarity seed 950212: the second player's white token set
on a wrong cell (B5), resting there long enough to be committed, then put on its own cell
(C5) 0.16 s before the next player boxed a token for a chain. The board never rested
with the token on C5 alone, and read the record again only when a frame came: the cells
at work (the box, then the chain's robot) never left it a moment with the token's cell
rested and the rest set aside, so the board went out of step with w@B5 recorded. The
cells at work are fewer each time one of them has rested the settle time
(``Recognizer.next_deadline``): then the record is read again, and asked."""

from __future__ import annotations

from engine.physical import Stone
from engine.robotory import ROBOTORY
from hardware.mock.hands import HandStep, LiftStone, Noise, PutStone, Remove
from tests.firmware_host.simkit import answer_as_played, commits, make_sim, prompts

WHITE, RED = Stone("w", None), Stone("R", None)


def test_a_token_put_right_as_the_next_player_began_is_asked_about() -> None:
    """The trial's position before the token (the red robot on A4, black tokens on B4)
    and its hands' times; the record ends as played, through a question."""
    sim = make_sim(
        "sim-robotory-polarity",
        position="1w1R/3w1/b1b2b/1w2B/W1bw 0w0b 1w0b 5w7b d",
        noise=Noise.none(),
        game=ROBOTORY,
    )
    t = sim.now + 0.1
    set_down = [
        HandStep(t, LiftStone("stock:d:1")),
        HandStep(t + 0.15, PutStone("B5", WHITE, WHITE)),  # the wrong cell
    ]
    assert commits(sim.run(set_down) + sim.advance_to(t + 0.6)) == ["w@B5"]  # it rested
    start = len(sim.notices)
    steps = [
        HandStep(t + 0.6, LiftStone("B5")),
        HandStep(t + 1.06, PutStone("C5", WHITE, WHITE)),
        HandStep(t + 1.22, Remove("B4")),  # the next player's chain, its tokens boxed
        HandStep(t + 1.83, Remove("C5")),
        HandStep(t + 2.3, LiftStone("A4")),
        HandStep(t + 2.7, PutStone("B4", RED, RED)),
        HandStep(t + 4.4, LiftStone("B4")),
        HandStep(t + 4.8, PutStone("C5", RED, RED)),
    ]
    notices = sim.run(steps[:3]) + sim.advance_to(t + 1.7)
    # as the chain's robot is still in the hand, the record is asked about
    assert prompts(notices) == [("w@B5", "w@C5")], notices
    notices += sim.run(steps[3:]) + sim.settle()
    answer_as_played(sim, ["w@C5", "R:A4-B4-C5"], start)
