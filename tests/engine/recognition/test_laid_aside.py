"""Issue 78's pushed-aside captures, read as a line of two moves: a victim lying where a
capturer pushed it is no drop, and no piece dropped beside it (``pushed_aside.laid_aside``).
Each case is one that hands nobody on the team wrote found (a red-team generator of
random positions, orders and paces), replayed through the real scanner, debouncer,
recognizer and controller; each fails on the code before its fix."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from engine.physical import Stone
from engine.shogi import SHOGI
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import IllegalShown
from firmware_host.session.actions import Select
from firmware_host.session.state import Phase
from hardware.mock.hands import HandStep, LiftStone, Noise, PutStone
from tests.engine.recognition.test_no_amend_window import run_answering
from tests.firmware_host.simkit import commits, make_sim, prompts

BOARDS = ("sim", "sim-dobutsu-polarity")  # Robot Duel's reed and polarity boards
SENTE_CHICK, GOTE_CHICK = Stone("C", 0), Stone("C", 1)
SENTE_GIRAFFE, GOTE_ELEPHANT, GOTE_LION = Stone("G", 0), Stone("E", 1), Stone("L", 1)


def answered(sim: Simulation, played: Sequence[str]) -> list[str]:
    """The record once every question is answered with the move the hands played at the
    ply it asks about; each question must offer it."""
    for _ in range(len(played) + 1):
        sim.settle()
        if sim.controller.phase is not Phase.PROMPT:
            break
        done = len(sim.controller.record().moves)
        assert played[done] in sim.controller.prompt_choices, sim.notices
        sim.send(Select(played[done]))
        sim.advance(3.0)
    sim.settle()
    return list(sim.controller.record().moves)


@pytest.mark.parametrize("profile", BOARDS)
def test_a_victim_pushed_aside_is_no_drop_of_the_next_player(profile: str) -> None:
    """Gote holds a chick. Sente's giraffe 2c takes gote's chick on 2b by pushing it onto
    the empty 1b, where it lies a second before going to sente's stand; a second later
    gote's elephant 1a takes the giraffe. The board committed 2c2b and C*1b, a drop nobody
    made, at rest (the chick came to 1b before the giraffe came down on 2b), and never
    read gote's move. A piece first read on a cell as its neighbour's piece left, the
    neighbour filled again after, may be that victim: the board waits for the hand."""
    sim = make_sim(profile, position="g1e/1c1/lGL/E2 b c 13", noise=Noise.none())
    t = sim.now + 0.1
    steps = [
        HandStep(t, LiftStone("2c")),
        HandStep(t + 0.20, LiftStone("2b")),  # the chick pushed off 2b...
        HandStep(t + 0.25, PutStone("1b", GOTE_CHICK, GOTE_CHICK)),  # ...onto the empty 1b
        HandStep(t + 0.30, PutStone("2b", SENTE_GIRAFFE, SENTE_GIRAFFE)),
        HandStep(t + 1.30, LiftStone("1b")),  # a second later, to sente's stand
        HandStep(t + 1.40, PutStone("hand:b:C", GOTE_CHICK, SENTE_CHICK)),
        HandStep(t + 2.40, LiftStone("2b")),  # gote's 1a2b, the giraffe to its stand
        HandStep(t + 2.50, PutStone("hand:w:G", SENTE_GIRAFFE, Stone("G", 1))),
        HandStep(t + 2.60, LiftStone("1a")),
        HandStep(t + 2.80, PutStone("2b", GOTE_ELEPHANT, GOTE_ELEPHANT)),
    ]
    notices = sim.run(steps) + sim.settle() + sim.advance(5.0) + sim.settle()
    assert commits(notices) == ["2c2b", "1a2b"], notices
    assert answered(sim, ["2c2b", "1a2b"]) == ["2c2b", "1a2b"]


@pytest.mark.parametrize("profile", BOARDS)
def test_a_drop_taken_at_once_by_pushing_it_aside_is_no_drop_beside(profile: str) -> None:
    """Sente drops a chick on 1c; 0.1 s after it lands gote's lion on 2d takes it by
    pushing it onto the empty 1b, where it lies 0.8 s before going to gote's stand. The
    board committed C*1b and 2d1c (the lion's capture read as a quiet move) and then
    asked about a chick on 1b that was never there: no question offered C*1c. The chick's
    first landing on 1c is seen even though no move of the position had a piece there."""
    sim = make_sim(profile, position="g1e/1C1/1L1/El1 b Cg 11", noise=Noise.none())
    t = sim.now + 0.1
    steps = [
        HandStep(t, LiftStone("hand:b:C")),
        HandStep(t + 0.25, PutStone("1c", SENTE_CHICK, SENTE_CHICK)),  # C*1c
        HandStep(t + 0.35, LiftStone("2d")),  # gote's lion, 0.1 s after
        HandStep(t + 0.50, LiftStone("1c")),  # the chick pushed off 1c...
        HandStep(t + 0.55, PutStone("1b", SENTE_CHICK, SENTE_CHICK)),  # ...onto the empty 1b
        HandStep(t + 0.60, PutStone("1c", GOTE_LION, GOTE_LION)),
        HandStep(t + 1.40, LiftStone("1b")),  # 0.8 s later, to gote's stand
        HandStep(t + 1.50, PutStone("hand:w:C", SENTE_CHICK, GOTE_CHICK)),
    ]
    notices = sim.run(steps) + sim.settle() + sim.advance(5.0) + sim.settle()
    assert "C*1b" not in commits(notices), notices
    assert answered(sim, ["C*1c", "2d1c"]) == ["C*1c", "2d1c"]


def test_a_shogi_victim_pushed_aside_is_no_drop_of_the_next_player() -> None:
    """Shogi's reed board, gote holding a silver: sente's king 6i takes gote's horse on 7h
    by pushing it onto the empty 7g, where it lies a second; a second after it is taken
    up gote plays 4a3b. The board committed 6i7h and S*7g, then lost 4a3b."""
    sim = make_sim(
        "sim-shogi",
        position="1n3gsnl/lr1sgk3/pppppp1pp/6p2/1P7/9/P3PPPPP/2+bGGS1R1/LNBK3NL b s2p 19",
        noise=Noise.none(),
        game=SHOGI,
    )
    king, horse, gold = Stone("K", 0), Stone("B", 1, True), Stone("G", 1)
    t = sim.now + 0.1
    steps = [
        HandStep(t, LiftStone("6i")),
        HandStep(t + 0.17, LiftStone("7h")),  # the horse pushed off 7h...
        HandStep(t + 0.23, PutStone("7g", horse, horse)),  # ...onto the empty 7g
        HandStep(t + 0.27, PutStone("7h", king, king)),
        HandStep(t + 1.27, LiftStone("7g")),  # a second later, to sente's stand
        HandStep(t + 1.37, PutStone("hand:b:B", horse, Stone("B", 0))),
        HandStep(t + 2.37, LiftStone("4a")),
        HandStep(t + 2.67, PutStone("3b", gold, gold)),
    ]
    notices = sim.run(steps) + sim.settle() + sim.advance(4.0) + sim.settle()
    assert commits(notices) == ["6i7h", "4a3b"], notices


@pytest.mark.parametrize("profile", BOARDS)
def test_a_capture_by_pushing_aside_while_asked_and_the_reply_are_two_moves(
    profile: str,
) -> None:
    """Issue 78's independent hands, seed 780092: gote's chick dropped on 2c (touched
    again) and sente's giraffe on 1b are asked about again as gote's chick 2c takes
    sente's giraffe on 2d by pushing it onto the empty 3c, where it lies 0.7 s before going
    to gote's stand; 0.1 s later sente's elephant 3d steps to 2c, and the question is
    answered. The capture was never shown whole since the answer, and the two moves were
    not read as a line, because they leave alone a cell a piece was set down on and taken
    up from (the victim's): the elephant's step was called out of turn, and nothing more
    was read. A victim of the line's capture lay there: the line explains it (the reed
    board asks whether the chick promoted)."""
    sim = make_sim(profile, position="1le/Cg1/1L1/EGc w - 8", noise=Noise.none())
    t = sim.now + 0.16
    steps: list[HandStep | tuple[float, str]] = [
        HandStep(t + 0.0, LiftStone("2a")),
        HandStep(t + 0.05, LiftStone("3b")),
        HandStep(t + 0.1, PutStone("3b", Stone("L", 1), Stone("L", 1))),
        HandStep(t + 0.55, PutStone("hand:w:C", Stone("C", 0), Stone("C", 1))),
        HandStep(t + 0.92, LiftStone("3b")),
        HandStep(t + 1.19, PutStone("3b", Stone("L", 1), Stone("L", 1))),
        HandStep(t + 1.67, LiftStone("2b")),
        HandStep(t + 1.83, PutStone("hand:b:G", Stone("G", 1), Stone("G", 0))),
        HandStep(t + 1.88, LiftStone("2c")),
        HandStep(t + 2.42, PutStone("2b", Stone("L", 0), Stone("L", 0))),
        HandStep(t + 2.85, LiftStone("3d")),
        HandStep(t + 4.62, PutStone("3d", Stone("E", 0), Stone("E", 0))),
        HandStep(t + 6.39, LiftStone("hand:w:C")),
        HandStep(t + 6.44, PutStone("2c", Stone("C", 1), Stone("C", 1))),
        HandStep(t + 6.67, LiftStone("2c")),
        HandStep(t + 6.87, PutStone("2c", Stone("C", 1), Stone("C", 1))),
        HandStep(t + 7.83, LiftStone("hand:b:G")),
        HandStep(t + 7.88, PutStone("1b", Stone("G", 0), Stone("G", 0))),
        HandStep(t + 9.36, LiftStone("1b")),
        HandStep(t + 9.53, PutStone("1b", Stone("G", 0), Stone("G", 0))),
        HandStep(t + 10.93, LiftStone("2c")),
        HandStep(t + 11.16, LiftStone("2d")),
        HandStep(t + 11.23, PutStone("3c", Stone("G", 0), Stone("G", 0))),
        HandStep(t + 11.3, PutStone("2d", Stone("C", 1), Stone("C", 1))),
        HandStep(t + 12.01, LiftStone("3c")),
        HandStep(t + 12.11, PutStone("hand:w:G", Stone("G", 0), Stone("G", 1))),
        HandStep(t + 12.23, LiftStone("3d")),
        HandStep(t + 12.39, PutStone("2c", Stone("E", 0), Stone("E", 0))),
        (t + 12.86, "C*2c"),
    ]
    run_answering(sim, steps)
    notices = sim.settle() + sim.advance(3.0) + sim.settle()
    assert "3d2c" not in [n.move for n in notices if isinstance(n, IllegalShown)], notices
    if profile == "sim":  # a reed does not read the chick turned over: asked
        assert sim.controller.prompt_choices == ("2c2d", "2c2d+"), notices
    played = ["2a3b", "2c2b", "C*2c", "G*1b", "2c2d", "3d2c"]
    assert answered(sim, played) == played


@pytest.mark.parametrize("profile", BOARDS)
def test_a_capture_shown_step_by_step_its_victim_pushed_aside_is_no_drop(profile: str) -> None:
    """Independent hands, Robot Duel seed 792136: gote holds a chick. Sente's elephant on
    2b is touched (lifted 1.8 s, set back), and 0.04 s after, sente's lion 3b takes it by
    pushing it onto the empty 1b, where it lies 1.35 s before going to sente's stand; gote
    then drops a chick on 2d. With 2b touched, the lion's lift alone showed 3b2b, so the
    capture and a drop on 1b were a line the board showed step by step, and it committed
    them at rest, unasked: C*1b, a drop nobody made (a wrong record), and gote's drop out
    of step. A line whose move lands where a victim pushed aside lies waits for the hand
    as a pair never shown apart does."""
    sim = make_sim(profile, position="Gl1/Le1/3/E1G b Cc 21", noise=Noise.none())
    elephant, lion = Stone("E", 1), Stone("L", 0)
    t = sim.now + 0.1
    steps = [
        HandStep(t, LiftStone("2b")),  # the elephant touched...
        HandStep(t + 1.78, PutStone("2b", elephant, elephant)),  # ...and set back
        HandStep(t + 1.82, LiftStone("3b")),  # sente's lion 3b2b
        HandStep(t + 2.09, LiftStone("2b")),  # the elephant pushed off 2b...
        HandStep(t + 2.17, PutStone("1b", elephant, elephant)),  # ...onto the empty 1b
        HandStep(t + 2.24, PutStone("2b", lion, lion)),
        HandStep(t + 3.59, LiftStone("1b")),  # 1.35 s later, to sente's stand
        HandStep(t + 3.69, PutStone("hand:b:E", elephant, Stone("E", 0))),
        HandStep(t + 4.21, LiftStone("hand:w:C")),  # gote's C*2d
        HandStep(t + 4.26, PutStone("2d", GOTE_CHICK, GOTE_CHICK)),
    ]
    notices = sim.run(steps) + sim.settle() + sim.advance(5.0) + sim.settle()
    assert "C*1b" not in commits(notices), notices
    assert answered(sim, ["3b2b", "C*2d"]) == ["3b2b", "C*2d"]


def chick_set_on_1c_then_taken_on_1b(
    sim: Simulation, rested: float, taken_after: float, lies: float
) -> list[HandStep]:
    """Sente's chick dropped on 1c first, resting there ``rested``, moved on to 1b;
    ``taken_after`` seconds after it lands gote's lion 2a takes it there, pushing it back
    onto 1c, where it lies ``lies`` before going to gote's stand (independent hands,
    Robot Duel seeds 792270 and 793037)."""
    t = sim.now + 0.1
    down = t + 0.5 + rested
    taken = down + taken_after
    return [
        HandStep(t, LiftStone("hand:b:C")),
        HandStep(t + 0.2, PutStone("1c", SENTE_CHICK, SENTE_CHICK)),  # set on 1c first
        HandStep(t + 0.2 + rested, LiftStone("1c")),
        HandStep(down, PutStone("1b", SENTE_CHICK, SENTE_CHICK)),  # C*1b
        HandStep(taken, LiftStone("2a")),  # gote's lion 2a1b
        HandStep(taken + 0.08, LiftStone("1b")),  # the chick pushed off 1b...
        HandStep(taken + 0.11, PutStone("1c", SENTE_CHICK, SENTE_CHICK)),  # ...back onto 1c
        HandStep(taken + 0.19, PutStone("1b", GOTE_LION, GOTE_LION)),
        HandStep(taken + 0.19 + lies, LiftStone("1c")),  # to gote's stand
        HandStep(taken + 0.29 + lies, PutStone("hand:w:C", SENTE_CHICK, GOTE_CHICK)),
    ]


@pytest.mark.parametrize("profile", BOARDS)
@pytest.mark.parametrize("rested", [0.15, 0.32])
@pytest.mark.parametrize("lies", [0.5, 1.35])
def test_a_drop_set_down_first_and_pushed_back_there_by_its_taker_is_asked(
    profile: str, rested: float, lies: float
) -> None:
    """Independent hands, Robot Duel seeds 792270 and 793037: sente's chick dropped on 1c
    first (resting there ``rested``, too short to commit), moved on to 1b, and taken there
    0.1 s after it lands by gote's lion 2a, which pushes it back onto 1c, where it lies
    ``lies`` before going to gote's stand. The board recorded C*1c and the lion's capture
    as a quiet 2a1b, unasked (a wrong record), then asked whether the chick moved on to
    1b. The victim lies on a cell it rested on before: only its own landing there, as
    the lion's took 1b, tells it from a drop (``pushed_aside._pushed_off``), and the
    wait for its hand counts from that landing, not from when the drop first rested."""
    sim = make_sim(profile, position="gle/c2/1L1/E1G b C 5", noise=Noise.none())
    steps = chick_set_on_1c_then_taken_on_1b(sim, rested, 0.1, lies)
    notices = sim.run(steps) + sim.settle() + sim.advance(5.0) + sim.settle()
    assert "2a1b" not in commits(notices) or "C*1c" not in commits(notices), notices
    assert answered(sim, ["C*1b", "2a1b"]) == ["C*1b", "2a1b"]


@pytest.mark.parametrize("profile", BOARDS)
@pytest.mark.parametrize("rested", [0.45, 0.8, 1.2])
@pytest.mark.parametrize("taken_after", [0.1, 0.3])
@pytest.mark.parametrize("lies", [0.5, 1.35])
def test_a_drop_committed_first_and_pushed_back_there_by_its_taker_is_asked(
    profile: str, rested: float, taken_after: float, lies: float
) -> None:
    """The same hands, the chick resting on 1c long enough to be committed there (C*1c)
    before it goes on to 1b: the lion's capture read from the record as a quiet 2a1b,
    committed, then, the victim taken up from 1c, asked as the chick lifted from 1c
    ("1c1b", "still in the hand"): C*1b never offered, a wrong record. The reading from
    before C*1c (the drop on 1b and its capture) was judged in an order no hand makes
    (``Base.doubtful``): the chick's second stay on 1c, where no move of that line lands,
    counted as a piece set down and taken up while no piece was in the air, though it
    came as 1b emptied under the lion coming down there: its victim pushed aside
    (``Base._pushed_aside_onto``). The board asks C*1b or C*1c, the committed move among
    the choices, and the answer keeps the capture."""
    sim = make_sim(profile, position="gle/c2/1L1/E1G b C 5", noise=Noise.none())
    steps = chick_set_on_1c_then_taken_on_1b(sim, rested, taken_after, lies)
    notices = sim.run(steps) + sim.settle() + sim.advance(5.0) + sim.settle()
    assert commits(notices)[:1] == ["C*1c"], notices
    assert answered(sim, ["C*1b", "2a1b"]) == ["C*1b", "2a1b"]
    assert any(set(asked) >= {"C*1b", "C*1c"} for asked in prompts(sim.notices)), sim.notices
