"""The instruction-count bench drives a fixed sequence, the same every run."""

from collections.abc import Hashable
from typing import Any

import pytest

from firmware_host.tools.bench.decision import ROUNDS, run


def test_the_decision_bench_counts_its_lifts_and_the_move() -> None:
    counted = run("sim-dobutsu", "dobutsu", "decide")
    assert counted["changes"] >= 4 * ROUNDS + 2  # two pieces lifted and put back, the move
    assert counted["commits"] == 1


def test_the_idle_bench_scans_a_board_at_rest() -> None:
    assert run("sim-dobutsu", "dobutsu", "idle")["idle_scans"] > 0


def test_the_split_idle_bench_runs_the_simulation_apart_and_puts_it_back() -> None:
    from hardware.mock import bus
    from hardware.mock.clock import SimClock
    from hardware.mock.pins import SimulatedPin

    before = (bus._Prepared.__call__, bus.SimulatedI2CBus.i2c_rdwr, SimClock.sleep)
    assert run("sim-dobutsu-ads1115", "dobutsu", "idle", split=True)["idle_scans"] > 0
    assert (bus._Prepared.__call__, bus.SimulatedI2CBus.i2c_rdwr, SimClock.sleep) == before
    assert "_set_state" not in SimulatedPin.__dict__


def test_the_split_runs_each_entry_into_the_simulation_in_its_own_context() -> None:
    import contextvars

    from firmware_host.tools.bench.decision import _through_context

    marker: contextvars.ContextVar[int] = contextvars.ContextVar("marker", default=0)

    def mark(value: int) -> int:
        marker.set(value)
        return marker.get()

    assert _through_context(mark)(7) == 7
    assert marker.get() == 0  # set inside its own context, not here


def test_a_game_with_dice_plays_the_same_rolls_every_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """The counts of two runs are compared (a version against another): unseeded, the
    rolls changed Chaturaji's commits' work, and the decision's p99 with them."""
    from firmware_host.session.match import Match

    played: list[str] = []
    play = Match.play

    def recorded(self: Match, move: Hashable, at: float, read_in: Any = None) -> Any:
        done = play(self, move, at, read_in)
        played.append(done.text)
        return done

    monkeypatch.setattr(Match, "play", recorded)
    runs = []
    for _ in range(3):
        played.clear()
        run("chaturaji-reference", "chaturaji", "decide")
        runs.append(list(played))
    assert runs[0] == runs[1] == runs[2]
    assert len(runs[0]) >= 3  # the rolls and the move the bench plays
