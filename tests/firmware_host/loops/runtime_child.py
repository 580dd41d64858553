"""Run the real-time runtime on a simulated board until SIGTERM (used by test_runtime).

Prints the strip's last frame as JSON when it stops, so the parent can check
that the LEDs were turned off.
"""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

from engine.registry import find_game
from firmware_host.loops.runtime import Runtime
from firmware_host.store.storage import GameStore
from firmware_host.telling.legend import DEFAULT_PALETTE
from hardware.mock.board import SimulatedBoard
from hardware.mock.world import SimulatedWorld
from hardware.profile import load_profile


def main() -> int:
    game = find_game("dobutsu")
    profile = load_profile("sim", game)
    world = SimulatedWorld(game, profile.sensing)
    world.arrange(game.position().layout())
    simulated = SimulatedBoard(profile, world)
    store = GameStore(Path(sys.argv[1]) / "games.sqlite3")
    runtime = Runtime(
        game, profile, store, DEFAULT_PALETTE, board_factory=lambda p, cb: simulated.open(cb)
    )
    asyncio.run(runtime.run())
    print(json.dumps(list(simulated.strip.frames[-1])), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
