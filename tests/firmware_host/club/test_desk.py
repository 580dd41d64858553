"""The organiser's desk between the room's loop and the page: alerts most urgent first,
each keeping the moment it was first seen, and the page's commands handed to the loop
once each."""

from __future__ import annotations

from firmware_host.club.desk import URGENCY, Desk
from firmware_host.club.messages import Birth, RoomState
from firmware_host.club.organiser import Command, Verb
from firmware_host.club.pairings import Pairing, Round
from firmware_host.club.roster import Alert, AlertKind, Entry
from firmware_host.club.words import Look

ROUND = Round(1, (Pairing(1, ("Ann", "Bob"), "shogi"), Pairing(2, ("Cy", "Di"), "shogi")))
STATE = RoomState(1, ROUND.pairings)


def test_alerts_most_urgent_first_each_since_it_was_first_seen() -> None:
    now = [100.0]
    desk = Desk(ROUND, clock=lambda: now[0])
    battery = Alert(AlertKind.LOW_BATTERY, "b1", 1, 12)
    offline = Alert(AlertKind.OFFLINE, "b2", 2)
    flag = Alert(AlertKind.FLAG_FALLEN, "b3", None)
    entry = Entry("b1", True, 1, Birth("shogi", 1, 12))
    desk.see(Look((entry,), (battery,)), STATE, True)
    first = desk.glance
    assert [r.alert for r in first.alerts] == [battery] and first.alerts[0].since == 100.0
    now[0] = 107.0
    desk.see(Look((entry,), (battery, flag, offline)), STATE, True)
    glance = desk.glance
    assert [r.alert for r in glance.alerts] == [offline, flag, battery]
    assert [r.since for r in glance.alerts] == [107.0, 107.0, 100.0]
    assert glance.version == first.version + 1
    now[0] = 110.0
    desk.see(Look((entry,), (offline, battery, flag)), STATE, True)  # nothing new
    assert desk.glance is glance
    desk.see(Look((entry,), (offline,)), STATE, False)
    assert [r.alert for r in desk.glance.alerts] == [offline] and not desk.glance.connected
    assert set(URGENCY) == set(AlertKind)


def test_the_pages_commands_wake_the_loop_and_are_taken_once() -> None:
    woken: list[bool] = []
    desk = Desk(ROUND, lambda: woken.append(True))
    desk.put(Command(Verb.LIGHT, "b1", 2))
    desk.put(Command(Verb.UNBIND, table=2))
    assert woken == [True, True]
    assert desk.commands() == [Command(Verb.LIGHT, "b1", 2), Command(Verb.UNBIND, table=2)]
    assert desk.commands() == []
