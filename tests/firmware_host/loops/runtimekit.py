"""The real-time ``Runtime`` on a simulated board, as the runtime tests set it up."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.game import Game
from firmware_host.loops.notify import SystemdNotifier
from firmware_host.loops.runtime import Runtime
from firmware_host.notices.declared import Notice
from firmware_host.store.storage import GameStore
from firmware_host.telling.legend import DEFAULT_PALETTE
from hardware.mock.board import SimulatedBoard
from hardware.mock.clock import SimClock
from hardware.mock.world import SimulatedWorld
from hardware.profile import Profile, parse_profile

PROFILES = Path(__file__).resolve().parents[3] / "hardware" / "profiles"


def runtime_on(
    profile: Profile,
    store: GameStore | Path,
    game: Game[Any],
    layout: Any = None,
    **options: Any,
) -> tuple[Runtime, SimulatedBoard, list[Notice]]:
    """A runtime on ``profile``'s simulated board on real time, storing in ``store`` (a
    new one if a directory is given), the world arranged as ``layout`` (the start if
    None), and the notices it gives. ``options`` go to the runtime (a notifier that
    tells no one unless given)."""
    world = SimulatedWorld(game, profile.sensing)
    world.arrange(game.position().layout() if layout is None else layout)
    simulated = SimulatedBoard(profile, world, clock=SimClock.real())
    runtime = Runtime(
        game,
        profile,
        GameStore(store / "games.sqlite3") if isinstance(store, Path) else store,
        DEFAULT_PALETTE,
        board_factory=lambda _profile, on_button: simulated.open(on_button),
        **{"notifier": SystemdNotifier({}), **options},
    )
    heard: list[Notice] = []
    runtime.observers.append(heard.extend)
    return runtime, simulated, heard


async def until(condition: Callable[[], object], timeout: float = 15.0) -> None:
    """Wait, on the running loop, until ``condition`` holds (AssertionError after
    ``timeout`` seconds: a ceiling for a loaded machine, where a 5 s one ran out in the
    live USI front's test; a condition that holds returns as soon as it does)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not condition():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError("timed out waiting")
        await asyncio.sleep(0.01)


def polled(name: str, game: Game[Any]) -> Profile:
    """The bundled profile ``name`` with its interrupt lines left unwired: a board the
    runtime polls."""
    text = (PROFILES / f"{name}.toml").read_text(encoding="utf-8")
    kept = [line for line in text.splitlines() if not line.startswith("interrupt_gpio")]
    return parse_profile("\n".join(kept), f"{name}-polled.toml", game)
