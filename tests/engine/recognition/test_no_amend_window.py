"""Issue 78: a committed move is replaced only through a prompt that offers it, however
soon the board would amend it (there is no amend window: a remote board, lishogi and the
speaker have had the move). Each case is one the independent hands of issue 78 found,
replayed through the real scanner, debouncer, recognizer and controller; each fails on
the code before its fix."""

from __future__ import annotations

import pytest

from engine.physical import Stone
from engine.recognition.answers import Reread, TakebackOffer
from engine.robotory import ROBOTORY
from engine.shogi import SHOGI
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import MovesTakenBack, Notice
from firmware_host.session.actions import Select
from hardware.mock.hands import HandStep, LiftStone, Noise, PutStone, Remove
from tests.engine.recognition.test_held_in_the_air import dobutsu, record
from tests.engine.recognition.test_robotory_fast_hands import STONES
from tests.firmware_host.simkit import answer_as_played, commits, make_sim, of, prompts

SENTE_LION, GOTE_LION, GOTE_GIRAFFE = Stone("L", 0), Stone("L", 1), Stone("G", 1)


def test_a_piece_reset_before_the_last_move_is_taken_is_no_capture_of_it() -> None:
    """Sente's lion 2b2a, committed at rest. Gote lifts its giraffe on 3c (which the lion
    could have taken from 2b) and sets it back, then takes the lion on 2a into the box and
    pauses: from before 2b2a the board then reads 2b3c, the lion moved on from 2a to take
    the giraffe, and the board took 2b2a back unasked for it. The giraffe's cell was
    filled again before the lion left 2a: no hand going on with the lion made that."""
    sim = dobutsu("l1e/1L1/gC1/EG1 b C 11")
    t = sim.now + 0.1
    moved = [
        HandStep(t, LiftStone("2b")),
        HandStep(t + 0.3, PutStone("2a", SENTE_LION, SENTE_LION)),
    ]
    notices = sim.run(moved) + sim.advance(1.5)
    assert commits(notices) == ["2b2a"]
    t = sim.now
    reply = [
        HandStep(t, LiftStone("3c")),  # gote touches its giraffe
        HandStep(t + 0.3, PutStone("3c", GOTE_GIRAFFE, GOTE_GIRAFFE)),  # and resets it
        HandStep(t + 0.6, Remove("2a")),  # the lion just moved taken, into the box
        HandStep(t + 1.2, LiftStone("3a")),  # after a pause, gote's lion
        HandStep(t + 1.5, PutStone("2a", GOTE_LION, GOTE_LION)),
    ]
    notices = sim.run(reply) + sim.settle()
    assert not of(MovesTakenBack, notices), notices
    assert "2b3c" not in commits(notices), notices
    assert record(sim) == ["2b2a", "3a2a"]


def pushed_aside(sim: Simulation, capturer: Stone, victim: Stone, lies: float) -> list[Notice]:
    """The capturer on 2c slid onto 2b, pushing the victim aside onto 1b (the hands of
    issue 78), where it lies ``lies`` seconds before the hand picks it up."""
    t = sim.now + 0.1
    steps = [
        HandStep(t, LiftStone("2c")),
        HandStep(t + 0.10, LiftStone("2b")),  # the victim pushed off its cell
        HandStep(t + 0.15, PutStone("1b", victim, victim)),
        HandStep(t + 0.20, PutStone("2b", capturer, capturer)),
        HandStep(t + 0.20 + lies, Remove("1b")),
    ]
    return sim.run(steps) + sim.settle()


def test_a_victim_pushed_aside_onto_an_empty_neighbour_is_no_quiet_move() -> None:
    """Robot Duel: sente's lion slides 2c to 2b, pushing gote's chick aside onto the empty
    1b, where it lies half a second. The board showed 2c1b (the lion seemingly on 1b, 2b
    as before) at rest and committed it, and never corrected it once the chick was taken.
    A quiet move whose landing neighbours a cell its piece could have taken, swapped
    meanwhile, may be that capture with its victim lying there: the board waits for the
    victim to go (``pushed_aside.pushed_aside``, ``Timing.extend``; ok ends the wait)."""
    sim = dobutsu("1l1/1c1/1L1/3 b - 1")
    notices = pushed_aside(sim, SENTE_LION, Stone("C", 1), 0.5)
    assert commits(notices) == ["2c2b"] and not prompts(notices)
    assert record(sim) == ["2c2b"]


def test_a_shogi_victim_pushed_aside_is_no_quiet_move() -> None:
    """Shogi: sente's gold 5e takes the pawn on 5d by pushing it aside onto 4d, where it
    lies half a second: 5e4d was committed, never 5e5d."""
    sim = make_sim(
        "sim-shogi", position="4k4/9/9/4p4/4G4/9/9/9/4K4 b - 1", noise=Noise.none(), game=SHOGI
    )
    gold, pawn = Stone("G", 0), Stone("P", 1)
    t = sim.now + 0.1
    steps = [
        HandStep(t, LiftStone("5e")),
        HandStep(t + 0.10, LiftStone("5d")),
        HandStep(t + 0.15, PutStone("4d", pawn, pawn)),
        HandStep(t + 0.20, PutStone("5d", gold, gold)),
        HandStep(t + 0.70, Remove("4d")),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices) == ["5e5d"] and not prompts(notices)


@pytest.mark.parametrize("lies", [0.45, 0.9, 1.4])
def test_a_victim_pushed_aside_where_the_capturer_may_promote_is_waited_for(
    lies: float,
) -> None:
    """Shogi's reed board (promotion unseen): sente's bishop 5e takes the lance on 1a,
    pushing it aside onto 2b on its way, where it lies ``lies`` seconds before the hand
    takes it to the stand. The quiet move the board showed has two readings, 5e2b and
    5e2b+, so the wait for a victim pushed aside (made for a single move) never came: the
    board asked 5e2b or 5e2b+ while the lance lay there, a prompt without the capture
    played (independent hands, shogi seeds 740024 and 750009). The board waits for the
    victim to be taken up, then asks only the capture's promotion."""
    sim = make_sim(
        "sim-shogi", position="4k3l/9/9/9/4B4/9/9/9/4K4 b - 1", noise=Noise.none(), game=SHOGI
    )
    bishop, lance = Stone("B", 0), Stone("L", 1)
    t = sim.now + 0.1
    steps: list[HandStep | tuple[float, str]] = [
        HandStep(t, LiftStone("5e")),
        HandStep(t + 0.06, LiftStone("1a")),  # the lance pushed off its cell
        HandStep(t + 0.10, PutStone("2b", lance, lance)),  # onto the bishop's way
        HandStep(t + 0.12, PutStone("1a", bishop, bishop)),
        HandStep(t + 0.12 + lies, LiftStone("2b")),
        HandStep(t + 0.22 + lies, PutStone("hand:b:L", lance, Stone("L", 0))),
        (t + 4.0, "5e1a+"),
    ]
    run_answering(sim, steps)
    notices = sim.notices + sim.settle()
    assert prompts(notices) == [("5e1a", "5e1a+")], notices
    assert record(sim) == ["5e1a+"]


def test_a_question_stays_open_while_the_next_hand_goes_on() -> None:
    """The lion set down on 2b for 1.5 s (committed), moved on to 1b, and gote's lion moved
    at once after it: the record followed the hand unasked (2c2b replaced by 2c1b). It is
    asked now, and the question stays open while gote's hand is at work (issue 78: a
    question is answered, or the board at rest has exactly one reading; one about a move
    committed is the players' alone); answered, gote's move is read."""
    sim = dobutsu("2l/3/1L1/3 b - 1")
    t = sim.now
    steps = [
        HandStep(t + 0.10, LiftStone("2c")),
        HandStep(t + 0.25, PutStone("2b", SENTE_LION, SENTE_LION)),
        HandStep(t + 1.75, LiftStone("2b")),
        HandStep(t + 1.90, PutStone("1b", SENTE_LION, SENTE_LION)),
        HandStep(t + 2.40, LiftStone("1a")),  # gote, 0.1 s after the question
        HandStep(t + 2.70, PutStone("2a", GOTE_LION, GOTE_LION)),
    ]
    notices = sim.run(steps) + sim.settle() + sim.advance(3.0)
    assert commits(notices) == ["2c2b"]
    assert prompts(notices) == [("2c1b", "2c2b")]
    assert sim.controller.prompt_choices == ("2c1b", "2c2b")  # still open
    notices += sim.send(Select("2c1b")) + sim.settle()
    assert commits(notices) == ["2c2b", "2c1b", "1a2a"]
    assert record(sim) == ["2c1b", "1a2a"]


def test_a_shorter_reading_never_drops_a_committed_move_unasked() -> None:
    """A reading again that keeps the record's first moves and drops the last, with
    nothing in its place (a drop and the same piece moved on, replaced by fewer plies
    leaving the same board), offers the takeback instead of taking it (the players may
    play on): the guard's hole that let ``Reread(2, (first,))`` through."""
    sim = dobutsu("2l/3/1L1/3 b - 1")
    recognizer = sim.controller.recognizer
    position = sim.controller.position.copy()
    first = position.parse_move("2c2b")
    position.push(first)
    other = position.parse_move("1a1b")
    position.push(position.parse_move("1a2a"))
    recognizer.reset(position)
    assert recognizer._never_replaced_unasked(Reread(2, (first,))) == TakebackOffer(1)
    kept = Reread(1, (other,))  # another move in its place: asked
    assert isinstance(recognizer._never_replaced_unasked(kept), Reread)
    assert recognizer._never_replaced_unasked(kept) != kept


def token_first_then_walked(pause: float) -> tuple[Simulation, list[Notice]]:
    """Robotory: light boxes C6's token first, then walks the red robot C5 to D5 (its token
    boxed as it goes) and, ``pause`` seconds later, on to C6: the chain R:C5-D5-C6."""
    sim = make_sim(
        "sim-robotory",
        position="b2w/w4/1w1BRw/w1w1b/3W 0w0b 0w0b 2w10b l",
        noise=Noise.none(),
        game=ROBOTORY,
    )
    robot = STONES["R"]
    t = sim.now + 0.1
    steps = [
        HandStep(t, Remove("C6")),  # the token lifted first
        HandStep(t + 0.2, LiftStone("C5")),
        HandStep(t + 0.4, Remove("D5")),
        HandStep(t + 0.6, PutStone("D5", robot, robot)),
        HandStep(t + 0.6 + pause, LiftStone("D5")),
        HandStep(t + 0.8 + pause, PutStone("C6", robot, robot)),
    ]
    return sim, sim.run(steps) + sim.settle()


def test_a_robot_walked_on_after_its_token_was_boxed_first_is_one_chain() -> None:
    """Issue 78's hands: a token lifted first, then the robot walked. Resting 1 s on D5,
    the board showed R:C5-C6-D5 (C6 eaten, the robot on D5) and committed it, then
    replaced it unasked with R:C5-D5-C6. A robot standing beside a cell its chain emptied
    may walk on there (``overlap.walks_on``): the board waits, and commits the chain once."""
    _sim, notices = token_first_then_walked(1.0)
    assert commits(notices) == ["R:C5-D5-C6"]
    assert not of(MovesTakenBack, notices) and not prompts(notices)


def test_a_robot_walked_on_after_the_wait_is_asked() -> None:
    """The same hands resting 3 s (longer than the wait, ``Timing.extend``): the chain
    shown is committed, and the robot walked on is asked about (the chain committed, or
    the one walked), never replaced unasked."""
    sim, notices = token_first_then_walked(3.0)
    assert commits(notices) == ["R:C5-C6-D5"]
    assert prompts(notices) == [("R:C5-C6-D5", "R:C5-D5-C6")]
    notices += sim.send(Select("R:C5-D5-C6")) + sim.settle()
    assert list(sim.controller.record().moves) == ["R:C5-D5-C6"]


def test_moves_played_while_a_question_is_open_are_read_after_the_answer() -> None:
    """Sente's lion takes on 2b, committed at rest. Gote's lion takes the chick on 1a by
    pushing it aside onto 1b, where it lies 0.7 s: the board takes 2b back and asks
    ('1c1b', '1c2b'), rightly offering it. The players go on without answering, 1d1c then
    3a2a; answered half a second later, the board read none of the three moves and showed
    out of step (it read on only from lines shown after the move taken back, not from the
    move itself, which the board showed whole when it committed it). Found by hands
    nobody on the team wrote."""
    sim = dobutsu("glC/1e1/e1L/c1G b - 9")
    t = sim.now + 0.1
    chick, elephant = Stone("C", 0), Stone("E", 1)
    steps = [
        HandStep(t, LiftStone("2b")),  # 1c2b, the elephant to sente's stand first
        HandStep(t + 0.05, LiftStone("1c")),
        HandStep(t + 0.10, PutStone("hand:b:E", elephant, Stone("E", 0))),
        HandStep(t + 0.15, PutStone("2b", SENTE_LION, SENTE_LION)),
        HandStep(t + 1.50, LiftStone("2a")),  # 2a1a, the chick pushed aside onto 1b
        HandStep(t + 1.70, LiftStone("1a")),
        HandStep(t + 1.75, PutStone("1b", chick, chick)),
        HandStep(t + 1.80, PutStone("1a", GOTE_LION, GOTE_LION)),
        HandStep(t + 2.50, LiftStone("1b")),
        HandStep(t + 2.60, PutStone("hand:w:C", chick, Stone("C", 1))),
        HandStep(t + 2.90, LiftStone("1d")),  # 1d1c
        HandStep(t + 3.15, PutStone("1c", Stone("G", 0), Stone("G", 0))),
        HandStep(t + 3.45, LiftStone("3a")),  # 3a2a
        HandStep(t + 3.70, PutStone("2a", GOTE_GIRAFFE, GOTE_GIRAFFE)),
    ]
    notices = sim.run(steps) + sim.advance(0.5)
    assert prompts(notices) == [("1c1b", "1c2b")]
    notices += sim.settle()
    assert sim.controller.prompt_choices == ("1c1b", "1c2b")  # still open
    notices += sim.send(Select("1c2b")) + sim.settle() + sim.advance(3.0)
    assert record(sim) == ["1c2b", "2a1a", "1d1c", "3a2a"], notices


def test_a_piece_rested_and_moved_on_as_the_reply_went_on_is_asked() -> None:
    """Shogi: gote's rook 9b6b, sente's hand on 2g 0.12 s after it landed; the rook is
    lifted again as the pawn lands, rests 0.6 s on 5b (6b5b committed) and goes on to 4b.
    The open moves read from before 9b6b found two moves (9b4b, 2g2f) that make the board
    and leave the cells the rook stood on unexplained, so the record stayed 6b5b with no
    question. Two moves never shown apart that leave a set-down piece alone are fewer
    than the hands made: the board asks about the last move, 6b5b among the choices."""
    sim = make_sim(
        "sim-shogi",
        position="lnsgkgsnl/r6b1/ppppppppp/9/9/9/PPPPPPPPP/1B1S2S1R/LN1GKG1NL w - 6",
        noise=Noise.none(),
        game=SHOGI,
    )
    rook, pawn = Stone("R", 1), Stone("P", 0)
    t = sim.now + 0.1
    steps = [
        HandStep(t, LiftStone("9b")),
        HandStep(t + 0.241, PutStone("6b", rook, rook)),  # 9b6b
        HandStep(t + 0.364, LiftStone("2g")),  # sente's hand 0.12 s later
        HandStep(t + 0.864, PutStone("2f", pawn, pawn)),  # 2g2f
        HandStep(t + 0.964, LiftStone("6b")),
        HandStep(t + 1.462, PutStone("5b", rook, rook)),  # resting 0.6 s on 5b...
        HandStep(t + 2.076, LiftStone("5b")),
        HandStep(t + 2.345, PutStone("4b", rook, rook)),  # ...and on to 4b
    ]
    notices = sim.run(steps) + sim.settle() + sim.advance(3.0)
    assert commits(notices) == ["9b6b", "2g2f", "6b5b"]
    assert prompts(notices) == [("6b4b", "6b5b")]
    notices += sim.send(Select("6b4b")) + sim.settle()
    assert record(sim) == ["9b6b", "2g2f", "6b4b"], notices


def run_answering(sim: Simulation, steps: list[HandStep | tuple[float, str]]) -> None:
    """Hand steps, and at ``(time, move)`` the players answer the open question."""
    for step in steps:
        if isinstance(step, HandStep):
            sim.run([step])
            continue
        at, move = step
        sim.advance_to(max(at, sim.now))
        assert move in sim.controller.prompt_choices, (move, sim.controller.prompt_choices)
        sim.send(Select(move))


def test_a_robot_moved_on_by_the_next_player_while_questions_are_open_is_two_moves() -> None:
    """Robotory's polarity board: R walked with a half-second pause (asked whether its
    chain ended halfway), B walked with a pause at once after it, W:D3-E2; R's question
    answered 3 s later, then B's is asked; 6.5 s after W landed on E2 the next player
    walks it on to E1 (its token boxed first), and B's question is answered. The lines
    the board showed after B's two steps were not carried to B's one chain answered, and
    the board committed W:D3-E2-E1, one chain, unasked: a ply short, every later move to
    the wrong side. Lines shown after moves that leave the board as the answer does are
    carried too (``Overlap._same_board``): the board asks which way W went."""
    sim = make_sim(
        "sim-robotory-polarity",
        position="1bw1/2Rw1/3Bb1/b1W1b/ww2 0w0b 0w0b 10w10b l",
        noise=Noise.none(),
        game=ROBOTORY,
    )
    red, blue, white = Stone("R", None), Stone("B", None), Stone("W", None)
    t = sim.now
    steps: list[HandStep | tuple[float, str]] = [
        HandStep(t + 0.103, LiftStone("B3")),  # R:B3-A3-A2, tokens boxed as it walks
        HandStep(t + 0.420, Remove("A3")),
        HandStep(t + 0.666, PutStone("A3", red, red)),
        HandStep(t + 1.166, LiftStone("A3")),
        HandStep(t + 1.304, Remove("A2")),
        HandStep(t + 1.477, PutStone("A2", red, red)),
        HandStep(t + 1.867, LiftStone("C4")),  # B:C4-C5-D5
        HandStep(t + 1.997, Remove("C5")),
        HandStep(t + 2.190, PutStone("C5", blue, blue)),
        HandStep(t + 3.142, LiftStone("C5")),
        HandStep(t + 3.370, Remove("D5")),
        HandStep(t + 3.429, PutStone("D5", blue, blue)),
        HandStep(t + 4.957, LiftStone("D3")),  # W:D3-E2
        HandStep(t + 5.786, Remove("E2")),
        HandStep(t + 5.898, PutStone("E2", white, white)),
        (t + 8.9, "R:B3-A3-A2"),
        HandStep(t + 12.439, Remove("E1")),  # W:E2-E1, 6.5 s after W landed on E2
        HandStep(t + 12.753, LiftStone("E2")),
        HandStep(t + 12.909, PutStone("E1", white, white)),
        (t + 13.95, "B:C4-C5-D5"),
    ]
    run_answering(sim, steps)
    notices = sim.settle() + sim.advance(3.0)
    assert "W:D3-E2-E1" not in commits(sim.notices), notices
    assert sim.controller.prompt_choices == ("W:D3-E2", "W:D3-E2-E1")
    notices += sim.send(Select("W:D3-E2")) + sim.settle() + sim.advance(3.0)
    assert record(sim) == ["R:B3-A3-A2", "B:C4-C5-D5", "W:D3-E2", "W:E2-E1"], notices


def test_a_move_shown_while_a_question_was_open_and_moved_on_is_asked() -> None:
    """Shogi's reed board: sente's king set on 4i first, then on 5h (asked: 5i4i or
    5i5h); while the question is open gote plays 8c8d and sente's silver 6h rests on 5i.
    Answered 5i5h, the board commits 8c8d and 6h5i, which it showed meanwhile; the silver
    goes on to 7i 0.13 s later. Those moves were made before the open moves' base began,
    so none was read again: 6h5i stayed recorded and the board showed the correction to
    5i. The record's last of them stays open (a roll or a lost turn after it closes it)."""
    sim = make_sim(
        "sim-shogi",
        position="1ns3gnl/lr1kg1sb1/pppp1pppp/4p4/9/P8/NPPPPPPPP/1B1S1GR1L/L2GK1SN1 b - 13",
        noise=Noise.none(),
        game=SHOGI,
    )
    king, pawn, silver = Stone("K", 0), Stone("P", 1), Stone("S", 0)
    t = sim.now + 0.1
    steps = [
        HandStep(t, LiftStone("5i")),
        HandStep(t + 0.60, PutStone("4i", king, king)),  # set on 4i first...
        HandStep(t + 1.03, LiftStone("4i")),
        HandStep(t + 1.48, PutStone("5h", king, king)),  # ...then on 5h
        HandStep(t + 5.32, LiftStone("8c")),  # gote's 8c8d while the question is open
        HandStep(t + 6.67, PutStone("8d", pawn, pawn)),
        HandStep(t + 9.01, LiftStone("6h")),
        HandStep(t + 9.29, PutStone("5i", silver, silver)),  # the silver rests on 5i
    ]
    notices = sim.run(steps) + sim.advance_to(t + 10.22)
    assert sim.controller.prompt_choices == ("5i4i", "5i5h"), notices
    notices += sim.send(Select("5i5h")) + sim.advance_to(t + 10.75)
    assert commits(notices)[-2:] == ["8c8d", "6h5i"], notices
    steps = [
        HandStep(t + 10.75, LiftStone("5i")),  # and goes on to 7i
        HandStep(t + 10.89, PutStone("7i", silver, silver)),
    ]
    notices += sim.run(steps) + sim.settle() + sim.advance(3.0)
    assert sim.controller.prompt_choices == ("6h5i", "6h7i"), notices
    notices += sim.send(Select("6h7i")) + sim.settle()
    assert record(sim)[-3:] == ["5i5h", "8c8d", "6h7i"], notices


def test_a_question_whose_piece_is_touched_again_after_the_next_move_keeps_it() -> None:
    """Robotory's reed board: a white token set on A1 (asked: which colour), left
    unanswered while the next player sets a token on C6; 3.5 s later the A1 token is
    lifted and set back, and a third token goes on E4. With A1 in the hand the board read
    only C6 and asked about it alone; A1 back, that question stayed, lacking the move
    played (independent hands, seed 700018). A question whose piece is in the hand keeps
    its moves, what the board reads now offered beside them."""
    sim = make_sim(
        "sim-robotory",
        position="4/2R2/b2B2/2W2/4 2w1b 2w2b 10w10b d",
        noise=Noise.none(),
        game=ROBOTORY,
    )
    white, black = Stone("w", None), Stone("b", None)
    t = sim.now
    steps: list[HandStep | tuple[float, str]] = [
        HandStep(t + 0.16, LiftStone("stock:d:2")),
        HandStep(t + 0.59, PutStone("D1", white, white)),
        (t + 3.71, "w@D1"),
        HandStep(t + 3.73, LiftStone("stock:l:2")),
        HandStep(t + 3.78, PutStone("A1", white, white)),
        HandStep(t + 5.24, LiftStone("A1")),
        HandStep(t + 5.33, PutStone("A1", white, white)),
        HandStep(t + 8.60, LiftStone("stock:d:3")),
        HandStep(t + 9.03, PutStone("C6", black, black)),
        HandStep(t + 12.58, LiftStone("A1")),  # A1 touched again, in the hand 0.53 s
        HandStep(t + 13.11, PutStone("A1", white, white)),
        HandStep(t + 13.27, LiftStone("stock:l:4")),
        HandStep(t + 13.38, PutStone("E4", black, black)),
    ]
    run_answering(sim, steps)
    asked = [choices for choices in prompts(sim.notices) if "w@C6" in choices]
    assert asked and all("w@A1" in choices for choices in asked), prompts(sim.notices)
    sim.advance_to(t + 14.49)
    assert "w@A1" in sim.controller.prompt_choices, sim.controller.prompt_choices
    sim.send(Select("w@A1"))
    sim.settle()
    sim.advance(3.0)
    for move in ("b@C6", "b@E4"):
        if sim.controller.prompt_choices:
            sim.send(Select(move))
            sim.settle()
            sim.advance(3.0)
    assert record(sim) == ["w@D1", "w@A1", "b@C6", "b@E4"]


@pytest.mark.parametrize("held", [0.45, 1.5, 3.0])
def test_a_question_whose_piece_is_taken_keeps_it_while_the_victim_is_in_the_hand(
    held: float,
) -> None:
    """Robot Duel's reed board, no stand sensed: gote drops a chick on 1c (asked: chick
    or elephant, both in gote's hand), unanswered while sente drops an elephant on 2a and
    gote a chick on 2b; then sente takes the piece on 1c, holding it ``held`` seconds
    before setting it on the stand and the giraffe from 1d on 1c. With 1c empty the
    board read E*1c (its elephant gone on to 2b) and no line of C*1c: the question
    dropped C*1c, then, 1c filled again, settled on the elephant, a wrong record
    (independent hands, seed 710075). A move whose piece reads gone from where it was
    set down may be in a hand: it stays offered, and the board at rest never settles
    the question without it."""
    sim = dobutsu("2l/g2/L2/2G w Ee2c 10")
    gote_chick, sente_chick = Stone("C", 1), Stone("C", 0)
    sente_elephant, sente_giraffe = Stone("E", 0), Stone("G", 0)
    t = sim.now + 0.1
    steps = [
        HandStep(t, LiftStone("hand:w:C")),
        HandStep(t + 0.5, PutStone("1c", gote_chick, gote_chick)),
        HandStep(t + 1.6, LiftStone("hand:b:E")),
        HandStep(t + 1.8, PutStone("2a", sente_elephant, sente_elephant)),
        HandStep(t + 3.3, LiftStone("hand:w:C")),
        HandStep(t + 3.8, PutStone("2b", gote_chick, gote_chick)),
        HandStep(t + 6.6, LiftStone("1c")),  # sente takes the chick on 1c
        HandStep(t + 6.6 + held, PutStone("hand:b:C", gote_chick, sente_chick)),
        HandStep(t + 6.65 + held, LiftStone("1d")),
        HandStep(t + 6.8 + held, PutStone("1c", sente_giraffe, sente_giraffe)),
    ]
    for step in steps:
        sim.run([step])
        asked = sim.controller.prompt_choices
        assert not asked or "C*1c" in asked, (step, sim.notices)
    sim.settle()
    assert "C*1c" in sim.controller.prompt_choices, sim.notices
    answer_as_played(sim, ["C*1c", "E*2a", "C*2b", "1d1c"], 0)


def pushed_aside_while_asked(answered: float, lies: float) -> Simulation:
    """Robot Duel's reed board: gote's lion 2a3b; sente's elephant set on 1b first, then
    on 3d (asked: 2c1b or 2c3d); while the question is open gote drops a chick on 1b,
    sente one on 2c, and gote's lion takes it by pushing it aside onto the empty 2b,
    where it lies ``lies`` seconds before the hand takes it to the stand. The question
    is answered ``answered`` seconds in, as the capture is made or while its victim
    lies there: the moves made meanwhile are read on from the answer."""
    sim = dobutsu("gle/3/LE1/2G w Cc 4")
    elephant, gote_chick, sente_chick = Stone("E", 0), Stone("C", 1), Stone("C", 0)
    t = sim.now + 0.1
    steps: list[HandStep | tuple[float, str]] = [
        HandStep(t, LiftStone("2a")),
        HandStep(t + 0.45, PutStone("3b", GOTE_LION, GOTE_LION)),
        HandStep(t + 4.0, LiftStone("2c")),
        HandStep(t + 5.35, PutStone("1b", elephant, elephant)),  # set on 1b first...
        HandStep(t + 5.9, LiftStone("1b")),
        HandStep(t + 6.05, PutStone("3d", elephant, elephant)),  # ...then on 3d
        HandStep(t + 7.1, LiftStone("hand:w:C")),
        HandStep(t + 7.15, PutStone("1b", gote_chick, gote_chick)),
        HandStep(t + 8.45, LiftStone("hand:b:C")),
        HandStep(t + 8.55, PutStone("2c", sente_chick, sente_chick)),
        HandStep(t + 10.4, LiftStone("3b")),  # the lion takes the chick on 2c...
        HandStep(t + 10.6, LiftStone("2c")),
        HandStep(t + 10.7, PutStone("2b", sente_chick, sente_chick)),  # ...pushed onto 2b
        HandStep(t + 10.75, PutStone("2c", GOTE_LION, GOTE_LION)),
        HandStep(t + 10.75 + lies, LiftStone("2b")),
        HandStep(t + 10.85 + lies, PutStone("hand:w:C", sente_chick, gote_chick)),
    ]
    steps.append((t + answered, "2c3d"))
    run_answering(sim, sorted(steps, key=lambda s: s.at if isinstance(s, HandStep) else s[0]))
    sim.settle()
    sim.advance(3.0)
    return sim


@pytest.mark.parametrize(("answered", "lies"), [(10.9, 0.8), (11.3, 1.5), (10.72, 1.5)])
def test_a_victim_pushed_aside_while_a_question_is_open_is_no_quiet_move(
    answered: float, lies: float
) -> None:
    """Answered as the victim lies on 2b, the board committed C*1b, C*2c and 3b2b at
    once, the quiet move the cells showed: a line read on after an answer was played
    whole, none of its moves judged as a move read live is (independent hands, Robot
    Duel seed 720092). A line that holds such a move waits as the move alone does, for
    the victim to go (``pushed_aside.pushed_aside``), and is read again."""
    sim = pushed_aside_while_asked(answered, lies)
    assert "3b2b" not in commits(sim.notices), sim.notices
    assert prompts(sim.notices) == [("2c1b", "2c3d")], sim.notices
    assert record(sim) == ["2a3b", "2c3d", "C*1b", "C*2c", "3b2c"], sim.notices


@pytest.mark.parametrize("answered", [10.9, 11.3])
def test_a_victim_pushed_aside_and_left_past_the_wait_is_asked_after_an_answer(
    answered: float,
) -> None:
    """The same, the victim left on 2b 3.5 s, past the board's wait: 3b2b is committed
    after it, as in live play, and once the victim is taken up the board asks, the
    capture among the choices. It recorded 3b2b and asked nothing: the open moves' base,
    moved on over the moves committed at once with the answer, had seen no change since
    and kept none of the hands' touches, so the capture's cell read untouched."""
    sim = pushed_aside_while_asked(answered, 3.5)
    assert sim.controller.prompt_choices == ("3b2b", "3b2c"), sim.notices
    sim.send(Select("3b2c"))
    sim.settle()
    assert record(sim) == ["2a3b", "2c3d", "C*1b", "C*2c", "3b2c"], sim.notices


@pytest.mark.parametrize("lies", [0.5, 1.45])
def test_a_drop_taken_at_once_by_pushing_it_aside_is_read_once_the_victim_goes(
    lies: float,
) -> None:
    """Robot Duel's reed board: gote drops a chick on 3c and sente's lion on 2b takes it
    0.12 s later by pushing it aside onto the empty 3b, where it lies ``lies`` seconds.
    The board showed the drop, then the quiet move 2b3b, step by step, and committed
    both at once, then asked (2b3b, 2b3c) once the chick was taken: a quiet move nobody
    played, and a question that was no real choice (independent hands, seed 740018, on
    the stands board). A line that holds such a move waits as the move alone does."""
    sim = dobutsu("g1e/lc1/LCG/E2 w - 4")
    gote_chick, sente_chick = Stone("C", 1), Stone("C", 0)
    t = sim.now + 0.1
    steps = [
        HandStep(t, LiftStone("3b")),  # 3b2c, its victim pushed aside onto 1b
        HandStep(t + 0.1, LiftStone("2c")),
        HandStep(t + 0.13, PutStone("1b", sente_chick, sente_chick)),
        HandStep(t + 0.17, PutStone("2c", GOTE_LION, GOTE_LION)),
        HandStep(t + 0.69, LiftStone("1b")),
        HandStep(t + 0.79, PutStone("hand:w:C", sente_chick, gote_chick)),
        HandStep(t + 1.1, LiftStone("2b")),  # 3c2b
        HandStep(t + 1.47, PutStone("hand:b:C", gote_chick, sente_chick)),
        HandStep(t + 1.52, LiftStone("3c")),
        HandStep(t + 2.1, PutStone("2b", SENTE_LION, SENTE_LION)),
        HandStep(t + 4.47, LiftStone("hand:w:C")),  # C*3c
        HandStep(t + 4.52, PutStone("3c", gote_chick, gote_chick)),
        HandStep(t + 4.64, LiftStone("2b")),  # 2b3c, 0.12 s later, pushed aside onto 3b
        HandStep(t + 4.79, LiftStone("3c")),
        HandStep(t + 4.87, PutStone("3b", gote_chick, gote_chick)),
        HandStep(t + 4.91, PutStone("3c", SENTE_LION, SENTE_LION)),
        HandStep(t + 4.91 + lies, LiftStone("3b")),
        HandStep(t + 5.01 + lies, PutStone("hand:b:C", gote_chick, sente_chick)),
    ]
    notices = sim.run(steps) + sim.settle() + sim.advance(3.0)
    assert "2b3b" not in commits(notices) and not prompts(notices), notices
    assert record(sim) == ["3b2c", "3c2b", "C*3c", "2b3c"], notices


def test_a_lion_set_down_and_moved_on_then_taken_is_no_capture_of_the_taker() -> None:
    """Robot Duel's reed board: gote's lion 3a2b; sente's lion set on 2d (committed), moved
    on to 2c 0.75 s later, and taken there by gote's lion at once (the victim off 0.27 s
    after it landed, the taker down 1.2 s later). The board at rest reads both 1c2c then
    2b2c (the move played, the committed 1c2d replaced) and 2b2c then 2d2c (sente's lion
    taking gote's): each ends the game, with other winners. A change that let the board
    keep 1c2d read it as the second, unasked: a wrong record and a wrong winner
    (independent hands, seed 760021). It is asked, the committed move among the
    choices."""
    sim = dobutsu("lCe/g1e/+c1L/3 w g 24")
    sente_lion = Stone("L", 0)
    t = sim.now
    steps = [
        HandStep(t + 0.16, LiftStone("3a")),
        HandStep(t + 0.34, PutStone("2b", GOTE_LION, GOTE_LION)),
        HandStep(t + 0.60, LiftStone("1c")),
        HandStep(t + 0.72, PutStone("2d", sente_lion, sente_lion)),  # set on 2d first
        HandStep(t + 1.75, LiftStone("2d")),
        HandStep(t + 1.91, PutStone("2c", sente_lion, sente_lion)),  # ...then on 2c
        HandStep(t + 2.18, Remove("2c")),  # gote takes it at once
        HandStep(t + 2.64, LiftStone("2b")),
        HandStep(t + 3.42, PutStone("2c", GOTE_LION, GOTE_LION)),
    ]
    sim.run(steps)
    sim.settle()
    sim.advance(3.0)
    assert "2d2c" not in commits(sim.notices), sim.notices
    assert "1c2c" in sim.controller.prompt_choices, sim.notices
    sim.send(Select("1c2c"))
    sim.settle()
    sim.advance(3.0)
    assert record(sim) == ["3a2b", "1c2c", "2b2c"], sim.notices
