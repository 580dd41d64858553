"""A piece carried over a cell reads there for a moment (its magnet passing the sensor):
it is neither a piece set down nor a sign of what was done first. Event streams from
the drawn soak, times relative to the simulation's clock."""

from __future__ import annotations

from engine.physical import Stone
from engine.registry import find_game
from hardware.mock.hands import Force, HandStep, LiftStone, Noise, PutStone
from tests.firmware_host.simkit import answer_as_played, make_sim


def test_a_drop_carried_over_the_cell_the_reply_lands_on_is_not_read_there() -> None:
    """From the drawn soak (seed 23, Robot Duel move 1672): black dropped a chick on 3c,
    passing over 2b (read there 0.06 s); 3c was knocked, white's lion went 1b-2b, and
    black took the chick up again to move it on. The board read the chick's drop on 2b
    and the lion taking it there, which leaves 3c empty as the board showed it with the
    chick in the air: the record became C*2b 1b2b. The moment on 2b was the record's
    own reply's landing read too early, the record doubtful for it, and 3c's chick,
    standing 0.8 s, was left unexplained by the other reading."""
    sim = make_sim(
        "sim-dobutsu",
        position="g1e/2l/2G/E1L b Cc 7",
        noise=Noise.none(),
        game=find_game("dobutsu"),
    )
    chick, lion = Stone("C", 0), Stone("L", 1)
    t = sim.now + 0.1
    steps = [
        HandStep(t, LiftStone("hand:b:C")),
        HandStep(t + 0.140, Force("2b", 1)),
        HandStep(t + 0.200, Force("2b", None)),
        HandStep(t + 0.205, PutStone("3c", chick, chick)),
        HandStep(t + 0.399, Force("3c", 0)),
        HandStep(t + 0.614, Force("3c", None)),
        HandStep(t + 0.715, LiftStone("1b")),
        HandStep(t + 0.878, PutStone("2b", lion, lion)),
        HandStep(t + 1.027, LiftStone("3c")),
        HandStep(t + 3.565, PutStone("3b", chick, chick)),
    ]
    start = len(sim.notices)
    sim.run(steps)
    sim.settle()
    answer_as_played(sim, ["C*3c", "1b2b", "3c3b"], start)
