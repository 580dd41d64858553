"""The terminal's ``new``: it says who plays each seat, goes back to the seats the
session started with, and takes the seats typed with it (issue 63, 7a)."""

from __future__ import annotations

from tests.firmware_host.simkit import make_sim
from tests.firmware_host.terminal.test_terminal import said, type_in

WITH_COMPUTER = "who plays: A (sente): a person at the board; B (gote): the computer at level 1"
PEOPLE = "who plays: A (sente): a person at the board; B (gote): a person at the board"


def test_new_says_the_seats_and_keeps_the_starting_computer() -> None:
    sim = make_sim(settings={"opponent": "w=level:1"})
    lines = said(type_in(sim, "new opponent=", "new"))
    assert [line for line in lines if line.startswith("who plays")] == [PEOPLE, WITH_COMPUTER]
    assert sim.controller.settings.opponent == "w=level:1"


def test_new_with_seats_typed_plays_them() -> None:
    sim = make_sim()  # people at the board
    lines = said(type_in(sim, "new opponent=w=level:1"))
    assert WITH_COMPUTER in lines
    assert sim.controller.settings.opponent == "w=level:1"
