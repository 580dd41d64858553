"""A New game starts with the seats the session started with, unless it names its own,
and says who plays each seat (issue 63, item 7a)."""

from __future__ import annotations

from drivers.buttons import ButtonRole
from engine.registry import find_game
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import Notice, SeatsChosen
from firmware_host.session.actions import NewGame, Resign
from firmware_host.store.storage import GameStore
from firmware_host.telling.notices import notice_line
from hardware.profile import load_profile


def robot_duel(settings: dict[str, str]) -> Simulation:
    game = find_game("dobutsu")
    return Simulation(
        game, load_profile("sim", game), GameStore(":memory:"), resume=False, settings=settings
    )


def seats_line(notices: list[Notice]) -> str:
    said = [notice for notice in notices if isinstance(notice, SeatsChosen)]
    assert len(said) == 1, notices
    return notice_line(said[0], game="dobutsu")


def test_a_new_game_goes_back_to_the_starting_seats() -> None:
    sim = robot_duel({})  # people at the board
    sim.send(NewGame(settings={"opponent": "b=level:1"}))  # the computer, for one game
    assert sim.controller.settings.opponent == "b=level:1"
    notices = sim.send(NewGame())
    assert sim.controller.settings.opponent == ""
    assert "the computer" not in seats_line(notices)
    assert seats_line(notices).count("a person at the board") == 2


def test_a_new_game_keeps_the_command_lines_computer() -> None:
    sim = robot_duel({"opponent": "b=level:3"})
    sim.send(NewGame(settings={"opponent": "b=random"}))
    notices = sim.send(NewGame())
    assert sim.controller.settings.opponent == "b=level:3"
    assert "the computer at level 3" in seats_line(notices)


def test_a_new_game_that_names_its_seats_gets_them() -> None:
    sim = robot_duel({"opponent": "b=level:3"})
    notices = sim.send(NewGame(settings={"opponent": ""}))  # people, chosen
    assert sim.controller.settings.opponent == ""
    assert seats_line(notices).count("a person at the board") == 2
    notices = sim.send(NewGame(settings={"opponent": "w=level:2"}))
    assert sim.controller.settings.opponent == "w=level:2"
    assert "the computer at level 2" in seats_line(notices)


def test_ok_after_a_game_starts_the_next_with_the_starting_seats_and_says_so() -> None:
    sim = robot_duel({})
    sim.send(NewGame(settings={"opponent": "b=level:1", "clock": "5m"}))
    sim.send(Resign())
    assert sim.controller.outcome is not None
    notices = sim.press(ButtonRole.OK)
    assert sim.controller.settings.opponent == ""  # the computer is not carried over
    assert sim.controller.settings.clock is not None  # the rest of the table is
    assert seats_line(notices).count("a person at the board") == 2
