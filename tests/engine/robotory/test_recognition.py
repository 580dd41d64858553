"""Robotory moves seen by the generic recognizer, from sensed spots alone."""

from __future__ import annotations

from engine.physical import EMPTY, NORTH, PRESENT, SOUTH, Reading, Sensing, Spot
from engine.recognition.answers import Ambiguous, Commit, Moving, Pending, Timing
from engine.recognition.recognizer import Recognizer
from engine.robotory import ROBOTORY, Chain, PlaceToken, Refill, RobotoryMove, RobotoryPosition
from tests.engine.robotory.helpers import position, text

OCC = Sensing.OCCUPANCY
POL = Sensing.POLARITY
CELLS = frozenset(ROBOTORY.cells)
WITH_STOCKS = frozenset(ROBOTORY.spots)
TIMING = Timing()


def recognizer(
    pos: RobotoryPosition, sensing: Sensing = OCC, sensed: frozenset[str] = CELLS
) -> Recognizer[RobotoryMove]:
    seen: Recognizer[RobotoryMove] = Recognizer(sensing, sensed, TIMING)
    seen.reset(pos, now=0.0)
    return seen


def show(seen: Recognizer[RobotoryMove], at: float, **readings: Reading) -> None:
    """The board as expected, but for ``readings`` (spot names with ':' as '_')."""
    frame = dict(seen.expected)
    frame.update({spot.replace("_", ":"): value for spot, value in readings.items()})
    seen.observe(frame, at)


# --- placements -------------------------------------------------------------------------


def test_a_token_on_an_occupancy_board_asks_its_colour() -> None:
    seen = recognizer(position())
    show(seen, 0.1, A1=PRESENT)
    assert seen.assess(0.1 + TIMING.settle) == Ambiguous(
        (PlaceToken("w", "A1"), PlaceToken("b", "A1"))
    )


def test_with_one_colour_in_stock_the_token_needs_no_question() -> None:
    pos = position(text({"C4": "B", "D3": "W", "B3": "R"}, light="0w3b"))
    seen = recognizer(pos)
    show(seen, 0.1, A1=PRESENT)
    assert seen.assess(0.1 + TIMING.settle) == Commit(PlaceToken("b", "A1"))


def test_polarity_tells_the_colour() -> None:
    seen = recognizer(position(), POL)
    show(seen, 0.1, A1=SOUTH)
    # a token has one face: nothing can turn it over, so the board need not wait longer
    assert seen.assess(0.1 + TIMING.settle) == Commit(PlaceToken("b", "A1"))


def test_sensed_stock_slots_tell_the_colour() -> None:
    seen = recognizer(position(), OCC, WITH_STOCKS)
    show(seen, 0.1, stock_l_3=EMPTY)  # a black token leaves the stock...
    assert isinstance(seen.assess(0.2), Moving)
    show(seen, 0.3, stock_l_3=EMPTY, A1=PRESENT)  # ...and lands on A1
    assert seen.assess(0.3 + TIMING.settle) == Commit(PlaceToken("b", "A1"))


# --- refills ----------------------------------------------------------------------------

AFTER_A_PLACEMENT = text({"C4": "B", "D3": "W", "B3": "R", "A1": "w"}, light="1w2b")


def test_a_refill_is_unseen_on_a_board_of_cells() -> None:
    seen = recognizer(position(AFTER_A_PLACEMENT))
    assert set(seen.unseen) == {Refill(1, 0), Refill(0, 1)}


def test_sensed_stock_slots_see_a_refill_and_ask_which_colours() -> None:
    seen = recognizer(position(AFTER_A_PLACEMENT), OCC, WITH_STOCKS)
    assert seen.unseen == ()
    show(seen, 0.1, stock_l_2=PRESENT)
    assert seen.assess(0.1 + TIMING.settle) == Ambiguous((Refill(1, 0), Refill(0, 1)))


def test_polarity_stock_slots_see_which_colours() -> None:
    seen = recognizer(position(AFTER_A_PLACEMENT), POL, WITH_STOCKS)
    show(seen, 0.1, stock_l_2=NORTH)
    assert seen.assess(0.1 + TIMING.extend) == Commit(Refill(1, 0))


# --- chains -----------------------------------------------------------------------------

# Red on C1; white tokens on C2, C3, C4 up column C (C2's other neighbours are empty).
COLUMN = text({"C1": "R", "C2": "w", "C3": "w", "C4": "w", "A4": "W", "E4": "B"})


def step(
    seen: Recognizer[RobotoryMove], at: float, robot_from: Spot, robot_to: Spot, gone: list[Spot]
) -> float:
    """The hand lifts the robot, takes the token off its target, puts the robot down
    there: each change a tenth of a second apart. Returns when the robot landed."""
    readings = dict.fromkeys(gone, EMPTY)
    frame = dict(seen.expected)
    frame.update(readings)
    frame[robot_from] = EMPTY
    seen.observe(frame, at)
    frame[robot_to] = EMPTY
    seen.observe(frame, at + 0.1)
    frame[robot_to] = PRESENT
    seen.observe(frame, at + 0.2)
    gone += [robot_from]
    return at + 0.2


def test_one_step_waits_while_the_robot_may_eat_on() -> None:
    seen = recognizer(position(COLUMN))
    landed = step(seen, 0.1, "C1", "C2", [])
    assert seen.assess(landed + TIMING.settle) == Pending(
        (Chain("R", ("C1", "C2")),), landed + TIMING.extend
    )
    assert seen.next_deadline(landed + TIMING.settle) == landed + TIMING.extend
    assert seen.assess(landed + TIMING.extend) == Commit(Chain("R", ("C1", "C2")))


def test_the_chain_goes_on_within_the_longer_rest() -> None:
    seen = recognizer(position(COLUMN))
    gone: list[Spot] = []
    landed = step(seen, 0.1, "C1", "C2", gone)
    landed = step(seen, landed + 0.6, "C2", "C3", gone)  # a step's pause: still one move
    assert isinstance(seen.assess(landed + TIMING.settle), Pending)  # C4 may follow
    landed = step(seen, landed + 0.6, "C3", "C4", gone)
    # nothing is left to eat: the three-step chain commits at the settle time
    assert seen.assess(landed + TIMING.settle) == Commit(Chain("R", ("C1", "C2", "C3", "C4")))


def test_a_chain_going_on_after_a_long_pause_asks_whether_the_next_player_moved() -> None:
    """A second's rest before each step is longer than a step (``Timing.pause``): dark
    may as well have moved the shared robot on. The board asks where light's chain ended."""
    seen = recognizer(position(COLUMN))
    gone: list[Spot] = []
    landed = step(seen, 0.1, "C1", "C2", gone)
    landed = step(seen, landed + 1.0, "C2", "C3", gone)
    landed = step(seen, landed + 1.0, "C3", "C4", gone)
    assert seen.assess(landed + TIMING.settle) == Ambiguous(
        (
            Chain("R", ("C1", "C2")),
            Chain("R", ("C1", "C2", "C3")),
            Chain("R", ("C1", "C2", "C3", "C4")),
        )
    )


def test_a_two_step_chain_with_nothing_further_commits_at_the_settle_time() -> None:
    pos = position(text({"C1": "R", "C2": "w", "C3": "b", "A4": "W", "E4": "B"}))
    seen = recognizer(pos)
    gone: list[Spot] = []
    landed = step(seen, 0.1, "C1", "C2", gone)
    landed = step(seen, landed + 0.2, "C2", "C3", gone)
    assert seen.assess(landed + TIMING.settle) == Commit(Chain("R", ("C1", "C2", "C3")))


def test_ok_may_confirm_a_chain_sooner() -> None:
    """What the controller's ok and clock buttons rely on: a lone candidate pending."""
    seen = recognizer(position(COLUMN))
    landed = step(seen, 0.1, "C1", "C2", [])
    pending = seen.assess(landed + 0.5)
    assert isinstance(pending, Pending) and pending.candidates == (Chain("R", ("C1", "C2")),)


# --- hints ------------------------------------------------------------------------------


def test_a_lifted_robot_shows_every_cell_it_can_end_on() -> None:
    # red on C3: white on C4 and C5, black on D3 (then E3 white); the black robot on B3
    pieces = {"C3": "R", "C4": "w", "C5": "w", "D3": "b", "E3": "w", "B3": "B", "A1": "W"}
    seen = recognizer(position(text(pieces)))
    show(seen, 0.1, C3=EMPTY)
    moving = seen.assess(0.2)
    assert isinstance(moving, Moving)
    (hint,) = moving.hints
    assert hint.spot == "C3"
    assert hint.captures == {"C4", "C5", "D3", "E3"}  # not D4: it is empty
    assert hint.destinations == frozenset()
