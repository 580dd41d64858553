"""push/pop restore everything, copies are independent."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.shogi import ShogiPosition
from tests.engine.shogi.helpers import position, usi


def snapshot(pos: ShogiPosition) -> tuple[object, ...]:
    return (
        pos.text(),
        pos.turn,
        pos.repetitions(),
        pos.outcome(),
        tuple(sorted(usi(pos))),
        dict(pos.layout()),
        pos.is_check(),
        len(pos.move_stack),
        (pos.king_square(0), pos.king_square(1)),
    )


@settings(max_examples=60, deadline=None)
@given(choices=st.lists(st.integers(min_value=0, max_value=10_000), max_size=80))
def test_push_pop_restores_everything(choices: list[int]) -> None:
    pos = position("4k4/9/9/9/9/9/9/9/4K4 b 2R2B4G4S4N4L9P9p 1" if choices[:1] == [0] else None)
    snapshots = []
    played = []
    for choice in choices:
        moves = list(pos.legal_moves())
        if not moves:
            break
        # Prefer captures and drops now and then, so that hands change.
        lively = [m for m in moves if m.drop or pos.piece_at(m.to_square)]
        move = (lively if lively and choice % 2 else moves)[choice % len(lively or moves)]
        snapshots.append(snapshot(pos))
        pos.push(move)
        played.append(move)
    for move in reversed(played):
        assert pos.pop() == move
        assert snapshot(pos) == snapshots.pop()
    assert pos.move_stack == []


def test_copies_are_independent() -> None:
    pos = position()
    pos.push_text("7g7f")
    clone = pos.copy()
    clone.push_text("3c3d")
    clone.push_text("8h2b+")
    assert pos.text() == "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
    assert len(pos.move_stack) == 1 and len(clone.move_stack) == 3
    assert "hand:b:B" in clone.layout() and "hand:b:B" not in pos.layout()
    assert usi(pos) != usi(clone)
    pos.pop()
    assert clone.text().startswith("lnsgkgsnl/1r5+B1/")


def test_repetition_counts_survive_pop_and_push_again() -> None:
    pos = position()
    for move in ["5i4h", "5a4b", "4h5i", "4b5a"] * 3:
        pos.push_text(move)
    assert pos.outcome() is not None
    pos.pop()
    pos.push_text("4b5a")
    assert pos.repetitions() == 4 and pos.outcome() is not None
