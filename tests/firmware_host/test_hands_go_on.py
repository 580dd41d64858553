"""Hands the board once read wrong or not at all (issue 44), as timed event streams on
the simulated board: a line of marbles moved front first, both players' hands on the
board at once, a piece set down and moved on (and ``touch=strict``, which keeps it), a
piece held for seconds. Each stream failed on the code before the record learned to
follow the hand (``engine.rereading``)."""

from __future__ import annotations

from engine.abalone import ABALONE
from engine.physical import Stone
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import (
    IllegalShown,
    MovesTakenBack,
    Notice,
    OutOfStepShown,
    PromptOpened,
)
from firmware_host.session.actions import Select
from firmware_host.session.state import Phase
from hardware.mock.hands import HandStep, LiftStone, Noise, PutStone, Remove
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
    """Each marble rests a second before the next is lifted: the board plays what it
    sees at rest, and follows the hand as it goes on: the record ends with the line."""
    sim = abalone(LINE)
    notices = front_first(sim, 1.0)
    assert commits(notices)[-1] == "G5G6"
    assert of(MovesTakenBack, notices)  # each shorter line the hand went on from
    texts = [sim.controller.position.move_text(m) for m in sim.controller.position.move_stack]
    assert texts == ["G5G6"]
    assert not of(IllegalShown, notices) and not of(OutOfStepShown, notices)


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
    """Issue 44, 2.4: the record says 2c1b, the lights follow (the last move is 1b's)."""
    sim = dobutsu(STEPS)
    notices = set_down_then_on(sim, 1.5)
    assert commits(notices) == ["2c2b", "2c1b"]
    assert of(MovesTakenBack, notices) == [MovesTakenBack(1, of(MovesTakenBack, notices)[0].at)]
    assert [sim.controller.position.move_text(m) for m in sim.controller.position.move_stack] == [
        "2c1b"
    ]
    assert sim.controller.last_move == frozenset({"2c", "1b"})
    assert not of(IllegalShown, notices)


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
    prompts per 1,000 moves of clean Abalone play): it waits the longer rest and is
    played."""
    sim = abalone({"E7": "b", "E8": "b", "E9": "w", "A1": "b", "A2": "b", "I5": "w", "I6": "w"})
    notices = sim.run([HandStep(sim.now + 0.1, LiftStone("E7"))])
    sim.world.held.clear()  # pushed: E9's marble into the gutter, E7's onto E8's hole
    notices += sim.advance(3.0)
    assert not [n for n in of(PromptOpened, notices) if len(n.choices) < 2]
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
