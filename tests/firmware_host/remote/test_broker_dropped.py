"""A move the broker dropped is asked for again (issue 66): a board that stops reading
while the room is flooded has the other board's move dropped by Mosquitto (its queue
per client is full); the other board's next heartbeat shows the gap, the board says
it waits for the move, asks again, and the move is lit. Through a real Mosquitto
whose queue is made short, so that a short flood fills it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine.registry import find_game
from firmware_host.remote.catchup import CatchUp, Pace
from firmware_host.remote.link import Link
from firmware_host.remote.messages import Topic, topic
from tests.firmware_host.remote.conftest import MOSQUITTO, Broker, free_port
from tests.firmware_host.remote.players import close_players, open_game, play_game
from tests.firmware_host.remote.spy import Spy

QUEUED = 10  # the broker's queue per client (Mosquitto's default is 1000)
FLOOD = 200  # messages into the room while the board does not read: far past the queue
PAUSE = 3.0  # real seconds the board does not read (issue 66: stalls of 3-8 s)
CAUGHT_UP = 10.0  # real seconds after it reads again for the move to be lit
FAST = Pace(heartbeat=0.5, silence=5.0, grace=0.2, first=0.5, most=2.0)
WAITS = "waiting for the other board's move"


@pytest.fixture
def short_queue(tmp_path: Path) -> Iterator[Broker]:
    if not MOSQUITTO.exists():
        pytest.fail(f"{MOSQUITTO} is missing: `make broker` installs it")
    directory = tmp_path / "broker"
    directory.mkdir()
    limits = f"max_queued_messages {QUEUED}\nmax_inflight_messages 2\nlog_type notice\n"
    running = Broker(free_port(), directory, extra=limits)
    running.start()
    try:
        yield running
    finally:
        running.stop()


def test_a_board_paused_under_a_flood_loses_no_move_and_says_it_waits(
    short_queue: Broker, tmp_path: Path
) -> None:
    players = open_game(short_queue.url, find_game("dobutsu"), tmp_path, [(), ()], seed=1)
    host, joiner = players
    spy: Spy | None = None
    try:
        for player in players:
            player.remote.catch_up = CatchUp(FAST)
        play_game(players, until=lambda: host.ply == joiner.ply == 2)
        assert host.sim.controller.position.turn in host.remote.seats
        link = joiner.remote.link
        assert isinstance(link, Link)
        link._client.loop_stop()  # the joiner stops reading: the broker queues for it
        paused_at = time.monotonic()
        spy = Spy(short_queue.url, host.room.keys.room)
        junk = topic(host.room.keys.room, Topic.ASK, "flood")
        for number in range(FLOOD):
            spy.publish(junk, f"junk {number}".encode(), retain=False, wait=False)
        spy.flush()
        assert host.act() and host.ply == 3  # its move: dropped on its way to the joiner
        while time.monotonic() - paused_at < PAUSE:
            host.wait()
        log = "".join(p.read_text() for p in short_queue.directory.glob("mosquitto-*.log"))
        assert "dropped" in log.lower(), log  # the broker did drop messages for it

        link._client.loop_start()  # it reads again
        waits: list[str] = []
        deadline = time.monotonic() + CAUGHT_UP
        while joiner.ply < 3:
            assert time.monotonic() < deadline, "the move never came:\n" + joiner.describe()
            joiner.act()
            host.wait()
            waits.append(str(joiner.sim.controller.remote_wait or ""))
        assert joiner.moves == host.moves
        assert any(WAITS in said for said in waits), set(waits)
        for _ in range(10):
            joiner.wait()
        assert WAITS not in str(joiner.sim.controller.remote_wait or "")
    finally:
        if spy is not None:
            spy.close()
        close_players(players)
