"""Independent hands, Robot Duel reed seed 950035: five plies within nine seconds, both
hands at work (gote's 2a1b, sente's 2c2b, gote's 1b1c after touching its elephant,
sente's C*2a, gote's 1a2b pushing its victim onto 2c), whose cells came to read, for
30 ms before the next hand lifted a piece, as one capture nobody made: 2b2c. The board
committed it as a move that stands while the hands go on elsewhere. Gote's lion had
stood five seconds on 1b, off that move's way, and was taken up again: the move alone
does not explain it, so it is never committed as standing (``Recognizer._alone_stood``,
``two_as_one.stood_off_the_way``); the board reads it at rest, and records nothing that
was not played."""

from __future__ import annotations

from engine.physical import Stone
from firmware_host.notices.declared import MoveCommitted
from hardware.mock.hands import HandStep, LiftStone, Noise, PutStone, Remove, Supply
from tests.firmware_host.simkit import make_sim, of

GOTE_LION, GOTE_ELEPHANT, SENTE_CHICK = Stone("L", 1), Stone("E", 1), Stone("C", 0)
PLAYED = ["2a1b", "2c2b", "1b1c", "C*2a", "1a2b"]


def test_moves_that_read_as_one_for_a_moment_are_not_committed_as_it() -> None:
    """The trial's position after 1d1c and its hands' times."""
    sim = make_sim("sim-dobutsu", position="gle/1c1/1CG/EL1 w - 2", noise=Noise.none())
    t = sim.now + 0.1 - 2.0
    steps = [
        HandStep(t + 2.10, LiftStone("2a")),
        HandStep(t + 2.52, Remove("2b")),  # sente's capture, its victim taken first
        HandStep(t + 2.76, PutStone("1b", GOTE_LION, GOTE_LION)),
        HandStep(t + 3.05, LiftStone("2c")),
        HandStep(t + 3.69, PutStone("2b", SENTE_CHICK, SENTE_CHICK)),
        HandStep(t + 5.39, LiftStone("1a")),  # gote touches its elephant, puts it back
        HandStep(t + 6.34, PutStone("1a", GOTE_ELEPHANT, GOTE_ELEPHANT)),
        HandStep(t + 7.41, Remove("1c")),  # gote's lion takes the giraffe
        HandStep(t + 7.84, LiftStone("1b")),
        HandStep(t + 8.48, PutStone("1c", GOTE_LION, GOTE_LION)),
        HandStep(t + 9.2, Supply("2a", SENTE_CHICK)),  # sente's drop
        HandStep(t + 9.58, LiftStone("2b")),  # gote's elephant takes the chick ...
        HandStep(t + 9.90, PutStone("2c", SENTE_CHICK, SENTE_CHICK)),  # ... pushed aside
        HandStep(t + 9.96, LiftStone("1a")),
        HandStep(t + 10.72, PutStone("2b", GOTE_ELEPHANT, GOTE_ELEPHANT)),
        HandStep(t + 11.2, Remove("2c")),
    ]
    notices = sim.run(steps) + sim.advance_to(t + 18)
    committed = [(n.ply, n.move) for n in of(MoveCommitted, notices)]
    assert all(PLAYED[ply - 1] == move for ply, move in committed), notices
    assert "2b2c" not in [move for _, move in committed]
