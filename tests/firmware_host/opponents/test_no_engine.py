"""A game no outside engine plays (no SFEN: Abalone, Robotory, Chaturaji): asking for
``engine`` at its seat is refused, naming the game and what plays it (issue 63:
``kiban sim abalone --opponent b=engine`` silently played the built-in search)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from engine.game import Game
from engine.registry import games
from firmware_host.opponents.players import Players, check_engines
from firmware_host.opponents.seats import OpponentError, parse_spec
from firmware_host.opponents.usi import UsiPlayer

UNPLAYED = [game for game in games() if game.usi is None]


def test_the_games_no_engine_plays_are_the_three_without_sfen() -> None:
    # of the bundled games (a test-only game, ``--toy-game``, may be among them too)
    names = {game.name for game in UNPLAYED}
    assert {"abalone", "robotory", "chaturaji"} <= names
    assert not {"shogi", "dobutsu"} & names


@pytest.mark.parametrize("game", UNPLAYED, ids=lambda game: game.name)
@pytest.mark.parametrize("asked", ["engine", "engine:4", "usi:/usr/games/fairy-stockfish"])
def test_kiban_sim_refuses_an_engine_for_a_game_no_engine_plays(
    game: Game[Any], asked: str
) -> None:
    letter = game.seats[1].letter
    with pytest.raises(OpponentError) as refused:
        check_engines(game, f"{letter}={asked}", {})
    said = str(refused.value)
    assert said.startswith(f"--opponent {letter}={asked}: no outside engine plays {game.title}")
    assert "Kiban's own search" in said


@pytest.mark.parametrize("game", UNPLAYED, ids=lambda game: game.name)
def test_a_command_that_asked_for_the_engine_is_refused_a_stored_seat_plays_on(
    game: Game[Any],
) -> None:
    players = Players()
    with pytest.raises(OpponentError, match=re.escape(f"no outside engine plays {game.title}")):
        players.player(parse_spec("engine"), game, {}, random.Random, strict=True)
    # a game stored with an engine seat is still played, by the built-in search
    stored = players.player(parse_spec("engine"), game, {}, random.Random)
    assert not isinstance(stored, UsiPlayer)


def test_the_games_an_engine_plays_are_not_refused() -> None:
    played = [game for game in games() if game.usi is not None]
    assert played
    for game in played:
        check_engines(game, f"{game.seats[1].letter}=engine", {})  # only usi: seats are started
