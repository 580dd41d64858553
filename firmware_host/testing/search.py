"""The search check: the built-in computer plays every game (``analyse``, at the level
its calibration rows give level 1, or level 1's own where it ships none)."""

from __future__ import annotations

import random
from typing import Any

from engine.errors import GameOverError
from engine.game import Game, Position
from engine.search import analyse, level
from engine.search.ladder import builtin_level, ladder, ladder_file
from firmware_host.testing.lines import SIMS, about, random_line, sample_positions


def check_level_one(position: Position[Any], seed: int) -> None:
    """Level 1 plays a legal move of ``position`` and leaves it as it was, and the coach's
    analysis (every move valued) values legal moves only."""
    game = position.game
    chosen = builtin_level(game.name, level(1), ladder(ladder_file(game)))
    before = position.text()
    found = analyse(position, chosen, rng=random.Random(seed))
    assert position.is_legal(found.best), f"level 1 played {found.best!r}, not a legal move"
    assert position.text() == before, "the search changed the position"
    judged = analyse(position, chosen, rng=random.Random(seed), judge_all=True)
    assert position.is_legal(judged.best), f"the coach's best {judged.best!r} is not legal"
    assert all(position.is_legal(move) for move in judged.values), "a value for an illegal move"
    assert position.text() == before, "the coach's search changed the position"


def search(game: Game[Any], *, sims: int = SIMS) -> None:
    """Level 1 answers in a few positions of ``sims`` random games with a legal move, and
    a game that is over has no move to search for."""
    searched = 0
    for seed, position in enumerate(sample_positions(game, sims)):
        if position.chance_moves() is not None or position.outcome() is not None:
            continue  # a roll is the session's to draw; the end is checked below
        with about(f"{game.name} after {len(position.move_stack)} plies"):
            check_level_one(position, seed)
        searched += 1
    assert searched, f"no position of {game.name}'s random game had a move to search"
    end = game.position()
    for move in random_line(game, ()):
        end.push_text(move)
    if end.outcome() is not None:
        try:
            analyse(end, level(1), rng=random.Random(0))
        except GameOverError:
            pass
        else:
            raise AssertionError(f"a search of {game.name}'s finished game found a move")
