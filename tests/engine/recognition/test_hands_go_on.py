"""Hands the board once read wrong or not at all (issue 44), as timed event streams on
the simulated board: a line of marbles moved front first, both players' hands on the
board at once, a piece set down and moved on (and ``touch=strict``, which keeps it), a
piece held for seconds. Each stream failed on the code before the record learned to
follow the hand (``engine.recognition.rereading``)."""

from __future__ import annotations

import pytest

from drivers.buttons import ButtonRole
from engine.abalone import ABALONE
from engine.physical import PRESENT, Stone
from engine.robotory import ROBOTORY
from engine.shogi import SHOGI
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import (
    IllegalShown,
    MovesTakenBack,
    Notice,
    OutOfStepShown,
    PromptOpened,
)
from firmware_host.session.actions import Select
from firmware_host.session.state import HeldChoice, Phase
from hardware.mock.hands import Force, HandStep, LiftStone, Noise, PutStone, Remove, Sense
from tests.engine.abalone.helpers import text as abalone_text
from tests.firmware_host.simkit import commits, make_sim, of, prompts

QUIET = Noise.none()
BLACK = Stone("b", 0)
WHITE = Stone("w", 1)
LION = Stone("L", 0)
GOTE_LION = Stone("L", 1)
GIRAFFE = Stone("G", 0)

# Black's line G5-G6-G7 may move on to G8 as one, two or three marbles.
LINE = {"G5": "b", "G6": "b", "G7": "b", "A1": "w", "A2": "w", "I5": "w", "I9": "w", "A5": "b"}


def abalone(pieces: dict[str, str], **options: str) -> Simulation:
    sim = make_sim(
        "sim-abalone", position=abalone_text(pieces), noise=QUIET, game=ABALONE, options=options
    )
    assert sim.controller.phase is Phase.PLAY
    return sim


def dobutsu(position: str, **options: str) -> Simulation:
    sim = make_sim("sim", position=position, noise=QUIET, options=options)
    assert sim.controller.phase is Phase.PLAY
    return sim


def front_first(sim: Simulation, pause: float) -> list[Notice]:
    """G7 to G8, then G6 to G7, then G5 to G6, ``pause`` between a landing and the next
    lift (the issue's hands: 0.18 s)."""
    t = sim.now
    steps = []
    for source, target in (("G7", "G8"), ("G6", "G7"), ("G5", "G6")):
        steps += [
            HandStep(t + 0.05, LiftStone(source)),
            HandStep(t + 0.15, PutStone(target, BLACK, BLACK)),
        ]
        t += 0.15 + pause
    return sim.run(steps) + sim.settle()


def test_a_line_moved_front_first_is_the_whole_line() -> None:
    """The board showed the two-marble move G6-G7 at rest for 0.18 s, G5 in the air: it
    committed G6G7, then refused G5-G6 as black's turn (issue 44, 2.1)."""
    sim = abalone(LINE)
    notices = front_first(sim, 0.18)
    assert commits(notices) == ["G5G6"]
    assert not prompts(notices) and not of(IllegalShown, notices)


def test_a_line_moved_front_first_slowly_is_followed_to_its_end() -> None:
    """Each marble rests a second before the next is lifted: a line's first marbles may
    be carried on by the next (``Overlap.goes_on``), so the board waits
    (``Timing.extend``, or ok) instead of committing them and taking them back (issue
    78: nothing committed is replaced unasked). The record is the line, once."""
    sim = abalone(LINE)
    notices = front_first(sim, 1.0)
    assert commits(notices) == ["G5G6"]
    assert not of(MovesTakenBack, notices) and not prompts(notices)
    texts = [sim.controller.position.move_text(m) for m in sim.controller.position.move_stack]
    assert texts == ["G5G6"]
    assert not of(IllegalShown, notices) and not of(OutOfStepShown, notices)


def test_a_line_whose_next_marble_comes_after_the_wait_is_asked() -> None:
    """The front marble rests longer than the board waits for a line to go on
    (``Timing.extend``): it is committed, and the next marble then is asked about (the
    whole line, or the move committed), never followed unasked."""
    sim = abalone(LINE)
    t = sim.now
    steps = [
        HandStep(t + 0.05, LiftStone("G7")),
        HandStep(t + 0.15, PutStone("G8", BLACK, BLACK)),
        HandStep(t + 3.50, LiftStone("G6")),
        HandStep(t + 3.60, PutStone("G7", BLACK, BLACK)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices) == ["G7G8"]
    assert prompts(notices) == [("G6G7", "G7G8")]
    assert commits(sim.send(Select("G6G7")) + sim.settle()) == ["G6G7"]


# Black's broadside C3-C4 and line E4-E5, white's marbles to reply with.
THREE = {"C3": "b", "C4": "b", "E4": "b", "E5": "b", "A1": "b", "G5": "w", "G7": "w"}
THREE |= {"G9": "w", "H9": "w", "I8": "w", "I9": "w"}


def test_a_line_gone_on_after_three_open_moves_is_asked() -> None:
    """Three moves with no rest between them: black's broadside, white's marble lifted
    before it rested, black's line rolled marble by marble, its front marble committed
    as white lifts a marble, its second marble's cell reading empty just after. The
    board reads at most two moves from a base: the broadside, made whole before any
    other change, is done, and the line is asked beside its front marble, never shown
    as black playing out of turn (independent hands, Abalone reed seed 950327: F5G6
    recorded for E4F5)."""
    sim = abalone(THREE)
    t = sim.now
    steps = [
        HandStep(t + 0.05, LiftStone("C3")),
        HandStep(t + 0.15, PutStone("D3", BLACK, BLACK)),
        HandStep(t + 0.20, LiftStone("C4")),
        HandStep(t + 0.30, PutStone("D4", BLACK, BLACK)),
        HandStep(t + 0.68, LiftStone("G5")),
        HandStep(t + 1.60, PutStone("G4", WHITE, WHITE)),
        HandStep(t + 1.95, LiftStone("E5")),
        HandStep(t + 2.40, PutStone("E6", BLACK, BLACK)),
        HandStep(t + 2.90, LiftStone("E4")),
        HandStep(t + 2.90, Sense("E4", PRESENT)),  # rolling away, still in reach
        HandStep(t + 2.95, LiftStone("I9")),
        HandStep(t + 3.05, Sense("E4", None)),
        HandStep(t + 3.20, PutStone("E5", BLACK, BLACK)),
        HandStep(t + 3.45, PutStone("I9", WHITE, WHITE)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices) == ["C3C4D3", "G5G4", "E5E6"]
    assert [n.plies for n in of(MovesTakenBack, notices)] == [1]
    assert prompts(notices) == [("E4E5", "E5E6")]
    assert not of(IllegalShown, notices) and not of(OutOfStepShown, notices)
    assert commits(sim.send(Select("E4E5")) + sim.settle()) == ["E4E5"]
    texts = [sim.controller.position.move_text(m) for m in sim.controller.position.move_stack]
    assert texts == ["C3C4D3", "G5G4", "E4E5"]


# Sente's lion on 2c, giraffe on 3d; gote's lion on 2a.
HANDS = "1l1/3/1L1/G2 b - 1"


def test_both_players_hands_at_once_are_two_moves_in_order() -> None:
    """Gote lifts its lion before sente's giraffe has landed, and lands first: the board
    at rest holds exactly two plies (issue 44, 2.3: both were missed)."""
    sim = dobutsu(HANDS)
    t = sim.now
    steps = [
        HandStep(t + 0.10, LiftStone("3d")),
        HandStep(t + 0.20, LiftStone("2a")),  # the reply begins, the giraffe in the air
        HandStep(t + 0.30, PutStone("1b", GOTE_LION, GOTE_LION)),
        HandStep(t + 0.40, PutStone("3c", GIRAFFE, GIRAFFE)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices) == ["3d3c", "2a1b"]
    assert not prompts(notices) and not of(OutOfStepShown, notices)


# Sente has a chick and a giraffe in hand; gote's lion on 2a.
TWO_KINDS = "1l1/3/3/1L1 b CG 1"


def test_several_pairs_ask_only_about_the_part_that_differs() -> None:
    """Sente drops on 3c (a chick or a giraffe: the board cannot tell) while gote's lion
    is already lifted for its reply, which lands first: the drop is asked, then the
    reply is read by itself (issue 44, 2.3)."""
    sim = dobutsu(TWO_KINDS)
    t = sim.now
    sim.world.held.append(Stone("C", 0))
    steps = [
        HandStep(t + 0.10, LiftStone("2a")),  # the reply begins before the drop lands
        HandStep(t + 0.20, PutStone("3c", Stone("C", 0), Stone("C", 0))),
        HandStep(t + 0.30, PutStone("1b", GOTE_LION, GOTE_LION)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices) == []
    assert prompts(notices) == [("C*3c", "G*3c")]
    assert commits(sim.send(Select("C*3c")) + sim.settle()) == ["C*3c", "2a1b"]


# Sente's lion on 2c may step to 2b or 1b.
STEPS = "2l/3/1L1/3 b - 1"


def set_down_then_on(sim: Simulation, wait: float) -> list[Notice]:
    """The lion set down on 2b, left there ``wait`` seconds, then moved on to 1b."""
    t = sim.now
    steps = [
        HandStep(t + 0.10, LiftStone("2c")),
        HandStep(t + 0.25, PutStone("2b", LION, LION)),
        HandStep(t + 0.25 + wait, LiftStone("2b")),
        HandStep(t + 0.40 + wait, PutStone("1b", LION, LION)),
    ]
    return sim.run(steps) + sim.settle()


def test_a_piece_moved_on_by_its_player_is_the_move_to_the_second_cell() -> None:
    """Issue 44, 2.4: the lion set down on 2b rested there 1.5 s and was committed; moved
    on, it is asked about (issue 78: never replaced unasked, the move was told), and
    answered, the record says 2c1b and the lights follow (the last move is 1b's)."""
    sim = dobutsu(STEPS)
    notices = set_down_then_on(sim, 1.5)
    assert commits(notices) == ["2c2b"]
    assert prompts(notices) == [("2c1b", "2c2b")]
    notices += sim.send(Select("2c1b")) + sim.settle()
    assert commits(notices) == ["2c2b", "2c1b"]
    assert of(MovesTakenBack, notices) == [MovesTakenBack(1, of(MovesTakenBack, notices)[0].at)]
    assert [sim.controller.position.move_text(m) for m in sim.controller.position.move_stack] == [
        "2c1b"
    ]
    assert sim.controller.last_move == frozenset({"2c", "1b"})
    assert not of(IllegalShown, notices)


# Gote's lion on 3a; sente's giraffe on 1b, an elephant in sente's hand.
KNOCKED = "l2/g1G/1c1/EL1 w Ec 8"


def test_a_knock_between_set_down_and_moved_on_is_no_capture() -> None:
    """Found by the property test: the lion set down on 2b, sente's giraffe on 1b
    knocked and put back, then the lion moved on to 2a. The board at rest is also sente
    dropping an elephant on 2a and the lion taking the giraffe on 1b, a reading that
    needs no knock, and it was committed; but 1b filled again before the lion left 2b,
    and no capturer lands before it leaves."""
    sim = dobutsu(KNOCKED)
    t = sim.now
    steps = [
        HandStep(t + 0.10, LiftStone("3a")),
        HandStep(t + 0.35, PutStone("2b", GOTE_LION, GOTE_LION)),
        HandStep(t + 1.60, Force("1b", 0)),
        HandStep(t + 1.85, Force("1b", None)),
        HandStep(t + 2.10, LiftStone("2b")),
        HandStep(t + 2.35, PutStone("2a", GOTE_LION, GOTE_LION)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices) == ["3a2b"]
    assert prompts(notices) == [("3a2a", "3a2b")]  # the lion moved on: asked, no capture
    notices += sim.send(Select("3a2a")) + sim.settle()
    assert commits(notices) == ["3a2b", "3a2a"]
    assert [sim.controller.position.move_text(m) for m in sim.controller.position.move_stack][
        -1:
    ] == ["3a2a"]


# Gote's lion on 2a; sente's giraffe on 1c, a chick in sente's hand.
WHILE_ON = "gl1/1e1/2G/EL1 w Cc 4"


def test_a_knock_as_the_piece_moves_on_is_asked_not_read_as_both_hands() -> None:
    """Found by the property test: the lion set down on 1b and moved on to 1a, sente's
    giraffe on 1c knocked as it left. The board at rest is also sente dropping a chick
    on 1a while the lion took the giraffe, in an order both hands could make; that
    reading needs no knock but two more moves, and it was committed. The board asks."""
    sim = dobutsu(WHILE_ON)
    t = sim.now
    steps = [
        HandStep(t + 0.10, LiftStone("2a")),
        HandStep(t + 0.35, PutStone("1b", GOTE_LION, GOTE_LION)),
        HandStep(t + 1.60, LiftStone("1b")),
        HandStep(t + 1.60, Force("1c", 0)),
        HandStep(t + 1.85, Force("1c", None)),
        HandStep(t + 1.85, PutStone("1a", GOTE_LION, GOTE_LION)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices) == ["2a1b"]
    assert [set(choices) for choices in prompts(notices)] == [{"2a1a", "2a1b"}]
    assert commits(sim.send(Select("2a1a")) + sim.settle()) == ["2a1a"]
    assert [sim.controller.position.move_text(m) for m in sim.controller.position.move_stack][
        -1:
    ] == ["2a1a"]


# Robotory: the red robot on A2 may eat the black token on A1 or on A3.
TWO_TOKENS = "bRb1/5/3B2/2W2/4 2w1b 2w0b 10w10b l"
RED = Stone("R", None)


@pytest.mark.parametrize("profile", ["sim-robotory", "sim-robotory-stock"])
def test_a_knock_as_a_held_robot_left_is_asked_about_once_it_lands(profile: str) -> None:
    """Found by the property test: the red robot lifted from A2, the token on A3 knocked
    off and back in that moment (a capture, to a board that senses only presence), the
    robot held 15 s, then set on A1 as its token went to the box: that swap looked like
    a knock, and the record kept the robot on A3. The board asks which it ate."""
    sim = make_sim(profile, position=TWO_TOKENS, noise=QUIET, game=ROBOTORY)
    t = sim.now
    steps = [
        HandStep(t + 0.10, LiftStone("A2")),
        HandStep(t + 0.10, Force("A3", 0)),
        HandStep(t + 0.35, Force("A3", None)),
        HandStep(t + 15.35, Remove("A1")),
        HandStep(t + 15.60, PutStone("A1", RED, RED)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices) == ["R:A2-A3"]
    assert prompts(notices) == [("R:A2-A1", "R:A2-A3")]
    assert sim.controller.phase is Phase.PROMPT
    sim.advance(1.0)  # the question stays while the board rests
    assert sim.controller.phase is Phase.PROMPT
    assert commits(sim.send(Select("R:A2-A1")) + sim.settle()) == ["R:A2-A1"]


# Dark to move; the red robot on A3, a white token on A1 and a black one on B1.
OVER_A_QUESTION = "w1R1/bw3/5b/1W3/1B2 2w0b 0w4b 8w4b d"


def test_a_chain_stepped_on_over_an_open_question_is_asked_whole_or_split() -> None:
    """Dark's token rests on B5 and is moved on to A2, asked about; meanwhile light's
    red robot eats A2, A1 and B1 with pauses longer than the settle time and three
    tokens are placed, the last set on a wrong cell first. Answered, the board read
    the chain as three one-step chains of both players, the only line it had shown: a
    shared robot's steps do not say whose they were, so the whole chain is asked
    beside its first step (independent hands, Robotory reed seed 950838)."""
    token_b, token_w = Stone("b", None), Stone("w", None)
    sim = make_sim("sim-robotory", position=OVER_A_QUESTION, noise=QUIET, game=ROBOTORY)
    t = sim.now
    steps = [
        HandStep(t + 0.00, LiftStone("stock:d:1")),
        HandStep(t + 0.30, PutStone("B5", token_b, token_b)),
        HandStep(t + 0.76, LiftStone("B5")),
        HandStep(t + 2.73, PutStone("A2", token_b, token_b)),
        HandStep(t + 2.98, Remove("A2")),
        HandStep(t + 3.20, LiftStone("A3")),
        HandStep(t + 3.60, PutStone("A2", RED, RED)),
        HandStep(t + 3.76, Remove("A1")),
        HandStep(t + 4.05, LiftStone("A2")),
        HandStep(t + 4.45, PutStone("A1", RED, RED)),
        HandStep(t + 4.85, Remove("B1")),
        HandStep(t + 5.20, LiftStone("A1")),
        HandStep(t + 5.42, LiftStone("stock:d:2")),
        HandStep(t + 5.60, PutStone("B1", RED, RED)),
        HandStep(t + 5.90, PutStone("B3", token_b, token_b)),
        HandStep(t + 9.86, LiftStone("stock:l:2")),
        HandStep(t + 10.20, PutStone("D1", token_w, token_w)),
        HandStep(t + 11.16, LiftStone("stock:d:3")),
        HandStep(t + 11.50, PutStone("D3", token_b, token_b)),
        HandStep(t + 13.21, LiftStone("stock:l:1")),
        HandStep(t + 13.34, PutStone("E4", token_w, token_w)),  # a wrong cell first
        HandStep(t + 13.47, LiftStone("E4")),
    ]
    notices = sim.run(steps)
    assert commits(notices) == ["b@B5"]
    assert prompts(notices) == [("b@A2", "b@B5")]
    last = [HandStep(t + 14.04, PutStone("C5", token_w, token_w))]
    notices = sim.send(Select("b@A2")) + sim.run(last) + sim.settle()
    assert commits(notices) == ["b@A2"]
    assert prompts(notices) == [("R:A3-A2", "R:A3-A2-A1-B1")]
    notices = sim.send(Select("R:A3-A2-A1-B1")) + sim.settle()
    assert commits(notices) == ["R:A3-A2-A1-B1", "b@B3", "w@D1", "b@D3", "w@C5"]


# Light to move, holding a token of each colour; the red robot on B4, a white token on
# C5 and a black one on C6.
COLOUR_ASKED = "b3/w2R1/3Bwb/1W2w/1b1b 1w1b 0w1b 5w6b l"


def test_a_shared_robot_walked_on_while_a_question_is_open_is_asked() -> None:
    """Light's token, whose colour the reed board asks, then dark's red robot eats C5,
    and light walks it on to C6 0.6 s after it landed, within a step's pause. While the
    board asks it shows no wait for the chain and ok would answer the question, so no
    player can end dark's chain: the board read one chain of dark's, unasked
    (independent hands, Robotory reed seed 950831 and polarity seed 950229); it asks."""
    token_w = Stone("w", None)
    sim = make_sim("sim-robotory", position=COLOUR_ASKED, noise=QUIET, game=ROBOTORY)
    t = sim.now
    steps = [
        HandStep(t + 0.00, LiftStone("stock:l:1")),
        HandStep(t + 0.30, PutStone("A4", token_w, token_w)),
        HandStep(t + 2.00, Remove("C5")),
        HandStep(t + 2.24, LiftStone("B4")),
        HandStep(t + 3.00, PutStone("C5", RED, RED)),
        HandStep(t + 3.60, Remove("C6")),
        HandStep(t + 3.90, LiftStone("C5")),
        HandStep(t + 4.50, PutStone("C6", RED, RED)),
    ]
    notices = sim.run(steps)
    assert not commits(notices)
    assert prompts(notices) == [("b@A4", "w@A4")]
    sim.advance_to(t + 6.0)
    notices = sim.send(Select("w@A4")) + sim.settle()
    assert commits(notices) == ["w@A4"]
    assert prompts(notices) == [("R:B4-C5", "R:B4-C5-C6")]
    notices = sim.send(Select("R:B4-C5")) + sim.settle()
    assert commits(notices) == ["R:B4-C5", "R:C5-C6"]


def test_a_knock_on_another_token_after_a_robot_ate_is_asked_once() -> None:
    """The robot ate A3 in plain sight; the token on A1 knocked a moment later: the board
    cannot tell that from the robot set on A1, asks, and once answered does not ask
    again for the same knock."""
    sim = make_sim("sim-robotory", position=TWO_TOKENS, noise=QUIET, game=ROBOTORY)
    t = sim.now
    steps = [
        HandStep(t + 0.10, LiftStone("A2")),
        HandStep(t + 0.20, Remove("A3")),
        HandStep(t + 0.35, PutStone("A3", RED, RED)),
    ]
    assert commits(sim.run(steps) + sim.settle()) == ["R:A2-A3"]
    t = sim.now
    knock = [HandStep(t + 0.5, Force("A1", 0)), HandStep(t + 0.75, Force("A1", None))]
    notices = sim.run(knock) + sim.settle()
    assert prompts(notices) == [("R:A2-A1", "R:A2-A3")]
    notices = sim.send(Select("R:A2-A3")) + sim.settle(3.0)
    assert commits(notices) == ["R:A2-A3"] and not prompts(notices)
    assert sim.controller.phase is Phase.PLAY


# Four plies in 1.6 s (the soak's blitz): gote drops a chick on 1b, sente's lion goes
# 2b-3b, gote's chick 2c-2d, sente's lion takes gote's lion on 2a.
BLITZ = "gle/1L1/1c1/E1G w c 4"


def test_moves_the_board_catches_up_with_keep_what_the_hands_did_for_the_next() -> None:
    """Found by the soak: the board read the first plies late (the chick's promotion
    asked after the lion had already taken on 2a), and each of them committed at once
    dropped what the hands had done before its commit, so the last capture, made before
    the board caught up, lacked its touches and was never read."""
    sim = dobutsu(BLITZ)
    t = sim.now
    gote_chick, lion = Stone("C", 1), LION
    steps = [
        HandStep(t + 0.10, LiftStone("hand:w:C")),
        HandStep(t + 0.25, PutStone("1b", gote_chick, gote_chick)),
        HandStep(t + 0.58, LiftStone("2b")),
        HandStep(t + 0.73, PutStone("3b", lion, lion)),
        HandStep(t + 1.12, LiftStone("2c")),
        HandStep(t + 1.26, PutStone("2d", gote_chick, gote_chick)),
        HandStep(t + 1.42, Remove("2a")),
        HandStep(t + 1.62, LiftStone("3b")),
        HandStep(t + 1.67, PutStone("2a", lion, lion)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert prompts(notices) == [("2c2d", "2c2d+")]
    notices = sim.send(Select("2c2d")) + sim.settle()
    assert commits(notices) == ["2c2d", "3b2a"]
    moves = sim.controller.position.move_stack
    assert [sim.controller.position.move_text(m) for m in moves] == ["C*1b", "2b3b", "2c2d", "3b2a"]


# White's D2-E3 broadside to D1-E2, black's E4 to F4 a moment later, white going on.
BROADSIDE_BLITZ = "w4/2bww1/4w1b/bb1w2wb/b1wb1bw1w/1wwb4/1b3wb/2wwb1/bb3 w 0 0"


def test_a_reply_beside_a_broadside_does_not_keep_it_from_standing() -> None:
    """Found by the soak (five moves missed): D1 knocked just after the broadside landed,
    black's reply landed on F4 before the broadside's cells had rested, and white went
    on from D1 at once. F4 was taken for the broadside's marbles going elsewhere, which
    only a move that lands unseen may do (these landed in sight): nothing stood, and the
    board never caught up."""
    sim = make_sim("sim-abalone", position=BROADSIDE_BLITZ, noise=QUIET, game=ABALONE)
    t = sim.now
    steps = [
        HandStep(t + 0.10, LiftStone("D2")),
        HandStep(t + 0.30, LiftStone("E3")),
        HandStep(t + 0.60, PutStone("E2", WHITE, WHITE)),
        HandStep(t + 0.77, PutStone("D1", WHITE, WHITE)),
        HandStep(t + 1.07, Force("D1", 0)),
        HandStep(t + 1.41, Force("D1", None)),
        HandStep(t + 1.54, LiftStone("E4")),
        HandStep(t + 1.71, PutStone("F4", BLACK, BLACK)),
        HandStep(t + 2.06, LiftStone("D1")),
    ]
    notices = sim.run(steps) + sim.advance(0.3)
    assert commits(notices) == ["D2E3D1", "E4F4"] and not prompts(notices)


# Sente's chick on 2c may take gote's chick on 2b.
CHICKS = "gle/1c1/1C1/ELG b - 1"
SENTE_CHICK, GOTE_CHICK = Stone("C", 0), Stone("C", 1)


@pytest.mark.parametrize("parked", [True, False])
def test_a_victim_parked_where_its_capturer_came_from_is_asked_about(parked: bool) -> None:
    """Found by the soak: 2b's chick taken up, sente's chick set on 2b and the victim set
    down on 2c a while (the board rests as before), then taken off. The board then shows
    2c empty, as it does for the chick held in the air after two knocks: it asks (the
    capture, or the piece still in the hand), and ok (the player saying the move is
    done, the capture selected) plays the capture. Without the victim set down on 2c
    (only a knock on 2b), the board asks nothing and ok plays nothing."""
    sim = dobutsu(CHICKS)
    t = sim.now
    if parked:
        steps = [
            HandStep(t + 0.10, LiftStone("2b")),
            HandStep(t + 0.20, LiftStone("2c")),
            HandStep(t + 0.30, PutStone("2c", GOTE_CHICK, GOTE_CHICK)),
            HandStep(t + 0.35, PutStone("2b", SENTE_CHICK, SENTE_CHICK)),
        ]
    else:
        steps = [HandStep(t + 0.10, Force("2b", 0)), HandStep(t + 0.30, Force("2b", None))]
    steps.append(HandStep(t + 2.30, LiftStone("2c")))
    notices = sim.run(steps) + sim.advance(3.0)
    assert commits(notices) == []
    assert prompts(notices) == ([("2c2b", HeldChoice.NAME)] if parked else [])
    assert sim.controller.phase is (Phase.PROMPT if parked else Phase.PLAY)
    notices = sim.press(ButtonRole.OK) + sim.settle()
    assert commits(notices) == (["2c2b"] if parked else [])


def test_a_drop_moved_on_at_once_keeps_what_stands_beside_it_from_committing() -> None:
    """Found by the drawn soak (seed 5): five plies in 3.2 s. Sente's chick dropped on
    1b and gote's on 2c were shown whole together; sente's chick then went on to take
    on 1a. Gote's lion move and a drop on 2c by sente (no piece on 1b) stood without
    the 1b piece and were committed: a wrong record. No knock empties a cell that held
    nothing, so what stands waits for the board to rest, and the board asks whose drop
    came first."""
    sim = dobutsu("gle/1c1/1C1/ELG b - 1")
    t = sim.now
    sente, gote, gote_lion = Stone("C", 0), Stone("C", 1), Stone("L", 1)
    steps = [
        HandStep(t + 0.12, LiftStone("2c")),
        HandStep(t + 0.23, LiftStone("2b")),
        HandStep(t + 0.40, PutStone("hand:b:C", gote, sente)),
        HandStep(t + 0.51, PutStone("2b", sente, sente)),
        HandStep(t + 0.80, LiftStone("2b")),
        HandStep(t + 0.97, PutStone("hand:w:C", sente, gote)),
        HandStep(t + 1.15, LiftStone("2a")),
        HandStep(t + 1.23, PutStone("2b", gote_lion, gote_lion)),
        HandStep(t + 1.38, Force("2b", 0)),
        HandStep(t + 1.65, Force("2b", None)),
        HandStep(t + 1.71, LiftStone("hand:b:C")),
        HandStep(t + 1.79, PutStone("1b", sente, sente)),
        HandStep(t + 2.05, LiftStone("hand:w:C")),
        HandStep(t + 2.16, PutStone("2c", gote, gote)),
        HandStep(t + 2.45, Force("1b", 0)),
        HandStep(t + 2.71, Force("1b", None)),
        HandStep(t + 2.83, LiftStone("1b")),
        HandStep(t + 3.04, LiftStone("1a")),
        HandStep(t + 3.17, PutStone("hand:b:E", Stone("E", 1), Stone("E", 0))),
        HandStep(t + 3.33, PutStone("1a", sente, Stone("C", 0, True))),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices) == ["2c2b", "2a2b"]
    assert prompts(notices) == [("C*1b", "C*2c")]
    notices = sim.send(Select("C*1b")) + sim.settle()
    assert prompts(notices) == [("1b1a", "1b1a+")]  # whether the chick promoted
    notices += sim.send(Select("1b1a+")) + sim.settle()
    moves = sim.controller.position.move_stack
    texts = [sim.controller.position.move_text(m) for m in moves]
    assert texts == ["2c2b", "2a2b", "C*1b", "C*2c", "1b1a+"]


def test_a_cell_filled_before_its_piece_left_is_no_reading_of_the_record() -> None:
    """Found by the plain soak (a wrong record): gote's elephant 2b-1c, sente's lion
    takes it from 2d, the giraffe on 3c knocked twice. At rest the board is also the
    elephant taking the giraffe on 3c and the lion stepping onto an empty 1c, which
    needs no knock, and the record was changed to it; but 1c read a piece before the
    lion left 2d, and no knock fills an empty cell."""
    sim = dobutsu("l2/Ge1/GC1/EL1 w C 12")
    elephant, lion = Stone("E", 1), LION
    t = sim.now
    steps = [
        HandStep(t + 0.10, LiftStone("2b")),
        HandStep(t + 0.34, PutStone("1c", elephant, elephant)),
        HandStep(t + 0.60, Force("3c", 0)),
        HandStep(t + 0.85, Force("3c", None)),
        HandStep(t + 1.00, LiftStone("1c")),
        HandStep(t + 1.15, LiftStone("2d")),
        HandStep(t + 1.22, PutStone("1c", lion, lion)),
        HandStep(t + 1.46, PutStone("hand:b:E", elephant, Stone("E", 0))),
        HandStep(t + 1.60, Force("3c", 0)),
        HandStep(t + 1.80, Force("3c", None)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices) == ["2b1c", "2d1c"] and not of(MovesTakenBack, notices)


def test_touch_strict_keeps_the_first_move() -> None:
    """With ``touch=strict`` the piece set down counts: moving it on is no move of the
    player to move, and nothing is changed in the record."""
    sim = dobutsu(STEPS, touch="strict")
    notices = set_down_then_on(sim, 1.5)
    assert commits(notices) == ["2c2b"]
    assert not of(MovesTakenBack, notices)
    assert [(shown.move, str(shown.reason)) for shown in of(IllegalShown, notices)] == [
        ("2b1b", "it is B's turn")
    ]
    assert [sim.controller.position.move_text(m) for m in sim.controller.position.move_stack] == [
        "2c2b"
    ]


def test_a_piece_moved_on_after_the_other_side_began_is_their_move() -> None:
    """The lion's move stands once gote has moved: gote's lion then steps, and sente's
    next move is read as sente's, never as a change of 2c2b."""
    sim = dobutsu("l2/3/1L1/3 b - 1")
    assert commits(sim.perform("2c2b")) == ["2c2b"]
    assert commits(sim.perform("3a3b")) == ["3a3b"]
    notices = sim.perform("2b1b")
    assert commits(notices) == ["2b1b"] and not of(MovesTakenBack, notices)


def test_a_piece_held_for_seconds_is_not_out_of_step() -> None:
    """Issue 44, 2.6: holding a piece 5 s or more said "board out of step"."""
    sim = dobutsu(STEPS)
    t = sim.now
    notices = sim.run([HandStep(t + 0.1, LiftStone("2c"))]) + sim.advance(15.0)
    assert not of(OutOfStepShown, notices)
    assert sim.controller.phase is Phase.PLAY
    notices = sim.run([HandStep(sim.now + 0.1, PutStone("1b", LION, LION))]) + sim.settle()
    assert commits(notices) == ["2c1b"]


def test_a_prompt_is_never_a_question_with_one_answer() -> None:
    """A push-off with the line slid asked "E7E8?" with no other choice (123 such
    prompts per 1,000 moves of clean Abalone play). It waits the longer rest, and is
    then asked beside the other reading of the same board, E7's marble still in the
    hand (a line moved front first, its front marble held): the answer is played."""
    sim = abalone({"E7": "b", "E8": "b", "E9": "w", "A1": "b", "A2": "b", "I5": "w", "I6": "w"})
    notices = sim.run([HandStep(sim.now + 0.1, LiftStone("E7"))]) + sim.advance(2.0)
    assert not of(PromptOpened, notices)
    sim.world.held.clear()  # pushed: E9's marble into the gutter, E7's onto E8's hole
    notices = sim.advance(1.0)
    assert prompts(notices) == [("E7E8", HeldChoice.NAME)]
    notices = sim.send(Select("E7E8")) + sim.settle()
    assert commits(notices) == ["E7E8"]


# Black's E7 may push a white marble off along row E (E9) or up the diagonal (G9).
TWO_PUSH_OFFS = {"E7": "b", "E8": "b", "E9": "w", "F8": "b", "G9": "w", "I5": "w", "A1": "b"}


def test_a_rolled_marble_then_a_fast_reply_asks_the_push_off_then_reads_the_reply() -> None:
    """Black slides E7-E8 to push E9 off, the line's E9 marble rolling on its hole (its
    switch opens a moment), and white moves I5 to I6 0.2 s later: the board asks which
    push-off (the rolled line first, both offered), then reads the reply (issue 44, 2.2:
    the prompt once offered only the other direction; this stream, unlike the issue's
    noisy one, was read right before too)."""
    sim = abalone(TWO_PUSH_OFFS)
    t = sim.now
    steps = [
        HandStep(t + 0.10, Remove("E9")),  # the white marble goes off the board ...
        HandStep(t + 0.15, LiftStone("E7")),  # the line slides as one (E7's marble
        HandStep(t + 0.20, PutStone("E9", BLACK, BLACK)),  # ... stands for E8's on E9)
        HandStep(t + 0.45, LiftStone("I5")),  # white's reply, 0.2 s later
        HandStep(t + 0.60, PutStone("I6", WHITE, WHITE)),
    ]
    notices = sim.run(steps) + sim.settle()
    asked = prompts(notices)
    assert asked and asked[0][0] == "E7E8" and set(asked[0]) == {"E7E8", "E7F8"}, notices
    assert commits(notices) == []
    assert commits(sim.send(Select("E7E8")) + sim.settle()) == ["E7E8", "I5I6"]


# Seed 5, move 812 of the drawn soak: white to play, marbles on E7 and E8.
GONE_ON = "1bb1b/2www1/wb1wb2/6bw/w5www/1w1b4/b2b3/4bw/b1b2 w 2 2"


def test_a_line_gone_on_with_as_both_players_replied_is_read_again() -> None:
    """White moves E8 to D7 and rests 2.6 s (committed after the board's wait for a line
    to go on), then E7 to D8, the broadside E7E8-D7D8; black replies 0.17 s later and
    white at once. The board at rest shows three moves from before the commit, none shown
    at rest: it went out of step, the commit that was only part of a move standing in
    the record. It asks now (never replaced unasked), and reads the rest once answered."""
    sim = make_sim("sim-abalone", position=GONE_ON, noise=QUIET, game=ABALONE)
    t = sim.now + 0.1
    steps = [
        HandStep(t + 0.32, LiftStone("E8")),
        HandStep(t + 2.46, PutStone("D7", WHITE, WHITE)),
        HandStep(t + 5.11, LiftStone("E7")),
        HandStep(t + 5.33, PutStone("D8", WHITE, WHITE)),
        HandStep(t + 5.69, LiftStone("C4")),
        HandStep(t + 5.77, PutStone("D5", BLACK, BLACK)),
        HandStep(t + 6.12, LiftStone("H6")),
        HandStep(t + 6.24, PutStone("H5", WHITE, WHITE)),
    ]
    notices = sim.run(steps) + sim.advance(5.0)
    assert prompts(notices) == [("E7E8D7", "E8D7")]
    notices += sim.send(Select("E7E8D7")) + sim.advance(5.0)
    position = sim.controller.position
    assert [position.move_text(m) for m in position.move_stack] == ["E7E8D7", "C4D5", "H6H5"]
    assert not of(OutOfStepShown, notices)


# Seed 3, move 2854 of the heavy soak: white to play, marbles on E3 and F3.
GONE_ON_ALONE = "w3w/4ww/1b1wb1w/1w1w1wbw/2wwb1bw1/2bb2b1/3bb2/b2wbb/3b1 w 0 0"


def test_a_line_gone_on_with_before_the_reply_is_the_line_not_a_move_after_it() -> None:
    """White moves F3 to E2 (committed at rest), then 2 s later E3 to D2, the broadside
    E3F3-E2D2; only then does black play D4-C3. The board read black's move and then
    white's E3-D2, a move made whole before the move it follows began, and kept F3E2:
    no piece it set down was taken up again, only the line's next marble."""
    sim = make_sim("sim-abalone", position=GONE_ON_ALONE, noise=QUIET, game=ABALONE)
    t = sim.now + 0.1
    steps = [
        HandStep(t + 0.02, LiftStone("F3")),
        HandStep(t + 0.08, LiftStone("E3")),  # touched on the way
        HandStep(t + 0.19, PutStone("E3", WHITE, WHITE)),
        HandStep(t + 0.20, PutStone("E2", WHITE, WHITE)),
        HandStep(t + 2.18, LiftStone("E3")),
        HandStep(t + 2.36, PutStone("D2", WHITE, WHITE)),
        HandStep(t + 2.52, Force("E5", 0)),  # a knock on a black marble
        HandStep(t + 2.84, Force("E5", None)),
        HandStep(t + 3.03, LiftStone("D4")),
        HandStep(t + 3.14, PutStone("C3", BLACK, BLACK)),
    ]
    notices = sim.run(steps) + sim.advance(5.0)
    position = sim.controller.position
    assert [position.move_text(m) for m in position.move_stack] == ["E3F3D2", "D4C3"]
    assert not prompts(notices) and not of(OutOfStepShown, notices)


def test_a_piece_in_the_air_never_turns_a_drop_into_a_move_made_backwards() -> None:
    """Gote drops a chick on 3a, sente answers 2c-3c, gote lifts its lion on 2b and
    holds it 3 s (seed 3, move 2727 of the heavy soak). The record and a lion in the
    air make the board; the lion moved 2b-3a does too, a chick in the air, but only
    with 3a filled 0.7 s before the lion left: the board read that instead, and the
    game went on from a move nobody made."""
    sim = dobutsu("2e/Cl1/1G1/ELG w c 8")
    t = sim.now + 0.1
    chick, giraffe = Stone("C", 1), GIRAFFE
    steps = [
        HandStep(t + 0.03, LiftStone("hand:w:C")),
        HandStep(t + 0.12, PutStone("3a", chick, chick)),
        HandStep(t + 0.36, LiftStone("2c")),
        HandStep(t + 0.49, PutStone("3c", giraffe, giraffe)),
        HandStep(t + 0.81, LiftStone("2b")),
        HandStep(t + 3.64, PutStone("2a", GOTE_LION, GOTE_LION)),
    ]
    notices = sim.run(steps) + sim.advance(3.0)
    assert commits(notices) == ["C*3a", "2c3c", "2b2a"]
    assert not prompts(notices) and not of(MovesTakenBack, notices)


def test_a_knock_put_back_before_a_drop_is_no_move_of_the_knocked_piece() -> None:
    """Sente's elephant on 2c is knocked (0.18 s) and settles back; sente drops a giraffe
    on 3b; gote's lion takes the elephant (seed 3, move 2186 of the heavy soak). The
    elephant moved 2c-3b makes the same board, as if it had left at the knock: but 2c
    read a piece again and held it when 3b filled, and one piece is never on two cells.
    The board asked which, and while the question stood the hands went on until it
    committed a lion capture nobody made."""
    sim = dobutsu("2G/2l/cEe/1Lc b G 17")
    t = sim.now + 0.1
    elephant = Stone("E", 0)
    steps = [
        HandStep(t + 0.00, Force("2c", 0)),  # the knock
        HandStep(t + 0.18, Force("2c", None)),
        HandStep(t + 0.40, LiftStone("hand:b:G")),
        HandStep(t + 0.61, PutStone("3b", GIRAFFE, GIRAFFE)),
        HandStep(t + 0.95, LiftStone("1b")),
        HandStep(t + 1.13, LiftStone("2c")),
        HandStep(t + 1.27, PutStone("hand:w:E", elephant, Stone("E", 1))),
        HandStep(t + 1.46, PutStone("2c", GOTE_LION, GOTE_LION)),
        HandStep(t + 1.87, LiftStone("3c")),  # sente's next capture begins
    ]
    notices = sim.run(steps) + sim.advance(0.3)
    assert commits(notices) == ["G*3b", "1b2c"]
    assert not prompts(notices) and not of(MovesTakenBack, notices)


def test_a_rook_slid_then_moved_on_after_the_reply_is_never_read_as_one_move() -> None:
    """Sente's rook slides 2h to 7h (over 3h-6h); gote's rook is lifted 0.28 s later and
    lands on 5b; sente's rook then goes 7h-6h (seed 3, move 2068 of the heavy soak).
    The record's three moves read 6h as filled before 7h's rook left (the slide passed
    it), an order no hand makes, so the board took the record back for the rook going
    2h-6h at once: a move nobody made. A cell a slide passed is no such order; the board
    may ask (the rook going on, or moved again after the reply), never record 2h6h."""
    start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
    sim = make_sim("sim-shogi", position=start, noise=QUIET, game=SHOGI)
    t = sim.now + 0.1
    rook, gote_rook = Stone("R", 0), Stone("R", 1)
    steps = [HandStep(t, LiftStone("2h"))]
    for passed, at in (("3h", 0.14), ("4h", 0.25), ("5h", 0.33), ("6h", 0.41)):
        steps += [HandStep(t + at, Force(passed, 1)), HandStep(t + at + 0.07, Force(passed, None))]
    steps += [
        HandStep(t + 0.59, PutStone("7h", rook, rook)),
        HandStep(t + 0.87, LiftStone("8b")),
        HandStep(t + 1.14, PutStone("5b", gote_rook, gote_rook)),
        HandStep(t + 1.54, LiftStone("7h")),
        HandStep(t + 1.76, PutStone("6h", rook, rook)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert "2h6h" not in commits(notices)
    position = sim.controller.position
    if sim.controller.phase is Phase.PROMPT:
        assert "2h7h" in sim.controller.prompt_choices
    else:
        assert [position.move_text(m) for m in position.move_stack] == ["2h7h", "8b5b", "7h6h"]


def test_a_piece_knocked_back_before_a_drop_landed_is_no_move_of_it_to_the_drop() -> None:
    """Sente's elephant held 2.2 s and set on 2a; gote's giraffe on 2c knocked (0.25 s)
    and back; gote drops a giraffe on 3c; sente's elephant on 3d takes 2c (seed 3, move
    3885 of the heavy soak). With nothing at rest between, 2c's knock counted as its
    giraffe leaving before 3c filled, and the board committed the giraffe 2c-3c when the
    capture lifted it: but 2c read a piece again and held it when 3c filled."""
    sim = dobutsu("C1C/2E/1gl/EL1 b g 41")
    t = sim.now + 0.1
    elephant, giraffe = Stone("E", 0), Stone("G", 1)
    steps = [
        HandStep(t, LiftStone("1b")),
        HandStep(t + 2.24, PutStone("2a", elephant, elephant)),
        HandStep(t + 2.28, Force("2c", 0)),
        HandStep(t + 2.53, Force("2c", None)),
        HandStep(t + 2.70, LiftStone("hand:w:G")),
        HandStep(t + 2.79, PutStone("3c", giraffe, giraffe)),
        HandStep(t + 3.25, LiftStone("2c")),
        HandStep(t + 4.66, PutStone("hand:b:G", giraffe, Stone("G", 0))),
        HandStep(t + 4.74, LiftStone("3d")),
        HandStep(t + 4.83, PutStone("2c", elephant, elephant)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert "2c3c" not in commits(notices)
    position = sim.controller.position
    if sim.controller.phase is Phase.PROMPT:
        assert "G*3c" in sim.controller.prompt_choices
    else:
        assert [position.move_text(m) for m in position.move_stack][-3:] == ["1b2a", "G*3c", "3d2c"]


def test_a_pair_with_a_capture_landed_before_its_piece_left_is_never_read() -> None:
    """Gote drops a giraffe on 3b (sliding over 2c, then a knock on 3b); sente's lion goes
    2d-2c; gote's lion takes the chick on 2b; sente's lion is lifted from 2c and held a
    second (seed 3, move 3139 of the heavy soak). Read late, the touches on 3b stayed
    with the moves after, and with sente's lion in the air the one pair that made the
    board was gote's capture and sente's lion taking on 3b, whose landing there came 2 s
    before the lion left: a fallback kept for a swap faster than a scan. It was
    committed; the lion then landed on 1b."""
    sim = dobutsu("gCe/1C1/2l/EL1 w g 6")
    t = sim.now + 0.1 - 3.8
    giraffe, chick = Stone("G", 1), Stone("C", 0)
    steps = [
        HandStep(t + 3.866, LiftStone("hand:w:G")),
        HandStep(t + 4.100, Force("2c", 1)),  # slid over 2c
        HandStep(t + 4.293, Force("2c", None)),
        HandStep(t + 4.298, PutStone("3b", giraffe, giraffe)),
        HandStep(t + 4.522, Force("3b", 0)),
        HandStep(t + 4.814, Force("3b", None)),
        HandStep(t + 5.043, LiftStone("2d")),
        HandStep(t + 5.193, PutStone("2c", LION, LION)),
        HandStep(t + 5.196, Force("2c", 0)),  # bounce
        HandStep(t + 5.197, Force("2c", None)),
        HandStep(t + 6.415, LiftStone("2b")),
        HandStep(t + 6.517, PutStone("hand:w:C", chick, Stone("C", 1))),
        HandStep(t + 6.647, LiftStone("1c")),
        HandStep(t + 6.712, PutStone("2b", GOTE_LION, GOTE_LION)),
        HandStep(t + 6.920, LiftStone("2c")),
        HandStep(t + 7.916, PutStone("1b", LION, LION)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert "2c3b" not in commits(notices)
    position = sim.controller.position
    assert [position.move_text(m) for m in position.move_stack][-2:] == ["1c2b", "2c1b"]
