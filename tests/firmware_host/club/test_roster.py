"""The roster, fed the room's messages as the broker delivers them: who is online, at
which table, and the alerts the organiser must see; replays ignored, forgeries refused."""

from __future__ import annotations

import json

from firmware_host.club.board import ClubBoard, lights_for
from firmware_host.club.messages import (
    ORGANISER,
    Birth,
    ClubTopic,
    Health,
    Light,
    RoomState,
    TableState,
    club_topic,
    decode,
    encode,
)
from firmware_host.club.organiser import Organiser
from firmware_host.club.pairings import Pairing, Round
from firmware_host.club.roster import Alert, AlertKind, Roster
from firmware_host.remote.identity import BoardKey

ROUND = Round(1, (Pairing(1, ("Ann", "Bob"), "shogi"), Pairing(2, ("Cid", "Dee"), "dobutsu")))
SHOGI = Birth("shogi", None, None)


def room() -> tuple[Organiser, ClubBoard, ClubBoard]:
    organiser = Organiser(BoardKey.new(), ROUND)
    one = ClubBoard(organiser.room, "board-1", BoardKey.new())
    two = ClubBoard(organiser.room, "board-2", BoardKey.new())
    return organiser, one, two


def deliver(organiser: Organiser, *messages: tuple[str, bytes] | tuple[str, bytes, bool]) -> None:
    """The messages as the broker hands them to the organiser, in order."""
    for message in messages:
        organiser.receive(message[0], message[1])


def test_births_and_a_will_make_the_roster_and_an_offline_alert_with_its_table() -> None:
    organiser, one, two = room()
    will_one = one.will()  # left with the broker before the birth
    deliver(organiser, one.birth(SHOGI), two.birth(Birth("dobutsu", 2, 80)))
    roster = organiser.roster
    assert roster.online() == ("board-1", "board-2")
    assert roster.table_of("board-2") == 2  # the board's own word, while unbound
    deliver(organiser, *organiser.bind("board-1", 1))
    assert roster.table_of("board-1") == 1
    assert roster.alerts() == ()
    deliver(organiser, will_one)  # the broker says the will: older than the birth
    assert roster.online() == ("board-2",)
    assert roster.alerts() == (Alert(AlertKind.OFFLINE, "board-1", 1),)


def test_each_health_a_fallen_flag_and_a_low_battery_is_an_alert_at_its_table() -> None:
    organiser, one, _ = room()
    deliver(organiser, one.birth(SHOGI))
    deliver(organiser, *organiser.bind("board-1", 1))
    for birth, kind in (
        (Birth("shogi", 1, None, Health.OUT_OF_STEP), AlertKind.OUT_OF_STEP),
        (Birth("shogi", 1, None, Health.PROMPT_OPEN), AlertKind.UNANSWERED_PROMPT),
        (Birth("shogi", 1, None, Health.FAULT), AlertKind.FAULT),
        (Birth("shogi", 1, None, flag=True), AlertKind.FLAG_FALLEN),
    ):
        deliver(organiser, one.birth(birth))
        assert organiser.roster.alerts() == (Alert(kind, "board-1", 1),)
    deliver(organiser, one.birth(Birth("shogi", 1, 21)))
    assert organiser.roster.alerts() == ()
    deliver(organiser, one.birth(Birth("shogi", 1, 20)))
    assert organiser.roster.alerts() == (Alert(AlertKind.LOW_BATTERY, "board-1", 1, 20),)


def test_a_repeated_or_older_seq_changes_nothing() -> None:
    organiser, one, _ = room()
    first = one.birth(Birth("shogi", None, 90))
    second = one.birth(Birth("shogi", None, 10))
    roster = Roster(organiser.room)
    assert roster.receive(*first) and roster.receive(*second)
    assert not roster.receive(*second)  # a bridge's replay
    assert roster.repeats == 1
    assert not roster.receive(*first)  # older: refused
    assert "older" in roster.refused[-1]
    assert roster.alerts() == (Alert(AlertKind.LOW_BATTERY, "board-1", None, 10),)
    state = organiser.state_message()
    later = organiser.unbind(2)
    assert roster.receive(state[0], state[1]) and roster.receive(later[0], later[1])
    assert not roster.receive(state[0], state[1])


def test_a_room_state_signed_by_any_key_but_the_organisers_is_refused() -> None:
    organiser, one, _ = room()
    roster = Roster(organiser.room)
    roster.receive(*one.birth(SHOGI))
    topic = club_topic(organiser.room, ClubTopic.STATE)
    thief = BoardKey.new()
    forged = RoomState(1, ROUND.pairings, (TableState(1, "board-1", thief.public),))
    assert not roster.receive(topic, encode(topic, ORGANISER, 99, forged, thief))
    assert roster.state is None
    assert "not signed by the organiser's key" in roster.refused[-1]
    # the organiser's key with a body changed after signing: refused too
    genuine = organiser.state_message()
    message = json.loads(genuine[1])
    message["body"]["round"] = 7
    assert not roster.receive(topic, json.dumps(message).encode())
    assert roster.state is None
    assert roster.receive(genuine[0], genuine[1])
    assert roster.state == organiser.state()


def test_a_bound_board_speaks_only_with_the_key_it_was_bound_with() -> None:
    organiser, one, _ = room()
    deliver(organiser, one.birth(SHOGI))
    deliver(organiser, *organiser.bind("board-1", 1))
    impostor = ClubBoard(organiser.room, "board-1", BoardKey.new(), sequence=10)
    organiser.receive(*impostor.birth(Birth("shogi", 1, 5, Health.FAULT)))
    assert organiser.roster.alerts() == ()
    assert "not the key board board-1 was bound with" in organiser.roster.refused[-1]
    organiser.receive(*impostor.will())
    assert organiser.roster.online() == ("board-1",)


def test_a_board_lights_up_only_when_the_organiser_asks_it() -> None:
    organiser, one, two = room()
    deliver(organiser, one.birth(SHOGI), two.birth(SHOGI))
    topic, payload, retain = organiser.light("board-1", 3)
    assert not retain
    asked = decode(topic, payload, organiser.room)
    assert one.light_asked(asked) == Light(3)
    assert one.light_asked(asked) is None  # heard again: a bridge's replay
    assert two.light_asked(asked) is None  # another board's request
    from engine.registry import find_game

    shogi = find_game("shogi")
    assert lights_for(shogi, Light(3)) == frozenset(shogi.cells)
    assert lights_for(shogi, Light(None)) == frozenset()
    thief = BoardKey.new()
    forged = decode(topic, encode(topic, ORGANISER, 5, Light(3), thief), organiser.room)
    assert one.light_asked(forged) is None
