"""Taking a board's place, through a real Mosquitto: someone on the broker who connects
with a board's client id (MQTT's session takeover) cannot cut it off, since no board's
id can be read off the topics or used twice; someone with the play code cannot get a
seat bound to another board, even while that board is away; and a board that lost its
store gets its seat back only when the person at the host accepts it there."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from engine.registry import find_game
from firmware_host.notices.declared import Proposal
from firmware_host.remote.identity import BoardKey
from firmware_host.remote.messages import BoardState, Presence, Topic
from firmware_host.remote.room import Role, Room, SeatRequest
from firmware_host.remote.terms import Request
from firmware_host.session.actions import Select
from firmware_host.session.state import AcceptChoice, Prompting
from tests.firmware_host.remote.conftest import Broker
from tests.firmware_host.remote.players import (
    Player,
    check_agreed,
    close_players,
    heard_all,
    join_while,
    make_board,
    open_game,
    play_game,
    settle_all,
)
from tests.firmware_host.remote.spy import Spy
from tests.firmware_host.simkit import close

DOBUTSU = find_game("dobutsu")
CONNECT_WAIT = 5.0  # real seconds for the broker to take an intruder's connection


def intrude(port: int, client_id: str) -> None:
    """Connect with ``client_id`` (the broker drops whoever had it), stay a moment, leave."""
    connected = threading.Event()
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id)
    client.on_connect = lambda *_: connected.set()
    client.connect("127.0.0.1", port)
    client.loop_start()
    try:
        assert connected.wait(CONNECT_WAIT), "the intruder could not connect"
        time.sleep(0.3)
    finally:
        client.disconnect()
        client.loop_stop()


def guessed_ids(players: list[Player]) -> list[str]:
    """Every client id someone reading the topics could make of a board: the room and
    the board id, as Kiban's ids were once made of them."""
    room = players[0].room.keys.room
    ids = []
    for player in players:
        assert player.remote.setting is not None
        board = player.remote.setting.board
        ids += [f"kiban-{room[:8]}-{board}", f"kiban-{room}-{board}", board, f"kiban-{board}"]
    return ids


def connects(players: list[Player]) -> list[int]:
    return [p.remote.link.connects if p.remote.link is not None else -1 for p in players]


def test_nobody_on_the_broker_can_take_a_boards_connection_over(
    broker: Broker, tmp_path: Path
) -> None:
    players = open_game(broker.url, DOBUTSU, tmp_path, [(), ()], seed=11)
    host, joiner = players
    try:
        play_game(players, until=lambda: host.ply >= 2)
        heard_all(players)
        assert connects(players) == [1, 1]
        for _ in range(3):  # as an attacker would, again and again
            for client_id in guessed_ids(players):
                intrude(broker.port, client_id)
                for player in players:
                    player.wait()
        for _ in range(20):
            for player in players:
                player.wait()
        assert connects(players) == [1, 1], "a board was cut off by a guessed client id"
        assert all(p.remote.link is not None and p.remote.link.connected for p in players)
        # each connection has an id of its own: one used before, leaked, is of no use
        link = joiner.remote.link
        assert link is not None
        first_id = getattr(link, "client_id", None)
        assert isinstance(first_id, str)
        broker.restart()
        settle_all(players, lambda: connects(players) == [2, 2], "no reconnection")
        assert getattr(link, "client_id", None) != first_id
        intrude(broker.port, first_id)
        play_game(players, until=lambda: host.ply >= 6)
        assert connects(players) == [2, 2]
        play_game(players, max_plies=16)
        check_agreed(players)
    finally:
        close_players(players)


def mallory(player: Player) -> Room:
    """Someone who holds the play code, with a board id and a key of their own."""
    return Room(player.room.keys, "M4LL0RY", Role.JOIN, BoardKey.new())


def prompt_of(player: Player) -> AcceptChoice | None:
    """The seat request the host's board asks its player about, if one is shown."""
    state = player.sim.controller.state
    if not isinstance(state, Prompting):
        return None
    found = [c for c in state.choices if isinstance(c, AcceptChoice)]
    return found[0] if found and found[0].proposal.kind is Proposal.SEAT else None


def test_a_play_code_holder_cannot_take_the_seat_of_a_board_that_is_away(
    broker: Broker, tmp_path: Path
) -> None:
    players = open_game(broker.url, DOBUTSU, tmp_path, [(), ()], seed=12)
    host, joiner = players
    assert joiner.remote.setting is not None and host.remote.setting is not None
    board, uid = joiner.remote.setting.board, host.remote.setting.uid
    seat = joiner.remote.seats[0]
    spy = Spy(broker.url, host.room.keys.room)
    try:
        play_game(players, until=lambda: joiner.sim.controller.position.turn == seat)
        heard_all(players)
        close(joiner.sim)  # the board is switched off: its seat waits for it
        settle_all([host], lambda: host.room.online.get(board) is False, "no last will")
        position = host.sim.controller.position
        forged = sorted(position.move_text(m) for m in position.legal_moves())[0]
        thief = mallory(host)
        for kind, body in (
            (Topic.ONLINE, Presence(True)),
            (Topic.BOARD, BoardState(uid, (seat,), 0, (*host.moves, forged))),
        ):
            spy.publish(*thief.message(kind, body))
        settle_all([host], lambda: prompt_of(host) is not None, "the host's player was not asked")
        for _ in range(40):
            host.wait()
        spec = host.room.spec
        assert spec is not None and spec.owner(seat) == board  # still the away board's
        assert host.sim.controller.guide is None  # the thief's move is not lit
        choice = prompt_of(host)
        assert choice is not None
        assert choice.proposal.ref == SeatRequest("M4LL0RY", seat, board)
        host.sim.send(Select("decline"))  # the person at the host says no
        for _ in range(40):
            host.wait()
        assert prompt_of(host) is None and host.sim.controller.guide is None
        spec = host.room.spec
        assert spec is not None and spec.owner(seat) == board and "M4LL0RY" not in dict(spec.keys)
        # the board comes back as itself and the game goes on, the thief's move nowhere
        request = joiner.remote.request
        joiner = join_while(
            [host], lambda: make_board("join1", DOBUTSU, request, tmp_path, joiner.seed)
        )
        players = [host, joiner]
        play_game(players, max_plies=14)
        moves = check_agreed(players)
        assert forged not in moves[len(position.move_stack) : len(position.move_stack) + 1]
    finally:
        spy.close()
        close_players(players)


def test_a_board_that_lost_its_store_gets_its_seat_back_when_the_host_accepts(
    broker: Broker, tmp_path: Path
) -> None:
    players = open_game(broker.url, DOBUTSU, tmp_path, [(), ()], seed=13)
    host, joiner = players
    assert joiner.remote.setting is not None
    board = joiner.remote.setting.board
    seat_name = DOBUTSU.seats[joiner.remote.seats[0]].name
    try:
        play_game(players, until=lambda: host.ply >= 4)
        heard_all(players)
        close(joiner.sim)
        (tmp_path / "join1.sqlite3").unlink()  # its store, with its key, is gone
        settle_all([host], lambda: host.room.online.get(board) is False, "no last will")
        request = Request(
            host.remote.request.address, host=False, code=host.remote.code, seats=(seat_name,)
        )
        box: dict[str, Player] = {}

        def rejoin() -> None:
            box["player"] = make_board("again", DOBUTSU, request, tmp_path, joiner.seed)

        thread = threading.Thread(target=rejoin, daemon=True)
        thread.start()
        settle_all([host], lambda: prompt_of(host) is not None, "the host's player was not asked")
        assert thread.is_alive()  # not seated yet: it waits for the person at the host
        host.sim.send(Select("accept"))
        deadline = time.monotonic() + 30
        while thread.is_alive() and time.monotonic() < deadline:
            host.wait()
        thread.join(1)
        again = box["player"]
        spec = host.room.spec
        assert spec is not None and again.remote.setting is not None
        assert spec.owner(joiner.remote.seats[0]) == again.remote.setting.board
        assert spec.holders(joiner.remote.seats[0])[1:] == (board,)
        players = [host, again]
        play_game(players, max_plies=14)
        assert again.moves == host.moves and host.outcome is not None
    finally:
        close_players(players)
