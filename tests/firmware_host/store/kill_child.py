"""Play moves on the simulated board, one per line read from stdin (used by
test_resume_after_kill). Each committed move is reported on stdout."""

from __future__ import annotations

import sys
from pathlib import Path

from engine.registry import find_game
from firmware_host.loops.simulator import Simulation
from firmware_host.notices.declared import MoveCommitted
from firmware_host.store.storage import GameStore
from hardware.profile import load_profile


def main() -> int:
    game = find_game("dobutsu")
    store = GameStore(Path(sys.argv[1]) / "sim.sqlite3")
    sim = Simulation(game, load_profile("sim", game), store, resume=True)
    print("ready", sim.controller.game_id, flush=True)
    for line in sys.stdin:
        for notice in sim.perform(line.strip()):
            if isinstance(notice, MoveCommitted):
                print("committed", notice.move, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
