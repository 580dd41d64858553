"""The generic recognizer fed debounced frames directly, on Robot Duel positions."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from engine.dobutsu.board import DobutsuMove
from engine.dobutsu.position import DobutsuPosition
from engine.physical import EMPTY, NORTH, PRESENT, SOUTH, Reading, Sensing, Spot
from engine.recognition.answers import (
    Ambiguous,
    Commit,
    Correction,
    Hint,
    IllegalMatch,
    Moving,
    OffGuide,
    OutOfStep,
    Pending,
    Settled,
    TakebackOffer,
    Tapped,
    Timing,
)
from engine.recognition.recognizer import Recognizer
from engine.registry import find_game
from engine.said import said

GAME = find_game("dobutsu")
CELLS = frozenset(GAME.cells)
STANDS = CELLS | frozenset(GAME.off_board_spots)
START = "gle/1c1/1C1/ELG b - 1"
TIMING = Timing()
SETTLE, GRACE, TAP, EXTEND = TIMING.settle, TIMING.grace, TIMING.tap, TIMING.extend
HELD = TIMING.held


class Board:
    """A recognizer and the frame its sensors show, changed one spot at a time."""

    def __init__(
        self,
        text: str = START,
        *,
        sensing: Sensing = Sensing.OCCUPANCY,
        sensed: frozenset[Spot] = CELLS,
        history: Iterable[str] = (),
        **options: str,
    ) -> None:
        self.position: DobutsuPosition = GAME.position(text, options)
        self.sensing = sensing
        self.sensed = sensed
        self.recognizer: Recognizer[DobutsuMove] = Recognizer(sensing, sensed, TIMING)
        frames = [GAME.position(t, options).expected_frame(sensing) for t in history]
        self.recognizer.reset(self.position, frames, 0.0)
        self.frame: dict[Spot, Reading] = dict(self.position.expected_frame(sensing))

    def set(self, now: float, **readings: Reading) -> None:
        """Spots given as keyword names with the cell first: ``set(1.0, c2=0)`` is 2c."""
        for name, reading in readings.items():
            self.frame[name[1:] + name[0]] = reading
        self.recognizer.observe(self.frame, now)

    def put(self, now: float, spot: Spot, reading: Reading) -> None:
        self.frame[spot] = reading
        self.recognizer.observe(self.frame, now)

    def assess(self, now: float) -> object:
        return self.recognizer.assess(now)

    def move(self, text: str) -> DobutsuMove:
        return self.position.read_move(text)

    def moves(self, *texts: str) -> frozenset[DobutsuMove]:
        return frozenset(self.move(text) for text in texts)


def test_the_expected_board_is_settled_and_needs_no_tick() -> None:
    board = Board()
    assert board.assess(10.0) == Settled()
    assert board.recognizer.next_deadline(10.0) is None
    assert board.recognizer.expected == {s: r for s, r in board.frame.items() if s in CELLS}


def test_a_move_commits_only_once_the_board_has_rested() -> None:
    board = Board()
    board.put(1.0, "1d", EMPTY)
    assert board.assess(1.1) == Moving((Hint("1d", frozenset({"1c"}), frozenset()),))
    board.put(1.2, "1c", PRESENT)
    assert board.assess(1.3) == Pending((board.move("1d1c"),), 1.2 + SETTLE)
    assert board.recognizer.next_deadline(1.3) == pytest.approx(1.2 + SETTLE)
    assert board.assess(1.2 + SETTLE) == Commit(board.move("1d1c"))
    # once the settle deadline is judged, the next one is the grace period's
    assert board.recognizer.next_deadline(1.7) == pytest.approx(1.2 + GRACE)
    board.assess(1.2 + GRACE)
    assert board.recognizer.next_deadline(5.0) is None
    # the recognizer never changes the position: the controller commits
    assert board.position.text() == START


def test_float_time_just_short_of_the_settle_time_counts() -> None:
    board = Board()
    board.put(0.1, "1d", EMPTY)
    changed = 0.1 + 0.2  # 0.30000000000000004
    board.put(changed, "1c", PRESENT)
    assert board.assess(0.7) == Commit(board.move("1d1c"))


def test_a_capture_needs_its_target_touched() -> None:
    board = Board()
    board.set(1.0, c2=EMPTY)  # the chick is lifted: its capture shows the same frame
    assessment = board.assess(1.0 + SETTLE + 0.5)
    assert assessment == Moving((Hint("2c", frozenset(), frozenset({"2b"})),))
    board.set(2.0, b2=EMPTY)  # the captured chick is taken away...
    board.set(2.2, b2=PRESENT)  # ...and the capturing one put down
    assert board.recognizer.touched == frozenset({"2c", "2b"})
    assert board.assess(2.2 + SETTLE) == Commit(board.move("2c2b"))


# A's giraffe on 2b can take the chicks on 3b and 1b and the lion on 2a.
FORK = "1l1/cGc/3/1L1 b - 1"


def test_two_touched_targets_make_a_prompt() -> None:
    board = Board(FORK)
    board.set(1.0, b2=EMPTY)
    board.set(1.1, b3=EMPTY)
    board.set(1.2, b3=PRESENT)
    board.set(1.3, b1=EMPTY)  # a knocked neighbour...
    board.set(1.4, b1=PRESENT)  # ...put back: both captures fit what was seen
    assessment = board.assess(1.4 + SETTLE)
    assert isinstance(assessment, Ambiguous)
    assert set(assessment.candidates) == board.moves("2b3b", "2b1b")


def test_the_touched_set_clears_once_the_board_rests_as_the_position() -> None:
    """A knock put back is forgotten once the board has rested as the position has it;
    a moment's return keeps it (a capture's victim set down where the capturer came
    from, then taken away: its cell was touched all the same)."""
    board = Board(FORK)
    board.set(1.0, b1=EMPTY)  # knocked and put back while nothing else is off
    board.set(1.1, b1=PRESENT)
    assert board.recognizer.touched == frozenset({"1b"})  # back a moment only
    board.set(2.0, b2=EMPTY)
    assert board.recognizer.touched == frozenset({"2b"})  # rested between: forgotten
    board.set(2.1, b3=EMPTY)
    board.set(2.2, b3=PRESENT)
    assert board.assess(2.2 + SETTLE) == Commit(board.move("2b3b"))


def test_a_lifted_piece_hints_its_steps_and_captures() -> None:
    board = Board(FORK)
    board.set(1.0, b2=EMPTY)
    assert board.assess(1.1) == Moving(
        (Hint("2b", frozenset({"2c"}), frozenset({"3b", "1b", "2a"})),)
    )


def test_a_quick_tap_asks_for_hints_and_a_slow_one_does_not() -> None:
    board = Board()
    board.set(1.0, d1=EMPTY)
    board.set(1.0 + TAP - 0.2, d1=PRESENT)
    assert board.assess(5.0) == Tapped((Hint("1d", frozenset({"1c"}), frozenset()),))
    board.set(6.0, d2=EMPTY)
    board.set(6.0 + TAP + 0.2, d2=PRESENT)
    assert board.assess(9.0) == Settled()


@pytest.mark.parametrize("promote", [False, True])
def test_promotion_is_a_prompt_under_occupancy_and_read_under_polarity(promote: bool) -> None:
    text = "l2/1C1/3/2L b - 1"
    board = Board(text)
    board.set(1.0, b2=EMPTY)
    board.set(1.1, a2=PRESENT)
    assessment = board.assess(1.1 + SETTLE)
    assert isinstance(assessment, Ambiguous)
    assert set(assessment.candidates) == board.moves("2b2a", "2b2a+")
    board = Board(text, sensing=Sensing.POLARITY)
    board.set(1.0, b2=EMPTY)
    board.set(1.1, a2=SOUTH if promote else NORTH)
    wanted = "2b2a+" if promote else "2b2a"
    # the piece may still be turned over: the board waits longer before it decides
    assert board.assess(1.1 + SETTLE) == Pending((board.move(wanted),), 1.1 + EXTEND)
    assert board.recognizer.next_deadline(1.1 + SETTLE) == pytest.approx(1.1 + EXTEND)
    assert board.assess(1.1 + EXTEND) == Commit(board.move(wanted))
    board = Board(text, promotion="mandatory")
    board.set(1.0, b2=EMPTY)
    board.set(1.1, a2=PRESENT)
    assert board.assess(1.1 + SETTLE) == Commit(board.move("2b2a+"))


def test_drops_are_a_prompt_unless_the_stand_is_sensed() -> None:
    text = "l2/3/3/2L b EG 1"
    board = Board(text)
    board.set(1.0, b2=PRESENT)
    assessment = board.assess(1.0 + SETTLE)
    assert isinstance(assessment, Ambiguous)
    assert set(assessment.candidates) == board.moves("E*2b", "G*2b")
    board = Board(text, sensed=STANDS)
    board.put(1.0, "hand:b:G", EMPTY)
    board.set(1.1, b2=PRESENT)
    assert board.assess(1.1 + SETTLE) == Commit(board.move("G*2b"))
    # one kind in hand: nothing to ask
    board = Board("l2/3/3/2L b E 1")
    board.set(1.0, b2=PRESENT)
    assert board.assess(1.0 + SETTLE) == Commit(board.move("E*2b"))


def test_unsensed_spots_are_ignored() -> None:
    board = Board("l2/3/3/2L b E 1")
    board.put(1.0, "hand:b:E", EMPTY)  # the board does not sense its stands
    assert board.recognizer.frame.get("hand:b:E") is None
    assert board.assess(5.0) == Settled()


def test_the_board_of_an_earlier_position_offers_a_takeback() -> None:
    after_one = "gle/1c1/1CG/EL1 w - 2"
    board = Board(after_one, history=[START])
    board.set(1.0, c1=EMPTY)
    board.set(1.2, d1=PRESENT)
    # at rest the settle time, the hand may be at work still (the next player's capture
    # of the piece just moved, its victim taken up first): no question yet
    assert isinstance(board.assess(1.2 + SETTLE), Moving)
    assert board.assess(1.2 + GRACE) == TakebackOffer(1)
    after_two = "g1e/lc1/1CG/EL1 b - 3"
    board = Board(after_two, history=[after_one, START])
    board.set(1.0, b3=EMPTY, a2=PRESENT)  # B's lion back first: one ply
    assert board.assess(1.0 + GRACE) == TakebackOffer(1)
    board.set(5.0, c1=EMPTY, d1=PRESENT)  # then A's giraffe too: two plies
    assert board.assess(5.0 + GRACE) == TakebackOffer(2)


def test_an_illegal_move_is_named_with_its_reason() -> None:
    board = Board("gle/1c1/3/ELG b C 1")
    board.set(1.0, d1=EMPTY)
    board.set(1.1, c2=PRESENT)
    assert board.assess(1.1 + SETTLE) == IllegalMatch(
        board.move("1d2c"), said("the giraffe moves one step orthogonally")
    )
    # and never becomes a correction while it stands
    assert isinstance(board.assess(1.1 + GRACE + 1.0), IllegalMatch)


def test_an_unexplained_board_is_corrected_after_the_grace_period() -> None:
    board = Board()
    board.set(1.0, b3=PRESENT, b1=PRESENT, d1=EMPTY)
    assert isinstance(board.assess(1.0 + SETTLE), Moving)
    assert board.assess(1.0 + GRACE) == OutOfStep(Correction("3b", "1d", PRESENT, 3))
    board.set(5.0, b3=EMPTY)  # what is left looks like a giraffe's jump
    assert board.assess(5.0 + SETTLE) == IllegalMatch(
        board.move("1d1b"), said("the giraffe moves one step orthogonally")
    )
    board.set(6.0, b1=EMPTY)  # a piece missing only: held, or lost: a spot to fill
    assert isinstance(board.assess(6.0 + GRACE), Moving)
    assert board.assess(6.0 + HELD) == OutOfStep(Correction(None, "1d", PRESENT, 1))
    board.set(40.0, d1=PRESENT, a2=EMPTY, b2=EMPTY, b3=PRESENT)
    correction = board.assess(40.0 + GRACE)
    assert correction == OutOfStep(Correction("3b", "2a", PRESENT, 3))


def test_extra_pieces_only_are_taken_away_first_by_spot_order() -> None:
    board = Board()
    board.set(1.0, c1=PRESENT, b3=PRESENT)  # pieces from the box: no drop can explain
    assert board.assess(1.0 + GRACE) == OutOfStep(Correction("3b", None, EMPTY, 2))


def test_a_wrong_face_under_polarity_asks_to_turn_the_piece_over() -> None:
    board = Board(sensing=Sensing.POLARITY)
    board.set(1.0, c2=SOUTH)
    assert board.assess(1.0 + GRACE) == OutOfStep(Correction("2c", "2c", NORTH, 1))


def test_a_guide_commits_only_itself() -> None:
    board = Board()
    board.recognizer.guide = board.move("2c2b")
    board.set(1.0, d1=EMPTY)
    board.set(1.1, c1=PRESENT)
    assert board.assess(1.1 + SETTLE) == OffGuide((board.move("1d1c"),), board.move("2c2b"))
    board.set(2.0, c1=EMPTY, d1=PRESENT)
    board.set(2.1, c2=EMPTY)
    board.set(2.2, b2=EMPTY)
    board.set(2.3, b2=PRESENT)
    assert board.assess(2.3 + SETTLE) == Commit(board.move("2c2b"))


def test_a_guide_settles_a_prompt() -> None:
    board = Board("l2/1C1/3/2L b - 1")
    board.recognizer.guide = board.move("2b2a+")
    board.set(1.0, b2=EMPTY)
    board.set(1.1, a2=PRESENT)
    assert board.assess(1.1 + SETTLE) == Commit(board.move("2b2a+"))


def test_reset_forgets_the_old_position_but_keeps_the_frame() -> None:
    board = Board()
    board.set(1.0, d1=EMPTY)
    board.set(1.1, c1=PRESENT)
    move = board.move("1d1c")
    assert board.assess(1.6) == Commit(move)
    board.position.push(move)
    board.recognizer.reset(
        board.position, [GAME.position(START).expected_frame(board.sensing)], 1.6
    )
    assert board.recognizer.touched == frozenset()
    assert board.assess(2.0) == Settled()
    assert board.recognizer.frame["1c"] == PRESENT


def test_a_capture_is_not_held_back_by_a_quiet_move_of_the_same_piece() -> None:
    """The lion taking the chick shows only its square emptied, like a quiet lion
    move in the making; a quiet move never continues a capture, so no extra wait."""
    board = Board("gle/1C1/3/ELG w - 2")
    board.set(1.0, b2=EMPTY)  # the captured chick is taken off
    board.set(1.1, a2=EMPTY)  # the lion leaves 2a ...
    board.set(1.2, b2=PRESENT)  # ... and lands on 2b
    assert board.assess(1.2 + SETTLE) == Commit(board.move("2a2b"))


def test_warming_indexes_every_lift_ahead_and_changes_no_answer() -> None:
    cold, warm = Board(FORK), Board(FORK)
    steps = 0
    while warm.recognizer.warm():
        steps += 1
    pieces = [s for s, r in warm.position.expected_frame(Sensing.OCCUPANCY).items() if r]
    assert steps == len(pieces)  # one piece a step, each once
    built = warm.recognizer.index.footprints_built
    assert built > 0 and cold.recognizer.index.footprints_built == 0
    for board in (cold, warm):
        board.set(1.0, b2=EMPTY)
    assert warm.recognizer.index.footprints_built == built  # the lift found them ready
    assert warm.assess(1.1) == cold.assess(1.1)
    warm.recognizer.reset(warm.position)
    assert warm.recognizer.warm()  # a new position: to do again


def test_silences_that_hide_no_change_hold_the_move_back_but_do_not_restart_its_rest() -> None:
    """A bus that glitches often (a serial scanner losing one frame in three) brings the
    sensors back every second or so: the first frame after each silence may still be
    the scanner's view from before it, so nothing is decided from it, but the rest the
    board already had goes on (a move must not wait for good)."""
    board = Board()
    board.put(1.0, "1d", EMPTY)
    board.put(1.2, "1c", PRESENT)
    board.recognizer.observe(board.frame, 1.5, fresh=True)  # heard again, same readings
    assessment = board.assess(1.6)
    assert isinstance(assessment, Pending)
    assert assessment.settles_at == pytest.approx(1.5 + SETTLE)  # not 1.2 + SETTLE
    assert board.recognizer.next_deadline(1.6) == pytest.approx(1.5 + SETTLE)
    assert board.assess(1.5 + SETTLE) == Commit(board.move("1d1c"))


def test_a_move_that_waits_long_is_decided_between_silences_shorter_than_its_wait() -> None:
    """A chick set down unpromoted on a polarity board may still be turned over: it waits
    the longer rest. Silences a second apart (each shorter than that rest) used to
    restart it every time, and the capture waited for good."""
    board = Board("1le/gC1/3/ELG b C 3", sensing=Sensing.POLARITY, promotion="optional")
    chick = board.frame["2b"]
    board.set(2.35, a2=EMPTY)
    board.set(2.55, b2=EMPTY)
    board.set(2.69, a2=chick)
    assert board.assess(2.8) == Pending((board.move("2b2a"),), 2.69 + EXTEND)
    silences = [2.69 + 0.9 * step for step in range(1, 12)]  # each shorter than EXTEND
    now, decided = 2.69, board.assess(2.69)
    while isinstance(decided, Pending) and now < 15.0:
        now = round(now + 0.05, 2)
        if silences and now >= silences[0]:
            board.recognizer.observe(board.frame, silences.pop(0), fresh=True)
        decided = board.assess(now)
    # the rest is kept: decided when it ends, the last silence (at 4.49) heard long enough
    assert decided == Commit(board.move("2b2a"))
    assert now == pytest.approx(2.69 + EXTEND)
