"""The pass test (null move) of a player's selective search in the games where passing
never helps: Abalone reaches a ply deeper in the same nodes, never passes at the root,
twice in one line or for the coach, and leaves the position as it found it even when
the budget runs out mid-pass. What the depth is worth is measured by the ladder
(Abalone's levels 9 and 10 in docs/levels.md)."""

from __future__ import annotations

import re

import pytest

from engine.abalone.game import AbaloneGame
from engine.abalone.position import AbalonePosition
from engine.errors import NoPassError
from engine.registry import find_game, games
from engine.search.alphabeta import AlphaBeta, search
from engine.search.types import Limits
from engine.shogi import SHOGI

ABALONE = find_game("abalone")

MIDDLE_GAME = "5/1wwwww/2wwww1/3www2/3wbbw2/3bbb2/1bbbbb1/1bbbb1/5 b 0 0"
"""Thirty plies of level 5 against itself: quiet, every marble still on the board."""

NODES = 20_000
"""Abalone level 9's budget a move (the calibration table)."""


def test_a_pass_hands_over_the_move_and_a_second_takes_it_back() -> None:
    position = ABALONE.position(MIDDLE_GAME)
    before = position.text()
    position.swap_turn()
    assert position.turn == 1
    assert position.text().split()[:-3] == before.split()[:-3]  # the same marbles
    position.swap_turn()
    assert position.text() == before


def test_only_the_games_that_declare_passing_harmless_can_pass() -> None:
    assert ABALONE.passing_never_helps
    assert not SHOGI.passing_never_helps
    for game in games():
        position = game.position()
        before = position.text()
        if game.passing_never_helps:
            position.swap_turn()
            position.swap_turn()
            assert position.text() == before
        else:
            with pytest.raises(NoPassError, match=re.escape(game.title)):
                position.swap_turn()
            assert position.text() == before


def test_the_same_nodes_reach_a_ply_deeper(monkeypatch: pytest.MonkeyPatch) -> None:
    position = ABALONE.position(MIDDLE_GAME)
    limits = Limits(max_depth=10, max_nodes=NODES, selective=True)
    passing = search(position, limits)
    monkeypatch.setattr(AbaloneGame, "passing_never_helps", False)
    moving = search(position, limits)
    assert passing.depth >= moving.depth + 1


def test_the_coach_never_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    swaps: list[int] = []
    monkeypatch.setattr(AbalonePosition, "swap_turn", lambda self: swaps.append(1))
    search(ABALONE.position(MIDDLE_GAME), Limits(max_depth=3, selective=True), judge_all=True)
    search(ABALONE.position(MIDDLE_GAME), Limits(max_depth=4))
    assert swaps == []


def test_never_at_the_root_nor_twice_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    position = ABALONE.position(MIDDLE_GAME)
    root = len(position.move_stack)
    real = AbalonePosition.swap_turn
    open_passes: list[int] = []
    depths: list[int] = []

    def counted(self: AbalonePosition) -> None:
        if open_passes:
            assert open_passes.pop() == len(self.move_stack)  # closed where it opened
        else:
            depths.append(len(self.move_stack) - root)
            open_passes.append(len(self.move_stack))
        real(self)

    monkeypatch.setattr(AbalonePosition, "swap_turn", counted)
    search(position, Limits(max_depth=10, max_nodes=NODES, selective=True))
    assert depths, "the search never tried a pass"
    assert min(depths) >= 1
    assert not open_passes


@pytest.mark.parametrize("nodes", [150, 700, 2_345, 9_999])
def test_a_budget_spent_mid_pass_leaves_the_position_as_it_was(nodes: int) -> None:
    position = ABALONE.position(MIDDLE_GAME)
    searching = AlphaBeta(position, Limits(max_depth=10, max_nodes=nodes, selective=True))
    found = searching.run()
    assert searching.position.text() == position.text()
    assert searching.position.turn == position.turn
    assert found.best in set(position.legal_moves())
