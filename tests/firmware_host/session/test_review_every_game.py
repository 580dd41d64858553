"""The post-game review's judging in every game: a question for each move chosen by a
player (none for a dice roll), each answer turned into a note, and the notes read back
as the game's moves."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.game import Position
from engine.physical import Sensing
from engine.registry import find_game, names
from firmware_host.opponents.thinking import InlineThinker
from firmware_host.session.review import review_of
from firmware_host.session.review_judging import ReviewJudging
from tests.firmware_host.opponents.fakes import Always, ListedPlayer
from tests.registered import product_games

OWN = {game.name for game in product_games()}


def played(name: str, plies: int) -> Position[Any]:
    """A game of ``name`` a few moves (and rolls) in, chosen at random but the same
    each run."""
    position: Position[Any] = find_game(name).position()
    chooser = random.Random(name)
    for _ in range(plies):
        if position.outcome() is not None:
            break
        chance = position.chance_moves()
        moves = list(chance) if chance is not None else list(position.legal_moves())
        position.push(chooser.choice(sorted(moves, key=position.move_text)))
    return position


@pytest.mark.parametrize("name", names())
def test_every_chosen_move_of_every_game_is_judged(name: str) -> None:
    position = played(name, 8)
    judging = ReviewJudging.of(position, 1, 0)
    rolls = len(position.move_stack) - len(judging.questions)  # no question for a roll
    assert len(judging.questions) >= (4 if name in OWN else 1)  # a small game ends early
    assert (rolls > 0) is position.game.rolls_dice(position.options)
    thinker = InlineThinker(Always(ListedPlayer({})))
    thinker.want(judging.wanted())
    for result in thinker.results():
        assert judging.take(result)
    assert judging.done and judging.wanted() == ()
    assert sorted(judging.notes) == [q.ply for q in judging.questions]
    review = review_of(1, position, Sensing.OCCUPANCY).with_notes(
        judging.notes, Sensing.OCCUPANCY, judging.start
    )
    assert set(review.notes) == {q.ply for q in judging.questions}
