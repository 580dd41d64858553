"""``kiban room sim``'s simulated players (issue 79): they play every game to its end,
refills included (a Robotory table's players never pressed refill and waited for ever),
with the clock asked for."""

from __future__ import annotations

import random
from pathlib import Path

from engine.registry import find_game
from firmware_host.club.board_side import ClubSide
from firmware_host.club.pairings import Pairing, Round
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import MoveCommitted
from firmware_host.remote.loopback import LoopbackBroker
from firmware_host.store.storage import GameStore
from firmware_host.tools.play.club_boards import SimBoard
from hardware.profile import load_profile
from tests.firmware_host.club.hallkit import LoopHall
from tests.firmware_host.remote.loopkit import ADDRESS
from tests.firmware_host.simkit import of, track

ROUND = Round(1, (Pairing(1, ("Ann", "Bob"), "robotory"),))
PLIES = 400  # a Robotory game of quick players ends in about 60 (measured: 40 to 90)


def test_the_simulated_players_refill_and_play_a_robotory_game_to_its_end(
    tmp_path: Path,
) -> None:
    broker = LoopbackBroker()
    clock = [1_000_000.0]
    hall = LoopHall(broker, ROUND, clock)
    game = find_game("robotory")
    side = ClubSide(hall.organiser.room, ADDRESS, link_factory=broker.link_factory)
    store = GameStore(tmp_path / "table-1.sqlite3")
    settings = {"clock": "5m"}
    profile = load_profile("sim", game)
    sim = track(Simulation(game, profile, store, remote=side, resume=False, settings=settings))
    board = SimBoard(sim, side, 1, "level:1", 0.5, random.Random(1))
    now = 0.0
    board.last = now
    hall.turn()
    hall.send(*hall.organiser.bind(side.club.board, 1))
    for _ in range(PLIES * 4):
        now += 0.25
        board.step(now)
        clock[0] += 0.25
        hall.turn()
        if sim.controller.outcome is not None:
            break
    assert sim.controller.outcome is not None, sim.controller.position.move_stack[-5:]
    moves = [n.move for n in of(MoveCommitted, sim.notices)]
    assert any(move.startswith("refill") for move in moves), moves
    assert sim.controller.settings.clock is not None  # played on the clock asked for
    view = hall.view(1)
    assert view is not None and view.ending is not None
    assert tuple(m.text for m in view.moves) == sim.controller.position.played().moves
    board.close()
