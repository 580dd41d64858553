"""push/pop restore everything, copies are independent."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dobutsu import DobutsuMove, DobutsuPosition
from tests.engine.dobutsu.helpers import position, usi


def snapshot(pos: DobutsuPosition) -> tuple[object, ...]:
    return (
        pos.text(),
        pos.turn,
        pos.repetitions(),
        pos.outcome(),
        tuple(sorted(usi(pos))),
        dict(pos.layout()),
        dict(pos._counts),  # the repetition history itself
        len(pos.move_stack),
    )


@settings(max_examples=150, deadline=None)
@given(
    choices=st.lists(st.integers(min_value=0, max_value=10_000), max_size=60),
    promotion=st.sampled_from(["optional", "mandatory"]),
    repetition=st.integers(min_value=2, max_value=5),
)
def test_push_pop_restores_everything(choices: list[int], promotion: str, repetition: int) -> None:
    pos = position(promotion=promotion, repetition=str(repetition))
    snapshots = []
    played = []
    for choice in choices:
        moves = list(pos.legal_moves())
        if not moves:
            break
        # Bias towards stepping back so that repetitions come up.
        move = moves[choice % len(moves)]
        if choice % 3 == 0 and len(played) >= 2 and played[-2].from_cell is not None:
            back = type(move).step(played[-2].to_cell, played[-2].from_cell)
            move = back if back in moves else move
        snapshots.append(snapshot(pos))
        pos.push(move)
        played.append(move)
    for move in reversed(played):
        assert pos.pop() == move
        assert snapshot(pos) == snapshots.pop()
    assert pos.move_stack == []


def test_repetition_history_survives_pop_and_push_again() -> None:
    pos = position(repetition="3")
    cycle = ["1d1c", "3a3b", "1c1d", "3b3a"]
    for move in cycle * 2:
        pos.push_text(move)
    assert pos.outcome() is not None
    pos.pop()
    assert pos.outcome() is None
    assert pos.repetitions() == 2  # white's giraffe on 3b, white to move: seen twice
    pos.push_text("3b3a")
    assert pos.outcome() is not None


def test_copy_is_independent() -> None:
    pos = position()
    pos.push_text("2c2b")
    twin = pos.copy()
    assert twin.text() == pos.text()
    assert twin.move_stack == pos.move_stack
    twin.push_text("2a2b")
    twin.push_text("C*3c")
    assert pos.text() == "gle/1C1/3/ELG w C 2"
    assert len(pos.move_stack) == 1
    # Both can unwind their own history.
    twin.pop()
    twin.pop()
    assert twin.pop() == pos.move_stack[0]
    assert twin.text() == "gle/1c1/1C1/ELG b - 1"
    assert twin.move_stack == []
    assert pos.pop() == DobutsuMove.step("2c", "2b")
    assert pos.text() == "gle/1c1/1C1/ELG b - 1"


def test_copy_keeps_repetition_counts_separate() -> None:
    pos = position(repetition="2")
    pos.push_text("1d1c")
    pos.push_text("3a3b")
    pos.push_text("1c1d")
    twin = pos.copy()
    twin.push_text("3b3a")
    assert twin.outcome() is not None
    assert pos.outcome() is None
    assert pos.repetitions() == 1


def test_text_positions_start_a_fresh_history() -> None:
    pos = position(repetition="2")
    for move in ["1d1c", "3a3b", "1c1d"]:
        pos.push_text(move)
    again = position(pos.text(), repetition="2")
    assert again.repetitions() == 1
    again.push_text("3b3a")  # the start position, but it was never seen by this history
    assert again.outcome() is None
    assert again.repetitions() == 1
