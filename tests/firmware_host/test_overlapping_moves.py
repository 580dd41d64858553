"""Fast and clumsy hands whose moves overlap, as timed event streams on the simulated
board: the board records what was played, or asks; it never guesses.

Each stream is one the board once got wrong (issue 26): a cell a slide only passed
committed because something else changed meanwhile, a knocked capture target taken
for the victim, a knocked neighbour read as moving onto a drop, a move and its quick
reply both missed, a push-off missed, a Robotory chain merged with the next player's
move, and the leftovers of the previous round.
"""

from __future__ import annotations

from engine.physical import EMPTY, PRESENT, Stone
from engine.robotory import ROBOTORY
from firmware_host.boards.simulator import Simulation
from firmware_host.session.actions import Select
from firmware_host.session.events import Notice
from firmware_host.session.state import Phase
from hardware.mock.hands import Force, HandStep, LiftStone, Noise, PutStone, Supply
from tests.engine.robotory.helpers import text as robotory_text
from tests.firmware_host.simkit import commits, make_sim, prompts

QUIET = Noise.none()
LION = Stone("L", 0)
GOTE_LION = Stone("L", 1)
CHICK = Stone("C", 0)
GOTE_CHICK = Stone("C", 1)
GIRAFFE = Stone("G", 0)
WHITE = Stone("w", None)


def dobutsu(position: str) -> Simulation:
    sim = make_sim("sim", position=position, noise=QUIET)
    assert sim.controller.phase is Phase.PLAY
    return sim


def answered(sim: Simulation, notices: list[Notice], move: str) -> list[Notice]:
    """The players answer the board's last question with the move they made."""
    asked = prompts(notices)
    assert asked and move in asked[-1], (move, asked)
    return notices + sim.send(Select(move)) + sim.settle()


# --- 1. a cell a slide only passed ---------------------------------------------------------

# Sente has a chick in hand; gote's lion on 2a, sente's lion on 2c.
DROP_SLIDES = "1l1/3/1L1/3 b C 1"


def test_a_drop_slid_over_a_cell_is_not_committed_there_when_a_neighbour_is_knocked() -> None:
    """The chick rests 0.15 s on 1c on its way to 1b; gote's lion is knocked 0.13 s into
    that rest. The drop on 1c once committed at the knock (a "reply" beginning)."""
    sim = dobutsu(DROP_SLIDES)
    t = sim.now
    steps = [
        HandStep(t + 0.10, Force("1c", PRESENT)),  # the chick passes over 1c
        HandStep(t + 0.23, Force("2a", EMPTY)),  # gote's lion knocked
        HandStep(t + 0.25, Force("1c", None)),
        HandStep(t + 0.26, PutStone("1b", CHICK, CHICK)),
        HandStep(t + 0.40, Force("2a", None)),  # and put back
    ]
    sim.world.held.append(CHICK)
    notices = sim.run(steps) + sim.settle()
    assert commits(notices) == ["C*1b"]


def test_a_robotory_token_slid_over_a_neighbour_is_placed_where_it_stops() -> None:
    """Light's token rests 0.15 s on D1 on its way to E1 while a token on C2 is knocked:
    once placed on D1."""
    position = robotory_text({"C1": "R", "C2": "w", "C3": "w", "A4": "W", "E4": "B"}, light="2w0b")
    sim = make_sim("sim-robotory", position=position, noise=QUIET, game=ROBOTORY)
    t = sim.now
    steps = [
        HandStep(t + 0.10, Force("D1", PRESENT)),
        HandStep(t + 0.23, Force("C2", EMPTY)),
        HandStep(t + 0.25, Force("D1", None)),
        HandStep(t + 0.26, Supply("E1", WHITE)),
        HandStep(t + 0.40, Force("C2", None)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices) == ["w@E1"]


# --- 2. a knocked capture target, then the real victim -----------------------------------

# Sente's lion on 2c may take gote's chick on 3b or the one on 1b.
TWO_VICTIMS = "1l1/c1c/1L1/3 b - 1"


def lion_takes_3b(sim: Simulation, steps: list[HandStep]) -> list[Notice]:
    """The hands' steps, the captured chick then going to sente's (unsensed) stand."""
    notices = sim.run(steps)
    sim.world.held.clear()
    return notices + sim.settle()


def test_a_knocked_capture_target_put_back_is_no_victim_when_the_real_one_is_lifted() -> None:
    """1b is knocked as the lion leaves 2c and put back: the board shows the lion taking
    1b. The chick on 3b lifted 0.2 s later looks like gote beginning a reply, and once
    committed 2c1b. It is the real victim: nothing is decided before the board settles,
    and then neither sensors nor timing tell the two captures apart."""
    sim = dobutsu(TWO_VICTIMS)
    t = sim.now
    notices = lion_takes_3b(
        sim,
        [
            HandStep(t + 0.10, Force("1b", EMPTY)),
            HandStep(t + 0.20, LiftStone("2c")),
            HandStep(t + 0.30, Force("1b", None)),
            HandStep(t + 0.50, LiftStone("3b")),
            HandStep(t + 0.60, PutStone("3b", LION, LION)),
        ],
    )
    assert commits(notices) == []
    assert prompts(notices) == [("2c1b", "2c3b")]
    assert commits(answered(sim, notices, "2c3b")) == ["2c3b"]


def test_a_knocked_neighbour_back_before_the_capturer_left_is_not_its_victim() -> None:
    """The victim on 3b lifted first, 1b knocked meanwhile and back before the lion left
    2c: taking 1b would have landed there 0.1 s before leaving. The order of changes,
    far above bounce, breaks the tie the settled board leaves."""
    sim = dobutsu(TWO_VICTIMS)
    t = sim.now
    notices = lion_takes_3b(
        sim,
        [
            HandStep(t + 0.10, LiftStone("3b")),
            HandStep(t + 0.15, Force("1b", EMPTY)),
            HandStep(t + 0.25, Force("1b", None)),
            HandStep(t + 0.35, LiftStone("2c")),
            HandStep(t + 0.45, PutStone("3b", LION, LION)),
        ],
    )
    assert prompts(notices) == []
    assert commits(notices) == ["2c3b"]


# --- 3. a drop, then a neighbour knocked off its cell ------------------------------------

# Gote drops a chick; its lion on 2a stands beside the cell; sente's giraffe on 3d.
DROP_BESIDE = "1l1/3/1L1/G2 w c 1"


def test_a_drop_then_a_knocked_neighbour_is_not_that_neighbour_moving_onto_it() -> None:
    """Gote drops on 2b; its lion on 2a is knocked 0.15 s later and held off 0.25 s,
    and sente begins at once. Once read as the lion moving 2a2b."""
    sim = dobutsu(DROP_BESIDE)
    t = sim.now
    steps = [
        HandStep(t + 0.10, PutStone("2b", GOTE_CHICK, GOTE_CHICK)),
        HandStep(t + 0.25, Force("2a", EMPTY)),
        HandStep(t + 0.40, LiftStone("3d")),  # sente's reply begins
        HandStep(t + 0.50, Force("2a", None)),
        HandStep(t + 0.60, PutStone("3c", GIRAFFE, GIRAFFE)),
    ]
    sim.world.held.append(GOTE_CHICK)
    notices = sim.run(steps) + sim.settle()
    assert commits(notices) == ["C*2b", "3d3c"]


def test_a_neighbour_left_off_its_cell_after_a_drop_makes_a_prompt() -> None:
    """The lion knocked 0.15 s after the drop stays off its cell: the settled board
    shows the lion moving onto the drop's cell, but the cell filled 0.15 s before the
    lion left it. Timing rules out the only reading: the board asks."""
    sim = dobutsu(DROP_BESIDE)
    t = sim.now
    sim.world.held.append(GOTE_CHICK)
    steps = [
        HandStep(t + 0.10, PutStone("2b", GOTE_CHICK, GOTE_CHICK)),
        HandStep(t + 0.25, Force("2a", EMPTY)),
    ]
    notices = sim.run(steps) + sim.settle()
    assert commits(notices) == []
    assert prompts(notices) == [("2a2b",)]
