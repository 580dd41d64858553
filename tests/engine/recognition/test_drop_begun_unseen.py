"""Independent hands, Robotory reed seed 950829: the mover's token, carried from a stock
no sensor reads, landed on D4 70 ms after the next player's chain W:E2-E3 boxed its
token. The board ordered the two by the first change it saw of each, and committed the
chain as the mover's and the token as the reply (of the other colour, the only one the
other player's stock held). A drop's hand begins where no sensor sees: it may have begun
before the reply did, unless the reply was whole before it landed, so both orders are
asked."""

from __future__ import annotations

from engine.physical import Stone
from engine.robotory import ROBOTORY
from hardware.mock.hands import HandStep, LiftStone, Noise, PutStone, Remove
from tests.firmware_host.simkit import answer_as_played, commits, make_sim, prompts

BLACK, WHITE_ROBOT = Stone("b", None), Stone("W", None)


def test_a_token_landing_after_the_next_chain_began_is_asked_in_both_orders() -> None:
    """The trial's position and its hands' times (the drop's hand set off first)."""
    sim = make_sim(
        "sim-robotory",
        position="R2w/2wB1/w1b1w1/b1b1b/1Wwb 0w1b 1w0b 6w6b l",
        noise=Noise.none(),
        game=ROBOTORY,
    )
    start = len(sim.notices)
    t = sim.now + 0.1
    steps = [
        HandStep(t, LiftStone("stock:l:4")),
        HandStep(t + 0.09, Remove("E3")),  # the next player's chain, its token boxed
        HandStep(t + 0.16, PutStone("D4", BLACK, BLACK)),
        HandStep(t + 0.68, LiftStone("E2")),
        HandStep(t + 1.38, PutStone("E3", WHITE_ROBOT, WHITE_ROBOT)),
    ]
    notices = sim.run(steps) + sim.advance_to(t + 6.0)
    assert commits(notices) == [], notices
    assert ("W:E2-E3", "b@D4") in prompts(notices), notices
    answer_as_played(sim, ["b@D4", "W:E2-E3"], start)
