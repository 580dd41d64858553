"""Pawn promotion: only on the last line, only to the kind it stood in front of, only once
that piece is lost, and later as the move of a 5 if it was not possible on arrival."""

from __future__ import annotations

import pytest

from engine.chaturaji import Exchange, Step
from engine.errors import IllegalMoveError
from engine.physical import Stone
from tests.engine.chaturaji.helpers import moves_from, names, play, rolled

KINGS = {"a8": "gK", "h8": "rK", "h1": "yK", "a1": "kK", "g8": "rH"}


def test_no_promotion_while_the_piece_is_on_the_board() -> None:
    pos = rolled({**KINGS, "d7": "kh", "f3": "kH"}, "5")
    assert moves_from(pos, "d7") == {"d7d8"}
    with pytest.raises(IllegalMoveError, match="black's horse is still on the board"):
        pos.push_text("d7d8=H")


def test_promotion_once_the_piece_is_lost_is_optional() -> None:
    pos = rolled({**KINGS, "d7": "kh"}, "5")
    assert moves_from(pos, "d7") == {"d7d8", "d7d8=H"}
    play(pos, "d7d8=H")
    assert pos.layout()["d8"] == (Stone("H", 0),)
    assert "kH" in pos.text().split()[0]


def test_promotion_only_to_the_kind_it_stood_in_front_of() -> None:
    pos = rolled({**KINGS, "d7": "kh"}, "5")
    for wrong in ("B", "E", "K"):
        with pytest.raises(IllegalMoveError, match="stood in front of the horse"):
            pos.push_text(f"d7d8={wrong}")
    boat_pawn = rolled({**KINGS, "d7": "kb"}, "5")
    assert moves_from(boat_pawn, "d7") == {"d7d8", "d7d8=B"}


def test_promotion_only_on_the_last_line() -> None:
    pos = rolled({**KINGS, "d6": "kh"}, "5")
    assert moves_from(pos, "d6") == {"d6d7"}
    with pytest.raises(IllegalMoveError):
        pos.push_text("d6d7=H")


@pytest.mark.parametrize(
    ("turn", "pawn", "arrival"),
    [("k", "c7", "c8"), ("g", "g3", "h3"), ("r", "f2", "f1"), ("y", "b6", "a6")],
)
def test_each_seat_promotes_on_its_own_last_line(turn: str, pawn: str, arrival: str) -> None:
    kings = {"a8": "gK", "h8": "rK", "h1": "yK", "a1": "kK", "g8": "rH"}
    pos = rolled({**kings, pawn: turn + "e"}, "5", turn=turn)
    assert moves_from(pos, pawn) == {pawn + arrival, pawn + arrival + "=E"}


def test_capturing_onto_the_last_line_promotes_too() -> None:
    pos = rolled({**KINGS, "d7": "kh", "e8": "rE"}, "5")
    assert moves_from(pos, "d7") == {"d7d8", "d7e8", "d7d8=H", "d7e8=H"}
    play(pos, "d7e8=H")
    assert pos.scores() == (4, 0, 0, 0)
    assert pos.layout()["e8"] == (Stone("H", 0),)


def test_later_promotion_on_a_5_once_the_piece_is_lost() -> None:
    # black's horse pawn stands on d8 while the horse lives: no exchange yet
    pieces = {**KINGS, "d8": "kh", "f3": "kH", "f6": "gE", "b2": "kk"}
    pos = rolled(pieces, "5")
    assert "d8=H" not in names(pos)
    play(pos, "b2b3")
    play(pos, "roll 4", "f6f3")  # green takes black's horse
    play(pos, "roll 4", "pass", "roll 4", "pass")  # red and yellow have no elephant
    play(pos, "roll 3")
    assert "d8=H" not in names(pos)  # the exchange is the move of a 5
    with pytest.raises(IllegalMoveError, match="the die shows 3"):
        pos.push_text("d8=H")
    play(pos, "pass", "roll 2", "pass", "roll 2", "pass", "roll 2", "pass", "roll 5")
    assert "d8=H" in names(pos)
    assert pos.read_move("d8=H") == Exchange(59, 3)
    play(pos, "d8=H")
    assert pos.layout()["d8"] == (Stone("H", 0),)
    assert pos.turn == 1


def test_exchange_move_is_invisible_to_the_sensors() -> None:
    from engine.physical import Sensing

    pos = rolled({**KINGS, "d8": "kh"}, "5")
    footprint = pos.footprint(pos.read_move("d8=H"), Sensing.OCCUPANCY)
    assert footprint.changes == ()
    assert footprint.hidden == {"d8"}


def test_promotion_on_arrival_reads_like_the_plain_move() -> None:
    from engine.physical import Sensing

    pos = rolled({**KINGS, "d7": "kh"}, "5")
    plain = pos.footprint(Step.of("d7", "d8"), Sensing.OCCUPANCY)
    exchanged = pos.footprint(Step.of("d7", "d8", 3), Sensing.OCCUPANCY)
    assert plain == exchanged


def test_a_promoted_king_is_a_king() -> None:
    pieces = {"a8": "gK", "h8": "rK", "h1": "yK", "g8": "rH", "c7": "kk", "a3": "kE"}
    pos = rolled(pieces, "5")
    play(pos, "c7c8=K")
    assert pos.state.has_king(0)
    assert pos.layout()["c8"] == (Stone("K", 0),)
