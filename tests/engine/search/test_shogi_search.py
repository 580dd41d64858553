"""The built-in shogi search at the top level's budget: it opens like a player (not with
a king step), its evaluation looks past material, and its move order lets a fixed
number of nodes reach deeper than a plain order would (node counts, not timings)."""

from __future__ import annotations

import pytest

from engine.search.alphabeta import search
from engine.search.levels import level
from engine.search.play import PI_NODES_PER_SECOND
from engine.search.types import Limits
from engine.shogi import SHOGI
from engine.shogi.tables import KING

TOP = level(10)
TOP_NODES = round(TOP.seconds * PI_NODES_PER_SECOND)

DOUBLE_WING = "7g7f 8c8d 2g2f 8d8e 6i7h 4a3b 2f2e 8e8f 8g8f 8b8f 2e2d 2c2d 2h2d P*2c 2d2f 8f8d"
"""A middle-game-like position full of captures: both rooks out, pawns exchanged."""


def test_the_top_level_does_not_open_with_a_king_step() -> None:
    position = SHOGI.position()
    found = search(position, Limits(max_depth=TOP.depth, max_nodes=TOP_NODES))
    assert found.best.drop == 0
    assert position.piece_at(found.best.from_square) & 15 != KING


def test_the_long_pieces_out_and_a_castled_king_are_better() -> None:
    start = SHOGI.position().evaluate()[0]
    opened = SHOGI.position()
    opened.push_text("7g7f")  # the bishop's diagonal opened
    assert opened.evaluate()[0] > start
    stepped = SHOGI.position()
    stepped.push_text("5i5h")  # a king step up the centre file
    assert stepped.evaluate()[0] < start


def test_a_piece_in_the_promotion_zone_counts() -> None:
    home = SHOGI.position("4k4/9/9/9/9/4S4/9/9/4K4 b - 1").evaluate()[0]
    inside = SHOGI.position("4k4/9/4S4/9/9/9/9/9/4K4 b - 1").evaluate()[0]
    assert inside > home


def test_the_top_levels_nodes_reach_depth_four_among_captures() -> None:
    position = SHOGI.position()
    for move in DOUBLE_WING.split():
        position.push_text(move)
    found = search(position, Limits(max_depth=TOP.depth, max_nodes=TOP_NODES))
    assert found.depth >= 4  # depth 3 before captures were weighed by what they risk


def test_a_capture_risks_the_capturer_only_where_the_square_is_guarded() -> None:
    guarded = SHOGI.position("4k4/4g4/4p4/9/9/9/9/4R4/4K4 b - 1")
    takes = guarded.parse_move("5h5c")
    assert guarded.capture_risk(takes) > guarded.capture_value(takes)  # the gold takes back
    bare = SHOGI.position("4k4/9/4p4/9/9/9/9/4R4/4K4 b - 1")
    assert bare.capture_risk(bare.parse_move("5h5c")) == 0


@pytest.mark.slow
def test_self_play_at_a_fixed_budget_does_not_shuffle_into_sennichite() -> None:
    # Before the search knew repetition, this self-play drew by sennichite at ply 14.
    position = SHOGI.position()
    for _ in range(24):
        position.push(search(position, Limits(max_depth=3, max_nodes=5000)).best)
        assert position.repetitions() == 1
    assert position.outcome() is None
