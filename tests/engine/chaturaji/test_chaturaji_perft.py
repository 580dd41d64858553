"""Counting the tree of turns (perft), with counts checked by hand on tiny positions.

A *turn* is every sequence of moves from one turn's start to the next's: one roll
outcome (each of the 4 faces, or each of the 16 ordered pairs with two dice,
counted separately), then the move or lost turn (``pass``) it allows, two moves
with two dice, and any king exchange decisions. ``perft(n)`` counts the leaves
``n`` turns deep.
"""

from __future__ import annotations

import random

import pytest

from engine.chaturaji import ChaturajiPosition
from tests.engine.chaturaji.helpers import choose, names, position, random_game, text
from tests.engine.chaturaji.oracle import Naive

# The counts from the start (each army has 10 (roll, move) pairs: roll 2 a1c3; roll 3
# b1a3, b1c3; roll 4 pass (the elephant is walled in); roll 5 d1e1, d1e2, a2a3, b2b3,
# c2c3, d2d3), without dice, with two, in teams and with ranks=on are data run by
# tests/engine/test_contract.py: tests/engine/chaturaji/perft.json; so is the check that perft
# leaves the position unchanged and gives the same count twice.

# A tiny position counted by hand: black's king a1 and boat c1, green's king h8.
TINY = text({"a1": "kK", "c1": "kB", "h8": "gK"})
TWO_SEATS = {"seats": "black,green"}


def test_hand_count_one_die() -> None:
    """Black: roll 2 -> the boat c1a3, c1e3 (2); roll 3 -> pass (1); roll 4 -> pass
    (1); roll 5 -> the king a1a2, a1b1, a1b2 (3): 7. Green answers each with 6: roll 5 ->
    h8g8, h8g7, h8h7 and three passes; the armies cannot touch: 7 * 6 = 42."""
    pos = position(TINY, **TWO_SEATS)
    assert pos.perft(1) == 7
    assert pos.perft(2) == 42


def test_hand_count_two_dice() -> None:
    """The 16 ordered pairs, the player choosing which die to use first:
    - 3 or 4 with 3 or 4 (4 pairs): nothing moves, one pass each: 4;
    - 2 with 3 or 4 (4 pairs): the boat (2 squares), then a pass: 8;
    - 5 with 3 or 4 (4 pairs): the king (3 squares), then a pass: 12;
    - 2 2: boat to a3 (then c5, c1) or e3 (then c5, g5, c1, g1): 6;
    - 5 5: king to a2 (then a1 a3 b1 b2 b3), b1 (a1 a2 b2 c2), b2 (a1 a2 a3 b1 b3 c2 c3): 16;
    - 2 5 and 5 2: boat first (2) then the king (3), or the king first (3) then the boat
      (2): 12 each, 24.
    In all 4 + 8 + 12 + 6 + 16 + 24 = 70."""
    assert position(TINY, dice="2", **TWO_SEATS).perft(1) == 70


def test_hand_count_without_dice() -> None:
    """The king's 3 squares and the boat's 2."""
    tiny = text({"a1": "kK", "c1": "kB", "h8": "gK"}, faces="-")
    assert position(tiny, dice="0", **TWO_SEATS).perft(1) == 5


def test_hand_count_of_a_king_exchange_turn() -> None:
    """Black (team game, its team has lost both kings) has only an elephant on a2.
    Rolls 2, 3, 5: a pass each (3). Roll 4: a2a1, a2a3 and a2b2 .. a2f2 (7 quiet moves),
    a2g2 taking yellow's pawn (1), and a2a4 taking green's king, after which the turn goes
    on with a question: no exchange (1 leaf) or offer, then accept or decline (2 leaves).
    In all 3 + 7 + 1 + 3 = 14."""
    pieces = {"a2": "kE", "a4": "gK", "b7": "gH", "f8": "rE", "h1": "yK", "g2": "yh"}
    assert position(text(pieces), mode="teams").perft(1) == 14
    # in the individual game there is no question: 3 + 7 + 1 + 1
    assert position(text(pieces)).perft(1) == 12


# --- the engine against a naive referee written apart from it --------------------------


@pytest.mark.parametrize("options", [{}, {"ranks": "on"}, {"seats": "black,red"}])
def test_engine_agrees_with_a_naive_referee(options: dict[str, str]) -> None:
    """Every position of seeded random games: the same legal moves after each roll, and
    the same board and scores after each of them (parades and promotions included)."""
    checked = 0
    for seed in range(4):
        for pos in random_game(seed, 400, **options):
            if pos.chance_moves() is not None:
                continue
            naive = Naive(pos.text(), ranks=options.get("ranks") == "on")
            legal = names(pos)
            assert legal == naive.legal(), pos.text()
            for move in legal:
                after = pos.copy()
                after.push_text(move)
                board = _board(after)
                expected_board, expected_scores = naive.board_after(move)
                assert board == expected_board, (pos.text(), move)
                assert after.scores() == tuple(expected_scores[seat] for seat in "kgry")
                checked += 1
    assert checked > 1000


def _board(pos: ChaturajiPosition) -> dict[str, str]:
    return {
        cell: "kgry"[stones[0].owner or 0] + stones[0].kind for cell, stones in pos.layout().items()
    }


def test_engine_agrees_with_the_naive_referee_where_parades_happen() -> None:
    """Three boats in the centre block and black's two squares away: random play
    completes parades (and also breaks them up)."""
    boats = {"b2": "kB", "d5": "gB", "e5": "rB", "e4": "yB"}
    kings = {"a1": "kK", "a8": "gK", "h8": "rK", "h1": "yK", "c2": "kh", "g7": "rh"}
    start = text({**boats, **kings})
    parades = 0
    rng = random.Random(7)
    for _ in range(60):
        pos = position(start)
        for _ in range(40):
            if pos.outcome() is not None:
                break
            pos.push(choose(pos, rng))
            if pos.chance_moves() is not None:
                continue
            naive = Naive(pos.text())
            assert names(pos) == naive.legal(), pos.text()
            for move in names(pos):
                after = pos.copy()
                after.push_text(move)
                expected_board, expected_scores = naive.board_after(move)
                assert _board(after) == expected_board, (pos.text(), move)
                assert after.scores() == tuple(expected_scores[seat] for seat in "kgry")
                parades += len(_board(pos)) - len(_board(after)) == 3
    assert parades > 0
