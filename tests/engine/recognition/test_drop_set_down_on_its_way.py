"""Issue 78's independent hands, Robot Duel seed 743030: sente's chick dropped on 3c,
committed at rest, moved on to 2c (the cell the player meant), and gote's chick dropped on
3c a moment later. The board took sente's rest on 3c for the start of gote's drop there
(a reply begun before the mover's hand went on), kept C*3c and asked only about a drop on
2c: a wrong record. Replayed through the real scanner, debouncer, recognizer and
controller at several paces of gote's drop, and with a piece moved on the board the same
way (a lion set on 3c, moved on to 2c); fails on the code before its fix."""

from __future__ import annotations

import pytest

from engine.physical import Stone
from firmware_host.loops.simulator import Simulation
from firmware_host.session.actions import Select
from firmware_host.session.state import Phase
from hardware.mock.hands import HandStep, LiftStone, Noise, PutStone
from tests.engine.recognition.test_held_in_the_air import dobutsu, record
from tests.engine.recognition.test_no_amend_window import run_answering
from tests.firmware_host.simkit import commits, make_sim

SENTE_CHICK, GOTE_CHICK = Stone("C", 0), Stone("C", 1)
SENTE_LION, GOTE_LION = Stone("L", 0), Stone("L", 1)
SENTE_GIRAFFE, GOTE_GIRAFFE = Stone("G", 0), Stone("G", 1)
HEN_TAKEN = Stone("C", 1, flipped=True)

# the seed's board after 2b1c: sente's lion on 3d, gote's on 1c, a chick in each hand
AFTER_THE_LION = "2e/g1e/2l/L2 b Cgc 5"


# sente's piece set on 3c (from the hand, or the lion from 3d), then moved on to 2c
SET_ON_3C = {"drop": ("hand:b:C", SENTE_CHICK, "C*2c"), "board": ("3d", SENTE_LION, "3d2c")}


@pytest.mark.parametrize("pace", [0.1, 0.2, 0.39, 0.6])
@pytest.mark.parametrize("kind", ["drop", "board"])
def test_a_piece_set_down_on_its_way_then_the_reply_on_that_cell_is_asked(
    kind: str, pace: float
) -> None:
    """Sente's piece set on 3c and left there a second (committed), moved on to 2c;
    gote drops its chick on 3c ``pace`` seconds after the landing. The record is what
    was played: each question offers the played move and is answered with it (the rest
    on 3c is committed first: the record changes only through a prompt)."""
    origin, piece, played = SET_ON_3C[kind]
    sim = dobutsu(AFTER_THE_LION)
    start = len(sim.notices)
    t = sim.now + 0.1
    steps = [
        HandStep(t, LiftStone(origin)),
        HandStep(t + 0.18, PutStone("3c", piece, piece)),
        HandStep(t + 1.15, LiftStone("3c")),
        HandStep(t + 1.44, PutStone("2c", piece, piece)),
        HandStep(t + 1.44 + pace - 0.05, LiftStone("hand:w:C")),
        HandStep(t + 1.44 + pace, PutStone("3c", GOTE_CHICK, GOTE_CHICK)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices)[:1] == [played.replace("2c", "3c")], notices  # the rest on 3c
    answer_each(sim, [played, "C*3c"], start)


def answer_each(sim: Simulation, truth: list[str], start: int) -> None:
    """Each question answered with the played move, which it must offer; then the
    record is ``truth``."""
    for _ in truth:
        if sim.controller.phase is not Phase.PROMPT:
            break
        wanted = truth[len(sim.controller.record().moves)]
        assert wanted in sim.controller.prompt_choices, sim.notices[start:]
        sim.send(Select(wanted))
        sim.settle()
    assert sim.controller.phase is Phase.PLAY, sim.notices[start:]
    assert record(sim) == truth, sim.notices[start:]


def test_the_seeds_hands_after_a_question_about_the_lions_move() -> None:
    """The seed's hands as they were: the lion's capture 2b1c committed with the answer
    to an earlier question, the chick set on 3c and moved on to 2c, gote's chick dropped
    on 3c 0.39 s later. The board asked about the lion's move (an earlier base's reading:
    2b2c) and the answer kept the chick on 3c as it was, unasked: the open moves' own
    question, about the chick, comes first."""
    sim = make_sim("sim", position="g1e/Gle/1L1/+c2 b C 15", noise=Noise.none())
    start = len(sim.notices)
    run_answering(
        sim,
        [
            HandStep(0.16, LiftStone("3a")),
            HandStep(1.81, PutStone("3a", GOTE_GIRAFFE, GOTE_GIRAFFE)),
            HandStep(1.93, LiftStone("3d")),
            HandStep(2.05, PutStone("hand:b:C", HEN_TAKEN, SENTE_CHICK)),
            HandStep(2.10, LiftStone("2c")),
            HandStep(2.18, PutStone("3d", SENTE_LION, SENTE_LION)),
            HandStep(2.32, LiftStone("3a")),
            HandStep(2.56, LiftStone("3b")),
            HandStep(2.61, PutStone("3c", SENTE_GIRAFFE, SENTE_GIRAFFE)),
            HandStep(2.67, PutStone("3b", GOTE_GIRAFFE, GOTE_GIRAFFE)),
            HandStep(3.21, LiftStone("3c")),
            HandStep(3.31, PutStone("hand:w:G", SENTE_GIRAFFE, GOTE_GIRAFFE)),
            HandStep(3.75, LiftStone("hand:b:C")),
            HandStep(3.80, PutStone("1c", SENTE_CHICK, SENTE_CHICK)),
            HandStep(5.14, LiftStone("1c")),
            HandStep(5.42, PutStone("1c", SENTE_CHICK, SENTE_CHICK)),
            (5.61, "2c3d"),
            HandStep(5.63, LiftStone("2b")),
            HandStep(5.92, LiftStone("1c")),
            HandStep(6.51, PutStone("1c", GOTE_LION, GOTE_LION)),
            HandStep(6.58, PutStone("hand:w:C", SENTE_CHICK, GOTE_CHICK)),
            HandStep(7.40, LiftStone("hand:b:C")),
            HandStep(7.58, PutStone("3c", SENTE_CHICK, SENTE_CHICK)),
            HandStep(8.55, LiftStone("3c")),
            HandStep(8.84, PutStone("2c", SENTE_CHICK, SENTE_CHICK)),
            HandStep(9.18, LiftStone("hand:w:C")),
            HandStep(9.23, PutStone("3c", GOTE_CHICK, GOTE_CHICK)),
        ],
    )
    sim.settle()
    answer_each(sim, ["2c3d", "3a3b", "C*1c", "2b1c", "C*2c", "C*3c"], start)
