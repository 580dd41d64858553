"""Issue 78: a question stays open until it is answered or the board at rest has exactly
one reading, and a move played while it is open is read. Each case is one the
independent hands of issue 78 found, replayed through the real scanner, debouncer,
recognizer and controller; each fails on the code before its fix."""

from __future__ import annotations

import pytest

from drivers.buttons import ButtonRole
from engine.physical import Stone
from engine.robotory import ROBOTORY
from engine.shogi import SHOGI
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import MoveCommitted
from firmware_host.session.actions import Select
from firmware_host.session.state import Phase
from hardware.mock.hands import HandStep, LiftStone, Noise, PutStone, Remove
from tests.engine.recognition.test_held_in_the_air import record
from tests.engine.recognition.test_no_amend_window import run_answering
from tests.firmware_host.simkit import answer_as_played, commits, make_sim, of


def test_a_promotion_asked_is_not_settled_by_a_capture_whose_victim_lies_aside() -> None:
    """Shogi's reed board (seed 710033): gote's pawn 5f5g+, the promotion asked (no sensor
    sees it). Sente's gold on 4h takes it, pushing the tokin aside onto 5h, where it lies
    1.2 s before the hand takes it up. Unpromoted, the pawn would let the gold step to
    5h (the tokin checks the king on 6h), so the board at rest read 5f5g and 4h5h, the
    only line, and settled the question unpromoted: a wrong record. A piece laid where a
    victim pushed aside lies is waited for until the grace (``pushed_aside.laid_aside``), with
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


@pytest.mark.parametrize("profile", ["sim-robotory", "sim-robotory-polarity"])
def test_a_token_placed_while_the_refill_is_asked_is_read(profile: str) -> None:
    """Robotory (seeds 710031 and 710040 on both boards): ok pressed on a board at rest
    asks light's refill (docs/robotory.md: a refill is offered when refill or ok is
    pressed); light places a black token on E3 instead, no tick of the board between the
    press and the token. The question took the board it was asked of at its first
    reading, the token already down, and so stayed open for ever, the token never
    recorded. A question of moves the board cannot show is asked of the position itself:
    light's token, read at rest, closes it."""
    sim = make_sim(
        profile, position="4/2R2/3B2/2W2/4 0w1b 2w2b 10w10b l", noise=Noise.none(), game=ROBOTORY
    )
    sim.settle()
    sim.press(ButtonRole.OK)
    assert sim.controller.prompt_choices == ("refill 1w2b", "refill 2w1b", "refill 3b", "refill 3w")
    token = Stone("b", None)
    t = sim.now + 1.5
    sim.run([HandStep(t, LiftStone("stock:l:4")), HandStep(t + 0.5, PutStone("E3", token, token))])
    sim.settle()
    assert record(sim) == ["b@E3"]
    assert sim.controller.phase is Phase.PLAY


@pytest.mark.parametrize("profile", ["sim-robotory", "sim-robotory-polarity"])
def test_ok_after_a_token_placed_while_the_refill_is_asked_ends_the_placement(
    profile: str,
) -> None:
    """The same, light pressing ok 0.1 s after the token landed, as a player ends a move
    (the hands of seed 710031 press ok after each move): the ok answered the refill
    question with the choice lit, a refill nobody made, and the token was read as dark's
    placement. An ok while only moves the board cannot show are asked, the board showing
    a move, ends that move; the board reads it at rest."""
    sim = make_sim(
        profile, position="4/2R2/3B2/2W2/4 0w1b 2w2b 10w10b l", noise=Noise.none(), game=ROBOTORY
    )
    sim.settle()
    sim.press(ButtonRole.OK)
    token = Stone("b", None)
    t = sim.now + 1.5
    sim.run([HandStep(t, LiftStone("stock:l:4")), HandStep(t + 0.5, PutStone("E3", token, token))])
    sim.advance(0.1)
    sim.press(ButtonRole.OK)
    sim.settle()
    assert record(sim) == ["b@E3"]
    assert sim.controller.phase is Phase.PLAY


RED_ROBOT = Stone("R", None)


def robot_step(sim: Simulation, at: float, start: str, cell: str) -> float:
    """The red robot walked from ``start`` onto ``cell`` from ``at``, the token there
    boxed first (the hands of seed 800004); when it landed."""
    landed = at + 0.15
    steps = [
        HandStep(at, LiftStone(start)),
        HandStep(at + 0.1, Remove(cell)),
        HandStep(landed, PutStone(cell, RED_ROBOT, RED_ROBOT)),
    ]
    sim.run(steps)
    return landed


@pytest.mark.parametrize("profile", ["sim-robotory", "sim-robotory-polarity"])
@pytest.mark.parametrize(("ok_after", "next_gap"), [(0.05, 0.1), (0.2, 0.1), (0.4, 0.3)])
def test_ok_ending_a_chain_while_the_refill_is_asked_ends_it(
    profile: str, ok_after: float, next_gap: float
) -> None:
    """Robotory (seed 800004's class): ok on a board at rest asks dark's refill; dark
    walks the red robot B4 to C5 instead and presses ok ``ok_after`` seconds after it
    landed, and light walks it on to C6 ``next_gap`` seconds after the press. The ok was
    taken by neither the question (it asks only moves the board cannot show) nor the
    chain, so the board read one chain, R:B4-C5-C6, unasked: a ply lost, a wrong record.
    The ok ends the chain shown as any ok does; the step after it is asked (the chain
    went on, or the next player moved the shared robot), never read as one chain."""
    sim = make_sim(
        profile,
        position="4/1w1R1/w2Bbw/b1W2/4 0w1b 0w1b 10w10b d",
        noise=Noise.none(),
        game=ROBOTORY,
    )
    sim.settle()
    sim.press(ButtonRole.OK)
    assert sim.controller.prompt_choices == ("refill 1w2b", "refill 2w1b", "refill 3b", "refill 3w")
    landed = robot_step(sim, sim.now + 1.0, "B4", "C5")
    sim.advance_to(landed + ok_after)
    sim.press(ButtonRole.OK)
    robot_step(sim, sim.now + next_gap, "C5", "C6")
    sim.settle()
    assert "R:B4-C5-C6" not in commits(sim.notices)
    asked: tuple[str, ...] = sim.controller.prompt_choices  # a new prompt since the refill's
    assert asked == ("R:B4-C5", "R:B4-C5-C6")
    sim.send(Select("R:B4-C5"))
    sim.settle()
    assert record(sim) == ["R:B4-C5", "R:C5-C6"]


@pytest.mark.parametrize("next_gap", [0.1, 0.5])
def test_ok_ending_a_chain_as_a_question_opens_ends_it(next_gap: float) -> None:
    """Robotory's reed board (seed 800004's class): dark places a white token on E4 (its
    colour asked: no reed tells it), light walks the red robot B4 to C5 at once, the
    question opening as the robot lands, and presses ok 0.05 s after it opened; dark
    walks the robot on ``next_gap`` seconds later. An ok that soon after a prompt opens
    is the hand's habit, not an answer (``Prompting.glanced``), and it was dropped: the
    chain was never ended, and once the token was answered the board read one chain,
    R:B4-C5-C6, unasked. The ok ends the move shown; that cannot be played before the
    token, so it is marked done as the board showed it (``Overlap.said_done``), and the
    robot walked on is asked."""
    sim = make_sim(
        "sim-robotory",
        position="4/1w1R1/w2Bbw/b1W2/4 0w1b 1w1b 10w10b d",
        noise=Noise.none(),
        game=ROBOTORY,
    )
    white = Stone("w", None)
    slot = next(
        spot
        for spot, stones in sim.world.layout().items()
        if spot.startswith("stock:d:") and stones[-1] == white
    )
    t = sim.now + 0.1
    sim.run([HandStep(t, LiftStone(slot)), HandStep(t + 0.5, PutStone("E4", white, white))])
    landed = robot_step(sim, t + 0.7, "B4", "C5")
    while not sim.controller.prompt_choices and sim.now < landed + 1.0:
        sim.advance(0.01)
    assert sim.controller.prompt_choices == ("b@E4", "w@E4")
    sim.advance(0.05)
    sim.press(ButtonRole.OK)
    robot_step(sim, sim.now + next_gap, "C5", "C6")
    sim.settle()
    assert sim.controller.prompt_choices == ("b@E4", "w@E4")
    sim.send(Select("w@E4"))
    sim.settle()
    assert "R:B4-C5-C6" not in commits(sim.notices)
    asked: tuple[str, ...] = sim.controller.prompt_choices  # a new prompt since the refill's
    assert asked == ("R:B4-C5", "R:B4-C5-C6")
    sim.send(Select("R:B4-C5"))
    sim.settle()
    assert record(sim) == ["w@E4", "R:B4-C5", "R:C5-C6"]


def test_a_drop_set_down_while_a_question_is_open_and_moved_on_is_asked() -> None:
    """Shogi's reed board (issue 78's independent hands, seed 780051): gote's bishop set
    on 7c first, then on 4f (asked: 8b7c or 8b4f); while the question is open sente takes
    it (4g4f), gote plays 2c2d, and sente drops the bishop on 2b, where it rests 1.1 s,
    the question answered 75 ms after it landed; then it goes on to 7f, and gote's gold
    steps to 8b. The moves made while the question was open were committed with the
    answer and closed at once but for a piece moved from a cell: B*2b stayed recorded,
    the board asked the bishop back to 2b, a wrong record. A drop set down while a
    question is open stays open as a move from a cell does: moved on, it is asked."""
    sim = make_sim(
        "sim-shogi",
        position="lns1k1snl/rbg2g3/1p1p1p1pp/p3p1p2/1PP6/P2P3P1/4PPP1P/3SKR2L/LNBG1GSN1 w P 30",
        noise=Noise.none(),
        game=SHOGI,
    )
    pawn, bishop, gote_bishop = Stone("P", 1), Stone("B", 0), Stone("B", 1)
    sente_pawn, king, gold = Stone("P", 0), Stone("K", 1), Stone("G", 1)
    t = sim.now + 0.1
    steps = [
        HandStep(t, LiftStone("6c")),  # a pawn touched and set back
        HandStep(t + 0.23, PutStone("6c", pawn, pawn)),
        HandStep(t + 0.41, LiftStone("8b")),
        HandStep(t + 0.80, PutStone("7c", gote_bishop, gote_bishop)),  # set on 7c first...
        HandStep(t + 1.48, LiftStone("7c")),
        HandStep(t + 1.59, PutStone("4f", gote_bishop, gote_bishop)),  # ...then on 4f
        HandStep(t + 2.52, LiftStone("4f")),
        HandStep(t + 2.57, PutStone("4f", gote_bishop, gote_bishop)),
        HandStep(t + 4.08, LiftStone("4f")),  # sente's 4g4f takes it, asked meanwhile
        HandStep(t + 4.24, PutStone("hand:b:B", gote_bishop, bishop)),
        HandStep(t + 4.29, LiftStone("4g")),
        HandStep(t + 4.48, PutStone("4f", sente_pawn, sente_pawn)),
        HandStep(t + 5.88, LiftStone("5a")),  # gote's king touched
        HandStep(t + 5.95, PutStone("5a", king, king)),
        HandStep(t + 6.09, LiftStone("2c")),  # gote's 2c2d
        HandStep(t + 6.27, PutStone("2d", pawn, pawn)),
        HandStep(t + 8.40, LiftStone("hand:b:B")),
        HandStep(t + 8.77, PutStone("2b", bishop, bishop)),  # the drop rests on 2b
    ]
    sim.run(steps)
    sim.advance_to(t + 8.84)
    assert sim.controller.prompt_choices == ("8b4f", "8b7c")
    notices = sim.send(Select("8b4f"))
    steps = [
        HandStep(t + 9.89, LiftStone("2b")),  # and goes on to 7f
        HandStep(t + 9.96, PutStone("7f", bishop, bishop)),
        HandStep(t + 10.15, LiftStone("7b")),  # gote's gold to 8b
        HandStep(t + 10.75, PutStone("8b", gold, gold)),
    ]
    notices += sim.run(steps) + sim.settle() + sim.advance(3.0)
    assert sim.controller.prompt_choices == ("B*2b", "B*7f"), notices
    notices += sim.send(Select("B*7f")) + sim.settle() + sim.advance(3.0)
    assert record(sim)[-5:] == ["8b4f", "4g4f", "2c2d", "B*7f", "7b8b"], notices


def test_a_token_set_back_as_the_next_question_opens_is_offered() -> None:
    """Robotory's reed board (independent hands, seed 820007): dark's white token on C2
    (its colour asked), light's black token on E2 while that question is open, dark's
    white token on D4; C2 answered, and light's hand takes E2 up at once, 1.7 s in the
    hand. The board read D4 alone and asked its colour; E2 set back, that question was
    judged first, so the board with E2 back passed for the board it was asked of and
    the question stayed without light's token; and at rest the lines that begin with E2
    were not counted, so W walking onto D4 settled it on w@D4: light's token lost. The
    board asked of is the board when its moves were offered, and a board at rest that
    also reads lines beginning with moves the question does not offer has more than one
    reading: those moves are offered beside it."""
    sim = make_sim(
        "sim-robotory",
        position="4/2R2/3B1w/2W2/4 1w2b 2w2b 10w10b d",
        noise=Noise.none(),
        game=ROBOTORY,
    )
    white, black, white_robot = Stone("w", None), Stone("b", None), Stone("W", None)
    t = sim.now
    start = len(sim.notices)
    run_answering(
        sim,
        [
            HandStep(t + 2.58, LiftStone("stock:d:2")),
            HandStep(t + 2.65, PutStone("C2", white, white)),  # its colour asked
            HandStep(t + 3.09, LiftStone("stock:l:3")),
            HandStep(t + 3.42, PutStone("E2", black, black)),  # light's, the question open
            HandStep(t + 6.73, LiftStone("stock:d:1")),
            HandStep(t + 6.89, PutStone("D4", white, white)),  # dark's next
            (t + 7.7, "w@C2"),
            HandStep(t + 7.71, LiftStone("E2")),  # light's token taken up at once
            HandStep(t + 9.45, PutStone("E2", black, black)),  # and set back
            HandStep(t + 11.02, LiftStone("D3")),  # W:D3-D4, its token boxed first
            HandStep(t + 11.38, Remove("D4")),
            HandStep(t + 11.54, PutStone("D4", white_robot, white_robot)),
            (t + 11.86, "b@E2"),
        ],
    )
    sim.settle()
    sim.advance(3.0)
    answer_as_played(sim, ["w@C2", "b@E2", "w@D4", "W:D3-D4"], start)


def test_a_chain_asked_about_is_not_settled_while_the_next_chains_token_is_boxed() -> None:
    """Robotory's polarity board (independent hands, seed 820001): after four tokens (the
    last set on E3 first, asked back), dark touches B5's token and walks R B3-B4-B5,
    asked: did the chain end on B4? Light boxes A4's token first, to walk R on to A4.
    With A4's token boxed the board at rest read one line that begins with an offered
    move, R:B3-B4 and R:B4-A4-B5 (a robot's step onto a token's cell reads the same),
    beside the chain R:B3-B4-A4-B5 the question did not offer, and settled on the first
    as the robot was lifted: a wrong record. A board at rest that also reads a move not
    offered has more than one reading: the question stays, that move offered beside it."""
    sim = make_sim(
        "sim-robotory-polarity",
        position="4/w1R2/3B2/2W2/4 1w2b 2w2b 10w10b d",
        noise=Noise.none(),
        game=ROBOTORY,
    )
    white, black, red = Stone("w", None), Stone("b", None), Stone("R", None)
    t = sim.now
    run_answering(
        sim,
        [
            HandStep(t + 0.16, LiftStone("stock:d:3")),
            HandStep(t + 0.41, PutStone("A1", black, black)),
            HandStep(t + 1.32, LiftStone("stock:l:3")),
            HandStep(t + 2.39, PutStone("B5", black, black)),
            HandStep(t + 5.28, LiftStone("stock:d:2")),
            HandStep(t + 5.33, PutStone("B4", white, white)),
            HandStep(t + 5.88, LiftStone("B4")),
            HandStep(t + 6.17, PutStone("B4", white, white)),
            HandStep(t + 6.37, LiftStone("stock:l:1")),
            HandStep(t + 6.56, PutStone("E3", white, white)),  # set on E3 first
            HandStep(t + 7.96, LiftStone("E3")),
            HandStep(t + 9.40, PutStone("A4", white, white)),
            (t + 10.28, "w@A4"),
        ],
    )
    start = len(sim.notices)  # (w@E3, set on E3 first, was committed and asked back)
    sim.run(
        [
            HandStep(t + 10.30, LiftStone("B5")),  # B5's token touched
            HandStep(t + 11.74, PutStone("B5", black, black)),
            HandStep(t + 11.97, LiftStone("B3")),  # R:B3-B4-B5, tokens boxed as it walks
            HandStep(t + 12.53, Remove("B4")),
            HandStep(t + 12.64, PutStone("B4", red, red)),
            HandStep(t + 12.84, LiftStone("B4")),
            HandStep(t + 12.89, Remove("B5")),
            HandStep(t + 12.98, PutStone("B5", red, red)),
        ]
    )
    sim.advance_to(t + 16.5)
    asked = sim.controller.prompt_choices
    assert "R:B3-B4-B5" in asked, asked
    sim.run([HandStep(t + 16.53, Remove("A4"))])  # R:B5-A4, its token boxed first
    sim.advance_to(t + 17.0)  # the robot still on B5
    assert "R:B3-B4" not in commits(sim.notices[start:]), sim.notices[start:]
    asked = sim.controller.prompt_choices
    assert "R:B3-B4-B5" in asked, asked
    sim.send(Select("R:B3-B4-B5"))
    sim.run(
        [
            HandStep(t + 17.02, LiftStone("B5")),
            HandStep(t + 17.43, PutStone("A4", red, red)),
        ]
    )
    sim.settle()
    sim.advance(3.0)
    truth = ["b@A1", "b@B5", "w@B4", "w@A4", "R:B3-B4-B5", "R:B5-A4"]
    answer_as_played(sim, truth, start)


@pytest.mark.parametrize("held", [0.6, 1.7])
@pytest.mark.parametrize("answered_after", [0.01, 0.4])
def test_a_piece_touched_then_held_while_a_question_is_open_takes_nothing(
    held: float, answered_after: float
) -> None:
    """Independent hands, Robot Duel seed 890049: sente's lion on 3c lifted and set
    straight back; gote's chick 2c2d, the promotion asked; the tokin touched again on
    2d; then sente lifts the lion, holds it ``held`` seconds and sets it back on 3c, and
    the question is answered (2c2d+) ``answered_after`` seconds later. The board had
    shown the lion taking the tokin (3c2d, the cell touched before the lion's first
    lift) and gote dropping a chick on the cell it left: it committed 3c2d, a wrong
    record, and read sente's 3c3b after it as C*3b. The lion was read back on its cell
    before the capture could land, the tokin's cell still holding its piece then: no
    victim was laid there, and the capture is no reading (``Touches.back_before_landing``).
    Robot Duel's reed board: the others read the promotion, and ask nothing."""
    sim = make_sim("sim", position="gle/3/LcG/E2 w c 4", noise=Noise.none())
    sente_lion, gote_chick = Stone("L", 0), Stone("C", 1)
    tokin = Stone("C", 1, flipped=True)
    t = sim.now + 0.1
    back = t + 2.18 + held
    run_answering(
        sim,
        [
            HandStep(t, LiftStone("3c")),  # touched and set straight back
            HandStep(t + 0.1, PutStone("3c", sente_lion, sente_lion)),
            HandStep(t + 0.29, LiftStone("2c")),  # gote's 2c2d+
            HandStep(t + 0.39, PutStone("2d", gote_chick, tokin)),
            HandStep(t + 1.77, LiftStone("2d")),  # the tokin touched again
            HandStep(t + 1.99, PutStone("2d", tokin, tokin)),
            HandStep(t + 2.18, LiftStone("3c")),  # the lion held while the question is open
            HandStep(back, PutStone("3c", sente_lion, sente_lion)),
            (back + answered_after, "2c2d+"),
            HandStep(back + 0.5, LiftStone("3c")),  # sente's 3c3b
            HandStep(back + 0.6, PutStone("3b", sente_lion, sente_lion)),
        ],
    )
    notices = sim.settle() + sim.advance(3.0) + sim.settle()
    assert "3c2d" not in commits(sim.notices), notices
    assert record(sim) == ["2c2d+", "3c3b"]


@pytest.mark.parametrize("lies", [0.4, 0.89, 1.4])
@pytest.mark.parametrize("dropped", [0.95, 1.05, 1.25])
def test_a_question_is_not_closed_by_a_capture_whose_victim_refills_its_cell(
    dropped: float, lies: float
) -> None:
    """Independent hands, Robot Duel seed 910047 (reed board: a cell reads a piece, not
    which): sente's lion 3c takes the giraffe on 3b, pushing it aside onto 2b before it
    goes to the stand; gote drops an elephant on 3d ``dropped`` seconds after the lion's
    first lift, before the capture rests, and presses ok: asked 3c2b, 3c3b or 3c3d.
    Sente's giraffe 2d takes the elephant, pushing it onto 3c, the cell the lion left,
    where it lies ``lies`` seconds. The board at rest then reads as if the lion never
    moved and 2d3d alone were played: it closed the question and committed 2d3d, a wrong
    record. A cell every choice empties, empty when asked, reading a piece again is no
    sign the question's piece went back: 2d3d is offered beside it, never instead."""
    sim = make_sim("sim", position="c1l/g2/LEC/1G1 b e 15", noise=Noise.none())
    lion, giraffe = Stone("L", 0), Stone("G", 1)
    elephant, sente_giraffe = Stone("E", 1), Stone("G", 0)
    t = sim.now + 0.1
    start = len(sim.notices)
    steps = [
        HandStep(t, LiftStone("3c")),  # 3c3b, the giraffe pushed aside onto 2b
        HandStep(t + 0.07, LiftStone("3b")),
        HandStep(t + 0.16, PutStone("2b", giraffe, giraffe)),
        HandStep(t + 0.24, PutStone("3b", lion, lion)),
        HandStep(t + 0.92, LiftStone("2b")),
        HandStep(t + 1.02, PutStone("hand:b:G", giraffe, sente_giraffe)),
        HandStep(t + dropped - 0.1, LiftStone("hand:w:E")),  # E*3d
        HandStep(t + dropped, PutStone("3d", elephant, elephant)),
    ]
    sim.run(sorted(steps, key=lambda step: step.at))
    sim.advance_to(t + dropped + 0.1)
    sim.press(ButtonRole.OK)
    steps = [
        HandStep(t + 2.44, LiftStone("2d")),  # 2d3d, the elephant pushed aside onto 3c
        HandStep(t + 2.61, LiftStone("3d")),
        HandStep(t + 2.68, PutStone("3c", elephant, elephant)),
        HandStep(t + 2.78, PutStone("3d", sente_giraffe, sente_giraffe)),
        HandStep(t + 2.78 + lies, LiftStone("3c")),
        HandStep(t + 2.88 + lies, PutStone("hand:b:E", elephant, Stone("E", 0))),
    ]
    sim.run(steps)
    sim.settle()
    assert "2d3d" not in commits(sim.notices[start:])[:1], sim.notices[start:]
    answer_as_played(sim, ["3c3b", "E*3d", "2d3d"], start)


@pytest.mark.parametrize("touched_again", [False, True])
@pytest.mark.parametrize("dropped_after", [0.45, 1.63])
def test_a_capture_and_a_drop_where_its_capturer_seemed_to_land_are_asked(
    touched_again: bool, dropped_after: float
) -> None:
    """Independent hands, Robot Duel seed 910088 (reed board): sente's giraffe 1c1b,
    committed, then gote's lion 2c takes it, the giraffe taken to the stand first (asked
    whether the giraffe went on), the lion perhaps touched again on 1b, and sente drops a
    chick on 3c ``dropped_after`` seconds after the lion landed; then 1c1b is answered.
    1b reads a piece throughout but for the swap: the board read 2c3c, the lion's quiet
    move to the chick's cell, and committed it unasked, a wrong record. The cell the
    hands emptied and filled again, which that move leaves alone, is the capture's: the
    pair is offered beside it."""
    sim = make_sim("sim", position="2e/1g1/1lG/1Lc b Ce 19", noise=Noise.none())
    giraffe, lion, chick = Stone("G", 0), Stone("L", 1), Stone("C", 0)
    t = sim.now + 0.1
    start = len(sim.notices)
    landed = t + 3.9
    steps: list[HandStep | tuple[float, str]] = [
        HandStep(t, LiftStone("1c")),  # 1c1b, touched again as the hand leaves
        HandStep(t + 0.05, PutStone("1b", giraffe, giraffe)),
        HandStep(t + 0.42, LiftStone("1b")),
        HandStep(t + 0.58, PutStone("1b", giraffe, giraffe)),
        HandStep(t + 2.9, LiftStone("1b")),  # 2c1b, the giraffe to the stand first
        HandStep(t + 3.34, PutStone("hand:w:G", giraffe, Stone("G", 1))),
        HandStep(t + 3.39, LiftStone("2c")),
        HandStep(landed, PutStone("1b", lion, lion)),
    ]
    if touched_again:
        steps += [
            HandStep(landed + 0.2, LiftStone("1b")),
            HandStep(landed + 0.3, PutStone("1b", lion, lion)),
        ]
    steps += [
        HandStep(landed + dropped_after - 0.05, LiftStone("hand:b:C")),  # C*3c
        HandStep(landed + dropped_after, PutStone("3c", chick, chick)),
        (landed + max(dropped_after, 0.3) + 0.4, "1c1b"),
    ]
    run_answering(sim, steps)
    sim.settle()
    assert "2c3c" not in commits(sim.notices[start:]), sim.notices[start:]
    answer_as_played(sim, ["1c1b", "2c1b", "C*3c"], start)


@pytest.mark.parametrize("set_down_after", [0.75, 1.25])
def test_a_capture_made_while_a_question_was_open_waits_for_its_landing_filled_anew(
    set_down_after: float,
) -> None:
    """Independent hands, Robot Duel seed 880049 (reed board): gote's lion 1c2b, touched
    again; sente's giraffe 1d1c; while 1c2b is asked (the lion lifted on), gote's lion
    takes the giraffe on 1c, pushing it aside onto 1b before it goes to the stand, and
    sente's elephant 3d takes the chick on 2c, pushing it onto 2b. 1c2b is answered;
    ``set_down_after`` seconds later gote sets a chick from the stand on 1b, then moves it
    on to 3b. The board had shown 2b1b (the giraffe lying on 1b) long before the answer,
    so the wait for a victim pushed aside, counted from that showing, was over when the
    chick came down there: it committed 2b1b and 3d2c at once, a wrong record. The piece
    on 1b came down after the one that made that showing left: the wait counts from its
    landing, and no move nobody played is committed."""
    sim = make_sim("sim", position="Lge/3/1cl/E1G w c 10", noise=Noise.none())
    lion, giraffe, chick, elephant = Stone("L", 1), Stone("G", 0), Stone("C", 1), Stone("E", 0)
    t = sim.now + 0.1
    answered = t + 11.89
    start = len(sim.notices)
    run_answering(
        sim,
        [
            HandStep(t, LiftStone("1c")),  # 1c2b, touched again
            HandStep(t + 0.05, PutStone("2b", lion, lion)),
            HandStep(t + 0.27, LiftStone("2b")),
            HandStep(t + 0.38, PutStone("2b", lion, lion)),
            HandStep(t + 3.49, LiftStone("1d")),  # 1d1c
            HandStep(t + 4.04, PutStone("1c", giraffe, giraffe)),
            HandStep(t + 4.36, LiftStone("2b")),  # 2b1c, the giraffe pushed onto 1b
            HandStep(t + 4.62, LiftStone("1c")),
            HandStep(t + 4.72, PutStone("1b", giraffe, giraffe)),
            HandStep(t + 4.77, PutStone("1c", lion, lion)),
            HandStep(t + 5.26, LiftStone("1b")),
            HandStep(t + 5.36, PutStone("hand:w:G", giraffe, Stone("G", 1))),
            HandStep(t + 5.84, LiftStone("1c")),  # the lion touched again
            HandStep(t + 6.13, PutStone("1c", lion, lion)),
            HandStep(t + 7.50, LiftStone("3d")),  # 3d2c, the chick pushed onto 2b
            HandStep(t + 7.62, LiftStone("2c")),
            HandStep(t + 7.68, PutStone("2b", chick, chick)),
            HandStep(t + 7.72, PutStone("2c", elephant, elephant)),
            HandStep(t + 8.05, LiftStone("2b")),
            HandStep(t + 8.15, PutStone("hand:b:C", chick, Stone("C", 0))),
            (answered, "1c2b"),
            HandStep(answered + 0.01, LiftStone("2c")),  # the elephant touched again
            HandStep(answered + 0.19, PutStone("2c", elephant, elephant)),
            HandStep(answered + set_down_after - 0.6, LiftStone("hand:w:C")),
            HandStep(answered + set_down_after, PutStone("1b", chick, chick)),  # C*3b, on 1b
            HandStep(answered + set_down_after + 0.97, LiftStone("1b")),  # first
            HandStep(answered + set_down_after + 2.26, PutStone("3b", chick, chick)),
        ],
    )
    sim.settle()
    played = ["1c2b", "1d1c", "2b1c", "3d2c", "C*3b"]
    for notice in of(MoveCommitted, sim.notices[start:]):
        assert played[notice.ply - 1 : notice.ply] == [notice.move], sim.notices[start:]
    moves = list(sim.controller.record().moves)
    assert moves == played[: len(moves)], sim.notices[start:]


@pytest.mark.parametrize("lies", [0.6, 1.2])
@pytest.mark.parametrize("taken_after", [0.1, 0.2, 0.3])
def test_a_drop_moved_on_and_taken_with_its_victim_pushed_aside_is_asked_where_it_went(
    taken_after: float, lies: float
) -> None:
    """Independent hands, Robot Duel seed 881040 (reed board): sente's giraffe 1c1d;
    gote's elephant dropped on 3c, committed at rest, lifted on to 1c; ``taken_after``
    seconds after it lands, the giraffe takes it, pushing it aside onto 2c, where it
    lies ``lies`` seconds. The board asked about the committed drop while the elephant
    lay on 2c (E*2c or E*3c); once it went, the board read as the position before 1c1d
    or as E*1c and the capture (a takeback offered beside the lines it showed), which
    the open question ignored: E*1c never offered, the prompt open for ever without the
    move played. The takeback reading's lines are offered beside the question."""
    sim = make_sim("sim", position="g1e/l2/2G/1L1 b 2Ce 11", noise=Noise.none())
    elephant, giraffe = Stone("E", 1), Stone("G", 0)
    t = sim.now + 0.1
    start = len(sim.notices)
    sim.run([HandStep(t, LiftStone("1c")), HandStep(t + 0.3, PutStone("1d", giraffe, giraffe))])
    sim.settle()
    t = sim.now + 1.0
    landed = t + 3.1
    steps = [
        HandStep(t, LiftStone("hand:w:E")),  # E*1c, set down on 3c first
        HandStep(t + 0.64, PutStone("3c", elephant, elephant)),
        HandStep(t + 1.63, LiftStone("3c")),
        HandStep(landed, PutStone("1c", elephant, elephant)),
        HandStep(landed + taken_after, LiftStone("1d")),  # 1d1c, pushed aside onto 2c
        HandStep(landed + taken_after + 0.3, LiftStone("1c")),
        HandStep(landed + taken_after + 0.37, PutStone("2c", elephant, elephant)),
        HandStep(landed + taken_after + 0.46, PutStone("1c", giraffe, giraffe)),
        HandStep(landed + taken_after + 0.37 + lies, LiftStone("2c")),
        HandStep(landed + taken_after + 0.47 + lies, PutStone("hand:b:E", elephant, Stone("E", 0))),
    ]
    sim.run(steps)
    sim.settle()
    sim.advance(3.0)
    asked = sim.controller.prompt_choices
    assert "E*1c" in asked, (asked, sim.notices[start:])
    sim.send(Select("E*1c"))
    sim.settle()
    assert record(sim) == ["1c1d", "E*1c", "1d1c"], sim.notices[start:]
