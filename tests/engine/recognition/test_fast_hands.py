"""Fast hands, early buttons and pieces merely in the air, as timed event streams on the
simulated board: the move committed is always the one the players made.

Each stream is one the board got wrong once: a blitz reply merged with the move before
it (now asked where the sensors cannot tell), a confirm pressed before the sensors
caught up, an ok for the move just played opening the next player's choices, a wait
for a continuation spoiled by an unrelated change, and a marble lifted for a moment
named as an illegal push-off.
"""

from __future__ import annotations

import pytest

from drivers.buttons import ButtonRole
from engine.abalone import ABALONE
from engine.physical import EMPTY, Stone
from engine.robotory import ROBOTORY
from engine.shogi import SHOGI
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import (
    GameEnded,
    IllegalShown,
    MovesTakenBack,
    Notice,
    OutOfStepShown,
)
from firmware_host.session.actions import Select
from firmware_host.session.state import GLANCE, Phase
from firmware_host.session.trust import RECENT_COMMIT
from hardware.mock.hands import Force, HandStep, LiftStone, Noise, PutStone, Remove
from tests.engine.abalone.helpers import text as abalone_text
from tests.engine.robotory.helpers import text as robotory_text
from tests.firmware_host.simkit import commits, drop_by_hand, make_sim, of, prompts

QUIET = Noise.none()

# Robot Duel: sente's lion on 2c may take the elephant on 3d; gote has a chick in hand.
LION_TAKES = "1l1/3/1L1/e2 b c 1"
LION = Stone("L", 0)
CHICK = Stone("C", 1)
GOTE_LION = Stone("L", 1)
ELEPHANT = Stone("E", 0)

ROBOT_R = Stone("R", None)
# Red on C1 may eat up column C; light may also refill its stock (one white is missing).
COLUMN = {"C1": "R", "C2": "w", "C3": "w", "C4": "w", "A4": "W", "E4": "B"}

BLACK = Stone("b", 0)
TOKEN_B = Stone("b", None)


def red_eats_c2(t: float) -> list[HandStep]:
    """The red robot on C1 eats the token on C2, landing 0.3 s after ``t``."""
    return [
        HandStep(t + 0.10, LiftStone("C1")),
        HandStep(t + 0.20, Remove("C2")),
        HandStep(t + 0.30, PutStone("C2", ROBOT_R, ROBOT_R)),
    ]


def dobutsu(position: str) -> Simulation:
    sim = make_sim("sim", position=position, noise=QUIET)
    assert sim.controller.phase is Phase.PLAY
    return sim


def robotory(profile: str = "sim-robotory", **stocks: str) -> Simulation:
    position = robotory_text(COLUMN, **stocks)
    sim = make_sim(profile, position=position, noise=QUIET, game=ROBOTORY)
    assert sim.controller.phase is Phase.PLAY
    return sim


def abalone(pieces: dict[str, str]) -> Simulation:
    sim = make_sim("sim-abalone", position=abalone_text(pieces), noise=QUIET, game=ABALONE)
    assert sim.controller.phase is Phase.PLAY
    return sim


def lion_takes_then_chick_dropped(
    sim: Simulation, reply_after: float, cell: str = "1b", gap: float = 0.05
) -> list[Notice]:
    """The lion takes on 3d, lifted ``gap`` seconds after its victim; ``reply_after``
    seconds after it lands gote drops a chick on ``cell`` (one the lion's move did not
    touch)."""
    t = sim.now
    steps = [
        HandStep(t + 0.10, LiftStone("3d")),
        HandStep(t + 0.10 + gap, LiftStone("2c")),
        HandStep(t + 0.15 + gap, PutStone("3d", LION, LION)),
    ]
    notices = sim.run(steps)
    sim.world.held.clear()  # the captured elephant goes to the captor's side, off the board
    notices += sim.advance_to(t + 0.15 + gap + reply_after)
    sim.world.place(cell, CHICK)
    return notices + sim.settle()


# --- blitz replies -------------------------------------------------------------------------


def test_a_reply_begun_before_the_move_rested_is_never_merged_with_it() -> None:
    """Gote's drop on 1b 0.24 s after the lion landed on 3d once read as the lion going to
    1b. The lion could have gone to 1b, the elephant's cell being touched by a knock:
    no sensor or timing tells the two apart, so the board asks; the players' answer
    commits the capture, then the drop."""
    sim = dobutsu(LION_TAKES)
    notices = lion_takes_then_chick_dropped(sim, 0.24)
    assert commits(notices) == []
    assert prompts(notices) == [("2c1b", "2c3d")]
    notices = sim.send(Select("2c3d")) + sim.settle()
    assert commits(notices) == ["2c3d", "C*1b"]


def test_a_reply_after_the_move_rested_needs_no_question() -> None:
    """The victim taken off at a hand's pace before the lion was lifted: a drop after the
    capture rested is the reply."""
    for reply_after in (0.45, 0.6, 3.0):
        sim = dobutsu(LION_TAKES)
        notices = lion_takes_then_chick_dropped(sim, reply_after, gap=0.4)
        assert commits(notices) == ["2c3d", "C*1b"] and not prompts(notices)


def test_a_reply_after_a_capture_made_with_two_hands_at_once_is_asked() -> None:
    """The victim's cell swapped in the moment the lion was lifted reads as a knock of
    that lift, the lion perhaps still in the air (test_held_in_the_air.py): a drop on a
    cell the lion could have gone to is that landing or the reply, and the board asks;
    the answer is followed."""
    for reply_after in (0.45, 3.0):
        sim = dobutsu(LION_TAKES)
        notices = lion_takes_then_chick_dropped(sim, reply_after)
        assert commits(notices) == ["2c3d"]
        assert [set(choices) for choices in prompts(notices)] == [{"2c1b", "2c3d"}]
        notices = sim.send(Select("2c3d")) + sim.settle()
        assert commits(notices) == ["2c3d", "C*1b"]


def test_a_reply_where_the_piece_could_not_have_gone_commits_both() -> None:
    """Gote drops on 1a, out of the lion's reach, 0.2 s after it landed: the capture
    stands (its cells rest while the drop lands elsewhere) and both are committed."""
    notices = lion_takes_then_chick_dropped(dobutsu(LION_TAKES), 0.2, cell="1a")
    assert prompts(notices) == []
    assert commits(notices) == ["2c3d", "C*1a"]


def test_a_piece_sliding_over_cells_commits_only_where_it_stops() -> None:
    """The lion rests on 2b for 0.2 s on its way to 1b: the change that ends its stay
    there is the lion itself, so nothing is committed early."""
    sim = dobutsu(LION_TAKES)
    t = sim.now
    steps = [
        HandStep(t + 0.1, LiftStone("2c")),
        HandStep(t + 0.2, PutStone("2b", LION, LION)),
        HandStep(t + 0.4, LiftStone("2b")),
        HandStep(t + 0.5, PutStone("1b", LION, LION)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices) == ["2c1b"]


# --- confirms that come before the sensors -------------------------------------------------


def test_a_clock_press_right_after_the_last_marble_confirms_the_whole_broadside() -> None:
    """Pressed 15 ms after the third marble of a broadside landed, the clock once
    committed the two-marble broadside the sensors had shown so far."""
    sim = make_sim("sim-abalone", noise=QUIET, game=ABALONE)
    t = sim.now
    steps = [
        HandStep(t + 0.10, LiftStone("C3")),
        HandStep(t + 0.20, PutStone("D4", BLACK, BLACK)),
        HandStep(t + 0.30, LiftStone("C4")),
        HandStep(t + 0.40, PutStone("D5", BLACK, BLACK)),
        HandStep(t + 0.50, LiftStone("C5")),
        HandStep(t + 0.52, PutStone("D6", BLACK, BLACK)),
    ]
    notices = sim.run(steps)
    notices += sim.advance_to(t + 0.535)
    notices += sim.press(ButtonRole.CLOCK)
    assert commits(notices) == ["C3C5D4"]


def test_ok_right_after_a_robot_lands_confirms_the_robot_not_a_refill() -> None:
    """ok 6 ms after the robot landed once opened the refill prompt."""
    sim = robotory(light="1w2b")
    t = sim.now
    steps = red_eats_c2(t)
    notices = sim.run(steps) + sim.advance_to(t + 0.306)
    notices += sim.press(ButtonRole.OK)
    assert prompts(notices) == []
    assert commits(notices) == ["R:C1-C2"]


def test_ok_just_after_a_commit_opens_nothing_for_the_next_player() -> None:
    """A late ok for the move just played must not open the other side's refill."""
    sim = robotory(dark="1w2b")
    notices = sim.perform("R:C1-C2-C3-C4")
    assert commits(notices) == ["R:C1-C2-C3-C4"]
    pressed = sim.press(ButtonRole.OK)
    assert prompts(pressed) == [] and commits(pressed) == []
    sim.advance(RECENT_COMMIT)
    assert prompts(sim.press(ButtonRole.OK)) == [("refill 1b", "refill 1w")]


def test_ok_as_a_prompt_opens_is_the_hands_habit_not_its_answer() -> None:
    """Issue 44, 2.5: the token placed and ok pressed out of habit just as the board asks
    its colour took the first choice unread; an ok after a glance answers."""
    sim = make_sim("sim-robotory", position="4/2R2/3B2/2W2/4 3w1b 2w2b 9w9b l", game=ROBOTORY)
    notices = sim.perform("w@C2")
    assert prompts(notices) == [("b@C2", "w@C2")]
    notices = sim.advance(GLANCE / 2) + sim.press(ButtonRole.OK)
    assert commits(notices) == [] and sim.controller.phase is Phase.PROMPT
    notices = sim.advance(GLANCE / 2) + sim.press(ButtonRole.OK)
    assert commits(notices) == ["w@C2"]


BOXED_EARLY: dict[str, list[tuple[float, str | LiftStone | Remove]]] = {
    "robot carried over both": [
        (0.1, LiftStone("C1")), (0.2, Remove("C2")), (0.4, Remove("C3")), (0.6, "C3"),
    ],
    "both boxed first": [
        (0.1, Remove("C2")), (0.3, Remove("C3")), (0.5, LiftStone("C1")), (0.7, "C3"),
    ],
    "last boxed while the robot rests": [
        (0.1, LiftStone("C1")), (0.2, Remove("C2")), (0.3, "C2"), (0.5, Remove("C3")),
        (3.0, LiftStone("C2")), (3.2, "C3"),
    ],
    "each boxed before its step": [
        (0.1, Remove("C2")), (0.3, LiftStone("C1")), (0.5, "C2"), (0.7, Remove("C3")),
        (0.9, LiftStone("C2")), (1.1, "C3"),
    ],
}  # fmt: skip


@pytest.mark.parametrize("profile", ["sim-robotory", "sim-robotory-polarity", "sim-robotory-stock"])
@pytest.mark.parametrize("order", sorted(BOXED_EARLY))
def test_tokens_taken_to_the_box_before_the_robots_steps_are_one_chain(
    profile: str, order: str
) -> None:
    """Issue 44, 2.5: the eaten tokens go to the box in any order against the robot's
    steps (before its last step too); the order of events makes it one chain."""
    sim = robotory(profile)
    t = sim.now
    steps = [
        HandStep(t + at, PutStone(act, ROBOT_R, ROBOT_R) if isinstance(act, str) else act)
        for at, act in BOXED_EARLY[order]
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices) == ["R:C1-C2-C3"]
    assert not prompts(notices) and not of(IllegalShown, notices)


def test_a_knock_before_the_robot_left_is_not_its_next_step() -> None:
    """Shrunk from the long profile (both hands, a stock board): A1 knocked off and
    back, A2's token boxed, the robot stepped from B3 onto A2 as the other player took a
    token from the stock for A4. Seen before the robot's landing, the board read the
    knock as the robot going on to A1 and its landing as a token placed on A2, and
    committed that before reading it again. The robot lands after it leaves B3,
    whenever the tokens it eats went."""
    position = "bb2/2R2/3B2/2W2/4 2w1b 2w1b 10w10b l"
    sim = make_sim("sim-robotory-stock", position=position, noise=QUIET, game=ROBOTORY)
    t = sim.now
    steps = [
        HandStep(t + 0.265, Force("A1", EMPTY)),
        HandStep(t + 0.315, Force("A1", None)),
        HandStep(t + 0.331, Remove("A2")),
        HandStep(t + 0.456, LiftStone("B3")),
        HandStep(t + 0.461, PutStone("A2", ROBOT_R, ROBOT_R)),
        HandStep(t + 0.468, LiftStone("stock:d:4")),
        HandStep(t + 0.473, PutStone("A4", TOKEN_B, TOKEN_B)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices) == ["R:B3-A2", "b@A4"]
    assert not of(MovesTakenBack, notices)


# --- waits for a continuation ------------------------------------------------------------


def test_a_placement_ends_the_wait_for_a_longer_chain() -> None:
    """The robot ate C2 and may go on to C3; dark's token placed on E1 ends the wait at
    once (no continuation of the robot could make it), instead of spoiling the move."""
    sim = robotory("sim-robotory-polarity")
    t = sim.now
    steps = red_eats_c2(t)
    notices = sim.run(steps) + sim.advance_to(t + 0.9)
    assert commits(notices) == []  # resting, but the robot may still eat C3
    sim.world.place("E1", Stone("w", None))
    notices += sim.advance(0.1)
    assert commits(notices) == ["R:C1-C2"]  # at once, not after the longer rest
    notices += sim.settle()
    assert commits(notices) == ["R:C1-C2", "w@E1"]
    assert not of(OutOfStepShown, notices)


def test_the_chain_going_on_is_still_one_move() -> None:
    sim = robotory("sim-robotory-polarity")
    t = sim.now
    steps = [
        *red_eats_c2(t),
        HandStep(t + 1.00, LiftStone("C2")),
        HandStep(t + 1.10, Remove("C3")),
        HandStep(t + 1.20, PutStone("C3", ROBOT_R, ROBOT_R)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices) == ["R:C1-C2-C3"]


# --- pieces merely in the air --------------------------------------------------------------


def test_a_marble_lifted_for_a_moment_is_no_illegal_push_off() -> None:
    """Black's E8 lifted looks exactly like E8 pushing the lone white E9 off (which one
    marble may not): while it is only in the air nothing illegal is named."""
    sim = abalone({"E8": "b", "E9": "w", "A1": "b", "I5": "w"})
    t = sim.now
    steps = [HandStep(t + 0.1, LiftStone("E8")), HandStep(t + 1.5, PutStone("E8", BLACK, BLACK))]
    notices = sim.run(steps) + sim.settle()
    assert not of(IllegalShown, notices)
    assert commits(notices) == []


def test_a_move_done_before_the_record_s_last_does_not_date_its_cells() -> None:
    """From the drawn soak (seed 5, move 721): sente's elephant left 2c, gote's lion came
    to 2c and rested, sente's lion went to 3d and gote's lion took it there. The time
    the elephant left 2c, a move already done, was kept as 2c's first change and made
    the record's 3c2c look landed before it left: the board took it back for 3c3d and
    2d3d, sente winning a game gote won. Now the board asks which way 3c went."""
    sim = dobutsu("2e/gc1/lEC/1LG b - 13")
    t = sim.now + 0.1
    steps = [
        HandStep(t, LiftStone("2c")),
        HandStep(t + 0.2, PutStone("1b", ELEPHANT, ELEPHANT)),
        HandStep(t + 1.03, LiftStone("3c")),
        HandStep(t + 1.17, PutStone("2c", GOTE_LION, GOTE_LION)),
        HandStep(t + 1.57, LiftStone("2d")),
        HandStep(t + 1.67, PutStone("3d", LION, LION)),
        HandStep(t + 1.82, Remove("3d")),
        HandStep(t + 1.91, LiftStone("2c")),
        HandStep(t + 2.2, PutStone("3d", GOTE_LION, GOTE_LION)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices)[:2] == ["2c1b", "3c2c"] and not of(GameEnded, notices)
    assert [set(choices) for choices in prompts(notices)] == [{"3c2c", "3c3d"}]
    notices = sim.send(Select("3c2c")) + sim.settle()
    assert commits(notices) == ["3c2c", "2d3d", "2c3d"]


def test_a_drop_shown_at_rest_is_not_taken_back_for_a_move_out_of_order() -> None:
    """From the drawn soak (seed 5, move 801): sente's elephant dropped on 2a rested and
    was committed; gote then took sente's lion on 3a, its victim off first. With 3a empty
    and the lion in the air, the board read 3a2a (the lion onto 2a, which filled before
    3a emptied) and took the drop back for it."""
    sim = dobutsu("L2/1l1/cGe/cG1 b E 19")
    notices = drop_by_hand(sim, "E", "2a")
    t = sim.now
    steps = [
        HandStep(t + 0.1, Remove("3a")),
        HandStep(t + 0.8, LiftStone("2b")),
        HandStep(t + 0.94, PutStone("3a", GOTE_LION, GOTE_LION)),
    ]
    notices += sim.run(steps) + sim.settle()
    assert commits(notices) == ["E*2a", "2b3a"] and not of(MovesTakenBack, notices)


def test_a_drop_on_a_cell_a_done_move_emptied_keeps_its_time() -> None:
    """Heavy soak, Robot Duel seed 11 move 385: gote's giraffe left 3b (3b3a), sente
    dropped a chick there and gote's lion went 2a1b, 2b and 3b knocked meanwhile. When
    the base moved past 3b3a, 3b's first change (the giraffe leaving) was forgotten with
    the drop's: 3b's first change since read as the later knock, so the record's drop
    looked begun after the lion's move was done, and the board took C*3b and 2a1b back
    for C*1b and 2a3b (the lion capturing on a cell filled before it left)."""
    sim = make_sim("sim", position="1le/gc1/LC1/E1G b - 3", noise=Noise.none())
    t = sim.now + 0.1
    sente_chick, gote_giraffe = Stone("C", 0), Stone("G", 1)
    steps = [
        HandStep(t + 0.146, Force("3d", 0)),
        HandStep(t + 0.21, Force("3d", None)),
        HandStep(t + 0.425, LiftStone("3c")),
        HandStep(t + 0.505, LiftStone("2b")),
        HandStep(t + 0.639, PutStone("2b", LION, LION)),
        HandStep(t + 0.817, PutStone("hand:b:C", CHICK, sente_chick)),
        HandStep(t + 1.044, Force("2b", 0)),
        HandStep(t + 1.215, Force("2b", None)),
        HandStep(t + 1.313, LiftStone("3b")),
        HandStep(t + 1.409, PutStone("3a", gote_giraffe, gote_giraffe)),
        HandStep(t + 2.439, LiftStone("hand:b:C")),
        HandStep(t + 2.688, PutStone("3b", sente_chick, sente_chick)),
        HandStep(t + 2.896, Force("2b", 0)),
        HandStep(t + 3.107, Force("2b", None)),
        HandStep(t + 3.301, LiftStone("2a")),
        HandStep(t + 3.51, PutStone("1b", GOTE_LION, GOTE_LION)),
        HandStep(t + 3.594, Force("3b", 0)),
        HandStep(t + 3.7, Force("3b", None)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert not of(MovesTakenBack, notices) and not prompts(notices)
    assert commits(notices) == ["3c2b", "3b3a", "C*3b", "2a1b"]


def test_a_broadside_gone_on_with_in_a_blitz_of_four_moves_is_read_again() -> None:
    """From the drawn soak (seed 7, Abalone move 326): white's broadside B4B5C4 made one
    marble at a time, B5's first, rested as B5C5 and committed; B4's marble followed
    0.9 s later, and black, white and black again moved at once after it, the board
    never at rest 0.4 s until a fifth move. The record kept B5C5: the moves after the
    base of the open move were read only up to three deep, never as the lines the
    board showed whole one after another from it. Then the base's lines were looked at
    as the recognizer's are, and the record followed the hands, unasked. Now a
    broadside's first marble alone is not committed while the line may go on (issue 78:
    the board waits, ``Overlap.goes_on``): the moves are read once, in order."""
    white, black = Stone("w", 1), Stone("b", 0)
    position = "5/1wwwbb/1ww3w/3w1www/1b3w1bb/3b1b2/1b3b1/bbbww1/1b2b w 0 1"
    sim = make_sim("sim-abalone", position=position, noise=QUIET, game=ABALONE)
    t = sim.now + 0.1
    steps = [
        HandStep(t + 0.036, LiftStone("B5")),
        HandStep(t + 0.111, PutStone("C5", white, white)),
        HandStep(t + 1.027, LiftStone("B4")),
        HandStep(t + 1.157, PutStone("C4", white, white)),
        HandStep(t + 1.158, Force("C4", 0)),
        HandStep(t + 1.161, Force("C4", None)),
        HandStep(t + 1.449, LiftStone("C2")),
        HandStep(t + 1.650, PutStone("D3", black, black)),
        HandStep(t + 1.945, LiftStone("H7")),
        HandStep(t + 2.000, PutStone("I8", white, white)),
        HandStep(t + 2.067, LiftStone("H6")),
        HandStep(t + 2.253, PutStone("I7", white, white)),
        HandStep(t + 2.549, LiftStone("H5")),
        HandStep(t + 2.587, PutStone("I6", white, white)),
        HandStep(t + 2.726, Force("I7", 0)),
        HandStep(t + 2.962, Force("I7", None)),
        HandStep(t + 3.138, LiftStone("D3")),
        HandStep(t + 3.388, PutStone("D5", black, black)),
        HandStep(t + 3.814, LiftStone("G9")),
        HandStep(t + 4.000, PutStone("E7", white, white)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices) == ["B4B5C4", "C2D3", "H5H7I6", "D3D4", "G9F8"]
    assert not of(MovesTakenBack, notices) and not prompts(notices)
    played = sim.controller.position
    assert [played.move_text(m) for m in played.move_stack] == [
        "B4B5C4",
        "C2D3",
        "H5H7I6",
        "D3D4",
        "G9F8",
    ]


def test_a_broadside_gone_on_with_whose_marble_moves_on_again_is_read_again() -> None:
    """From the drawn soak (seed 7, Abalone move 1658): black's broadside E6E7F6 made
    marble by marble rested as E7F7 and was committed; E6's marble followed to F6,
    white replied E3F3 at once, and black moved the F6 marble on to E5. The board kept
    E7F7, E3F3 and E6E5 (the same board): the broadside was judged not done before the
    reply began from F6, a cell black's next move changed again. Now E7F7 waits while
    the line may go on (issue 78), and nothing is taken back."""
    white, black = Stone("w", 1), Stone("b", 0)
    position = "w1ww1/1w1www/4www/1w1w4/wbw2bb1b/1bb4b/1bb3b/bb2b1/b4 b 0 0"
    sim = make_sim("sim-abalone", position=position, noise=QUIET, game=ABALONE)
    t = sim.now + 0.1
    steps = [
        HandStep(t + 0.087, LiftStone("E7")),
        HandStep(t + 0.358, PutStone("F7", black, black)),
        HandStep(t + 1.960, LiftStone("E6")),
        HandStep(t + 2.115, PutStone("F6", black, black)),
        HandStep(t + 2.485, LiftStone("E3")),
        HandStep(t + 2.555, PutStone("G3", white, white)),
        HandStep(t + 2.829, LiftStone("F6")),
        HandStep(t + 3.093, PutStone("E5", black, black)),
        HandStep(t + 3.520, LiftStone("H9")),
        HandStep(t + 3.768, PutStone("I9", white, white)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices) == ["E6E7F6", "E3F3", "F6E5", "H9I9"]
    assert not of(MovesTakenBack, notices) and not prompts(notices)
    played = sim.controller.position
    assert [played.move_text(m) for m in played.move_stack] == [
        "E6E7F6",
        "E3F3",
        "F6E5",
        "H9I9",
    ]


def test_a_bishop_slid_back_over_its_origin_after_the_reply_is_its_next_move() -> None:
    """From the slow soak (seed 3, shogi move 904): sente's bishop slid 4f-1i and rested
    there 0.95 s while gote moved 4e-4d whole; then it slid back over 4f to 5e. Read
    from before the first slide, the board is also 4f5e with the bishop set down on 1i
    on its way, and the board asked which, took two moves back and lost the next five.
    A piece set down on its way moves on before another move is made whole."""
    sim = make_sim(
        "sim-shogi",
        position="g+L1+P+P+PG2/P2+P1KP2/5+S+R+S+P/1p1p3+b+P/1k1P1r1S1/2p2B1P1/2+s1lg3/"
        "+n2+p1+n+n1p/g+l+p2+n+p+l1 b p 899",
        noise=QUIET,
        game=SHOGI,
    )
    bishop, rook, pawn = Stone("B", 0), Stone("R", 1), Stone("P", 1)
    t = sim.now + 0.1
    steps = [
        HandStep(t + 0.040, Force("3i", 0)),
        HandStep(t + 0.317, Force("3i", None)),
        HandStep(t + 0.478, LiftStone("4f")),
        HandStep(t + 0.687, Force("3g", 1)),
        HandStep(t + 0.873, Force("3g", None)),
        HandStep(t + 0.878, Force("2h", 1)),
        HandStep(t + 1.021, Force("2h", None)),
        HandStep(t + 1.026, PutStone("1i", bishop, bishop)),
        HandStep(t + 1.029, Force("1i", 0)),
        HandStep(t + 1.031, Force("1i", None)),
        HandStep(t + 1.033, Force("1i", 0)),
        HandStep(t + 1.034, Force("1i", None)),
        HandStep(t + 1.313, LiftStone("4e")),
        HandStep(t + 1.314, Force("4e", 1)),
        HandStep(t + 1.316, Force("4e", None)),
        HandStep(t + 1.434, PutStone("4d", rook, rook)),
        HandStep(t + 1.613, Force("3c", 0)),
        HandStep(t + 1.903, Force("3c", None)),
        HandStep(t + 1.982, LiftStone("1i")),
        HandStep(t + 1.986, Force("1i", 1)),
        HandStep(t + 1.989, Force("1i", None)),
        HandStep(t + 2.181, Force("2h", 1)),
        HandStep(t + 2.287, Force("2h", None)),
        HandStep(t + 2.292, Force("3g", 1)),
        HandStep(t + 2.450, Force("3g", None)),
        HandStep(t + 2.455, Force("4f", 1)),
        HandStep(t + 2.618, Force("4f", None)),
        HandStep(t + 2.623, PutStone("5e", bishop, bishop)),
        HandStep(t + 3.004, LiftStone("hand:w:P")),
        HandStep(t + 3.178, PutStone("3g", pawn, pawn)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert not prompts(notices) and not of(MovesTakenBack, notices)
    played = sim.controller.position
    assert [played.move_text(m) for m in played.move_stack] == ["4f1i", "4e4d", "1i5e", "P*3g"]


def test_the_next_piece_in_the_air_proves_nothing_of_the_moves_before() -> None:
    """From Dobutsu's blitz row of the spec sheet (seed 1, sim-dobutsu): the lion went
    2a3b, gote dropped a giraffe on 3d, the lion went on 3b3a (its cell knocked as it
    left), and gote lifted the giraffe again and held it. Nothing from the record made
    the board while the giraffe was in the air, so the board read from before the lion's
    first move and asked 2a3a or 2a3b: the answer took three moves back, the giraffe
    then landed on a board out of step, and the game could not go on. A board that
    differs from the record only by a piece taken up is a move under way."""
    sim = make_sim("sim-dobutsu", position="1Le/1l1/g1e/2C b Cg 21", noise=QUIET)
    lion, giraffe = Stone("L", 0), Stone("G", 1)
    t = sim.now + 0.1
    steps = [
        HandStep(t, LiftStone("2a")),
        HandStep(t + 0.551, PutStone("3b", lion, lion)),
        HandStep(t + 0.884, LiftStone("hand:w:G")),
        HandStep(t + 1.416, PutStone("3d", giraffe, giraffe)),
        HandStep(t + 1.575, Force("3b", 0)),  # a knock on the lion
        HandStep(t + 1.808, Force("3b", None)),
        HandStep(t + 1.994, LiftStone("3b")),
        HandStep(t + 1.997, Force("3b", 1)),  # the cell flickers as it lets go
        HandStep(t + 1.998, Force("3b", None)),
        HandStep(t + 2.058, PutStone("3a", lion, lion)),
        HandStep(t + 2.397, LiftStone("3d")),
    ]
    held = sim.run(steps) + sim.advance(1.6)
    assert not prompts(held) and not of(MovesTakenBack, held)
    notices = held + sim.run([HandStep(sim.now, PutStone("2d", giraffe, giraffe))]) + sim.settle()
    assert commits(notices) == ["2a3b", "G*3d", "3b3a", "3d2d"]
    assert not prompts(notices) and not of(OutOfStepShown, notices)
