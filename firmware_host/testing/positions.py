"""The contract checked on one position: what pushing, popping, copying, its sensors'
view, its texts and its end must keep. The kit runs each on every position of a game's
random games (``firmware_host.testing.contract``); a game's own tests may run one on a
position of their own (a crowded board, a rare rule)."""

from __future__ import annotations

import random
from typing import Any

from engine.game import Position
from engine.outcome import Outcome
from engine.physical import EMPTY, Sensing, frame_diff
from firmware_host.testing.lines import playable


def snapshot(position: Position[Any]) -> tuple[object, ...]:
    """Everything a push and a pop must restore, and a copy must not share."""
    return (
        position.text(),
        position.turn,
        sorted(position.move_text(move) for move in position.legal_moves()),
        position.chance_moves(),
        position.outcome(),
        tuple(position.expected_frame(sensing) for sensing in Sensing),
        dict(position.layout()),
        position.scores(),
        position.dice(),
        position.teams(),
        dict(position.counters()),
        position.threatened_spots(),
        position.check_spots(),
        len(position.move_stack),
    )


def check_push_and_pop(position: Position[Any]) -> None:
    """Every move (or roll) pushed and popped leaves the position as it was."""
    before = snapshot(position)
    for move in playable(position):
        position.push(move)
        popped = position.pop()
        assert popped == move, f"pushed {position.move_text(move)}, popped {popped!r}"
        assert snapshot(position) == before, f"{position.move_text(move)} pushed and popped"


def check_popping_back(position: Position[Any], moves: tuple[str, ...]) -> None:
    """Popping the moves of a whole game passes every position it passed, back to the
    start."""
    seen = []
    for move in moves:
        seen.append(snapshot(position))
        position.push_text(move)
    while seen:
        popped = position.pop()
        assert snapshot(position) == seen.pop(), f"popping {position.move_text(popped)} back"
    assert position.move_stack == [], "moves left after popping them all"


def check_copy(position: Position[Any]) -> None:
    """A copy is the position, and neither shares what the other pushes or pops."""
    before = snapshot(position)
    twin = position.copy()
    assert snapshot(twin) == before and twin.move_stack == position.move_stack, "a copy differs"
    moves = playable(twin)
    if moves:
        twin.push(moves[-1])
        assert snapshot(position) == before, "a move pushed on the copy changed the original"
        twin.pop()
        assert snapshot(twin) == before, "the copy is not itself again after a pop"
    if position.move_stack:
        taken = position.pop()  # the twin keeps its own history
        assert twin.move_stack[-1] == taken, "a pop on the original took the copy's move"
        assert len(twin.move_stack) == len(position.move_stack) + 1
        position.push(taken)


def check_footprints(position: Position[Any], sensing: Sensing) -> None:
    """What the recognizer indexes is what the board will read after the move."""
    game = position.game
    spots = frozenset(game.spots)
    before = position.expected_frame(sensing)
    assert frozenset(before) == spots, "the expected frame is not every spot"
    for move in playable(position):
        text = position.move_text(move)
        footprint = position.footprint(move, sensing)
        position.push(move)
        after = position.expected_frame(sensing)
        position.pop()
        assert footprint.changes == frame_diff(before, after), (
            f"{text}: its footprint is not the change of the expected frame"
        )
        # a game's direct footprint agrees with the default, which plays the move and
        # compares layouts (it may find more hidden changes: a marble rolled on)
        played = Position.footprint(position, move, sensing)
        assert (footprint.changes, footprint.turnable) == (played.changes, played.turnable), (
            f"{text}: its footprint differs from the one its layouts give"
        )
        assert played.hidden <= footprint.hidden, f"{text}: a hidden change left out"
        assert all(before[spot] == after[spot] for spot in footprint.hidden), (
            f"{text}: a hidden spot reads differently"
        )
        assert footprint.must_touch <= footprint.hidden <= spots, f"{text}: must_touch, hidden"
        assert footprint.turnable <= {spot for spot, _ in footprint.changes}, (
            f"{text}: a turnable spot that does not change"
        )
    for move, _ in position.illegal_moves():
        assert position.footprint(move, sensing).spots() <= spots, (
            f"{position.move_text(move)}: an illegal move's footprint leaves the board"
        )


def check_lookups(position: Position[Any], sensing: Sensing) -> None:
    """The lazy questions the recognizer asks give every move the full lists would (more
    is allowed): the moves showing exactly some changes, the moves changing some
    spots, exactly those spots, no board cell;
    the forbidden moves changing some spots; where a piece may end."""
    if position.chance_moves() is not None:
        return
    cells = frozenset(position.game.cells)
    legal = list(position.legal_moves())
    changed = {move: position.footprint(move, sensing).changed_spots() for move in legal}
    shown = {move: position.footprint(move, sensing).changes for move in legal}
    kinds = sorted({changes for changes in shown.values() if changes})
    for changes in random.Random(len(legal)).sample(kinds, min(60, len(kinds))):
        wanted = {move for move in legal if shown[move] == changes}
        assert set(position.moves_showing(changes)) >= wanted, f"moves_showing{changes}"
    off_board = {m for m in legal if not changed[m] & cells}
    assert set(position.moves_off_board()) >= off_board, "moves_off_board() misses a move"
    every = sorted(set(changed.values()), key=sorted)
    for spots in random.Random(len(legal)).sample(every, min(60, len(every))):
        wanted = {move for move in legal if changed[move] == spots}
        assert set(position.moves_changing(spots, exactly=True)) >= wanted, (
            f"moves_changing({sorted(spots)}, exactly=True) misses a move"
        )
        if not spots:
            continue  # a move that changes nothing (a wait): only the exact question
        one = frozenset({min(spots)})
        assert set(position.moves_changing(one)) >= {m for m in legal if one <= changed[m]}, (
            f"moves_changing({sorted(one)}) misses a move"
        )
        illegal = {
            m
            for m, _ in position.illegal_moves()
            if spots <= position.footprint(m, sensing).changed_spots()
        }
        assert {m for m, _ in position.illegal_moves_changing(spots)} >= illegal, (
            f"illegal_moves_changing({sorted(spots)}) misses a move"
        )
    for spot in cells:
        ends = position.destinations(spot)
        if ends is None or ends == (frozenset(), frozenset()):
            continue  # the game lists the moves, or the piece goes nowhere by itself
        moving = [m for m in legal if (spot, EMPTY) in position.footprint(m, sensing).changes]
        reached = set().union(*(changed[m] | position.footprint(m, sensing).hidden for m in moving))
        assert ends[0] | ends[1] == reached - {spot}, f"destinations({spot!r})"


def check_texts(position: Position[Any]) -> None:
    """The position's text makes the same position, and every move's text reads back
    as the move (its rolls and the moves its rules forbid too)."""
    game = position.game
    again = game.position(position.text(), position.options)
    assert again.text() == position.text(), f"{position.text()!r} reads back differently"
    assert again.turn == position.turn and again.layout() == position.layout(), (
        f"{position.text()!r} reads back as another turn or layout"
    )
    assert again.chance_moves() == position.chance_moves(), (
        f"{position.text()!r} reads back with other rolls due"
    )
    moves = playable(position) + [move for move, _ in position.illegal_moves()]
    for move in moves:
        text = position.move_text(move)
        assert position.read_move(text) == move, f"{text!r} reads back as another move"


def check_outcome(position: Position[Any]) -> None:
    """A finished game has no moves of any kind; one going on always has a next move (a
    player's, or the roll that is due), since each game's rules end a game that has none."""
    legal = list(position.legal_moves())
    chance = position.chance_moves()
    if position.outcome() is not None:
        assert legal == [] and chance is None, "a finished game still has moves"
        assert list(position.illegal_moves()) == [], "a finished game still names illegal moves"
        return
    assert legal or chance is not None, "a game going on has no next move"
    if chance is not None:
        assert legal == [] and chance, "a player may move while a roll is due"
    assert isinstance(position.end_by_agreement(), Outcome), "no end by agreement"
