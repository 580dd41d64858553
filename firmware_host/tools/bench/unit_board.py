"""The board ``kiban bench --unit`` swaps in for the real one: the profile's simulated
board. A module of its own, so that the measured process imports nothing of the bench
besides it (unit_memory.py, which measures from outside, stays out of it)."""

from __future__ import annotations

from typing import Any


def simulated_open(profile: Any, on_button: Any) -> Any:
    """``hardware.board.open_board``'s stand-in: the profile's simulated board with the
    start position of its first game in place, on real time."""
    from engine.registry import find_game
    from hardware.mock.board import SimulatedBoard
    from hardware.mock.clock import SimClock
    from hardware.mock.world import SimulatedWorld

    game = find_game(profile.games[0])
    world = SimulatedWorld(game, profile.sensing)
    world.arrange(game.position().layout())
    return SimulatedBoard(profile, world, clock=SimClock.real()).open(on_button)
