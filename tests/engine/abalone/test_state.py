"""push/pop restore everything, copies are independent."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.abalone import AbalonePosition
from tests.engine.abalone.helpers import aba, is_push, position


def snapshot(pos: AbalonePosition) -> tuple[object, ...]:
    return (
        pos.text(),
        pos.turn,
        pos.lost(0),
        pos.lost(1),
        pos.outcome(),
        tuple(sorted(aba(pos))),
        dict(pos.layout()),
        pos.threatened_spots(),
        len(pos.move_stack),
    )


@settings(max_examples=60, deadline=None)
@given(
    choices=st.lists(st.integers(min_value=0, max_value=10_000), max_size=120),
    layout=st.sampled_from(["standard", "belgian", "german"]),
)
def test_push_pop_restores_everything(choices: list[int], layout: str) -> None:
    pos = position(None, layout=layout)
    snapshots = []
    played = []
    for choice in choices:
        moves = list(pos.legal_moves())
        if not moves:
            break
        pushes = [m for m in moves if is_push(pos, m)]
        pool = pushes if pushes and choice % 2 else moves  # reach push-offs and wins
        move = pool[choice % len(pool)]
        snapshots.append(snapshot(pos))
        pos.push(move)
        played.append(move)
    for move in reversed(played):
        assert pos.pop() == move
        assert snapshot(pos) == snapshots.pop()
    assert pos.move_stack == []


def test_copy_is_independent() -> None:
    pos = position()
    pos.push_text("C3D4")
    twin = pos.copy()
    assert twin.text() == pos.text() and twin.move_stack == pos.move_stack
    twin.push_text("G5F5")
    twin.push_text("D4E5")
    assert pos.text() == "wwwww/wwwwww/2www2/8/9/3b4/3bb2/bbbbbb/bbbbb w 0 0"
    assert len(pos.move_stack) == 1
    twin.pop()
    twin.pop()
    assert twin.text() == pos.text()
    assert twin.pop() == pos.move_stack[0]
    assert twin.text() == position().text()
    assert pos.pop() == twin.read_move("C3D4")
