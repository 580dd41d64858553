"""Forbidden moves a hand can make, with the rule each breaks."""

from __future__ import annotations

import pytest

from engine.dobutsu import DobutsuMove, DobutsuPosition
from tests.engine.dobutsu.helpers import position, random_games, sfen


def reasons(pos: DobutsuPosition) -> dict[str, str]:
    return {pos.move_text(move): str(reason) for move, reason in pos.illegal_moves()}


def test_wrong_steps_are_named() -> None:
    found = reasons(position())
    assert found["1d1b"] == "the giraffe moves one step orthogonally"
    assert "3d2c" not in found  # 2c holds A's own chick: not a physical move
    assert found["3d3c"] == "the elephant moves one step diagonally"
    assert found["2d2b"] == "the lion moves one step in any direction"
    assert found["2c1b"] == "the chick moves one step forward"


def test_moves_onto_own_pieces_are_not_listed() -> None:
    found = reasons(position())
    assert "2d2c" not in found
    assert "3d2d" not in found


def test_hen_steps() -> None:
    pos = position(sfen({"2b": "+C", "2d": "L", "1d": "l"}))
    assert reasons(pos)["2b3c"] == "the hen moves one step in any direction but diagonally backward"


def test_mandatory_promotion_is_named() -> None:
    pos = position(sfen({"2b": "C", "2d": "L", "1d": "l"}), promotion="mandatory")
    assert reasons(pos)["2b2a"] == "the chick must promote on the far rank"
    optional = position(sfen({"2b": "C", "2d": "L", "1d": "l"}))
    assert "2b2a" not in reasons(optional)
    assert "2b2a+" not in reasons(optional)


def test_wrong_promotions_are_named() -> None:
    pos = position(sfen({"2c": "C", "1b": "+C", "3b": "E", "2d": "L", "1d": "l"}))
    found = reasons(pos)
    assert found["2c2b+"] == "a chick promotes only on the far rank"
    assert found["1b1a+"] == "a hen never turns back into a chick"
    assert found["3b2a+"] == "the elephant cannot promote; only a chick can"
    assert found["2d3c+"] == "the lion cannot promote; only a chick can"


def test_dead_chick_is_named() -> None:
    pos = position(sfen({"2a": "C", "2d": "L", "1d": "l"}))
    assert reasons(pos)["2a2b"] == "a chick on the far rank can never move"


def test_flipped_drops_are_named() -> None:
    pos = position(sfen({"2d": "L", "1d": "l"}, hand="CG"))
    found = reasons(pos)
    assert found["C*2a+"].startswith("a dropped chick enters unpromoted")
    assert found["G*2b+"] == "the giraffe cannot promote; only a chick can"
    assert "C*2a" not in found


@pytest.mark.parametrize(("turn", "player"), [("b", "A"), ("w", "B")])
def test_moving_the_opponents_piece(turn: str, player: str) -> None:
    pos = position(f"gle/1c1/1C1/ELG {turn} - 1")
    found = reasons(pos)
    theirs = "2b2c" if turn == "b" else "2c2b"
    assert found[theirs] == f"it is {player}'s turn"


def test_opponent_chick_promotion_is_listed() -> None:
    pos = position(sfen({"2c": "c", "2a": "L", "3a": "l"}))
    found = reasons(pos)
    assert found["2c2d"] == "it is A's turn"
    assert found["2c2d+"] == "it is A's turn"


def test_nothing_once_the_game_is_over() -> None:
    pos = position("3/1l1/1G1/1L1 b - 1")
    pos.push_text("2c2b")
    assert list(pos.illegal_moves()) == []


@pytest.mark.parametrize("promotion", ["optional", "mandatory"])
def test_never_a_legal_move_and_never_twice(promotion: str) -> None:
    checked = 0
    for pos in random_games(23, 25, 40, promotion=promotion):
        legal = set(pos.legal_moves())
        listed = [move for move, _ in pos.illegal_moves()]
        assert not legal & set(listed)
        assert len(listed) == len(set(listed))
        assert all(isinstance(move, DobutsuMove) for move in listed)
        checked += len(listed)
    assert checked > 5000


def test_every_physical_step_is_legal_or_named() -> None:
    """Each own piece to each square not holding an own piece is one or the other."""
    for pos in random_games(29, 40, 40):
        if pos.outcome() is not None:
            continue
        legal = set(pos.legal_moves())
        named = {move for move, _ in pos.illegal_moves()}
        layout = pos.layout()
        cells = [f + r for r in "abcd" for f in "321"]
        for origin in cells:
            stack = layout.get(origin)
            if not stack or stack[0].owner != pos.turn:
                continue
            for target in cells:
                there = layout.get(target)
                if target == origin or (there and there[0].owner == pos.turn):
                    continue
                for promote in (False, True):
                    move = DobutsuMove.step(origin, target, promote)
                    assert (move in legal) != (move in named), move
