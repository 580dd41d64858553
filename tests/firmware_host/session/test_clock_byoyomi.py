"""A local game with byoyomi: the status line (the terminal's, the screen's) shows the
period once the main time is gone, and the flag falls only when the last period does."""

from __future__ import annotations

from engine.outcome import Outcome, Termination
from firmware_host.telling.view import status_line
from tests.firmware_host.simkit import make_sim


def test_byoyomi_shows_after_the_main_time_and_the_flag_waits_for_the_last_period() -> None:
    sim = make_sim(settings={"clock": "5s byo 10s x2"})
    clock = sim.controller.clock
    assert clock is not None and clock.running == 0
    flag = clock.flag_time()
    assert flag is not None
    start = flag - 25.0  # 5 s and two periods of 10 s
    sim.advance_to(start + 3.0)
    assert status_line(sim.controller, sim.now).endswith(" — 0:02.0 / 0:05.0")
    sim.advance_to(start + 12.0)
    assert sim.controller.outcome is None
    assert status_line(sim.controller, sim.now).endswith(" — byo 0:03.0 x2 / 0:05.0")
    sim.advance_to(start + 24.5)
    assert sim.controller.outcome is None
    assert status_line(sim.controller, sim.now).endswith(" — byo 0:00.5 / 0:05.0")
    sim.advance_to(start + 26.0)
    outcome: Outcome | None = sim.controller.outcome  # read afresh after the time passed
    assert outcome is not None and outcome.termination is Termination.TIME_FORFEIT
