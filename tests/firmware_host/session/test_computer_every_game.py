"""The computer plays every seat of every game for a while: each of its moves is lit,
a person's hands play what is lit (dice rolled, refills and moves the board cannot
show confirmed with ok), and the record is exactly the computer's moves."""

from __future__ import annotations

from typing import Any

import pytest

from drivers.buttons import ButtonRole
from engine.game import Game
from engine.outcome import Outcome
from engine.registry import games
from firmware_host.notices.declared import (
    ComputerMoved,
    MoveCommitted,
    Notice,
)
from firmware_host.opponents.thinking import InlineThinker
from firmware_host.session.state import Phase
from hardware.profile import simulated_board
from tests.firmware_host.opponents.fakes import Always, ShufflingPlayer
from tests.firmware_host.simkit import make_sim, of

PLIES = 14


@pytest.mark.parametrize(
    "game",
    [game for game in games() if simulated_board(game) is not None],  # a board to play on
    ids=lambda game: game.name,
)
def test_the_computer_plays_every_seat_through_the_lights(game: Game[Any]) -> None:
    everyone = ",".join(f"{seat.letter}=level:1" for seat in game.seats)
    sim = make_sim(
        "sim",  # the game's own simulated board
        game=game,
        settings={"opponent": everyone, "seed": "7"},
        thinker=InlineThinker(Always(ShufflingPlayer())),
    )
    chosen: list[str] = []
    committed: list[str] = []

    def note(notices: list[Notice]) -> None:
        chosen.extend(n.move for n in of(ComputerMoved, notices))
        committed.extend(n.move for n in of(MoveCommitted, notices))

    note(sim.notices)
    for _ in range(PLIES):
        controller = sim.controller
        if controller.outcome is not None:
            break
        if controller.guide is None:
            note(sim.advance(0.5))  # a roll due, a forced move: the board's next ticks
        ended: Outcome | None = controller.outcome  # read afresh after the ticks
        if ended is not None:
            break
        guide = controller.guide
        assert guide is not None, (controller.phase, sim.notices[-3:])
        assert controller.phase is Phase.GUIDE
        text = controller.position.move_text(guide.move)
        before = len(controller.position.move_stack)
        if guide.move in controller.recognizer.unseen:
            note(sim.press(ButtonRole.OK))
        else:
            note(sim.perform(text))
        sim.tidy()
        assert len(controller.position.move_stack) > before, (text, sim.notices[-3:])
    rolls = [m for m in committed if m not in chosen]
    played = [m for m in committed if m in chosen]
    assert played == chosen[: len(played)]
    assert len(played) >= PLIES - 1 or sim.controller.outcome is not None
    assert all(m.startswith("roll") for m in rolls)  # the session's own dice, never a move
