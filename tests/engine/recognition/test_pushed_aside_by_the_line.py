"""Robot Duel's blitz rows (issue 78, seed 1, the analog Hall board, move 101): sente's
chick 2c takes gote's chick on 2b (the victim lifted first, set down a moment on 2c on its
way to the stand), and gote's lion 3b2a follows at once. The board showed 2c2b, then the
line 2c2b 3b2a, and read the lion's quiet move as one that may be a capture of the chick
on 2b pushed aside onto 2a (``pushed_aside.pushed_aside``): 2b had swapped, but only as 2c2b
landed there, before the lion left 3b. It waited, then asked "2c2b or still in the hand"
(the lion standing on 2a), and after the answer the lion's move, committed with it, was
asked again as the next drop came (3b2a or 3b2c): two questions that were no real choice,
where the code before the wait committed both moves at once. Replayed through the real
scanner, debouncer, recognizer and controller with the soak's hands (steps, rests and
sensor noise as the soak's world made them); fails on the code before its fix."""

from __future__ import annotations

from engine.physical import Stone
from hardware.mock.hands import Force, HandStep, LiftStone, Noise, PutStone, Sense
from hardware.mock.world import Rest
from tests.engine.recognition.test_held_in_the_air import record
from tests.firmware_host.simkit import commits, make_sim, prompts

SENTE_CHICK, GOTE_CHICK = Stone("C", 0), Stone("C", 1)
GOTE_LION = Stone("L", 1)

# the soak's board after 2a3b: gote's lion on 3b, a chick of each on 2b and 2c
AFTER_THE_LION = "g1e/lc1/1CG/EL1 b - 3"


# how the soak's hands set the two chicks down (off centre, the victim turned)
CAPTURER_REST = Rest((6.18, -3.28))
VICTIM_REST = Rest((-6.03, -4.68), ((0.9907, 0.1359, 0.0), (-0.1359, 0.9907, 0.0), (0.0, 0.0, 1.0)))
DROP_REST = Rest((-2.94, -6.74), ((0.9953, -0.0968, 0.0), (0.0968, 0.9953, 0.0), (0.0, 0.0, 1.0)))


def test_a_line_whose_first_move_filled_the_cell_is_no_pushed_aside_capture() -> None:
    """The soak's hands from 233.188 s on, 0 the sente hand's first lift: the capture
    2c2b with its victim set down on 2c for 0.1 s, then gote's lion 3b2a 0.34 s after
    the victim reached the stand, then (once the players had looked) sente's chick
    dropped on 2c with 2b's sensor bouncing. Nothing is asked and the record is what
    was played."""
    sim = make_sim("sim-dobutsu-ads1115", position=AFTER_THE_LION, noise=Noise.none())
    t = sim.now + 0.1
    steps = [
        HandStep(t, LiftStone("2b")),  # 2c2b, the victim lifted first
        HandStep(t, Sense("2b", 1)),
        HandStep(t + 0.02, Sense("2b", 0)),
        HandStep(t + 0.231, LiftStone("2c")),
        HandStep(t + 0.231, Sense("2c", 1)),
        HandStep(t + 0.289, Sense("2c", 0)),
        HandStep(t + 0.503, Sense("2b", 1)),
        HandStep(t + 0.572, PutStone("2b", SENTE_CHICK, SENTE_CHICK, CAPTURER_REST)),
        HandStep(t + 0.572, Sense("2b", 1)),
        HandStep(t + 0.823, Sense("2c", 1)),  # the victim set down on 2c on its way
        HandStep(t + 0.836, PutStone("2c", GOTE_CHICK, GOTE_CHICK, VICTIM_REST)),
        HandStep(t + 0.836, Sense("2c", 1)),
        HandStep(t + 0.93, LiftStone("2c")),
        HandStep(t + 0.93, Sense("2c", 1)),
        HandStep(t + 0.943, Sense("2c", 0)),
        HandStep(t + 1.218, PutStone("hand:b:C", GOTE_CHICK, SENTE_CHICK)),
        HandStep(t + 1.218, Sense("2b", None)),
        HandStep(t + 1.218, Sense("2c", None)),
        HandStep(t + 1.557, LiftStone("3b")),  # gote's lion 3b2a
        HandStep(t + 1.561, Force("3b", 1)),
        HandStep(t + 1.564, Force("3b", None)),
        HandStep(t + 1.565, Force("3b", 1)),
        HandStep(t + 1.565, Force("3b", None)),
        HandStep(t + 1.568, Force("3b", 1)),
        HandStep(t + 1.57, Force("3b", None)),
        HandStep(t + 1.755, PutStone("2a", GOTE_LION, GOTE_LION)),
        HandStep(t + 5.444, LiftStone("hand:b:C")),  # C*2c, 2b's sensor bouncing
        HandStep(t + 5.772, Sense("2c", 1)),
        HandStep(t + 5.775, PutStone("2c", SENTE_CHICK, SENTE_CHICK, DROP_REST)),
        HandStep(t + 5.775, Sense("2c", 1)),
        HandStep(t + 5.832, Sense("2b", 0)),
        HandStep(t + 6.242, Sense("2b", 1)),
        HandStep(t + 6.294, Sense("2b", None)),
        HandStep(t + 6.294, Sense("2c", None)),
    ]
    notices = sim.run(steps) + sim.settle() + sim.advance(3.0)
    assert not prompts(notices), notices
    assert commits(notices) == ["2c2b", "3b2a", "C*2c"], notices
    assert record(sim) == ["2c2b", "3b2a", "C*2c"], notices
