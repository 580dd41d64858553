"""A power cut (a killed process) between two moves loses nothing; the game resumes."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
from pathlib import Path
from typing import IO

from engine.registry import find_game
from firmware_host.loops.simulator import Simulation
from firmware_host.session.state import Phase
from firmware_host.store.storage import GameStore
from firmware_host.telling.view import build_view
from hardware.profile import load_profile

ROOT = Path(__file__).resolve().parents[3]


def read_line(stream: IO[str], timeout: float = 30.0) -> str:
    """A line from the child, or a failure (never a hung test) if none comes."""
    ready, _, _ = select.select([stream], [], [], timeout)
    assert ready, "the child said nothing"
    return stream.readline()


MOVES = ["2c2b", "2a2b", "3d2c", "3a2a"]


def test_a_game_killed_between_two_moves_resumes_with_every_committed_move(
    tmp_path: Path,
) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen(
        [sys.executable, str(ROOT / "tests/firmware_host/store/kill_child.py"), str(tmp_path)],
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdin is not None and child.stdout is not None
    try:
        assert read_line(child.stdout).startswith("ready")
        for move in MOVES[:3]:
            child.stdin.write(move + "\n")
            child.stdin.flush()
            assert read_line(child.stdout).split() == ["committed", move]
        child.send_signal(signal.SIGKILL)  # waiting for its fourth move: no clean exit
        child.wait(timeout=10)
    finally:
        child.kill()
    assert child.returncode == -signal.SIGKILL

    game = find_game("dobutsu")
    store = GameStore(tmp_path / "sim.sqlite3")
    sim = Simulation(game, load_profile("sim", game), store, resume=True)
    position = sim.controller.position
    assert [position.move_text(m) for m in position.move_stack] == MOVES[:3]
    # the simulated pieces stand as the resumed game has them; play goes on
    assert sim.controller.phase is Phase.PLAY
    sim.perform(MOVES[3])
    unfinished = store.unfinished("dobutsu")
    assert unfinished is not None and unfinished.moves() == MOVES


def test_a_resumed_board_that_does_not_match_is_set_up_first(tmp_path: Path) -> None:
    game = find_game("dobutsu")
    profile = load_profile("sim", game)
    store = GameStore(tmp_path / "sim.sqlite3")
    first = Simulation(game, profile, store, resume=True)
    first.perform("2c2b")
    # a new process finds the pieces in the start position: it lights what to fix
    second = Simulation(game, profile, store, resume=True, pieces=game.position().layout())
    second.settle()
    assert second.controller.phase is Phase.SETUP
    view = build_view(second.controller)
    # occupancy sensors see a piece on 2b either way: only 2c is out of place
    assert view.missing == frozenset() and view.extra == frozenset({"2c"})
    assert second.spot_colour("2c") is not None  # lit: take this piece away
    second.world.remove("2c")
    second.settle()
    phase: Phase = second.controller.phase  # read afresh after the action
    assert phase is Phase.PLAY
