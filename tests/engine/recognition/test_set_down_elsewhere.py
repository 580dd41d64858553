"""A committed move's piece the board shows where it could have gone instead
(``last_move_asked.set_down_elsewhere``), which a question's answer does not play again
unasked (issue 78's fifth round of independent hands, Robot Duel seed 950030)."""

from __future__ import annotations

from engine.dobutsu import DOBUTSU
from engine.physical import EMPTY, Sensing
from engine.recognition.last_move_asked import set_down_elsewhere
from engine.recognition.move_index import MoveIndex


def _elsewhere(frame_changes: dict[str, int], move: str) -> list[str]:
    position = DOBUTSU.position("l2/3/3/2L w c 1", {})
    sensing = Sensing.OCCUPANCY
    expected = {
        spot: reading
        for spot, reading in position.expected_frame(sensing).items()
        if not spot.startswith("hand")
    }
    index = MoveIndex(position, sensing, frozenset(expected))
    frame = {**expected, **frame_changes}
    return [str(m) for m in set_down_elsewhere(index, expected, frame, position.parse_move(move))]


def test_a_drop_the_board_shows_on_another_cell_is_asked_with_it() -> None:
    """Gote's chick dropped on 2b (committed), the board showing it on 2d instead."""
    occupied = DOBUTSU.position("l2/3/3/2L w c 1", {}).expected_frame(Sensing.OCCUPANCY)["3a"]
    assert _elsewhere({"2d": occupied}, "C*2b") == ["C*2d"]


def test_a_move_the_board_still_shows_has_no_other_landing() -> None:
    occupied = DOBUTSU.position("l2/3/3/2L w c 1", {}).expected_frame(Sensing.OCCUPANCY)["3a"]
    assert _elsewhere({"2b": occupied, "2d": occupied}, "C*2b") == []


def test_a_piece_moved_elsewhere_from_its_own_cell() -> None:
    """The lion's move to 2b, the board showing it on 3b with 3a empty: the lion's move
    there; a drop on 3b would leave 3a full, so it is none."""
    occupied = DOBUTSU.position("l2/3/3/2L w c 1", {}).expected_frame(Sensing.OCCUPANCY)["3a"]
    assert _elsewhere({"3a": EMPTY, "3b": occupied}, "3a2b") == ["3a3b"]
