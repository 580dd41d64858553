"""Independent hands, Robot Duel reed seed 950077: while the board asked whether a
capture's piece was still in the hand, gote slid its giraffe 3a-2a, sente answered 1c1b,
and gote dropped a chick on 3a. Answered late, the board read the cells as gote's chick
dropped on 2a and sente's 1c1b, and committed them unasked: on a board that reads only
occupancy the two readings leave the same cells, and only the hands' times tell them
apart. 3a was empty when 2a filled and stayed empty until sente's move was done, as no
lift put back or knock does: such a cell is where the first piece may have come from,
and the move from it is asked beside the line's first (``two_as_one``). So is a piece
set down off its way, never shown whole, and taken on by its player's next move."""

from __future__ import annotations

from engine.physical import Stone
from engine.shogi import SHOGI
from firmware_host.session.actions import Select
from hardware.mock.hands import HandStep, LiftStone, Noise, PutStone
from tests.firmware_host.simkit import answer_as_played, commits, make_sim, prompts

SENTE_GIRAFFE, SENTE_LION = Stone("G", 0), Stone("L", 0)
GOTE_GIRAFFE, GOTE_LION, GOTE_CHICK = Stone("G", 1), Stone("L", 1), Stone("C", 1)
POSITION = "g1e/l2/1cL/EG1 b c 5"  # the trial's, after four plies


def test_a_move_and_a_drop_back_on_its_cell_over_a_reply_are_asked() -> None:
    """The trial's hands from its fifth ply on, at its times."""
    sim = make_sim("sim-dobutsu", position=POSITION, noise=Noise.none())
    t = sim.now + 0.1 - 6.7
    steps = [
        HandStep(t + 6.78, LiftStone("2d")),  # sente's capture, its victim slid out ...
        HandStep(t + 7.36, LiftStone("3b")),  # (gote's touch)
        HandStep(t + 7.452, LiftStone("2c")),  # ... as the capturer lands, never seen
        HandStep(t + 7.455, PutStone("2c", SENTE_GIRAFFE, SENTE_GIRAFFE)),
        HandStep(t + 8.17, PutStone("3b", GOTE_LION, GOTE_LION)),
        HandStep(t + 9.0, LiftStone("3a")),  # gote's 3a2a
        HandStep(t + 9.35, PutStone("2a", GOTE_GIRAFFE, GOTE_GIRAFFE)),
        HandStep(t + 15.39, LiftStone("1c")),  # sente's 1c1b
        HandStep(t + 16.2, PutStone("1b", SENTE_LION, SENTE_LION)),
        HandStep(t + 18.4, LiftStone("2a")),  # gote touches its giraffe, puts it back
        HandStep(t + 18.9, PutStone("2a", GOTE_GIRAFFE, GOTE_GIRAFFE)),
        HandStep(t + 19.6, LiftStone("hand:w:C")),  # and drops a chick on 3a
        HandStep(t + 19.9, PutStone("3a", GOTE_CHICK, GOTE_CHICK)),
    ]
    notices = sim.run(steps) + sim.advance_to(t + 25.7)
    assert prompts(notices)[-1:] == [("2d2c", "still in the hand")], notices
    start = len(sim.notices)
    sim.send(Select("2d2c"))  # answered late, as in the trial
    sim.advance_to(t + 30)
    assert ("3a2a", "C*2a") in prompts(sim.notices[start:]), sim.notices[start:]
    answer_as_played(sim, ["2d2c", "3a2a", "1c1b", "C*3a"], start)


def test_a_lift_put_back_as_the_reply_began_is_not_asked() -> None:
    """Gote's chick dropped on 2a as its hand lifts the giraffe beside it, sente's reply
    begun at once, the giraffe put back before the reply is done: the line is played
    unasked."""
    sim = make_sim("sim-dobutsu", position="g1e/l2/1cL/EG1 w c 5", noise=Noise.none())
    t = sim.now + 0.1
    steps = [
        HandStep(t, LiftStone("hand:w:C")),
        HandStep(t + 0.3, LiftStone("3a")),
        HandStep(t + 0.4, PutStone("2a", GOTE_CHICK, GOTE_CHICK)),
        HandStep(t + 0.45, LiftStone("1c")),
        HandStep(t + 0.6, PutStone("3a", GOTE_GIRAFFE, GOTE_GIRAFFE)),
        HandStep(t + 0.9, PutStone("1b", SENTE_LION, SENTE_LION)),
    ]
    notices = sim.run(steps) + sim.advance_to(t + 6)
    assert prompts(notices) == [], notices
    assert commits(notices) == ["C*2a", "1c1b"], notices


def test_a_move_the_reply_and_a_move_into_its_cell_are_asked() -> None:
    """Independent hands, shogi reed seed 950123: sente's 3i3h, gote's 5a5b begun 10 ms
    before it, then sente's 4i3i into the cell 3i3h left. The pair never read in turn,
    the board asked 4i3h or "only set down", lacking the move played."""
    sim = make_sim(
        "sim-shogi",
        position="lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B1G3R1/LNS1KGSNL w - 2",
        noise=Noise.none(),
        game=SHOGI,
    )
    silver, gold = Stone("S", 0), Stone("G", 0)
    gote_silver, gote_king = Stone("S", 1), Stone("K", 1)
    t = sim.now + 0.1 - 22.4
    steps = [
        HandStep(t + 22.41, LiftStone("7a")),
        HandStep(t + 23.53, PutStone("6b", gote_silver, gote_silver)),
        HandStep(t + 23.87, LiftStone("5a")),
        HandStep(t + 23.93, LiftStone("3i")),
        HandStep(t + 24.12, PutStone("3h", silver, silver)),
        HandStep(t + 24.46, PutStone("5b", gote_king, gote_king)),
        HandStep(t + 24.66, LiftStone("4i")),
        HandStep(t + 25.43, PutStone("3i", gold, gold)),
    ]
    start = len(sim.notices)
    notices = sim.run(steps) + sim.advance_to(t + 30)
    assert commits(notices) == ["7a6b"], notices
    assert prompts(notices) == [("3i3h", "4i3h")], notices
    answer_as_played(sim, ["7a6b", "3i3h", "5a5b", "4i3i"], start)


def test_a_piece_set_down_and_taken_on_over_a_reply_is_asked() -> None:
    """Independent hands, shogi reed seed 950134: sente's 6g6f, gote's 3a4b, sente's
    4i5i, gote's 4a3a, the board asking about 3a4b meanwhile; answered, sente's 5i4h
    and gote's 3a4a. The board never showed 4i5i whole (another hand was always at
    work) and recorded sente's two moves as one, 4i4h, unasked: the gold set down on 5i
    off its way and taken on from there, after the reply, is asked."""
    sim = make_sim(
        "sim-shogi",
        position="lnsgkgsn1/1r5bl/1pppppppp/p8/9/9/PPPPPPPPP/1B1K2R2/LNSG1GSNL b - 5",
        noise=Noise.none(),
        game=SHOGI,
    )
    pawn, gold, gote_silver, gote_gold = Stone("P", 0), Stone("G", 0), Stone("S", 1), Stone("G", 1)
    t = sim.now + 0.1 - 11.0
    before = [
        HandStep(t + 11.15, LiftStone("6g")),
        HandStep(t + 12.19, PutStone("6f", pawn, pawn)),
        HandStep(t + 12.28, LiftStone("3a")),
        HandStep(t + 12.61, LiftStone("4i")),
        HandStep(t + 12.63, PutStone("4b", gote_silver, gote_silver)),
        HandStep(t + 13.47, PutStone("5i", gold, gold)),
        HandStep(t + 13.83, LiftStone("4a")),
        HandStep(t + 13.89, PutStone("3a", gote_gold, gote_gold)),
    ]
    notices = sim.run(before) + sim.advance_to(t + 21.1)
    assert sim.controller.prompt_choices == ("3a4b", "4a4b"), notices
    start = len(sim.notices)
    sim.send(Select("3a4b"))
    after = [
        HandStep(t + 21.15, LiftStone("5i")),
        HandStep(t + 22.73, PutStone("4h", gold, gold)),
        HandStep(t + 22.9, LiftStone("3a")),
        HandStep(t + 23.63, PutStone("4a", gote_gold, gote_gold)),
    ]
    notices = sim.run(after) + sim.advance_to(t + 27)
    assert commits(notices) == [], notices
    assert sim.controller.prompt_choices == ("4i4h", "4i5i")
    assert commits(sim.notices[start:]) == ["3a4b"]
