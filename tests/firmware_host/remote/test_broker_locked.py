"""The broker ``kiban broker`` sets up, run as it is written (Debian's mosquitto, on a
free loopback port): boards with their own logins play a game over TLS, and Mosquitto
itself refuses an unknown user, a wrong password, a client that does not trust the
broker's certificate authority, and a board writing another board's topics."""

from __future__ import annotations

import os
import subprocess
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from engine.registry import find_game
from firmware_host.broker.files import (
    MAX_PACKET,
    BrokerFiles,
    Login,
    add_boards,
    password_line,
    read_users,
    write_broker,
)
from firmware_host.cli import main
from firmware_host.loops.simulator import Simulation
from firmware_host.remote.address import BrokerAddress
from firmware_host.remote.code import GameCode
from firmware_host.remote.game import RemoteGame
from firmware_host.remote.identity import BoardKey
from firmware_host.remote.link import Link
from firmware_host.remote.messages import (
    MAX_BOARDS,
    MAX_BYTES,
    MAX_MOVES,
    Envelope,
    GameSpec,
    Topic,
    encode,
    topic,
)
from firmware_host.remote.terms import RemoteGameError, Request
from firmware_host.store.storage import GameStore
from hardware.profile import load_profile
from tests.firmware_host.remote.bare_client import HOST, WAIT, Client, serving
from tests.firmware_host.remote.conftest import free_port
from tests.firmware_host.remote.players import (
    check_agreed,
    close_players,
    join_while,
    make_board,
    play_game,
)

DOBUTSU = find_game("dobutsu")


@dataclass
class Locked:
    files: BrokerFiles
    process: subprocess.Popen[bytes]

    def login(self, user: str) -> Login:
        return next(login for login in self.files.logins if login.user == user)

    def url(self, user: str) -> str:
        return self.login(user).address(HOST, self.files.port, self.files.ca)


@pytest.fixture
def locked(tmp_path: Path) -> Iterator[Locked]:
    """The broker as ``kiban broker`` writes it, for the boards host1, join1 and join2."""
    files = write_broker(
        tmp_path / "broker", HOST, ["host1", "join1", "join2"], free_port(), bind="127.0.0.1"
    )
    with serving(files, tmp_path) as process:
        yield Locked(files, process)


def test_boards_with_their_own_logins_play_over_tls(locked: Locked, tmp_path: Path) -> None:
    host = make_board(
        "host", DOBUTSU, Request(BrokerAddress.parse(locked.url("host1")), host=True), tmp_path, 31
    )
    players = [host]
    try:
        joining = Request(
            BrokerAddress.parse(locked.url("join1")), host=False, code=host.remote.code
        )
        players.append(
            join_while(players, lambda: make_board("join", DOBUTSU, joining, tmp_path, 31))
        )
        assert [p.remote.setting.board for p in players if p.remote.setting] == ["host1", "join1"]
        play_game(players, max_plies=14)
        check_agreed(players)
    finally:
        close_players(players)


@pytest.mark.parametrize(
    ("who", "refused"),
    [
        ("unknown user", "Not authorized"),
        ("wrong password", "Not authorized"),
        ("no login", "Not authorized"),
        ("a board's login", "Success"),
    ],
)
def test_only_a_board_with_its_own_password_is_let_in(
    locked: Locked, who: str, refused: str
) -> None:
    login = locked.login("join1")
    user, password = {
        "unknown user": ("mallory", login.password),
        "wrong password": ("join1", login.password + "x"),
        "no login": (None, None),
        "a board's login": ("join1", login.password),
    }[who]
    client = Client(locked.files.port, user, password, locked.files.ca)
    try:
        assert client.connect() == refused
    finally:
        client.close()


def test_a_client_that_does_not_trust_the_brokers_authority_is_refused(
    locked: Locked, tmp_path: Path
) -> None:
    login = locked.login("join1")
    client = Client(locked.files.port, "join1", login.password, None)  # the system's CAs
    try:
        assert "CERTIFICATE_VERIFY_FAILED" in client.connect()
    finally:
        client.close()
    stranger = write_broker(tmp_path / "other", HOST, ["x"], free_port())
    link = Link(
        BrokerAddress.parse(locked.url("join1").split("?")[0] + f"?ca={stranger.ca}"),
        "kiban/#",
        None,
    )
    link.start()
    try:
        assert not link.wait_connected(2.0)
    finally:
        link.close()


def _mistaken(locked: Locked, tmp_path: Path, mistake: str) -> BrokerAddress:
    """join1's address with one mistake: no ``?ca=``, another broker's authority, or
    the broker reached by a name its certificate does not hold."""
    url = locked.url("join1")
    if mistake == "no ca":
        url = url.split("?")[0]
    elif mistake == "wrong ca":
        stranger = write_broker(tmp_path / "other", HOST, ["x"], free_port())
        url = url.split("?")[0] + f"?ca={stranger.ca}"
    else:
        url = url.replace(f"@{HOST}:", "@127.0.0.1:")
    return BrokerAddress.parse(url)


CERTIFICATE_SAID = {
    "no ca": "the broker's certificate is not trusted: add its certificate authority to the"
    " broker address (?ca=FILE: the ca.crt kiban broker wrote)",
    "wrong ca": "the broker's certificate is not signed by the authority in {ca}: add the"
    " broker's own authority to the broker address (?ca=FILE: the ca.crt kiban broker wrote)",
    "wrong host": "the broker's certificate does not name 127.0.0.1: give the host name it"
    " was made for (kiban broker --host) in the broker address",
}


@pytest.mark.parametrize("mistake", sorted(CERTIFICATE_SAID))
def test_a_certificate_refused_says_why_and_what_to_do_and_is_tried_again(
    locked: Locked, tmp_path: Path, mistake: str
) -> None:
    address = _mistaken(locked, tmp_path, mistake)
    tries = threading.Semaphore(0)
    link = Link(address, "kiban/#", None, tries.release)
    link.start()
    try:
        assert tries.acquire(timeout=WAIT) and tries.acquire(timeout=WAIT)  # and again
        assert str(link.trouble) == CERTIFICATE_SAID[mistake].format(ca=address.ca)
        assert link.error is not None and str(link.trouble) in link.error
        assert not link.connected
    finally:
        link.close()


def test_a_host_board_shows_the_certificate_refused_and_a_joining_board_says_it(
    locked: Locked, tmp_path: Path
) -> None:
    host = make_board(
        "host", DOBUTSU, Request(_mistaken(locked, tmp_path, "no ca"), host=True), tmp_path, 33
    )
    try:
        deadline = time.monotonic() + WAIT
        while "not trusted" not in str(host.sim.controller.remote_wait):
            assert time.monotonic() < deadline, host.sim.controller.remote_wait
            host.wait()
        assert str(host.sim.controller.remote_wait) == (
            f"waiting for the broker ({CERTIFICATE_SAID['no ca']}): the game is kept"
        )
        joining = RemoteGame(
            Request(_mistaken(locked, tmp_path, "wrong host"), host=False, code=host.remote.code),
            join_wait=1.0,
        )
        store = GameStore(tmp_path / "join.sqlite3")
        try:
            with pytest.raises(RemoteGameError, match=r"does not name 127\.0\.0\.1") as refused:
                Simulation(DOBUTSU, load_profile("sim", DOBUTSU), store, remote=joining)
        finally:
            if joining.link is not None:
                joining.link.close()
            store.close()
        assert "is the host's board on" not in str(refused.value)
    finally:
        close_players([host])


def test_a_board_cannot_write_another_boards_topics(locked: Locked) -> None:
    """Mosquitto's ACL, not Kiban: what join1 writes on host1's topics never reaches
    anyone, and what is kept there stays host1's."""
    room = "r00m"
    watcher = Client(locked.files.port, "join2", locked.login("join2").password, locked.files.ca)
    owner = Client(locked.files.port, "host1", locked.login("host1").password, locked.files.ca)
    thief = Client(locked.files.port, "join1", locked.login("join1").password, locked.files.ca)
    try:
        for client in (watcher, owner, thief):
            assert client.connect() == "Success"
        watcher.subscribe("kiban/#")
        hosts = [topic(room, kind, "host1") for kind in Topic]
        for name in hosts:
            owner.publish(name, b"host1's own")
        thiefs = topic(room, Topic.BOARD, "join1")
        thief.publish(thiefs, b"join1's own")  # its own topic: allowed
        for name in hosts:
            thief.publish(name, b"forged")  # taken (MQTT 3.1.1 cannot say no), dropped
            thief.publish(name, b"")  # nor can it wipe what is kept there
        deadline = time.monotonic() + WAIT
        while len(watcher.heard) < len(hosts) + 1 and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(0.5)  # anything more would have come by now
        assert sorted(watcher.heard) == sorted(
            [(name, b"host1's own") for name in hosts] + [(thiefs, b"join1's own")]
        )
        late = Client(locked.files.port, "join2", locked.login("join2").password, locked.files.ca)
        try:
            assert late.connect() == "Success"
            late.subscribe("kiban/#")
            deadline = time.monotonic() + WAIT
            while len(late.heard) < len(hosts) - 1 and time.monotonic() < deadline:
                time.sleep(0.02)
            retained = dict(late.heard)
            assert all(
                retained[topic(room, k, "host1")] == b"host1's own"
                for k in Topic
                if k is not Topic.ASK
            )
        finally:
            late.close()
    finally:
        for client in (watcher, owner, thief):
            client.close()


def test_the_largest_message_a_board_sends_fits_a_packet_the_broker_takes() -> None:
    """The game as the host says it with the most a board accepts of it (every move,
    a long start, every board's key): under the size every board reads, and the
    packet, topic and MQTT's own bytes with it, under ``max_packet_size``."""
    code = GameCode.new()
    keys = code.keys()
    key = BoardKey.new()
    board = "b" * 32
    spec = GameSpec(
        "u" * 12,
        "chaturaji",
        (("variant", "x" * 64),) * 8,
        "s" * 2048,
        ("P*5e+=" * 2,) * MAX_MOVES,  # 12 characters: longer than any game's notation
        (("opponent", "x" * 64),) * 8,
        board,
        (1, 2, 3),
        tuple((seat, board) for seat in range(4)),
        tuple((f"{n:032d}", key.public) for n in range(MAX_BOARDS)),
        tuple((seat, board) for seat in range(4)),
    )
    name = topic(keys.room, Topic.GAME, board)
    envelope = Envelope(name, board, 2**62, spec)
    payload = encode(envelope, key, keys.introduce(board, key.public, host=True))
    assert len(payload) <= MAX_BYTES
    assert len(payload) + len(name.encode()) + 2 + 2 + 5 <= MAX_PACKET  # ids, lengths


def test_the_written_limits_are_mosquittos_own_and_a_packet_too_large_cuts_a_login_off(
    locked: Locked,
) -> None:
    """Mosquitto started with the written file (the fixture: it refuses an option it
    does not know), and enforces ``max_packet_size``: a packet one byte over it
    disconnects the login that sent it; one at it is taken and kept."""
    written = locked.files.config.read_text()
    for option in ("max_packet_size", "memory_limit", "max_queued_messages", "max_queued_bytes"):
        assert f"\n{option} " in written, option
    own = topic("r00m", Topic.BOARD, "join1")
    overhead = 2 + len(own) + 2 + 1  # the topic (its length, its text), the packet id, a byte
    # of the header (Mosquitto counts the packet as its remaining length and one byte)
    sender = Client(locked.files.port, "join1", locked.login("join1").password, locked.files.ca)
    gone = threading.Event()
    sender.client.on_disconnect = lambda *_: gone.set()
    try:
        assert sender.connect() == "Success"
        sender.publish(own, b"x" * (MAX_PACKET - overhead))  # taken
        assert not gone.is_set()
        sender.client.publish(own, b"y" * (MAX_PACKET - overhead + 1), qos=1, retain=True)
        assert gone.wait(WAIT)  # cut off
    finally:
        sender.close()
    reader = Client(locked.files.port, "join2", locked.login("join2").password, locked.files.ca)
    try:
        assert reader.connect() == "Success"
        reader.subscribe(own)
        deadline = time.monotonic() + WAIT
        while not reader.heard and time.monotonic() < deadline:
            time.sleep(0.02)
        assert reader.heard == [(own, b"x" * (MAX_PACKET - overhead))]
    finally:
        reader.close()


def test_two_boards_on_one_login_are_told_to_get_one_each(locked: Locked, tmp_path: Path) -> None:
    host = make_board(
        "host", DOBUTSU, Request(BrokerAddress.parse(locked.url("host1")), host=True), tmp_path, 32
    )
    try:
        same = Request(BrokerAddress.parse(locked.url("host1")), host=False, code=host.remote.code)
        with pytest.raises(RemoteGameError, match="each board needs a login of its own"):
            join_while([host], lambda: make_board("twin", DOBUTSU, same, tmp_path, 32))
    finally:
        close_players([host])


def test_the_password_file_is_mosquittos_own_format(tmp_path: Path) -> None:
    """What mosquitto_passwd writes for the same salt and password, line for line."""
    made = tmp_path / "made"
    subprocess.run(["mosquitto_passwd", "-c", "-b", str(made), "alice", "s3cret"], check=True)
    theirs = made.read_text().strip()
    salt = __import__("base64").b64decode(theirs.split("$")[3])
    assert password_line("alice", "s3cret", salt=salt) == theirs


def test_kiban_broker_sets_one_up_and_adds_a_board(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "b"
    code = main(
        ["broker", str(folder), "--host", "broker.example", "--board", "k1", "--board", "k2"]
    )
    said = capsys.readouterr().out
    assert code == 0 and "mosquitto -c" in said
    assert "mqtts://k1:" in said and "@broker.example:8883?ca=" in said
    for name in ("ca.key", "server.key", "passwords", "logins"):
        assert (folder / name).stat().st_mode & 0o777 == 0o600, name
    assert main(["broker", str(folder), "--add", "k3"]) == 0
    assert "mqtts://k3:" in capsys.readouterr().out
    assert read_users(folder / "passwords") == ["k1", "k2", "k3"]
    assert main(["broker", str(folder), "--add", "k3"]) == 2  # a user once
    assert main(["broker", str(folder), "--host", "h", "--board", "k9"]) == 2  # set up once
    assert main(["broker", str(tmp_path / "c"), "--host", "h", "--board", "no/slash"]) == 2
    assert "cannot be a board's user" in capsys.readouterr().err
    assert add_boards(folder, ["k4"]).host == "broker.example"
    assert os.access(folder / "mosquitto.conf", os.R_OK)
