"""The player behind each kind of seat: the built-in search, a random mover, an outside
engine (with a low level's mistakes), and the built-in search where no engine plays."""

from __future__ import annotations

import random

from engine.registry import find_game
from engine.search.levels import level
from firmware_host.opponents.players import Beginner, Noted, Players
from firmware_host.opponents.seats import parse_spec
from firmware_host.opponents.thinking import Purpose, request_for, think
from tests.firmware_host.opponents.fakes import ListedPlayer

DOBUTSU = find_game("dobutsu")


def test_a_low_level_engine_makes_the_levels_mistakes_and_a_top_one_none() -> None:
    position = DOBUTSU.position()
    best = ListedPlayer().analyse(position).best
    shares = []
    for number in (1, 4, 10):
        chosen = level(number)
        beginner = Beginner(ListedPlayer(), chosen, random.Random(5))
        played = [beginner.analyse(position).best for _ in range(200)]
        shares.append(sum(move != best for move in played) / len(played))
    # a mistake is a move by feel over the level's shallow look: the weaker, the more
    assert shares[0] > shares[1] > shares[2] == 0.0, shares
    assert shares[1] > 0.1, shares


def test_each_spec_gets_its_player() -> None:
    players = Players()
    try:
        position = DOBUTSU.position()
        for spec, kind in [("level:3", "BuiltinPlayer"), ("random", "RandomPlayer")]:
            request = request_for(Purpose.MOVE, position, 1, parse_spec(spec), 0)
            assert type(players(request, DOBUTSU)).__name__ == kind
        abalone = find_game("abalone")
        request = request_for(Purpose.MOVE, abalone.position(), 1, parse_spec("usi:/x"), 0)
        player = players(request, abalone)
        assert isinstance(player, Noted) and "no outside engine plays Abalone" in player.note
        engine = request_for(Purpose.MOVE, position, 1, parse_spec("engine:1"), 0)
        assert isinstance(players(engine, DOBUTSU), Beginner)  # Fairy-Stockfish, installed
        result = think(engine, players)
        assert result.best is not None and result.failed is None
        assert DOBUTSU.position().parse_move(result.best) is not None
    finally:
        players.close()
