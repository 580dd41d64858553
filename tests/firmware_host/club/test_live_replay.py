"""A table's game played along view by view (``club/live_replay.py``) is the game played
again from its start, whatever order the views come in: every game, views that go on,
views cut short (a delayed audience, a take-back), a new game at the table, a move
refused."""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import KibanError
from engine.game import Layout, Position
from engine.registry import find_game, names
from firmware_host.club.live import LiveGame, LiveMove, Table
from firmware_host.club.live_replay import Replay

PLIES = 24


@cache
def line(game: str, seed: int) -> tuple[str, ...]:
    """A seeded random game's moves, its dice rolled where it has them."""
    rng = random.Random(f"{game} {seed}")
    position = find_game(game).position(None, {})
    texts: list[str] = []
    while len(texts) < PLIES and position.outcome() is None:
        chance = position.chance_moves()
        move = rng.choice(list(chance) if chance is not None else list(position.legal_moves()))
        texts.append(position.move_text(move))
        position.push(move)
    return tuple(texts)


def view(game: str, texts: tuple[str, ...]) -> LiveGame:
    moves = tuple(LiveMove(text, 0, float(ply), None) for ply, text in enumerate(texts))
    return LiveGame(Table(1), game, (), "", None, moves, None, 0.0, 0.0)


def from_start(game: str, texts: tuple[str, ...]) -> tuple[Position[Any], Layout | None]:
    position = find_game(game).position(None, {})
    before: Layout | None = None
    for text in texts:
        before = position.layout()
        position.push_text(text)
    return position, before


@settings(max_examples=60, deadline=None)
@given(
    game=st.sampled_from(sorted(names())),
    views=st.lists(st.tuples(st.integers(0, 1), st.integers(0, PLIES)), min_size=1, max_size=8),
)
def test_a_game_played_along_is_the_game_played_from_its_start(
    game: str, views: list[tuple[int, int]]
) -> None:
    replay = Replay()
    for seed, length in views:
        texts = line(game, seed)[:length]
        played = replay.play(view(game, texts))
        position, before = from_start(game, texts)
        assert played.position.text() == position.text()
        assert len(played.position.move_stack) == len(texts)
        assert (played.before_last is None) == (before is None)
        if before is not None and played.before_last is not None:
            assert dict(played.before_last) == dict(before)


def test_only_the_new_moves_are_played() -> None:
    """The point of it: a view one move on plays that move alone."""
    texts = line("shogi", 0)
    replay = Replay()
    replay.play(view("shogi", texts[:20]))
    checked: list[str] = []
    position = replay.play(view("shogi", texts[:20])).position
    original = type(position).push_text

    def counting(self: Any, text: str) -> Any:
        checked.append(text)
        return original(self, text)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(type(position), "push_text", counting)
        replay.play(view("shogi", texts[:21]))
    assert checked == [texts[20]]


def test_a_move_refused_leaves_the_game_as_far_as_it_was_played() -> None:
    texts = line("dobutsu", 0)
    replay = Replay()
    with pytest.raises(KibanError):
        replay.play(view("dobutsu", (*texts[:3], "9z9y")))
    played = replay.play(view("dobutsu", texts[:5]))
    assert played.position.text() == from_start("dobutsu", texts[:5])[0].text()
