"""Independent hands, Robotory polarity seed 950226: the board went out of step (moves
made over an open question), the players put it right, and the mover's drop (w@B1) and
the next player's chain (B:B4-A3, its token on A3 boxed first) came 20 ms apart, the
box first. Both orders are the hands' (the scan's blur is wider than 20 ms), yet the
board committed the chain as the mover's and the drop as the reply: the box it ordered
by was A3's first change since the last commit, made by a hand before the board was put
right. A board put right as the position starts the hands' record afresh."""

from __future__ import annotations

from drivers.buttons import ButtonRole
from engine.physical import Stone
from engine.robotory import ROBOTORY
from firmware_host.notices.declared import OutOfStepShown
from hardware.mock.hands import HandStep, LiftStone, Noise, PutStone, Remove
from tests.firmware_host.simkit import answer_as_played, commits, make_sim, of, prompts

WHITE, BLACK, BLUE = Stone("w", None), Stone("b", None), Stone("B", None)


def test_a_box_made_before_the_board_was_put_right_orders_nothing() -> None:
    """A3's token boxed and the black robot set down off the board's way (out of step),
    both put back; then the two moves, the box 20 ms before the drop lands: asked."""
    sim = make_sim(
        "sim-robotory-polarity",
        position="2bw/2wBw/5R/w1W2/2wb 2w0b 2w0b 4w8b d",
        noise=Noise.none(),
        game=ROBOTORY,
    )
    t = sim.now + 0.1
    astray = [
        HandStep(t, LiftStone("A3")),
        HandStep(t + 0.4, PutStone("C3", BLACK, BLACK)),  # a token moved: no move's
    ]
    notices = sim.run(astray) + sim.advance_to(t + 6.0)
    assert of(OutOfStepShown, notices), notices
    put_right = [
        HandStep(t + 6.0, LiftStone("C3")),
        HandStep(t + 6.3, PutStone("A3", BLACK, BLACK)),
    ]
    notices = sim.run(put_right) + sim.advance_to(t + 11.0)
    assert commits(notices) == [] and prompts(notices) == [], notices
    start = len(sim.notices)
    both = [
        HandStep(t + 11.0, LiftStone("stock:d:2")),
        HandStep(t + 11.1, Remove("A3")),  # the next player's chain, its token boxed
        HandStep(t + 11.12, PutStone("B1", WHITE, WHITE)),  # the mover's drop lands
        HandStep(t + 11.44, LiftStone("B4")),
        HandStep(t + 11.55, PutStone("A3", BLUE, BLUE)),
    ]
    notices = sim.run(both) + sim.advance_to(t + 11.8)
    notices += sim.press(ButtonRole.OK) + sim.settle()
    assert prompts(notices)[:1] == [("B:B4-A3", "w@B1")], notices
    answer_as_played(sim, ["w@B1", "B:B4-A3"], start)
