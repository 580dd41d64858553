"""A simulated club board through a real Mosquitto: it announces itself with its game's
watch code, the organiser binds it to its table, the board tells the pairing, and the
live record follows the move played through the watch code of its birth."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from engine.registry import find_game
from firmware_host.club.board_side import ClubSide
from firmware_host.club.live import Table
from firmware_host.club.live_watch import LiveWatch
from firmware_host.club.organiser import Command, Verb
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import PairingShown
from firmware_host.remote.address import BrokerAddress
from firmware_host.remote.code import GameCode
from firmware_host.session.state import Phase
from firmware_host.store.storage import GameStore
from hardware.profile import load_profile
from tests.firmware_host.club.test_broker_room import WAIT, Hall
from tests.firmware_host.remote.conftest import Broker, broker  # noqa: F401 - the fixture
from tests.firmware_host.simkit import track

SHOGI = find_game("shogi")


@pytest.fixture
def hall(broker: Broker) -> Iterator[Hall]:  # noqa: F811 - the fixture imported above
    running = Hall(broker.url)
    running.start()
    try:
        yield running
    finally:
        running.close()


def until(sim: Simulation, what: Callable[[], bool], why: Callable[[], str]) -> None:
    """Let the board run (simulated time) while the broker delivers (real time). The
    board's simulation runs in this wait too (a pairing's set-up, its hands): under a
    loaded machine (load 12 on 2 cores) it took longer than the broker's ``WAIT``."""
    deadline = time.monotonic() + 3 * WAIT
    while not what():
        assert time.monotonic() < deadline, why()
        sim.advance(0.05)
        time.sleep(0.01)


def test_a_club_board_on_mosquitto_is_bound_paired_and_followed_live(
    broker: Broker,  # noqa: F811
    hall: Hall,
    tmp_path: Path,
) -> None:
    side = ClubSide(hall.organiser.room, BrokerAddress.parse(broker.url), sequence=0)
    sim = track(
        Simulation(
            SHOGI, load_profile("sim", SHOGI), GameStore(tmp_path / "b.sqlite3"), remote=side
        )
    )
    roster = hall.organiser.roster
    board = side.club.board
    try:
        until(sim, lambda: roster.online() == (board,), lambda: str(roster))
        hall.type(Command(Verb.BIND, board, 1))  # table 1: an even game of shogi
        until(sim, lambda: side.table == 1, lambda: str(side.state))
        assert any(isinstance(n, PairingShown) for n in sim.notices)
        key = hall.organiser.game_key(1)  # the table's game, started for it
        until(sim, lambda: sim.controller.settings.club == key, lambda: str(sim.controller))
        until(sim, lambda: sim.controller.phase is Phase.PLAY, lambda: str(sim.controller.phase))

        def birth_watch() -> str | None:
            entry = next(e for e in roster.entries() if e.board == board)
            if entry.birth is None or entry.birth.table != 1:
                return None
            return entry.birth.watch

        # the pairing's game is broadcast from the board's next look at the broker on
        until(
            sim,
            lambda: (
                side.game.game_id == sim.controller.game_id
                and birth_watch() == str(side.game.watch_code)
            ),
            lambda: str(roster),
        )
        watch_code = birth_watch()
        assert watch_code is not None
        watch = LiveWatch(Table(1, ("Ann", "Bob")), GameCode.parse(watch_code), hall.address)
        try:
            sim.perform("7g7f")

            def shown() -> bool:
                watch.poll()
                view = watch.record.view()
                return view is not None and [m.text for m in view.moves] == ["7g7f"]

            until(sim, shown, lambda: str(watch.record.view()))
        finally:
            watch.close()
    finally:
        sim.close()
        side.close()  # its links to the broker, as a session lets go of its remote
