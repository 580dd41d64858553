"""One test per clause of rules/dobutsu.md, on hand-made positions."""

from __future__ import annotations

import pytest

from engine.outcome import Outcome, Termination
from engine.physical import Stone
from tests.engine.dobutsu.helpers import moves_from, position, sfen, usi
from tests.engine.dobutsu.oracle import Naive

# A black piece on 2b with both lions out of its way (white's lion on its far rank
# but attacked by black's, so that it has not won by a try).
BLACK_ON_2B = {"2d": "L", "1d": "l"}
# A white piece on 2c, mirrored: black's lion on rank a attacked by white's.
WHITE_ON_2C = {"2a": "l", "3a": "L"}


@pytest.mark.parametrize(
    ("piece", "expected"),
    [
        ("E", {"3a", "1a", "3c", "1c"}),
        ("G", {"2a", "3b", "1b", "2c"}),
        ("+C", {"3a", "2a", "1a", "3b", "1b", "2c"}),
    ],
)
def test_black_piece_steps(piece: str, expected: set[str]) -> None:
    pos = position(sfen({"2b": piece, **BLACK_ON_2B}))
    assert moves_from(pos, "2b") == {"2b" + cell for cell in expected}


def test_black_lion_steps_in_all_eight_directions() -> None:
    pos = position(sfen({"2b": "L", "1a": "l"}))
    expected = {"3a", "2a", "1a", "3b", "1b", "3c", "2c", "1c"}
    assert moves_from(pos, "2b") == {"2b" + cell for cell in expected}


@pytest.mark.parametrize(
    ("piece", "expected"),
    [
        ("e", {"3b", "1b", "3d", "1d"}),
        ("g", {"2b", "3c", "1c", "2d"}),
        # White's backward diagonals are 3b and 1b.
        ("+c", {"2b", "3c", "1c", "3d", "2d", "1d"}),
    ],
)
def test_white_piece_steps(piece: str, expected: set[str]) -> None:
    pos = position(sfen({"2c": piece, **WHITE_ON_2C}, turn="w"))
    assert moves_from(pos, "2c") == {"2c" + cell for cell in expected}


def test_white_lion_steps_in_all_eight_directions() -> None:
    pos = position(sfen({"2c": "l", "3a": "L", "3b": "g"}, turn="w"))
    expected = {"3b", "2b", "1b", "3c", "1c", "3d", "2d", "1d"}
    assert moves_from(pos, "2c") == {"2c" + cell for cell in expected} - {"2c3b"}


def test_chick_steps_forward_for_each_side() -> None:
    assert moves_from(position(sfen({"2c": "C", **BLACK_ON_2B})), "2c") == {"2c2b"}
    pos = position(sfen({"2b": "c", **WHITE_ON_2C}, turn="w"))
    assert moves_from(pos, "2b") == {"2b2c"}


def test_no_move_onto_an_own_piece() -> None:
    pos = position()
    # At the start only four moves exist; every other step is blocked by an own piece.
    assert usi(pos) == {"2c2b", "2d3c", "2d1c", "1d1c"}
    blocked = position(sfen({"2b": "G", "2a": "E", "3b": "C", "1b": "E", **BLACK_ON_2B}))
    assert moves_from(blocked, "2b") == {"2b2c"}


def test_capture_goes_to_the_capturers_hand() -> None:
    pos = position(sfen({"2c": "G", "2b": "e", **BLACK_ON_2B}))
    pos.push_text("2c2b")
    assert pos.text().split()[2] == "E"
    assert pos.layout()["hand:b:E"] == (Stone("E", 0),)


def test_captured_hen_becomes_a_chick_in_hand() -> None:
    pos = position(sfen({"2c": "G", "2b": "+c", **BLACK_ON_2B}))
    pos.push_text("2c2b")
    assert pos.text().split()[2] == "C"
    pos.push_text("1d1c")  # white's lion, any move
    # The captured hen comes back as a chick: the drop is unpromoted.
    pos.push_text("C*3a")
    assert pos.text().split()[0].startswith("C")


def test_drops_go_to_every_empty_square_including_the_far_rank() -> None:
    pos = position(sfen({"2d": "L", "1d": "l"}, hand="C"))
    drops = {m for m in usi(pos) if "*" in m}
    empty = {f + r for f in "321" for r in "abcd"} - {"2d", "1d"}
    assert drops == {"C*" + cell for cell in empty}
    assert {"C*3a", "C*2a", "C*1a"} <= drops


def test_every_hand_kind_can_be_dropped() -> None:
    pos = position(sfen({"2d": "L", "1d": "l"}, hand="GEC"))
    kinds = {m.split("*")[0] for m in usi(pos) if "*" in m}
    assert kinds == {"G", "E", "C"}
    white = position(sfen({"2d": "L", "1d": "l", "2a": "C"}, turn="w", hand="g"))
    assert {m for m in usi(white) if "*" in m} == {
        "G*" + f + r for f in "321" for r in "abcd" if f + r not in {"2d", "1d", "2a"}
    }


def test_a_dead_chick_cannot_move() -> None:
    pos = position(sfen({"2a": "C", "2d": "L", "1d": "l"}))
    assert moves_from(pos, "2a") == set()
    white = position(sfen({"2d": "c", **WHITE_ON_2C}, turn="w"))
    assert moves_from(white, "2d") == set()


@pytest.mark.parametrize("promotion", ["optional", "mandatory"])
def test_a_dropped_chick_does_not_promote(promotion: str) -> None:
    pos = position(sfen({"2d": "L", "1d": "l"}, hand="C"), promotion=promotion)
    assert all(not move.promote for move in pos.legal_moves() if move.is_drop)
    pos.push_text("C*2a")
    assert pos.layout()["2a"][0].flipped is False
    assert pos.text().startswith("1C1/")


def test_optional_promotion_offers_both_moves() -> None:
    pos = position(sfen({"2b": "C", **BLACK_ON_2B}))
    assert moves_from(pos, "2b") == {"2b2a", "2b2a+"}


def test_mandatory_promotion_offers_only_the_promotion() -> None:
    pos = position(sfen({"2b": "C", **BLACK_ON_2B}), promotion="mandatory")
    assert moves_from(pos, "2b") == {"2b2a+"}
    white = position(sfen({"2c": "c", **WHITE_ON_2C}, turn="w"), promotion="mandatory")
    assert moves_from(white, "2c") == {"2c2d+"}


def test_promotion_makes_a_hen_and_it_never_demotes() -> None:
    pos = position(sfen({"2b": "C", "2d": "L", "1d": "l"}))
    pos.push_text("2b2a+")
    assert pos.text().startswith("1+C1/")
    pos.push_text("1d1c")
    pos.push_text("2a2b")  # the hen steps back out of the zone
    assert pos.layout()["2b"][0].flipped is True
    pos.push_text("1c1d")
    assert all(not move.promote for move in pos.legal_moves())


def test_capturing_the_lion_ends_the_game() -> None:
    pos = position(sfen({"2c": "G", "2b": "l", "2d": "L"}))
    pos.push_text("2c2b")
    assert pos.outcome() == Outcome.win(Termination.KING_CAPTURED, 0)
    assert list(pos.legal_moves()) == []
    assert "L" not in pos.text().split()[2]  # a captured lion is not held in hand


def test_try_on_an_unattacked_square_wins() -> None:
    pos = position(sfen({"2b": "L", "1c": "l"}))
    pos.push_text("2b3a")
    assert pos.outcome() == Outcome.win(Termination.TRY, 0)
    assert list(pos.legal_moves()) == []


def test_try_on_an_attacked_square_does_not_win_and_can_be_punished() -> None:
    # White's giraffe on 3b guards 3a.
    pos = position(sfen({"2b": "L", "3b": "g", "1c": "l"}))
    assert "2b3a" in usi(pos)  # a lion may step onto an attacked square
    pos.push_text("2b3a")
    assert pos.outcome() is None
    pos.push_text("3b3a")
    assert pos.outcome() == Outcome.win(Termination.KING_CAPTURED, 1)


def test_try_wins_later_when_the_opponent_leaves_the_lion_unattacked() -> None:
    pos = position(sfen({"2b": "L", "3b": "g", "1c": "l"}))
    pos.push_text("2b3a")
    assert pos.outcome() is None
    pos.push_text("3b3c")  # the guard walks away instead of capturing
    assert pos.outcome() == Outcome.win(Termination.TRY, 0)


def test_try_waits_while_the_lion_stays_attacked() -> None:
    pos = position(sfen({"2b": "L", "3b": "g", "1a": "l", "2d": "C"}))
    pos.push_text("2b3a")
    pos.push_text("1a1b")  # white neither captures nor unguards 3a
    assert pos.outcome() is None
    pos.push_text("2d2c")  # black waits; still attacked
    assert pos.outcome() is None
    assert "3b3a" in usi(pos)


def test_both_lions_on_their_far_ranks_the_mover_wins() -> None:
    # Black's elephant takes the giraffe guarding black's lion on 3a and in doing so
    # stops attacking white's lion on 1d: both lions then stand unattacked.
    pos = position("L2/g2/1E1/2l b - 1")
    assert pos.outcome() is None
    pos.push_text("2c3b")
    assert pos.outcome() == Outcome.win(Termination.TRY, 0)


def test_the_side_to_move_wins_a_try_the_mover_allowed() -> None:
    # White to move, white's lion on 1d attacked only by the elephant; the elephant
    # leaves, so the try is white's even though black moved.
    pos = position("L2/g2/1E1/2l b - 1")
    pos.push_text("2c3d")
    assert pos.outcome() == Outcome.win(Termination.TRY, 1)


SHUFFLE = ["1d1c", "3a3b", "1c1d", "3b3a"]


def test_repetition_draws_at_the_fourth_occurrence() -> None:
    pos = position()
    for cycle in range(3):
        for index, move in enumerate(SHUFFLE):
            pos.push_text(move)
            last = cycle == 2 and index == 3
            assert (pos.outcome() is not None) == last
    assert pos.repetitions() == 4
    assert pos.outcome() == Outcome.draw(Termination.REPETITION)
    assert list(pos.legal_moves()) == []
    pos.pop()
    assert pos.outcome() is None


def test_repetition_three_draws_at_the_third_occurrence() -> None:
    pos = position(repetition="3")
    for move in SHUFFLE * 2:
        assert pos.outcome() is None
        pos.push_text(move)
    assert pos.outcome() == Outcome.draw(Termination.REPETITION)


def test_repetition_counts_the_side_to_move() -> None:
    # The same board with the other side to move is a different position.
    pos = position(repetition="2")
    pos.push_text("1d1c")
    pos.push_text("3a3b")
    pos.push_text("1c1d")
    assert pos.outcome() is None
    pos.push_text("3b3a")
    assert pos.outcome() == Outcome.draw(Termination.REPETITION)


def test_no_legal_moves_loses() -> None:
    # Black's lion on 1b is walled in by its own blocked pieces; white has only its lion.
    text = "lEG/EGL/1CC/3 b - 1"
    pos = position(text)
    assert pos.outcome() == Outcome.win(Termination.NO_LEGAL_MOVES, 1)
    assert list(pos.legal_moves()) == []
    assert Naive.from_sfen(text).outcome() == ("no legal moves", 1)


def test_a_lion_may_step_onto_an_attacked_square() -> None:
    pos = position(sfen({"2c": "L", "2a": "g", "1a": "l"}))
    assert "2c2b" in usi(pos)
    assert "2b" in pos.attacked_spots(1)
    pos.push_text("2c2b")
    assert pos.outcome() is None
    assert pos.check_spots() == frozenset({"1a"})  # white's lion is now in check
    assert "2a2b" in usi(pos)


def test_repetition_history_survives_pop_and_push_again() -> None:
    pos = position(repetition="3")
    cycle = ["1d1c", "3a3b", "1c1d", "3b3a"]
    for move in cycle * 2:
        pos.push_text(move)
    assert pos.outcome() is not None
    pos.pop()
    assert pos.outcome() is None
    assert pos.repetitions() == 2  # white's giraffe on 3b, white to move: seen twice
    pos.push_text("3b3a")
    assert pos.outcome() is not None


def test_copy_keeps_repetition_counts_separate() -> None:
    pos = position(repetition="2")
    pos.push_text("1d1c")
    pos.push_text("3a3b")
    pos.push_text("1c1d")
    twin = pos.copy()
    twin.push_text("3b3a")
    assert twin.outcome() is not None
    assert pos.outcome() is None
    assert pos.repetitions() == 1


def test_text_positions_start_a_fresh_history() -> None:
    pos = position(repetition="2")
    for move in ["1d1c", "3a3b", "1c1d"]:
        pos.push_text(move)
    again = position(pos.text(), repetition="2")
    assert again.repetitions() == 1
    again.push_text("3b3a")  # the start position, but it was never seen by this history
    assert again.outcome() is None
    assert again.repetitions() == 1
