"""A piece read another way for a blink as the capturer's hand takes it up: a promoted
lance turned over as it is lifted reads unpromoted for a few milliseconds on a board
that reads each piece's face (two Hall switches, its magnet's polarity). Found by the
spec sheet's shogi mux row at blitz (seed 1, move 2002) once the simulation confirmed
readings at the runtime's pace: the board took the blink for the lance gone back
unpromoted and recorded ``8d8c`` for ``8d8c+``."""

from __future__ import annotations

from engine.physical import Stone
from engine.registry import find_game
from hardware.mock.hands import Force, HandStep, LiftStone, PutStone
from tests.firmware_host.simkit import answer_as_played, commits, make_sim

SHOGI = find_game("shogi")
LANCE, PROMOTED_LANCE = Stone("L", 0), Stone("L", 0, True)
KING, SENTE_KING = Stone("K", 1), Stone("K", 0)
# sente's lance on 8d promotes on 8c; gote's king on 7c takes it there
POSITION = "9/9/2k6/1L7/9/9/9/9/4K4 b - 1"


def test_a_promoted_piece_read_unpromoted_for_a_blink_as_it_is_taken_is_not_gone_back() -> None:
    sim = make_sim("sim-shogi-mux", position=POSITION, game=SHOGI)
    start = len(sim.notices)
    t = sim.now
    unpromoted = sim.game.stack_reading((LANCE,), sim.world.sensing)
    steps = [
        HandStep(t + 0.10, LiftStone("8d")),
        # read unpromoted as it comes down, turned over in the hand as it lands
        HandStep(t + 0.23, Force("8c", unpromoted)),
        HandStep(t + 0.30, PutStone("8c", LANCE, PROMOTED_LANCE)),
        HandStep(t + 0.30, Force("8c", None)),
        # 1.5 s later the capturer's hand takes it, turning it over as it lifts it
        HandStep(t + 1.90, Force("8c", unpromoted)),
        HandStep(t + 1.924, LiftStone("8c")),
        HandStep(t + 1.924, Force("8c", None)),
        HandStep(t + 2.10, LiftStone("7c")),
        HandStep(t + 2.30, PutStone("8c", KING, KING)),
        # sente's next move begun before the board could rest
        HandStep(t + 2.565, LiftStone("5i")),
        HandStep(t + 2.96, PutStone("5h", SENTE_KING, SENTE_KING)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert "8d8c" not in commits(notices), notices
    answer_as_played(sim, ["8d8c+", "7c8c", "5i5h"], start)
