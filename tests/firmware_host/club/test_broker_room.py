"""The room through a real Mosquitto (started as the remote-play tests start it): two
simulated boards announce themselves, the organiser binds one to its table, that
board's connection dies without a goodbye and the broker's last will shows as an
offline alert with its table; a room state forged with another key is refused."""

from __future__ import annotations

import queue
import socket
import threading
import time
from collections.abc import Callable, Iterator

import pytest

from firmware_host.club.board import ClubBoard
from firmware_host.club.messages import (
    ORGANISER,
    Birth,
    ClubTopic,
    RoomState,
    TableState,
    club_topic,
    encode,
    room_filter,
)
from firmware_host.club.organiser import Command, Organiser, Verb, follow
from firmware_host.club.pairings import Pairing, Round
from firmware_host.club.roster import Alert, AlertKind, Roster
from firmware_host.remote.address import BrokerAddress
from firmware_host.remote.identity import BoardKey
from firmware_host.remote.link import Link
from tests.firmware_host.remote.conftest import Broker, broker  # noqa: F401 - the fixture
from tests.firmware_host.remote.spy import Spy

WAIT = 10.0  # real seconds for the broker to deliver (it takes milliseconds)
ROUND = Round(1, (Pairing(1, ("Ann", "Bob"), "shogi"), Pairing(2, ("Cid", "Dee"), "dobutsu")))


class Hall:
    """The organiser following the room on its own thread, as ``kiban room open`` does."""

    def __init__(self, url: str, key: BoardKey | None = None) -> None:
        self.address = BrokerAddress.parse(url)
        self.organiser = Organiser(key or BoardKey.new(), ROUND)
        self.told: list[str] = []
        self.typed: queue.SimpleQueue[Command] = queue.SimpleQueue()
        self.woken = threading.Event()
        self.stop = threading.Event()
        self.link = Link(self.address, room_filter(self.organiser.room), None, self.woken.set)
        self._thread = threading.Thread(target=self._follow, daemon=True)

    def _follow(self) -> None:
        follow(
            self.organiser,
            self.link,
            lambda said: self.told.append(str(said)),
            self.stop,
            commands=self._commands,
            woken=self.woken,
        )

    def _commands(self) -> list[Command]:
        got: list[Command] = []
        while not self.typed.empty():
            got.append(self.typed.get_nowait())
        return got

    def start(self) -> None:
        self.link.start()
        self._thread.start()

    def type(self, command: Command) -> None:
        self.typed.put(command)
        self.woken.set()

    def close(self) -> None:
        self.stop.set()
        self.woken.set()
        self._thread.join(WAIT)
        self.link.close()


def until(what: Callable[[], bool], why: Callable[[], str]) -> None:
    deadline = time.monotonic() + WAIT
    while not what():
        assert time.monotonic() < deadline, why()
        time.sleep(0.01)


def board_on(url: str, room: str, name: str, birth: Birth) -> tuple[ClubBoard, Link]:
    board = ClubBoard(room, name, BoardKey.new())
    link = Link(BrokerAddress.parse(url), room_filter(room), board.will)
    link.start()
    assert link.wait_connected(WAIT)
    link.publish(*board.birth(birth))
    return board, link


def kill_connection(link: Link) -> None:
    """The board's client dies: its loop stopped, its socket cut with no DISCONNECT."""
    client = link._client
    client.loop_stop()
    sock = client.socket()
    assert isinstance(sock, socket.socket)
    sock.shutdown(socket.SHUT_RDWR)
    sock.close()


@pytest.fixture
def hall(broker: Broker) -> Iterator[Hall]:  # noqa: F811 - the fixture imported above
    running = Hall(broker.url)
    running.start()
    try:
        yield running
    finally:
        running.close()


def test_two_births_then_a_dead_connection_is_an_offline_alert_at_its_table(
    broker: Broker,  # noqa: F811
    hall: Hall,
) -> None:
    room = hall.organiser.room
    roster = hall.organiser.roster
    _, one = board_on(broker.url, room, "board-1", Birth("shogi", None, None))
    _, two = board_on(broker.url, room, "board-2", Birth("dobutsu", 2, 60))
    try:
        until(lambda: roster.online() == ("board-1", "board-2"), lambda: str(roster))
        hall.type(Command(Verb.BIND, "board-1", 1))
        until(lambda: roster.table_of("board-1") == 1, lambda: str(roster))
        assert roster.alerts() == ()
        kill_connection(one)  # paho's loop takes up to a second to stop: not timed
        started = time.monotonic()
        until(lambda: roster.alerts() != (), lambda: str(roster))
        seen_after = time.monotonic() - started
        assert roster.alerts() == (Alert(AlertKind.OFFLINE, "board-1", 1),)
        assert roster.online() == ("board-2",)
        until(
            lambda: "alert: table 1: board board-1 is offline" in hall.told,
            lambda: "\n".join(hall.told),
        )
        assert "board board-1 is bound to table 1" in hall.told
        print(f"offline seen after {seen_after:.3f} s")
        assert seen_after < 1.0, seen_after  # the will at once: no keepalive (15 s) waited out
    finally:
        two.close()
        one.close()


def test_a_room_state_forged_with_another_key_is_refused(
    broker: Broker,  # noqa: F811
    hall: Hall,
) -> None:
    room = hall.organiser.room
    roster = hall.organiser.roster
    until(lambda: roster.state is not None, lambda: "the organiser's state never came back")
    genuine = roster.state
    thief = BoardKey.new()
    topic = club_topic(room, ClubTopic.STATE)
    forged = RoomState(9, ROUND.pairings, (TableState(1, "thief", thief.public),))
    spy = Spy(broker.url, room)
    try:
        spy.publish(topic, encode(topic, ORGANISER, 1 << 40, forged, thief))
        until(
            lambda: any("not signed by the organiser's key" in r for r in roster.refused),
            lambda: str(roster.refused),
        )
    finally:
        spy.close()
    assert roster.state == genuine
    assert roster.state is not None and roster.state.round == 1
    # the organiser says its state again over the forgery: a board joining later reads it
    late = Roster(room)
    listener = Spy(broker.url, room, subscription=room_filter(room))
    try:
        until(
            lambda: (
                any(late.receive(h.topic, h.payload) for h in listener.on(topic))
                and late.state == genuine
            ),
            lambda: f"a late board reads {late.state} ({late.refused})",
        )
    finally:
        listener.close()
