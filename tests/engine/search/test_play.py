"""Levels turned into moves: which search plays, how often a level errs and how, the
seats built on it, and what the coach calls a move."""

from __future__ import annotations

import random
import sys
import types
from dataclasses import replace
from typing import Any

import pytest

from engine.chaturaji import CHATURAJI
from engine.dobutsu import DOBUTSU
from engine.errors import GameOverError
from engine.registry import games
from engine.search import (
    WIN,
    Analysis,
    BuiltinPlayer,
    Limits,
    Quality,
    RandomPlayer,
    SearchStyle,
    analyse,
    is_blunder,
    level,
    loses_at_once,
    quality,
)
from engine.search.alphabeta import UnsuitableGameError, search
from engine.search.play import PI_NODES_PER_SECOND, level_limits

TAKE_THE_LION = "1l1/1G1/3/1L1 b - 1"
"""Sente's giraffe takes the lion: the one move that wins at once."""

LION_IN_DANGER = "1l1/1G1/3/1L1 w - 1"
"""Gote's lion, attacked, has five moves; two of them step where the giraffe takes it."""


def test_games_with_dice_or_more_than_two_seats_are_sampled() -> None:
    for game in games():
        style = game.search_style(game.options())
        if len(game.seats) != 2 or game.rolls_dice(game.options()):
            assert style is SearchStyle.SAMPLING, game.name
    assert DOBUTSU.search_style(DOBUTSU.options()) is SearchStyle.ALPHA_BETA


def test_alpha_beta_refuses_a_game_it_cannot_search() -> None:
    with pytest.raises(UnsuitableGameError):
        search(CHATURAJI.position(), Limits(max_depth=1))


def test_a_sampled_game_goes_to_the_sampling_search(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[Any, ...]] = []
    position = DOBUTSU.position()
    answer = Analysis(best=next(iter(position.legal_moves())), value=0.0, depth=0, nodes=7)

    def analyse_sampled(*args: Any, **kwargs: Any) -> Analysis[Any]:
        calls.append((args, kwargs))
        return answer

    fake = types.ModuleType("engine.search.sampling")
    fake.analyse_sampled = analyse_sampled  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "engine.search.sampling", fake)
    monkeypatch.setattr(DOBUTSU, "search_style", lambda options: SearchStyle.SAMPLING)
    rng = random.Random(1)
    limits = Limits(max_nodes=5)
    assert analyse(position, level(8), rng=rng, limits=limits, judge_all=True) is answer
    [(args, kwargs)] = calls
    assert args == (position, level(8))
    assert (kwargs["rng"], kwargs["judge_all"]) == (rng, True)
    # what the caller set is kept; what it left open is the level's (its seconds)
    assert kwargs["limits"].max_nodes == 5
    assert kwargs["limits"].deadline is not None
    # a weak level's mistakes are made by feel here, not by the sampling search
    calls.clear()
    assert analyse(position, level(4), rng=rng).best in set(position.legal_moves())
    [(args, _)] = calls
    assert args == (position, replace(level(4), blunder=0.0))


def test_a_search_asked_to_move_now_stops_with_a_legal_move() -> None:
    position = DOBUTSU.position()
    asked = 0

    def stop() -> bool:
        nonlocal asked
        asked += 1
        return True

    found = analyse(position, level(10), rng=random.Random(0), limits=Limits(stop=stop))
    assert asked >= 1
    assert found.best in set(position.legal_moves())
    ceiling = level_limits(level(10)).max_nodes
    assert ceiling is not None and found.nodes < ceiling


def test_a_level_spends_its_seconds_worth_of_nodes_and_keeps_its_depth() -> None:
    limits = level_limits(level(10), now=100.0)
    assert limits.max_depth == level(10).depth
    assert limits.deadline == 100.0 + level(10).seconds
    assert limits.max_nodes is not None
    lowest = level_limits(level(1)).max_nodes
    assert lowest is not None and limits.max_nodes > lowest
    position = DOBUTSU.position()
    found = analyse(position, level(3), rng=random.Random(0), limits=Limits(max_nodes=10**6))
    assert found.depth <= level(3).depth


def test_a_level_given_more_nodes_than_its_seconds_worth_takes_a_pis_time_for_them() -> None:
    own = level_limits(level(10), now=0.0)
    tabled = level_limits(replace(level(10), nodes=80_000), now=0.0)
    assert tabled.max_nodes == 80_000
    assert own.deadline is not None
    assert tabled.deadline == 80_000 / PI_NODES_PER_SECOND > own.deadline
    fewer = level_limits(replace(level(10), nodes=1_000), now=0.0)
    assert fewer.deadline == level(10).seconds  # never less than the level's own time


def _count_other_moves(number: int, text: str, runs: int) -> tuple[int, list[Any]]:
    position = DOBUTSU.position(text)
    best = search(position, Limits(max_depth=2)).best
    played = []
    for seed in range(runs):
        found = analyse(position, level(number), rng=random.Random(seed))
        played.append(found.best)
    return sum(move != best for move in played), played


def test_every_level_takes_the_lion_and_a_beginner_still_errs() -> None:
    for number in range(1, 11):
        missed, _ = _count_other_moves(number, TAKE_THE_LION, 40 if number < 8 else 3)
        assert missed == 0, number
    # in a quiet position level 1 plays by feel: more than one move over the seeds
    _, played = _count_other_moves(1, "elg/1c1/1C1/GLE b - 1", 60)
    _, searched = _count_other_moves(8, "elg/1c1/1C1/GLE b - 1", 3)
    assert len(set(played)) > 1
    assert len(set(searched)) == 1


def test_no_level_hands_the_game_away() -> None:
    position = DOBUTSU.position(LION_IN_DANGER)
    losing = {move for move in position.legal_moves() if loses_at_once(position, move)}
    assert len(losing) == 2
    for number in range(1, 11):
        _, played = _count_other_moves(number, LION_IN_DANGER, 60 if number < 8 else 3)
        assert not any(move in losing for move in played), number


def test_a_move_by_feel_says_so_and_stays_legal() -> None:
    position = DOBUTSU.position()
    legal = set(position.legal_moves())
    found = [analyse(position, level(1), rng=random.Random(seed)) for seed in range(40)]
    notes = {analysis.note for analysis in found}
    assert any("by feel" in note for note in notes)
    assert "" in notes  # often the move it feels best is the searched one
    assert all(analysis.best in legal for analysis in found)


def test_the_seats_play_legal_moves_and_name_themselves() -> None:
    position = DOBUTSU.position()
    legal = set(position.legal_moves())
    builtin = BuiltinPlayer(level(5), random.Random(2))
    mover = RandomPlayer(random.Random(2))
    assert builtin.name == "level 5 (club)"
    assert mover.name == "random"
    assert builtin.analyse(position).best in legal
    judged = mover.analyse(position, judge_all=True)
    assert judged.best in legal
    assert set(judged.values) == legal
    chosen = {RandomPlayer(random.Random(seed)).analyse(position).best for seed in range(30)}
    assert len(chosen) > 1
    builtin.close()
    mover.close()


def test_a_seat_has_no_move_in_a_finished_game() -> None:
    position = DOBUTSU.position(TAKE_THE_LION)
    position.push(position.parse_move("2b2a"))
    for player in (BuiltinPlayer(level(2), random.Random(0)), RandomPlayer(random.Random(0))):
        with pytest.raises(GameOverError):
            player.analyse(position)


def test_quality_is_the_gap_to_the_best_move() -> None:
    values = {"a": 0.5, "b": 0.49, "c": 0.42, "d": 0.3, "e": 0.1, "f": -0.99}
    judged = Analysis(best="a", value=0.5, depth=3, nodes=1, values=values)
    assert [quality(judged, move) for move in "abcdef"] == [
        Quality.BEST,
        Quality.BEST,
        Quality.GOOD,
        Quality.DOUBTFUL,
        Quality.LOSING,
        Quality.LOSING,
    ]
    assert quality(judged, "unjudged") is Quality.LOSING


def test_in_a_lost_position_no_move_is_blamed_for_the_loss() -> None:
    values = {"a": -0.9990, "b": -0.9998, "c": -0.5}  # lost in 10 plies or in 2; unclear
    judged = Analysis(best="c", value=-0.5, depth=3, nodes=1, values=values)
    assert quality(judged, "a") is Quality.LOSING  # c still fights
    lost = Analysis(best="a", value=-0.999, depth=3, nodes=1, values={"a": -0.999, "b": -0.9998})
    assert quality(lost, "a") is Quality.BEST
    assert quality(lost, "b") is Quality.BEST  # both lose; the gap is small


def test_a_blunder_is_a_large_drop_or_a_fall_into_a_proven_loss() -> None:
    even = Analysis(best="a", value=0.05, depth=3, nodes=1)
    assert not is_blunder(even, 0.0)
    assert not is_blunder(even, -0.2)
    assert is_blunder(even, -0.3)
    assert is_blunder(even, -WIN + 0.01)
    lost = Analysis(best="a", value=-WIN + 0.001, depth=3, nodes=1)
    assert not is_blunder(lost, -WIN + 0.01)  # it was lost before the move


def test_a_level_that_overlooks_moves_misses_its_best_but_still_takes_the_lion() -> None:
    quiet = "elg/1c1/1C1/GLE b - 1"
    # feel without noise or taste: the one move it values most, when it sees it
    sees_all = replace(level(1), blunder=1.0, temperature=0.0, misjudge=0.0, natural=0.0)
    overlooks = replace(sees_all, overlook=0.8)

    def played(chosen: Any) -> set[Any]:
        return {
            analyse(DOBUTSU.position(quiet), chosen, rng=random.Random(seed)).best
            for seed in range(40)
        }

    assert len(played(sees_all)) == 1
    assert len(played(overlooks)) > 2
    for seed in range(30):  # a win on the spot is never overlooked, nor a loss at once played
        take = DOBUTSU.position(TAKE_THE_LION)
        assert analyse(take, overlooks, rng=random.Random(seed)).mate_in == 1
        danger = DOBUTSU.position(LION_IN_DANGER)
        chosen = analyse(danger, overlooks, rng=random.Random(seed)).best
        assert not loses_at_once(danger, chosen)
