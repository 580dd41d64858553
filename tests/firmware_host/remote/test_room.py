"""The room: the newest state of each board wins (duplicates ignored, older ones
refused), a seat's move is taken only from its own board and only on the same line
of play, and the host seats boards that ask for open seats."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from firmware_host.remote.code import GameCode, RoomKeys
from firmware_host.remote.messages import (
    BoardState,
    Envelope,
    GameSpec,
    Presence,
    Topic,
    encode,
    topic,
)
from firmware_host.remote.room import Role, Room

UID = "g1"
SPEC = GameSpec(UID, "dobutsu", (), "gle/1c1/1C1/ELG b - 1", (), (), "host", (1,))


@cache
def keys() -> RoomKeys:
    return GameCode("K7QM2XRDP9").keys()


def say(room: Room, sender: str, seq: int, body: GameSpec | BoardState | Presence) -> object:
    kind = {GameSpec: Topic.GAME, BoardState: Topic.BOARD, Presence: Topic.ONLINE}[type(body)]
    name = topic(keys().room, kind, None if kind is Topic.GAME else sender)
    return room.receive(name, encode(Envelope(name, sender, seq, body), keys()))


def joined_room() -> Room:
    room = Room(keys(), "host", Role.HOST)
    room.spec = SPEC
    return room


def test_newest_state_wins_duplicates_are_ignored_older_ones_refused() -> None:
    room = joined_room()
    one = BoardState(UID, (1,), 0, ("c2c3",))
    two = BoardState(UID, (1,), 0, ("c2c3", "b4b3"))
    assert say(room, "j1", 10, one) == one
    assert say(room, "j1", 11, two) == two
    assert say(room, "j1", 11, two) is None  # the broker delivered it twice
    assert room.duplicates == 1
    assert say(room, "j1", 10, one) is None  # replayed, or delayed past a newer one
    assert room.states["j1"] == two
    assert room.refused.count == 1 and "replayed or stale" in room.refused.reasons[-1]


def test_states_of_another_game_are_refused() -> None:
    room = joined_room()
    assert say(room, "j1", 1, BoardState("another", (1,), 0, ())) is None
    assert "another game" in room.refused.reasons[-1]
    assert "j1" not in room.states


def test_a_seats_move_comes_from_its_own_board_on_the_same_line() -> None:
    room = joined_room()
    room.spec = replace(SPEC, roster=((1, "j1"),))
    say(room, "j1", 1, BoardState(UID, (1,), 0, ("b3b2", "c2c3")))
    assert room.move_at(1, ("b3b2",), 0, seat=1) == "c2c3"
    assert room.move_at(1, ("a3a2",), 0, seat=1) is None  # after another first move
    assert room.move_at(1, ("b3b2",), 1, seat=1) is None  # before a takeback: stale
    assert room.move_at(2, ("b3b2", "c2c3"), 0, seat=1) is None  # not played yet


def test_the_host_seats_boards_and_a_seat_passes_on_only_from_an_offline_board() -> None:
    room = joined_room()
    say(room, "j1", 1, Presence(True))
    say(room, "j1", 2, BoardState(UID, (1,), 0, ()))
    seated = room.seat_host(SPEC)
    assert seated.owner(1) == "j1" and seated.owner(0) == "host"
    room.spec = seated
    say(room, "j2", 1, Presence(True))
    say(room, "j2", 2, BoardState(UID, (1,), 0, ()))
    assert room.seat_host(seated).owner(1) == "j1"  # taken: j2 waits
    say(room, "j1", 3, Presence(False))  # j1's last will
    assert room.seat_host(seated).owner(1) == "j2"


def test_presence_is_taken_as_it_arrives_but_an_old_one_again_is_refused() -> None:
    room = joined_room()
    say(room, "j1", 5, Presence(True))
    say(room, "j1", 4, Presence(False))  # a will signed when the connection was made
    assert room.online["j1"] is False
    say(room, "j1", 7, Presence(True))  # connected again (its next will is signed: 6)
    assert room.online["j1"] is True
    assert say(room, "j1", 4, Presence(False)) is None  # the last will, sent again
    assert room.online["j1"] is True and room.duplicates == 1
    say(room, "j1", 6, Presence(False))  # that connection's own will
    assert room.online["j1"] is False
    say(room, "j1", 9, Presence(True))
    assert say(room, "j1", 4, Presence(False)) is None  # an older will, replayed
    assert room.online["j1"] is True
    assert "replayed or stale" in room.refused.reasons[-1]


def test_own_messages_teach_a_restarted_board_where_it_was() -> None:
    room = Room(keys(), "j1", Role.JOIN)
    mine = BoardState(UID, (1,), 0, ("b3b2",))
    say(room, "j1", 2_000_000_000_000, mine)
    assert room.own == mine
    assert room.sequence.next() > 2_000_000_000_000
