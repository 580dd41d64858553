"""Asking again for what the broker dropped: a board's heartbeat names its latest
state, a board that holds an older one asks again (after a grace, then at doubling
intervals), a board that beats and falls silent is asked again too, and nothing is
asked while nothing is missing."""

from __future__ import annotations

from firmware_host.remote.catchup import CatchUp, Pace
from firmware_host.remote.messages import BoardState, Presence, Topic, decode
from firmware_host.remote.room import Role, Room
from tests.firmware_host.remote.test_room import (
    START,
    UID,
    key_of,
    keys,
    payload,
    say,
    seated,
)

PACE = Pace(heartbeat=10.0, silence=30.0, grace=1.0, first=2.0, most=30.0)


def asked_at(catch: CatchUp, times: list[float], *, missing: bool = True) -> list[float]:
    return [t for t in times if catch.ask(missing, t)]


def test_a_missing_state_is_asked_for_after_the_grace_then_at_doubling_intervals() -> None:
    catch = CatchUp(PACE)
    times = [t / 2 for t in range(240)]  # two looks a second for two minutes
    assert asked_at(catch, times) == [1.0, 3.0, 7.0, 15.0, 31.0, 61.0, 91.0]
    assert catch.asks == 7


def test_nothing_is_asked_while_nothing_is_missing_and_a_new_gap_starts_afresh() -> None:
    catch = CatchUp(PACE)
    assert asked_at(catch, [0.0, 5.0, 50.0], missing=False) == []
    assert not catch.waiting(50.0)
    assert asked_at(catch, [60.0, 61.0, 63.0]) == [61.0, 63.0]
    assert catch.waiting(63.0)
    assert not catch.ask(False, 64.0)  # caught up
    assert not catch.waiting(64.0) and catch.asks == 0
    assert asked_at(catch, [70.0, 71.0, 72.0]) == [71.0]  # the grace again, the first interval


def test_the_heartbeat_is_said_once_per_period() -> None:
    catch = CatchUp(PACE)
    assert [t for t in (0.0, 3.0, 9.9, 10.0, 15.0, 20.5) if catch.beat(t)] == [0.0, 10.0, 20.5]


def test_a_beating_board_silent_past_its_silence_is_asked_again_once_per_silence() -> None:
    catch = CatchUp(PACE)
    beating = frozenset({"join1"})
    assert not catch.silent({"join1": 3}, beating, 0.0)
    assert not catch.silent({"join1": 4}, beating, 20.0)  # heard: its silence starts anew
    assert not catch.silent({"join1": 4}, beating, 49.0)
    assert catch.silent({"join1": 4}, beating, 50.0)
    assert not catch.silent({"join1": 4}, beating, 60.0)
    assert catch.silent({"join1": 4}, beating, 80.0)
    assert not catch.silent({"join1": 4}, frozenset(), 200.0)  # offline, or an older board


def playing_room() -> Room:
    room = Room(keys(), "join1", Role.JOIN, key_of("join1"))
    say(room, "host", 1, seated((1, "join1")))
    say(room, "host", 2, Presence(True, 0))
    return room


def test_a_heartbeat_naming_a_state_not_read_here_makes_it_missing_until_it_comes() -> None:
    room = playing_room()
    say(room, "host", 3, BoardState(UID, (0,), 0, ("a",)))
    assert room.missing() == ()
    assert room.beating() == frozenset({"host"})
    # state 4 (the host's next move) was dropped by the broker; its heartbeat says it
    say(room, "host", 5, Presence(True, 4))
    assert room.missing() == ("host",)
    say(room, "host", 4, BoardState(UID, (0,), 0, ("a", "b")))  # what the broker retained
    assert room.missing() == ()
    assert room.states["host"].moves == ("a", "b")


def test_a_board_offline_or_saying_no_number_is_never_waited_for() -> None:
    room = playing_room()
    say(room, "host", 3, Presence(True))  # an older board: no heartbeat, no number
    assert room.missing() == () and room.beating() == frozenset({"host"})  # its earlier one
    older = Room(keys(), "join1", Role.JOIN, key_of("join1"))
    say(older, "host", 1, seated((1, "join1")))
    say(older, "host", 2, Presence(True))
    assert older.beating() == frozenset()
    say(room, "host", 6, Presence(True, 9))
    assert room.missing() == ("host",)
    say(room, "host", 7, Presence(False))  # its last will
    assert room.missing() == () and room.beating() == frozenset()


def test_the_number_of_a_boards_own_latest_state_is_what_it_says() -> None:
    room = playing_room()
    assert room.stated == 0
    name, sent = room.message(Topic.BOARD, BoardState(UID, (1,), 0, (START,)))
    state_seq = decode(name, sent, keys().room).envelope.seq
    assert room.stated == state_seq
    name, beat = room.message(Topic.ONLINE, Presence(True, room.stated))
    assert len(beat) < 400  # a heartbeat's cost (catchup.Pace)
    assert decode(name, beat, keys().room).envelope.body == Presence(True, state_seq)


def test_a_presence_without_a_number_reads_as_before() -> None:
    name, sent = payload("host", 1, Presence(True))
    assert b"state" not in sent
    assert decode(name, sent, keys().room).envelope.body == Presence(True, None)
