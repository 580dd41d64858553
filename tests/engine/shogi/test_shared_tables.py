"""The move generator's tables keep each equal value once (docs/speed.md, the idle
service's memory): every pair of squares on one line has the same line, a gote piece's
steps are where the sente piece attacks from, a gold's side steps are the same for
both seats. The look-ups read what they read before, at a fraction of the memory."""

from __future__ import annotations

from engine.shogi import moves, tables


def test_a_pool_gives_back_the_first_equal_value() -> None:
    shared = tables.Shared()
    first = tuple(range(3))
    assert shared(first) is first
    assert shared(tuple(range(3))) is first
    big = shared(3 << 70)
    assert shared(int("3") << 70) is big


def test_equal_bitboards_and_rows_are_one_object() -> None:
    rank_a = tables.LINE[0][1]
    assert all(tables.LINE[a][b] is rank_a for a in range(9) for b in range(9) if a != b)
    for code in range(32):
        assert tables.ATTACKED_FROM[code] is tables.STEP[code ^ 16]  # turned half a circle
    assert tables.STEP[tables.PAWN + tables.PROMOTED] is tables.STEP[tables.GOLD]  # a tokin


def test_both_seats_share_a_golds_moves_where_they_are_the_same() -> None:
    top = 41  # a gold on 5e (square 40), looked up by top
    sides = 1 << 39 | 1 << 41
    sente, gote = moves.GOLD_MOVES[0][top][sides], moves.GOLD_MOVES[1][top][sides]
    assert sente is gote
    assert sorted(move.to_square for move in sente) == [39, 41]
