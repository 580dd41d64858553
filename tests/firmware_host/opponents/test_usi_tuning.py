"""The calibration table's entry for a Fairy-Stockfish level reaches the engine: its
skill, and the nodes and depth of each search where the caller leaves them open."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.registry import find_game
from engine.search import BuiltinPlayer
from engine.search.ladder import LadderEngine, Rung, builtin_level
from engine.search.levels import level
from engine.search.types import Limits
from firmware_host.opponents.players import Players
from firmware_host.opponents.seats import parse_spec
from firmware_host.opponents.usi import UsiPlayer
from tests.firmware_host.opponents.conftest import FakeEngine
from tests.firmware_host.opponents.test_usi_fake import QUICK
from tests.registered import product_games

MakeFake = Callable[..., FakeEngine]


def test_a_tuned_level_sends_the_tables_skill_nodes_and_depth(fake_engine: MakeFake) -> None:
    engine = fake_engine()
    tuning = Rung("dobutsu", LadderEngine.FAIRY, 3, nodes=1234, depth=5, skill=7)
    player = UsiPlayer(engine.path, find_game("dobutsu"), level(3), timeouts=QUICK, tuning=tuning)
    try:
        player.analyse(find_game("dobutsu").position())
    finally:
        player.close()
    received = engine.received()
    assert "setoption name Skill Level value 7" in received
    go = next(line for line in received if line.startswith("go "))
    assert go.startswith("go depth 5 nodes 1234 ")


def test_the_callers_limits_come_before_the_tables(fake_engine: MakeFake) -> None:
    engine = fake_engine()
    tuning = Rung("dobutsu", LadderEngine.FAIRY, 3, nodes=1234, skill=7)
    player = UsiPlayer(engine.path, find_game("dobutsu"), level(3), timeouts=QUICK, tuning=tuning)
    try:
        player.analyse(find_game("dobutsu").position(), limits=Limits(max_nodes=99))
    finally:
        player.close()
    go = next(line for line in engine.received() if line.startswith("go "))
    assert go.startswith("go nodes 99 ")


def test_a_built_in_seat_plays_with_the_tables_parameters_for_its_game() -> None:
    for game in product_games():  # each calibrated on its own ladder rows
        name = game.name
        player = Players().player(parse_spec("level:4"), game, {}, random.Random)
        assert isinstance(player, BuiltinPlayer)
        assert player.level == builtin_level(name, level(4))
