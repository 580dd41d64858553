"""The terminal on real time: driven by typed lines that come at given wall-clock
times, on a fake clock that moves only as the loop waits."""

from __future__ import annotations

import io
import os
from dataclasses import dataclass, field
from typing import Any

from engine.outcome import Termination
from engine.recognition.answers import Timing
from engine.registry import find_game
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import MoveCommitted
from firmware_host.terminal.app import run_terminal
from firmware_host.terminal.live import SelectLines
from tests.firmware_host.simkit import make_sim, of


@dataclass
class Typist:
    """Lines typed at wall-clock times; waiting for one moves the clock."""

    script: list[tuple[float, str]]
    now: float = 1000.0
    timeouts: list[float | None] = field(default_factory=list)

    def clock(self) -> float:
        return self.now

    def read_line(self, timeout: float | None) -> str | None:
        self.timeouts.append(timeout)
        if not self.script:
            return ""
        at, line = self.script[0]
        if timeout is not None and self.now + timeout < at:
            self.now += timeout
            return None
        assert timeout is not None or at >= self.now, "the loop would sleep past a deadline"
        self.now = max(self.now, at)
        self.script.pop(0)
        return line + "\n"


def live(typist: Typist, **sim_options: Any) -> tuple[str, Simulation]:
    sim = make_sim(**sim_options)
    out = io.StringIO()
    assert run_terminal(sim, io.StringIO(), out, lines=typist, clock=typist.clock) == 0
    return out.getvalue(), sim


def test_a_clock_runs_out_while_nobody_types() -> None:
    typist = Typist([(1030.0, "quit")])
    text, sim = live(typist, settings={"clock": "10s"})
    outcome = sim.controller.outcome
    assert outcome is not None and outcome.termination is Termination.TIME_FORFEIT
    assert "game over: B (gote) wins (time forfeit) — press ok for a new game" in text
    # it woke for the flag, not every moment: a handful of waits in 30 seconds
    assert len(typist.timeouts) <= 6


def test_a_forced_move_is_played_by_itself() -> None:
    # black rolls a 3 and moves its horse; green rolls a 4: its elephant cannot move,
    # and the lost turn is played five seconds later (longer than a command settles)
    typist = Typist([(1000.0, "roll"), (1001.0, "move b1 c3"), (1002.0, "roll"), (1020.0, "q")])
    text, sim = live(
        typist,
        game=find_game("chaturaji"),
        settings={"roll": "button", "seed": "4"},
        timing=Timing(forced=5.0),
    )
    moves = [n.move for n in of(MoveCommitted, sim.notices)]
    assert moves == ["roll 3", "b1c3", "roll 4", "pass"]
    assert "only move: pass (played for you)" in text
    assert text.index("only move: pass") < text.rindex("move 4: pass")


def test_an_idle_board_waits_for_typing_without_waking() -> None:
    typist = Typist([(1005.0, "move 2c 2b"), (1100.0, "quit")])
    text, sim = live(typist)
    assert [n.move for n in of(MoveCommitted, sim.notices)] == ["2c2b"]
    assert typist.timeouts[0] is None and typist.timeouts[-1] is None
    assert "move 1: 2c2b" in text


def test_a_piece_held_while_the_player_types_stops_time() -> None:
    typist = Typist([(1000.0, "lift 2c"), (1020.0, "place 2b"), (1021.0, "quit")])
    text, sim = live(typist, settings={"clock": "10s"})
    assert [n.move for n in of(MoveCommitted, sim.notices)] == ["2c2b"]
    assert "out of step" not in text and sim.controller.outcome is None
    assert typist.timeouts[1] is None  # nothing to wake for while the hand holds the chick


def test_lines_pasted_at_once_are_all_read_and_a_quiet_terminal_times_out() -> None:
    read_end, write_end = os.pipe()
    with os.fdopen(read_end, "r") as stream:
        lines = SelectLines(stream)
        os.write(write_end, b"lift 2c\nplace 2b\nmo")
        assert [lines.read_line(0.0), lines.read_line(0.0)] == ["lift 2c\n", "place 2b\n"]
        assert lines.read_line(0.0) is None  # half a line: not yet
        os.write(write_end, b"ves\n")
        assert lines.read_line(0.0) == "moves\n"
        os.close(write_end)
        assert lines.read_line(None) == ""
