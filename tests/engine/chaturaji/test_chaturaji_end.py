"""The end of an individual game: leaving the rotation, the end conditions, the winners."""

from __future__ import annotations

import pytest

from engine.errors import GameOverError
from engine.outcome import Outcome, Termination
from tests.engine.chaturaji.helpers import names, play, position, rolled, text


def test_a_player_without_pieces_leaves_the_rotation() -> None:
    # green's last piece is taken: the turn goes from black straight to red
    pieces = {"a1": "kK", "d4": "kE", "d6": "gb", "h8": "rK", "h1": "yK", "g8": "rH"}
    pos = rolled(pieces, "4")
    play(pos, "d4d6")
    assert not pos.in_play(1)
    assert pos.turn == 2
    play(pos, "roll 4", "pass", "roll 4", "pass")
    assert pos.turn == 0


def test_game_ends_when_at_most_one_player_has_pieces() -> None:
    pieces = {"a1": "kK", "d4": "kE", "d6": "gK"}
    pos = position(text(pieces, "k", "4", "3,7,0,0"), seats="black,green")
    play(pos, "d4d6")
    assert pos.outcome() == Outcome(Termination.ARMIES_GONE, frozenset({0}))  # 8 against 7
    assert list(pos.legal_moves()) == []
    assert pos.chance_moves() is None
    with pytest.raises(GameOverError):
        pos.push_text("roll 4")


def test_the_last_player_standing_need_not_win() -> None:
    pieces = {"a1": "kK", "d4": "kE", "d6": "gK"}
    pos = position(text(pieces, "k", "4", "0,0,9,0"), seats="black,green,red")
    play(pos, "d4d6")  # red has no pieces left, but its points count
    assert pos.outcome() == Outcome(Termination.ARMIES_GONE, frozenset({2}))


def test_game_ends_when_only_kings_remain() -> None:
    pieces = {"a1": "kK", "d4": "kE", "d6": "gH", "a8": "gK", "h8": "rK", "h1": "yK"}
    pos = position(text(pieces, "k", "4", "0,2,0,0"))
    play(pos, "d4d6")
    assert pos.outcome() is None  # black's elephant is still there
    pieces = {"a1": "kK", "b2": "gH", "a8": "gK", "h8": "rK", "h1": "yK"}
    pos = position(text(pieces, "k", "5", "0,3,0,0"))
    play(pos, "a1b2")  # the king takes the horse: only kings are left
    assert pos.outcome() == Outcome(Termination.ONLY_KINGS, frozenset({0, 1}))  # 3 and 3 share


def test_equal_top_scores_share_the_win() -> None:
    pieces = {"a1": "kK", "d4": "kE", "d6": "gK"}
    pos = position(text(pieces, "k", "4", "0,5,5,0"), seats="black,green,red")
    play(pos, "d4d6")  # black reaches 5 too
    assert pos.outcome() == Outcome(Termination.ARMIES_GONE, frozenset({0, 1, 2}))


def test_ending_from_the_controls_is_by_points() -> None:
    pos = position(
        text({"a1": "kK", "c1": "kE", "a8": "gK", "h8": "rK", "h1": "yK"}, scores="4,1,4,2")
    )
    assert pos.end_by_agreement() == Outcome(Termination.ENDED_BY_PLAYERS, frozenset({0, 2}))
    assert pos.outcome() is None  # the session records the end; the position is unchanged
    assert position().end_by_agreement().winners == frozenset({0, 1, 2, 3})


def test_empty_seats_do_not_share_a_win() -> None:
    pos = position(seats="green,yellow")
    assert pos.end_by_agreement() == Outcome(Termination.ENDED_BY_PLAYERS, frozenset({1, 3}))


def test_a_finished_game_has_no_moves_and_no_rolls() -> None:
    pos = position(text({"a1": "kK", "d4": "kE", "d6": "gK"}, faces="4"), seats="black,green")
    play(pos, "d4d6")
    assert names(pos) == set()
    assert list(pos.illegal_moves()) == []
    assert pos.chance_moves() is None
    assert pos.perft(1) == 0
