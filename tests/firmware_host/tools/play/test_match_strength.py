"""How strong the built-in top level is, by ``kiban match`` (make test-slow).

Level 10 spends 40,000 nodes a move (its 8 seconds on a Raspberry Pi), a second or
two here in pure Python: twenty games a pairing would take a quarter of an hour.
These matches give it ``NODES`` a move instead, with level 10's own depth,
evaluation, search and (nil) mistakes; level 1 and the random mover play as they
always do. A top level that wins this way only wins more with its full budget.
"""

from __future__ import annotations

import pytest

from engine.registry import find_game
from engine.search import Limits
from firmware_host.opponents.fairy import find_fairy_stockfish
from firmware_host.tools.play.match import play_match

NODES = 1000
"""Nodes a move for the built-in seats (level 1 is bounded by its depth of 1 anyway)."""

GAMES = 10
"""Games a pairing, each seat moving first in half of them: at 95%, all ten must be won;
at 80%, eight."""


@pytest.mark.slow
@pytest.mark.parametrize("name", ["dobutsu", "shogi", "abalone"])
@pytest.mark.parametrize(("opponent", "share"), [("random", 0.95), ("level:1", 0.80)])
def test_the_top_level_beats_the_floor(name: str, opponent: str, share: float) -> None:
    result = play_match(
        find_game(name), ["level:10", opponent], GAMES, seed=2024, limits=Limits(max_nodes=NODES)
    )
    top = result.tallies[0]
    assert top.wins >= share * GAMES, list(result.lines())


@pytest.mark.slow
def test_fairy_stockfish_at_its_top_beats_the_built_in_top_at_shogi() -> None:
    """Both sides at level 10 on the same node budget a move (the engine searches its
    nodes in C++; the point is the judgement each gets from them)."""
    engine = find_fairy_stockfish()
    assert engine is not None, "make test-slow installs fairy-stockfish (the engines target)"
    result = play_match(
        find_game("shogi"),
        [f"usi:{engine}", "level:10"],
        2,
        seed=7,
        limits=Limits(max_nodes=NODES * 4),
    )
    outside = result.tallies[0]
    assert outside.wins == 2, list(result.lines())


SAMPLED_NODES = {"chaturaji": 30, "robotory": 800}
"""Playouts a move for the top level in the sampled games: its own 4,000 take seconds
a move in pure Python, and fewer only make it weaker."""

SAMPLED_SEATS = {
    "chaturaji": ("level:10,{0},level:10,{0}", {"mode": "teams"}),  # partners sit opposite
    "robotory": ("level:10,{0}", {}),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", ["chaturaji", "robotory"])
@pytest.mark.parametrize(("opponent", "share"), [("random", 0.95), ("level:1", 0.80)])
def test_the_top_level_beats_the_floor_in_the_sampled_games(
    name: str, opponent: str, share: float
) -> None:
    seats, options = SAMPLED_SEATS[name]
    result = play_match(
        find_game(name),
        seats.format(opponent).split(","),
        GAMES,
        seed=2024,
        options=options,
        limits=Limits(max_nodes=SAMPLED_NODES[name]),
        max_plies=600,
    )
    top = result.tallies[0]
    assert top.wins >= share * GAMES, list(result.lines())
