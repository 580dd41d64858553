"""The room: the newest state of each board wins (duplicates ignored, older ones
refused), a seat's move is taken only from its own board, under the key it joined
with, and only on the same line of play; the host seats boards with their keys; a
spectator believes the host by the watch code and the others by the host's seating."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest

from firmware_host.remote.code import GameCode, RoomKeys, _mac
from firmware_host.remote.identity import BoardKey
from firmware_host.remote.messages import (
    Ask,
    BoardState,
    Body,
    Envelope,
    GameSpec,
    Presence,
    Topic,
    encode,
    topic,
)
from firmware_host.remote.room import REPORT_EVERY, Refusals, Role, Room, SeatRequest
from firmware_host.remote.terms import RemoteGameError, RemoteSetting

UID = "g1"
START = "gle/1c1/1C1/ELG b - 1"


@cache
def keys() -> RoomKeys:
    return GameCode("K7QM2XRDP9").keys()


@cache
def spectator_keys() -> RoomKeys:
    return keys().watch_code.keys()


@cache
def key_of(board: str) -> BoardKey:
    return BoardKey.new()


KINDS = {GameSpec: Topic.GAME, BoardState: Topic.BOARD, Presence: Topic.ONLINE, Ask: Topic.ASK}


def payload(sender: str, seq: int, body: Body, *, key: BoardKey | None = None) -> tuple[str, bytes]:
    """``sender``'s message as it would say it (signed with ``key``, its own by default)."""
    kind = KINDS[type(body)]
    name = topic(keys().room, kind, sender)
    signing = key or key_of(sender)
    intro = keys().introduce(sender, signing.public, host=sender == "host")
    return name, encode(Envelope(name, sender, seq, body), signing, intro)


def say(room: Room, sender: str, seq: int, body: Body, *, key: BoardKey | None = None) -> object:
    return room.receive(*payload(sender, seq, body, key=key))


def spec(**changes: object) -> GameSpec:
    base = GameSpec(
        UID, "dobutsu", (), START, (), (), "host", (1,), keys=(("host", key_of("host").public),)
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def seated(*boards: tuple[int, str]) -> GameSpec:
    named = {("host", key_of("host").public)} | {(b, key_of(b).public) for _, b in boards}
    return spec(roster=tuple(boards), keys=tuple(sorted(named)), held=tuple(boards))


def host_room() -> Room:
    room = Room(keys(), "host", Role.HOST, key_of("host"))
    room.spec = spec()
    return room


def joiner_room(board: str = "j1") -> Room:
    room = Room(keys(), board, Role.JOIN, key_of(board))
    say(room, "host", 1, seated((1, "j1")))
    return room


def test_newest_state_wins_duplicates_are_ignored_older_ones_refused() -> None:
    room = host_room()
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
    room = host_room()
    assert say(room, "j1", 1, BoardState("another", (1,), 0, ())) is None
    assert "another game" in room.refused.reasons[-1]
    assert "j1" not in room.states


def test_a_seats_move_comes_from_its_own_board_on_the_same_line() -> None:
    room = host_room()
    room.spec = seated((1, "j1"))
    say(room, "j1", 1, BoardState(UID, (1,), 0, ("b3b2", "c2c3")))
    assert room.move_at(1, ("b3b2",), 0, seat=1) == "c2c3"
    assert room.move_at(1, ("a3a2",), 0, seat=1) is None  # after another first move
    assert room.move_at(1, ("b3b2",), 1, seat=1) is None  # before a takeback: stale
    assert room.move_at(2, ("b3b2", "c2c3"), 0, seat=1) is None  # not played yet


def test_no_board_speaks_for_a_seat_it_does_not_hold() -> None:
    """Chaturaji's four boards: j2 holds seat 2; its record naming seat 1's next move is
    never taken for seat 1, however it is signed."""
    room = joiner_room("j3")
    say(room, "host", 2, seated((1, "j1"), (2, "j2"), (3, "j3")))
    say(room, "j2", 5, BoardState(UID, (2,), 0, ("a", "b", "c", "forged")))
    assert "j2" in room.states  # its own record, taken as its own
    assert room.move_at(3, ("a", "b", "c"), 0, seat=1) is None
    assert room.move_at(3, ("a", "b", "c"), 0, seat=2) == "forged"  # (were it j2's turn)


def test_a_board_speaks_only_under_the_key_it_joined_with() -> None:
    room = joiner_room("j2")
    forger = BoardKey.new()  # someone holding the code, signing in j1's name
    state = BoardState(UID, (1,), 0, ("b3b2",))
    assert say(room, "j1", 9, state, key=forger) is None
    assert "not the key board j1 joined with" in room.refused.reasons[-1]
    assert "j1" not in room.states
    assert say(room, "j1", 9, state) == state  # j1's own key


def test_a_board_nobody_introduced_is_refused() -> None:
    room = host_room()
    name = topic(keys().room, Topic.BOARD, "j7")
    stranger = BoardKey.new()
    envelope = Envelope(name, "j7", 1, BoardState(UID, (1,), 0, ()))
    other_code = GameCode("K7QM2XRDP8").keys()  # a stranger's code vouches for nothing here
    forged = encode(envelope, stranger, other_code.introduce("j7", stranger.public, host=False))
    assert room.receive(name, forged) is None
    assert "not introduced with this game's code" in room.refused.reasons[-1]


def test_a_board_is_introduced_once_its_first_key_stays() -> None:
    room = host_room()
    say(room, "j1", 1, BoardState(UID, (1,), 0, ()))
    assert room.introduced["j1"] == key_of("j1").public
    again = BoardKey.new()
    assert say(room, "j1", 2, BoardState(UID, (1,), 0, ()), key=again) is None
    assert "not the key board j1 joined with" in room.refused.reasons[-1]


def test_the_host_seats_boards_with_their_keys_and_a_seat_stays_bound_to_its_board() -> None:
    """Someone with the play code asks for a seat while its board is away: it is never
    given by itself, only when the person at the host agrees (a board that lost its
    key), and never while its own board is online."""
    room = host_room()
    say(room, "j1", 1, Presence(True))
    say(room, "j1", 2, BoardState(UID, (1,), 0, ()))
    first = room.seat_host(spec())
    assert first.owner(1) == "j1" and first.owner(0) == "host"
    assert first.key_of("j1") == key_of("j1").public and first.held == ((1, "j1"),)
    room.spec = first
    say(room, "j2", 1, Presence(True))
    say(room, "j2", 2, BoardState(UID, (1,), 0, ()))
    assert room.seat_host(first).owner(1) == "j1"  # taken: j2 waits
    assert room.seat_requests(first) == ()  # j1 is online: nothing to ask
    say(room, "j1", 3, Presence(False))  # j1's last will
    assert room.seat_host(first) == first  # still j1's: nobody took it
    request = SeatRequest("j2", 1, "j1")
    assert room.seat_requests(first) == (request,)
    assert room.seat_host(first, frozenset({SeatRequest("j2", 1, "j9")})) == first
    passed = room.seat_host(first, frozenset({request}))  # the host's player agreed
    assert passed.owner(1) == "j2" and passed.holders(1) == ("j2", "j1")
    assert passed.key_of("j1") == key_of("j1").public  # its earlier moves stay its own


def test_presence_is_taken_as_it_arrives_but_an_old_one_again_is_refused() -> None:
    room = host_room()  # online read with get(): mypy keeps an indexed read narrowed
    say(room, "j1", 5, Presence(True))
    say(room, "j1", 4, Presence(False))  # a will signed when the connection was made
    assert room.online.get("j1") is False
    say(room, "j1", 7, Presence(True))  # connected again (its next will is signed: 6)
    assert room.online.get("j1") is True
    assert say(room, "j1", 4, Presence(False)) is None  # the last will, sent again
    assert room.online.get("j1") is True and room.duplicates == 1
    say(room, "j1", 6, Presence(False))  # that connection's own will
    assert room.online.get("j1") is False
    say(room, "j1", 9, Presence(True))
    assert say(room, "j1", 4, Presence(False)) is None  # an older will, replayed
    assert room.online.get("j1") is True
    assert "replayed or stale" in room.refused.reasons[-1]


def test_own_messages_teach_a_restarted_board_where_it_was() -> None:
    room = Room(keys(), "j1", Role.JOIN, key_of("j1"))
    mine = BoardState(UID, (1,), 0, ("b3b2",))
    say(room, "j1", 2_000_000_000_000, mine)
    assert room.own == mine
    assert room.sequence.next() > 2_000_000_000_000


def test_a_second_host_is_refused_and_said() -> None:
    """Someone with the code describes the game under a key of their own."""
    room = joiner_room()
    assert room.host_key == key_of("host").public
    usurper = BoardKey.new()
    forged = replace(seated((1, "j1")), keys=(("host", usurper.public),), moves=("b3b2",))
    assert say(room, "host", 50, forged, key=usurper) is None
    assert room.spec is not None and room.spec.moves == ()
    assert room.conflict is not None and "claims to host" in room.conflict


def test_a_spectator_believes_the_host_by_the_watch_code_and_the_others_by_their_seats() -> None:
    room = Room(spectator_keys(), "w1", Role.WATCH)
    state = BoardState(UID, (1,), 0, ("b3b2",))
    say(room, "j1", 3, state)  # before the host seated j1, as far as this page knows
    assert "j1" not in room.states and room.refused.count == 0
    say(room, "host", 1, seated((1, "j1")))
    assert room.states["j1"] == state  # read again once the host named j1's key
    say(room, "j9", 4, BoardState(UID, (1,), 0, ("c2c3",)))  # a board nobody seated
    assert "j9" not in room.states


def test_a_spectator_holding_the_watch_code_cannot_host() -> None:
    room = Room(spectator_keys(), "w1", Role.WATCH)
    say(room, "host", 1, seated((1, "j1")))
    forger = BoardKey.new()
    name = topic(keys().room, Topic.GAME, "host")
    body = replace(seated((1, "j1")), keys=(("host", forger.public),), moves=("b3b2",))
    # the watch code's word for the forger's key is all a spectator can make
    intro = {"watch": _mac(spectator_keys().watch, "host", forger.public)}
    assert room.receive(name, encode(Envelope(name, "host", 2, body), forger, intro)) is None
    assert room.spec is not None and room.spec.moves == ()
    joiner = joiner_room("j2")  # and no player believes it at all
    assert joiner.receive(name, encode(Envelope(name, "host", 2, body), forger, intro)) is None
    assert "not introduced with this game's code" in joiner.refused.reasons[-1]


def test_an_empty_message_on_a_boards_own_topic_is_said_again() -> None:
    room = host_room()
    assert room.receive(topic(keys().room, Topic.BOARD, "j1"), b"") is None
    assert not room.overwritten  # another board's topic: that board says it again
    room.receive(topic(keys().room, Topic.BOARD, "host"), b"")
    room.receive(topic(keys().room, Topic.GAME, "host"), b"")
    room.receive(topic(keys().room, Topic.ONLINE, "host"), b"")
    assert room.overwritten == {Topic.BOARD, Topic.GAME, Topic.ONLINE}
    joiner = joiner_room()
    joiner.receive(topic(keys().room, Topic.GAME, "host"), b"")
    assert not joiner.overwritten  # the game is the host's to say


def test_a_board_that_asks_is_answered() -> None:
    room = joiner_room("j2")
    say(room, "j1", 4, Ask(UID))
    assert room.asked
    room.asked = False
    assert say(room, "j1", 5, Ask("another")) is None and not room.asked


def test_refusals_are_told_once_then_at_most_once_a_minute() -> None:
    refusals = Refusals()
    assert refusals.report(0.0) is None
    refusals.add("t: not JSON")
    first = refusals.report(0.0)
    assert first is not None and first.startswith("refused a message") and "not JSON" in first
    for n in range(9_998):
        refusals.add(f"t: junk {n}")
    assert refusals.report(REPORT_EVERY / 2) is None
    later = refusals.report(REPORT_EVERY + 1)
    assert later is not None and "refused 9998 messages" in later and "last minute" in later
    assert refusals.report(REPORT_EVERY + 2) is None and refusals.count == 9_999


def test_message_numbers_go_on_from_the_store_never_from_the_clock() -> None:
    """A board numbers on from what its store reserved; the clock plays no part."""
    room = Room(keys(), "j1", Role.JOIN, key_of("j1"), sequence=5_000)
    assert [room.sequence.next() for _ in range(3)] == [5_001, 5_002, 5_003]
    fresh = Room(keys(), "j2", Role.JOIN, key_of("j2"))
    assert fresh.sequence.next() == 1


def test_the_stored_setting_keeps_the_numbers_reserved() -> None:
    code = GameCode("K7QM2XRDP9")
    setting = RemoteSetting(Role.JOIN, code, "j1", UID, key_of("j1"), "hostkey", 12_000)
    assert RemoteSetting.parse(setting.text()) == setting
    older = replace(setting, sequence=None)  # kept by a Kiban that numbered by the clock
    assert older.text().count(":") == 5 and RemoteSetting.parse(older.text()) == older
    with pytest.raises(RemoteGameError, match="cannot be read"):
        RemoteSetting.parse(setting.text() + ":7")
    with pytest.raises(RemoteGameError, match="cannot be read"):
        RemoteSetting.parse(older.text() + ":x")
