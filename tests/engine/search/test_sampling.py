"""The sampling search (Chaturaji, Robotory): legal, replayable, bounded, and it wins
when a win is on the board."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from engine.chaturaji import CHATURAJI, Roll, Step
from engine.errors import GameOverError
from engine.game import Position
from engine.outcome import Outcome, Termination
from engine.robotory import ROBOTORY, Chain, Refill, RobotoryPosition
from engine.search.levels import LEVELS, level
from engine.search.sampling import RollDueError, analyse_sampled, outcome_values
from engine.search.types import WIN, Limits, SearchStyle
from tests.engine.chaturaji import helpers as chaturaji
from tests.engine.robotory import helpers as robotory

CROWDED = "bbbb/bwRbb/bbWBbw/wwbbw/wwwb 1w0b 0w0b 3w1b l"
CROWDED_MOVES = 296_636
MEDIUM = "bb2/bwRbb/bbWBbw/wwbbw/1w1b 1w0b 2w0b 3w3b d"
"""Fewer tokens: 7,057 legal moves, nearly all chains, no end of the game in one move."""
CROWDED_DARK = "bbbb/bwRbb/bbWBbw/wwbbw/wwwb 1w0b 0w0b 3w1b d"
"""The same board with dark to move: its one refill ends the game in light's favour,
so dark has no win on the spot and must search among the chains."""


def _random_positions(game: Any, seed: int, plies: int, **options: str) -> Iterator[Position[Any]]:
    """Positions along a random game, each with a player to move."""
    rng = random.Random(seed)
    position = game.position(options=options or None)
    for _ in range(plies):
        if position.outcome() is not None:
            return
        chances = position.chance_moves()
        if chances is not None:
            position.push(chances[rng.randrange(len(chances))])
            continue
        yield position.copy()
        moves = list(position.legal_moves())
        position.push(moves[rng.randrange(len(moves))])


def _sample_positions() -> list[Position[Any]]:
    found: list[Position[Any]] = []
    for game, options in (
        (CHATURAJI, {}),
        (CHATURAJI, {"mode": "teams"}),
        (CHATURAJI, {"dice": "2"}),
        (ROBOTORY, {}),
    ):
        found.extend(list(_random_positions(game, 7, 60, **options))[::6])
    return found


class Counted(RobotoryPosition):
    """A Robotory position that counts its full move listings and evaluations (its
    copies share the counts)."""

    counts: dict[str, int]

    def legal_moves(self) -> Iterator[Any]:
        self.counts["listings"] += 1
        for move in super().legal_moves():
            self.counts["listed"] += 1
            yield move

    def evaluate(self) -> tuple[float, ...]:
        self.counts["evaluations"] += 1
        return super().evaluate()


def counted(text: str) -> Counted:
    position = Counted(ROBOTORY, ROBOTORY.options(), text)
    position.counts = {"listings": 0, "listed": 0, "evaluations": 0}
    return position


# --- legal and replayable ---------------------------------------------------------------


@pytest.mark.parametrize("number", [1, 4, 10])
def test_every_move_played_is_legal_and_never_a_roll(number: int) -> None:
    for index, position in enumerate(_sample_positions()):
        before = position.text()
        analysis = analyse_sampled(
            position, level(number), rng=random.Random(index), limits=Limits(max_nodes=60)
        )
        assert not isinstance(analysis.best, Roll)
        assert position.is_legal(analysis.best), position.move_text(analysis.best)
        assert all(position.is_legal(move) for move in analysis.values)
        assert position.text() == before  # the caller's position is left as it was
        assert -WIN <= analysis.value <= WIN


def test_a_seed_replays_the_search() -> None:
    for position in _sample_positions()[::3]:
        runs = [
            analyse_sampled(position, level(6), rng=random.Random(11), limits=Limits(max_nodes=80))
            for _ in range(2)
        ]
        assert runs[0] == runs[1]
        assert list(runs[0].values) == list(runs[1].values)


REPLAY = f"""
import random
from engine.robotory import ROBOTORY
from engine.search.levels import level
from engine.search.sampling import analyse_sampled
position = ROBOTORY.position("{CROWDED_DARK}")
analysis = analyse_sampled(position, level(4), rng=random.Random(3))
print(position.move_text(analysis.best), analysis.value, analysis.nodes, analysis.depth)
"""


def test_a_seed_replays_the_search_in_another_process() -> None:
    """Nothing depends on the order of a set of strings, which changes between runs."""
    printed = {
        subprocess.run(
            [sys.executable, "-c", REPLAY],
            env={**os.environ, "PYTHONHASHSEED": str(hash_seed)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for hash_seed in (1, 2)
    }
    assert len(printed) == 1


def test_different_seeds_may_play_differently_at_a_blundering_level() -> None:
    """Level 1 makes a beginner's mistakes: over many seeds it plays more than one move."""
    start = ROBOTORY.position()
    played = {analyse_sampled(start, level(1), rng=random.Random(seed)).best for seed in range(12)}
    assert len(played) > 1


def test_the_search_refuses_a_roll_or_a_finished_game() -> None:
    with pytest.raises(RollDueError):
        analyse_sampled(CHATURAJI.position(), level(5), rng=random.Random(1))
    over = ROBOTORY.position("4/2R2/3B2/2W2/4 2w2b 2w2b 0w10b l")
    with pytest.raises(GameOverError):
        analyse_sampled(over, level(5), rng=random.Random(1))


def test_the_games_ask_for_the_sampling_search() -> None:
    for game in (CHATURAJI, ROBOTORY):
        assert game.search_style(game.options()) is SearchStyle.SAMPLING


def test_a_finished_game_is_worth_win_to_its_winners() -> None:
    assert outcome_values(Outcome.win(Termination.LAST_TOKEN, 1), 2, None) == [-WIN, WIN]
    team_win = Outcome(Termination.ARMIES_GONE, frozenset({0, 2}))
    assert outcome_values(team_win, 4, (0, 1, 0, 1)) == [WIN, -WIN, WIN, -WIN]
    shared = Outcome(Termination.ONLY_KINGS, frozenset({0, 1}))
    assert outcome_values(shared, 4, None) == [WIN / 2, WIN / 2, -WIN, -WIN]
    assert outcome_values(Outcome.draw(Termination.ONLY_KINGS), 4, (0, 1, 0, 1)) == [0.0] * 4


# --- it wins when it can -------------------------------------------------------------------


def _robotory_refill_position(turn: str) -> RobotoryPosition:
    """Two robots in light's camp (the red one on B3, the white one on C2), the black one
    in dark's; one white token on the lid, and room for one token in each stock: the
    refill of that white token ends the game, light winning."""
    pieces = {"B3": "R", "C2": "W", "C5": "B", "A4": "b", "D4": "w", "E2": "b"}
    text = robotory.text(pieces, light="2w1b", dark="2w1b", lid="1w5b", turn=turn)
    return ROBOTORY.position(text)


@pytest.mark.parametrize("number", range(1, 11))
def test_robotory_takes_the_refill_that_ends_the_game_won(number: int) -> None:
    position = _robotory_refill_position("l")
    analysis = analyse_sampled(position, level(number), rng=random.Random(number))
    assert analysis.best == Refill(1, 0)
    assert analysis.value == WIN
    assert analysis.mate_in == 1


@pytest.mark.parametrize("number", [8, 9, 10])
def test_robotory_never_ends_the_game_lost(number: int) -> None:
    position = _robotory_refill_position("d")
    analysis = analyse_sampled(position, level(number), rng=random.Random(number))
    assert analysis.best != Refill(1, 0)
    assert analysis.values[Refill(1, 0)] == -WIN
    assert analysis.mate_in is None


@pytest.mark.parametrize("number", range(1, 11))
def test_robotory_answers_the_threat_to_end_the_game(number: int) -> None:
    """Light holds two robots and its next refill can take the last white token; dark,
    to move with a full stock, is saved only by walking the white robot home to D3
    (then light's refill would hand dark the game). Every level values that chain best;
    the levels that never blunder play it."""
    pieces = {"B3": "R", "C2": "W", "C5": "B", "D2": "w", "D3": "w"}
    position = ROBOTORY.position(
        robotory.text(pieces, light="2w1b", dark="4w0b", lid="1w5b", turn="d")
    )
    saving = Chain("W", ("C2", "D2", "D3"))
    analysis = analyse_sampled(position, level(number), rng=random.Random(number))
    assert max(analysis.values, key=lambda move: analysis.values[move]) == saving
    assert (
        analysis.values[saving]
        > 0
        > max(value for move, value in analysis.values.items() if move != saving)
    )
    if level(number).blunder == 0:
        assert analysis.best == saving


@pytest.mark.parametrize("number", range(1, 11))
def test_chaturaji_takes_the_last_piece_when_that_wins(number: int) -> None:
    """Black's horse may take green's last piece (b1c3): at most one army is left and
    black leads on points, so black wins; the horse's other moves do not."""
    pieces = {"d1": "kK", "b1": "kH", "a2": "kb", "c3": "gE"}
    position = chaturaji.rolled(pieces, "3", seats="black,green")
    analysis = analyse_sampled(position, level(number), rng=random.Random(number))
    assert analysis.best == Step.of("b1", "c3")
    assert analysis.value == WIN


@pytest.mark.parametrize("seed", range(4))
def test_chaturaji_takes_a_king_worth_five(seed: int) -> None:
    """The horse can take green's king (5 points) or a pawn (1); the game goes on."""
    pieces = {
        "d1": "kK",
        "b1": "kH",
        "a2": "kb",
        "c3": "gK",
        "d2": "gb",
        "h8": "rK",
        "h7": "rb",
        "a8": "yK",
        "a7": "yb",
    }
    position = chaturaji.rolled(pieces, "3")
    assert Step.of("b1", "d2") in set(position.legal_moves())
    analysis = analyse_sampled(
        position, level(8), rng=random.Random(seed), limits=Limits(max_nodes=300)
    )
    assert analysis.best == Step.of("b1", "c3")


# --- it spends what it is given ----------------------------------------------------------


def test_max_nodes_bounds_the_playouts() -> None:
    position = counted(CROWDED_DARK)
    analysis = analyse_sampled(
        position, level(10), rng=random.Random(2), limits=Limits(max_nodes=150)
    )
    assert analysis.nodes == 150
    # one evaluation a playout, and one for each root move tried one move deep
    assert position.counts["evaluations"] <= 150 + len(analysis.values)
    assert position.counts["listings"] == 0  # the crowded board's chains are never listed


def test_the_level_sets_the_playouts_when_nothing_limits_them() -> None:
    position = ROBOTORY.position()
    for number in (1, 3):
        analysis = analyse_sampled(position, level(number), rng=random.Random(0))
        assert analysis.nodes == LEVELS[number - 1].playouts
        assert analysis.depth >= 1


def test_a_forced_move_is_played_without_searching() -> None:
    pieces = {"d1": "kK", "b1": "kH", "h8": "gK", "h7": "gb"}
    position = chaturaji.rolled(pieces, "4", seats="black,green")  # no elephant: a lost turn
    analysis = analyse_sampled(position, level(10), rng=random.Random(0))
    assert analysis.nodes == 0
    assert position.is_legal(analysis.best)


# --- judging every move -----------------------------------------------------------------


def test_judge_all_values_every_legal_move() -> None:
    for index, position in enumerate(_sample_positions()):
        analysis = analyse_sampled(
            position,
            level(3),
            rng=random.Random(index),
            limits=Limits(max_nodes=40),
            judge_all=True,
        )
        legal = list(position.legal_moves())
        assert set(analysis.values) == set(legal)
        assert all(-WIN <= value <= WIN for value in analysis.values.values())


def _assert_chains_judged_by_their_end(values: dict[Any, float]) -> None:
    """A chain that was not searched is worth the best searched chain of its robot that
    ends on the same cell: in each such group, most chains hold the group's best value."""
    groups: dict[tuple[str, str], list[float]] = {}
    for move, value in values.items():
        if isinstance(move, Chain):
            groups.setdefault((move.robot, move.target), []).append(value)
    assert groups
    for group in groups.values():
        if len(group) > 10:
            assert max(set(group), key=group.count) == max(group)


def test_judge_all_with_thousands_of_chains_lists_the_moves_once() -> None:
    position = counted(MEDIUM)
    analysis = analyse_sampled(
        position, level(10), rng=random.Random(5), limits=Limits(max_nodes=100), judge_all=True
    )
    assert position.counts["listings"] == 1
    assert position.counts["listed"] == len(analysis.values) == len(set(analysis.values))
    assert len(analysis.values) == 7057
    assert analysis.nodes == 100
    _assert_chains_judged_by_their_end(dict(analysis.values))


@pytest.mark.slow
def test_judge_all_on_the_crowded_board_lists_the_moves_once() -> None:
    position = counted(CROWDED_DARK)
    analysis = analyse_sampled(
        position, level(10), rng=random.Random(5), limits=Limits(max_nodes=100), judge_all=True
    )
    assert position.counts["listings"] == 1
    assert position.counts["listed"] == len(analysis.values) == CROWDED_MOVES - 1
    assert analysis.nodes == 100
    _assert_chains_judged_by_their_end(dict(analysis.values))


@pytest.mark.slow
def test_judge_all_on_the_crowded_board_with_a_win_on_the_spot() -> None:
    position = counted(CROWDED)
    analysis = analyse_sampled(position, level(10), rng=random.Random(5), judge_all=True)
    assert len(analysis.values) == CROWDED_MOVES
    assert position.counts["listings"] == 1
    assert analysis.best == Refill(3, 0)
    assert analysis.nodes == 0


def test_blunders_are_legal_moves_of_the_crowded_board() -> None:
    position = counted(CROWDED_DARK)
    for seed in range(6):
        analysis = analyse_sampled(
            position, level(1), rng=random.Random(seed), limits=Limits(max_nodes=10)
        )
        assert position.counts["listings"] == 0
        # legal by the rules' own check (which does not list the chains)
        assert position.parse_move(position.move_text(analysis.best)) == analysis.best
        position.counts["listings"] = 0
