"""A club's room on the broker ``kiban broker`` locks, run as it is written (Debian's
mosquitto on a free loopback port, TLS, a login each): Mosquitto's own ACL lets an
organiser write only its room, a board only its own birth, a spectator nothing and a
bridge what it carries; a room runs through it with the boards' and the organiser's
own logins, and a state a board forges never reaches anyone."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from firmware_host.broker.acl import Role, read_roles
from firmware_host.broker.files import BrokerFiles, BrokerSetupError, add_boards, write_broker
from firmware_host.cli import main
from firmware_host.club.board import ClubBoard
from firmware_host.club.keeping import organiser_key
from firmware_host.club.messages import (
    ORGANISER,
    Birth,
    ClubTopic,
    RoomState,
    TableState,
    club_topic,
    encode,
    room_filter,
    room_of,
)
from firmware_host.club.organiser import Command, Verb
from firmware_host.remote.address import BrokerAddress
from firmware_host.remote.identity import BoardKey
from firmware_host.remote.link import Link
from firmware_host.remote.messages import Topic, topic
from tests.firmware_host.club.test_broker_room import ROUND, Hall, until
from tests.firmware_host.remote.bare_client import HOST, WAIT, Client, serving
from tests.firmware_host.remote.conftest import free_port

ORGANISER_KEY = BoardKey.new()
ROOM = room_of(ORGANISER_KEY.public)
OTHER_ROOM = room_of(BoardKey.new().public)


@dataclass
class Locked:
    files: BrokerFiles

    def url(self, user: str) -> str:
        login = next(login for login in self.files.logins if login.user == user)
        return login.address(HOST, self.files.port, self.files.ca)

    def client(self, user: str) -> Client:
        login = next(login for login in self.files.logins if login.user == user)
        client = Client(self.files.port, user, login.password, self.files.ca)
        assert client.connect() == "Success", user
        return client


@pytest.fixture
def locked(tmp_path: Path) -> Iterator[Locked]:
    """The broker as ``kiban broker`` writes it for two boards, the room's organiser, a
    spectator and a bridge."""
    roles = {ROOM: Role.ORGANISER, "viewer": Role.SPECTATOR, "hall": Role.BRIDGE}
    files = write_broker(
        tmp_path / "broker",
        HOST,
        ["board-1", "board-2"],
        free_port(),
        bind="127.0.0.1",
        roles=roles,
    )
    with serving(files, tmp_path):
        yield Locked(files)


def test_each_login_writes_only_what_its_role_lets_it(locked: Locked) -> None:
    """Each login tries the room's topics; a watcher (the spectator: it reads) hears
    exactly the writes its role allows, the rest dropped by Mosquitto (MQTT 3.1.1
    cannot say no)."""
    state, other_state = (club_topic(room, ClubTopic.STATE) for room in (ROOM, OTHER_ROOM))
    light = club_topic(ROOM, ClubTopic.LIGHT, "board-1")
    births = {name: club_topic(ROOM, ClubTopic.BOARD, name) for name in ("board-1", "board-2")}
    tries = {
        ROOM: [state, light, other_state, births["board-1"]],
        "board-1": [births["board-1"], births["board-2"], state, light],
        "viewer": [
            club_topic(ROOM, ClubTopic.BOARD, "viewer"),
            club_topic("viewer", ClubTopic.STATE),
            topic("r00m", Topic.BOARD, "viewer"),
        ],
        "hall": [other_state, births["board-2"]],
    }
    allowed = {
        (ROOM, state),
        (ROOM, light),
        ("board-1", births["board-1"]),
        ("hall", other_state),
        ("hall", births["board-2"]),
    }
    watcher = locked.client("viewer")  # one connection a login: the broker's client id
    writers = {user: watcher if user == "viewer" else locked.client(user) for user in tries}
    try:
        watcher.subscribe("kiban/#")
        for user, names in tries.items():
            for name in names:
                writers[user].publish(name, user.encode())
        deadline = time.monotonic() + WAIT
        while len(watcher.heard) < len(allowed) and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(0.5)  # anything more would have come by now
        assert sorted(watcher.heard) == sorted((name, user.encode()) for user, name in allowed)
    finally:
        for client in {watcher, *writers.values()}:
            client.close()


def test_a_room_runs_through_the_locked_broker_and_a_board_cannot_forge_its_state(
    locked: Locked,
) -> None:
    hall = Hall(locked.url(ROOM), ORGANISER_KEY)
    board = ClubBoard(ROOM, "board-1", BoardKey.new())
    link = Link(BrokerAddress.parse(locked.url("board-1")), room_filter(ROOM), board.will)
    hall.start()
    link.start()
    roster = hall.organiser.roster
    try:
        assert link.wait_connected(WAIT)
        link.publish(*board.birth(Birth("shogi", None, None)))
        until(lambda: roster.online() == ("board-1",), lambda: str(roster))
        hall.type(Command(Verb.BIND, "board-1", 1))
        until(lambda: roster.table_of("board-1") == 1, lambda: str(roster))
        genuine = roster.state
        # board-1 forges the room's state, signed as the organiser would, with its own key
        name = club_topic(ROOM, ClubTopic.STATE)
        forged = RoomState(9, ROUND.pairings, (TableState(1, "board-1", BoardKey.new().public),))
        link.publish(name, encode(name, ORGANISER, 1 << 40, forged, ORGANISER_KEY))
        # then says its birth again: what it wrote before would have come by now
        link.publish(*board.birth(Birth("shogi", None, 40)))
        until(
            lambda: any(e.birth is not None and e.birth.battery == 40 for e in roster.entries()),
            lambda: str(roster),
        )
        assert roster.state == genuine
        assert roster.refused == []  # the broker dropped it: it never came to be refused
    finally:
        link.close()
        hall.close()


def test_kiban_broker_gives_an_organiser_its_rooms_name_and_adds_logins_by_role(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = tmp_path / "state"
    assert main(["room", "name", "--state-dir", str(state)]) == 0
    room = capsys.readouterr().out.strip()
    assert room == room_of(organiser_key(state)[0].public)  # the key kept, the same room
    folder = tmp_path / "b"
    code = main(["broker", str(folder), "--host", "h", "--board", "k1", "--organiser", room])
    said = capsys.readouterr().out
    assert code == 0 and f"{room} (organiser): mqtts://{room}:" in said
    assert main(["broker", str(folder), "--spectator", "v1", "--bridge", "out"]) == 0
    assert "v1 (spectator): mqtts://v1:" in capsys.readouterr().out
    assert read_roles(folder / "roles") == {
        room: Role.ORGANISER,
        "v1": Role.SPECTATOR,
        "out": Role.BRIDGE,
    }
    acl = (folder / "acl").read_text()
    assert "user v1\ntopic deny kiban/v3/+/+/v1\n" in acl and "user out\ntopic write kiban/#" in acl
    assert main(["broker", str(folder), "--organiser", "not-a-room"]) == 2
    assert "is not a room's name" in capsys.readouterr().err
    assert main(["broker", str(folder), "--spectator", "k1"]) == 2  # a name once
    assert main(["broker", str(folder), "--spectator", "v2", "--bridge", "v2"]) == 2


def test_a_roles_file_it_cannot_read_names_its_file_and_line(tmp_path: Path) -> None:
    folder = tmp_path / "b"
    write_broker(folder, "h", ["k1"], roles={"v1": Role.SPECTATOR})
    (folder / "roles").write_text("v1 spectator\nk1 king\n")
    with pytest.raises(BrokerSetupError, match=r"roles, line 2: not 'user role'"):
        add_boards(folder, ["k2"])
