"""The generic recognizer on Abalone frames: push-offs that look alike are told apart by
the holes the hand disturbed, or else asked about; forbidden pushes are named."""

from __future__ import annotations

from typing import Any

from engine.abalone import ABALONE, AbalonePosition
from engine.abalone.move import AbaloneMove
from engine.physical import EMPTY, NORTH, PRESENT, Frame, Sensing
from engine.recognition.answers import Ambiguous, Commit, IllegalMatch, Moving
from engine.recognition.recognizer import Recognizer
from tests.engine.abalone.helpers import HOLES, setup

CELLS = frozenset(HOLES)
GUTTERS = CELLS | set(ABALONE.off_board_spots)
SETTLE = 0.5  # past the default settle time of 0.4 s


def two_push_offs() -> AbalonePosition:
    """Black's E7 can push a white marble off along row E (E9) or up the diagonal (G9)."""
    return setup({"E7": "b", "E8": "b", "E9": "w", "F8": "b", "G9": "w", "I5": "w"})


def play(recognizer: Recognizer[Any], steps: list[dict[str, int]], start: float = 0.0) -> float:
    """Feed frames a tenth of a second apart, each the expected frame with changes."""
    now = start
    for changes in steps:
        now += 0.1
        frame: dict[str, int] = dict(recognizer.expected)
        frame.update(changes)
        recognizer.observe(frame, now)
    return now


def recognizer_for(
    pos: AbalonePosition, sensing: Sensing, sensed: frozenset[str]
) -> Recognizer[AbaloneMove]:
    recognizer: Recognizer[AbaloneMove] = Recognizer(sensing, sensed)
    recognizer.reset(pos)
    return recognizer


def moves(pos: AbalonePosition, *texts: str) -> tuple[object, ...]:
    return tuple(pos.read_move(text) for text in texts)


def test_without_a_touch_the_two_push_offs_are_a_prompt() -> None:
    pos = two_push_offs()
    recognizer = recognizer_for(pos, Sensing.OCCUPANCY, CELLS)
    now = play(recognizer, [{"E7": EMPTY}])
    verdict = recognizer.assess(now + SETTLE)
    assert isinstance(verdict, Ambiguous)
    assert set(verdict.candidates) == set(moves(pos, "E7E8", "E7F8"))


def test_a_touch_on_the_pushed_line_is_offered_first_but_never_decides() -> None:
    """A marble of a line rolling opens its switch as a knock on it would: the board asks,
    with the touched line's move first (issue 44: a touch decided, and a knock on the
    other line made the prompt offer only the move not played)."""
    pos = two_push_offs()
    for touched, expected in (("E9", "E7E8"), ("E8", "E7E8"), ("G9", "E7F8"), ("F8", "E7F8")):
        recognizer = recognizer_for(pos, Sensing.OCCUPANCY, CELLS)
        # the rear marble is lifted, a marble of the line rolls (its switch opens a moment)
        now = play(recognizer, [{"E7": EMPTY}, {"E7": EMPTY, touched: EMPTY}, {"E7": EMPTY}])
        assert recognizer.touched == {"E7", touched}
        verdict = recognizer.assess(now + SETTLE)
        assert isinstance(verdict, Ambiguous), touched
        assert verdict.candidates[0] == pos.read_move(expected), touched
        assert set(verdict.candidates) == set(moves(pos, "E7E8", "E7F8")), touched


def test_touches_on_both_lines_or_beside_them_leave_the_choice_to_the_player() -> None:
    pos = two_push_offs()
    for extra in ({"E9": EMPTY, "G9": EMPTY}, {"E9": EMPTY, "D6": PRESENT}):
        recognizer = recognizer_for(pos, Sensing.OCCUPANCY, CELLS)
        now = play(recognizer, [{"E7": EMPTY, **extra}, {"E7": EMPTY}])
        verdict = recognizer.assess(now + SETTLE)
        assert isinstance(verdict, Ambiguous), extra
        assert set(verdict.candidates) == set(moves(pos, "E7E8", "E7F8"))


def test_sensed_gutters_still_need_the_touch() -> None:
    pos = two_push_offs()
    recognizer = recognizer_for(pos, Sensing.OCCUPANCY, GUTTERS)
    now = play(recognizer, [{"E7": EMPTY, "gutter:w:1": PRESENT}])
    assert isinstance(recognizer.assess(now + SETTLE), Ambiguous)
    recognizer = recognizer_for(pos, Sensing.OCCUPANCY, GUTTERS)
    now = play(
        recognizer,
        [{"E7": EMPTY, "G9": EMPTY}, {"E7": EMPTY, "gutter:w:1": PRESENT}],
    )
    verdict = recognizer.assess(now + SETTLE)
    assert isinstance(verdict, Ambiguous)
    assert verdict.candidates == moves(pos, "E7F8", "E7E8")


def test_polarity_sees_which_marble_changed_colour() -> None:
    pos = two_push_offs()
    recognizer = recognizer_for(pos, Sensing.POLARITY, CELLS)
    now = play(recognizer, [{"E7": EMPTY, "G9": NORTH}])
    assert recognizer.assess(now + SETTLE) == Commit(pos.read_move("E7F8"))


def test_a_lifted_rear_marble_lights_where_its_line_can_go() -> None:
    pos = setup({"E3": "b", "E4": "b", "E5": "w", "I5": "w"})
    recognizer = recognizer_for(pos, Sensing.OCCUPANCY, CELLS)
    now = play(recognizer, [{"E3": EMPTY}])
    verdict = recognizer.assess(now + 0.1)
    assert isinstance(verdict, Moving)
    (hint,) = verdict.hints
    assert hint.spot == "E3"
    assert "E6" in hint.destinations  # the 2-1 push: the white marble rolls to E6
    assert {"E2", "D3", "D2", "F3", "F4"} <= hint.destinations
    assert hint.captures == frozenset()


def test_a_pac_push_on_the_board_is_named() -> None:
    pos = setup({"E3": "b", "E4": "b", "E5": "w", "E6": "w", "I5": "w"})
    recognizer = recognizer_for(pos, Sensing.OCCUPANCY, CELLS)
    now = play(recognizer, [{"E3": EMPTY}, {"E3": EMPTY, "E7": PRESENT}])
    verdict = recognizer.assess(now + SETTLE)
    assert isinstance(verdict, IllegalMatch) and verdict.move == pos.read_move("E3E4")
    assert str(verdict.reason) == "2 cannot push 2 (pac)"


def test_a_broadside_push_on_the_board_is_named() -> None:
    pos = setup({"C3": "b", "C4": "b", "D5": "w", "I5": "w"})
    recognizer = recognizer_for(pos, Sensing.OCCUPANCY, CELLS)
    changes: Frame = {"C3": EMPTY, "C4": EMPTY, "D4": PRESENT, "E6": PRESENT}
    now = play(recognizer, [dict(changes)])
    verdict = recognizer.assess(now + SETTLE)
    assert isinstance(verdict, IllegalMatch)
    assert pos.move_text(verdict.move) == "C3C4D4"
    assert str(verdict.reason).startswith("a broadside move never pushes")
