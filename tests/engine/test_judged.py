"""A game stopped unfinished (a match's ply cap) is judged by what the players have won."""

from __future__ import annotations

from engine.outcome import Outcome, Termination
from engine.registry import find_game

START = "wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/bbbbb"


def test_abalone_goes_to_the_side_that_pushed_more_marbles_off() -> None:
    abalone = find_game("abalone")
    assert abalone.judged_unfinished
    ahead = abalone.position("wwwww/wwwwww/2www2/8/9/8/2bbb2/bbbbbb/2bbb w 2 0", None)
    assert ahead.judged() == Outcome.win(Termination.ENDED_BY_PLAYERS, 1)  # white is ahead
    behind = abalone.position("wwwww/wwwwww/3ww2/8/9/8/2bbb2/bbbbbb/bbbbb b 0 1", None)
    assert behind.judged().winners == frozenset({0})
    assert abalone.position(f"{START} b 0 0", None).judged().is_draw
    assert ahead.outcome() is None  # judging does not end the position


def test_chaturaji_counts_the_points_as_the_players_ending_it_would() -> None:
    chaturaji = find_game("chaturaji")
    start = chaturaji.position(None, None)
    assert chaturaji.judged_unfinished
    assert start.judged() == start.end_by_agreement()


def test_games_that_count_nothing_are_drawn_whatever_stands() -> None:
    for name in ("dobutsu", "shogi", "robotory"):
        game = find_game(name)
        assert not game.judged_unfinished
        assert game.position(None, None).judged() == Outcome.draw(Termination.AGREEMENT)
