"""Chaturaji played on the simulated board through the mock world, with noisy hands.

The controller does not roll yet, so each board move is played from a position whose
roll is already made (written in the position text): a new simulated session per
turn, with the pieces standing as the previous turn left them. The recognizer itself
is tested on every kind of board move in tests/engine/chaturaji/test_chaturaji_physical.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.chaturaji import CHATURAJI, ChaturajiPosition
from engine.game import Layout
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import (
    BoardReady,
    IllegalShown,
    MoveCommitted,
    Notice,
    PromptOpened,
)
from firmware_host.session.actions import NewGame, Select
from firmware_host.session.state import Phase
from firmware_host.store.storage import GameStore
from firmware_host.telling.legend import Legend, Meaning
from firmware_host.telling.view import build_view, status_line
from hardware.mock.hands import Noise
from hardware.profile import load_profile

PROFILE = load_profile("sim", CHATURAJI)


def session(
    tmp_path: Path,
    text: str,
    *,
    pieces: Layout | None = None,
    seed: int = 0,
    noise: Noise | None = None,
    **options: str,
) -> Simulation:
    store = GameStore(tmp_path / f"chaturaji-{seed}.sqlite3")
    sim = Simulation(
        CHATURAJI,
        PROFILE,
        store,
        options=options,
        position=text,
        resume=False,
        noise=noise or Noise.realistic(),
        seed=seed,
        pieces=pieces,
        settings={"roll": "button"},  # these tests look at one board move at a time
    )
    sim.settle()
    assert sim.controller.phase is Phase.PLAY, status_line(sim.controller)
    return sim


def committed(notices: list[Notice]) -> list[str]:
    return [notice.move for notice in notices if isinstance(notice, MoveCommitted)]


def position_of(sim: Simulation) -> ChaturajiPosition:
    position = sim.controller.position
    assert isinstance(position, ChaturajiPosition)
    return position


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_four_players_in_turn(tmp_path: Path, seed: int) -> None:
    engine = CHATURAJI.position()
    pieces = None
    turns = [("roll 3", "b1c3"), ("roll 5", "b5c5"), ("roll 2", "h8f6"), ("roll 3", "h2f3")]
    for index, (roll, move) in enumerate(turns):
        engine.push_text(roll)
        sim = session(tmp_path, engine.text(), pieces=pieces, seed=seed * 10 + index)
        assert position_of(sim).turn == index
        notices = sim.perform(move)
        assert committed(notices) == [move]
        engine.push_text(move)
        assert sim.controller.position.text() == engine.text()
        assert sim.world.matches(engine.layout())
        pieces = sim.world.layout()
    assert engine.turn == 0 and engine.roll_due


@pytest.mark.parametrize("seed", [4, 5])
def test_a_capture_scores(tmp_path: Path, seed: int) -> None:
    text = "gK6rK/8/3gb4/8/3kE4/8/8/kK6yK k 4 0,0,0,0 -"
    sim = session(tmp_path, text, seed=seed)
    notices = sim.perform("d4d6")
    assert committed(notices) == ["d4d6"]
    assert position_of(sim).scores() == (1, 0, 0, 0)
    assert "d4" not in sim.world.layout()


@pytest.mark.parametrize("seed", [6, 7, 8])
def test_a_parade_removes_three_boats(tmp_path: Path, seed: int) -> None:
    text = "gK5rHrK/8/8/3gBrB3/4yB3/8/1kB6/kK6yK k 2 0,0,0,0 -"
    sim = session(tmp_path, text, seed=seed)
    notices = sim.perform("b2d4")
    assert committed(notices) == ["b2d4"]
    layout = sim.world.layout()
    assert not {"d5", "e5", "e4"} & set(layout)
    assert layout["d4"][0].kind == "B" and layout["d4"][0].owner == 0
    assert position_of(sim).scores() == (6, 0, 0, 0)


def test_a_pawn_exchanged_on_arrival_is_a_prompt(tmp_path: Path) -> None:
    text = "gK6rK/3kh4/8/8/8/8/8/kK6yK k 5 0,0,0,0 -"
    sim = session(tmp_path, text, seed=9, noise=Noise.none())
    notices = sim.perform("d7d8=H")
    prompts = [notice for notice in notices if isinstance(notice, PromptOpened)]
    assert prompts and set(prompts[-1].choices) == {"d7d8", "d7d8=H"}
    assert committed(notices) == []
    notices = sim.send(Select("d7d8=H"))
    assert committed(notices) == ["d7d8=H"]
    assert "kH" in sim.controller.position.text()


def test_a_move_the_die_does_not_allow_is_named(tmp_path: Path) -> None:
    engine = CHATURAJI.position()
    engine.push_text("roll 3")
    sim = session(tmp_path, engine.text(), seed=10, noise=Noise.none())
    sim.lift("d2")
    sim.place("d3")
    notices = sim.settle()
    shown = [notice for notice in notices if isinstance(notice, IllegalShown)]
    assert shown and shown[-1].move == "d2d3"
    assert str(shown[-1].reason) == "the die shows 3: move a horse"
    assert committed(notices) == []


def test_a_new_game_from_the_controls_on_a_matching_board_is_ready(tmp_path: Path) -> None:
    engine = CHATURAJI.position()
    engine.push_text("roll 3")
    sim = session(tmp_path, engine.text(), seed=11, noise=Noise.none())
    sim.perform("b1c3")
    engine.push_text("b1c3")
    engine.push_text("roll 5")
    notices = sim.send(NewGame(None, {}, engine.text()))
    notices += sim.settle(1.0)
    assert any(isinstance(notice, BoardReady) for notice in notices)
    assert sim.controller.phase is Phase.PLAY


def test_a_parade_waits_for_the_three_boats_and_lights_them(tmp_path: Path) -> None:
    """The boat completes the block; until the other three boats are taken off the
    board shows only part of the move: they are lit as pieces to take away."""
    text = "gK5rHrK/8/8/3gBrB3/4yB3/8/1kB6/kK6yK k 2 0,0,0,0 -"
    sim = session(tmp_path, text, seed=3, noise=Noise.none())
    sim.world.lift("b2")
    sim.advance(0.1)
    sim.world.place("d4")
    notices = sim.settle(1.0)
    assert committed(notices) == []
    view = build_view(sim.controller, sim.now)
    assert {spot for spot, reading in view.remaining if not reading} == {"d5", "e5", "e4"}
    remove = Legend().colour(Meaning.REMOVE)
    for boat in ("d5", "e5", "e4"):
        assert sim.spot_colour(boat) == (remove.red, remove.green, remove.blue)
    assert "take off" in status_line(sim.controller, sim.now)
    for boat in ("d5", "e5", "e4"):
        sim.world.remove(boat)
        sim.advance(0.1)
    assert committed(sim.settle()) == ["b2d4"]
    assert position_of(sim).scores() == (6, 0, 0, 0)
