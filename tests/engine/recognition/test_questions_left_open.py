"""Issue 78: a question stays open until it is answered or the board at rest has exactly
one reading, and a move played while it is open is read. Each case is one the
independent hands of issue 78 found, replayed through the real scanner, debouncer,
recognizer and controller; each fails on the code before its fix."""

from __future__ import annotations

from engine.physical import Stone
from engine.shogi import SHOGI
from hardware.mock.hands import HandStep, LiftStone, Noise, PutStone, Remove
from tests.engine.recognition.test_held_in_the_air import record
from tests.engine.recognition.test_no_amend_window import run_answering
from tests.firmware_host.simkit import make_sim


def test_a_promotion_asked_is_not_settled_by_a_capture_whose_victim_lies_aside() -> None:
    """Shogi's reed board (seed 710033): gote's pawn 5f5g+, the promotion asked (no sensor
    sees it). Sente's gold on 4h takes it, pushing the tokin aside onto 5h, where it lies
    1.2 s before the hand takes it up. Unpromoted, the pawn would let the gold step to
    5h (the tokin checks the king on 6h), so the board at rest read 5f5g and 4h5h, the
    only line, and settled the question unpromoted: a wrong record. A piece laid where a
    victim pushed aside lies is waited for until the grace (``victims.laid_aside``), with
    a question open too; taken up, both promotions take the gold to 5g, and the question
    stays for its answer."""
    sim = make_sim(
        "sim-shogi", position="4k4/9/9/9/9/4p4/9/3K1G3/9 w - 1", noise=Noise.none(), game=SHOGI
    )
    pawn, tokin, gold = Stone("P", 1), Stone("P", 1, flipped=True), Stone("G", 0)
    t = sim.now + 0.1
    run_answering(
        sim,
        [
            HandStep(t, LiftStone("5f")),
            HandStep(t + 0.46, PutStone("5g", pawn, tokin)),
            HandStep(t + 1.68, LiftStone("4h")),
            HandStep(t + 1.88, LiftStone("5g")),  # the tokin pushed off its cell
            HandStep(t + 1.92, PutStone("5h", tokin, tokin)),
            HandStep(t + 2.00, PutStone("5g", gold, gold)),
            HandStep(t + 3.19, Remove("5h")),  # into sente's hand
            (t + 5.10, "5f5g+"),
        ],
    )
    sim.settle()
    assert record(sim) == ["5f5g+", "4h5g"]
