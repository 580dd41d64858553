"""What an idle service holds: the modules it imports to play one game on one board.

Each module a service imports stays in its memory for as long as it runs (docs/speed.md,
"the idle service's memory"), so the service for one game on one board imports that
game, that board's chip families and the session, and nothing it needs only on a path
an idle board does not take: another game, the page, the online and broker links,
speech, the search (a computer seat, a hint), puzzles, records read or written in a
game's formats, the bench. Counted in a fresh interpreter (``sys.modules``), so no
figure here depends on the machine.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine.registry import games

ROOT = Path(__file__).resolve().parents[3]

PROBE = """
import asyncio, sys, tempfile
from pathlib import Path

from engine.registry import find_game
from firmware_host.loops.runtime import Runtime
from firmware_host.session.state import Phase
from firmware_host.store.storage import GameStore
from firmware_host.telling.legend import DEFAULT_PALETTE
from hardware.mock.board import SimulatedBoard
from hardware.mock.world import SimulatedWorld
from hardware.profile import load_profile


async def main(profile_name, game_name, state):
    game = find_game(game_name)
    profile = load_profile(profile_name, game)
    world = SimulatedWorld(game, profile.sensing)
    world.arrange(game.position().layout())
    simulated = SimulatedBoard(profile, world)
    runtime = Runtime(
        game, profile, GameStore(state / "games.sqlite3"), DEFAULT_PALETTE,
        board_factory=lambda _profile, on_button: simulated.open(on_button),
    )
    task = asyncio.create_task(runtime.run(resume=False, handle_signals=False))
    while runtime.controller.phase is not Phase.PLAY:
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.3)  # scans, the board read, the LEDs painted
    runtime.stopping.set()
    await task


with tempfile.TemporaryDirectory() as state:
    asyncio.run(main(sys.argv[1], sys.argv[2], Path(state)))
print(" ".join(sorted(sys.modules)))
"""

NEVER_IDLE = (
    "firmware_host.web",
    "firmware_host.online",
    "firmware_host.remote",
    "firmware_host.cli",
    "firmware_host.telling.narrator",
    "firmware_host.loops.speaker",
    "firmware_host.opponents.players",
    "firmware_host.opponents.worker",
    "firmware_host.session.puzzle",
    "firmware_host.session.review_judging",
    "firmware_host.telling.msgids",
    "engine.search.play",
    "engine.search.alphabeta",
    "engine.search.sampling",
    "engine.puzzles",
    "engine.puzzle_solver",
    "engine.record_read",
    "engine.bench",
    "difflib",
    "gettext",
)
"""Modules (and packages, with what is below them) for paths an idle board never takes:
the page, the links to other boards and servers, speech, the computer's search and its
players, puzzles, judging a finished game, reading records and the catalogues' msgids,
the bench; a game name no game has (difflib) and a language other than English (gettext)."""


def _imported(profile: str, game: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, profile, game],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        timeout=120,
    )
    return set(done.stdout.split())


def _under(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


@pytest.mark.parametrize(
    ("profile", "game", "families"),
    [
        ("sim-shogi-analog", "shogi", ("alerting", "i2c_muxes")),
        ("sim-dobutsu-analog", "dobutsu", ("alerting",)),
        ("sim-shogi-ads7830", "shogi", ("analog",)),
        ("sim-shogi-mux", "shogi", ("expanders", "i2c_muxes")),
        ("sim-dobutsu-serial", "dobutsu", ("serial_scanner",)),
        ("sim-abalone", "abalone", ("expanders",)),
        ("sim-chaturaji", "chaturaji", ("expanders",)),
        ("sim-robotory", "robotory", ("expanders",)),
    ],
)
def test_an_idle_service_imports_its_own_game_and_chips_only(
    profile: str, game: str, families: tuple[str, ...]
) -> None:
    modules = _imported(profile, game)
    packages = {type(each).__module__.rsplit(".", 1)[0]: each.name for each in games()}
    own = next(package for package, name in packages.items() if name == game)
    assert own in modules
    assert _under(modules, tuple(p for p in packages if p != own)) == []  # no other game
    assert _under(modules, NEVER_IDLE) == []
    assert _under(modules, (f"{own}.record_readers", f"{own}.record_formats")) == []
    chips = {
        "analog": ("hardware.frontends.polled_adcs", "drivers.ads7830"),
        "alerting": ("hardware.frontends.alerting_adcs", "drivers.ads7138"),
        "expanders": ("hardware.frontends.expanders", "drivers.mcp23017"),
        "serial_scanner": ("hardware.frontends.serial_scanner", "drivers.serial_scanner"),
        "i2c_muxes": ("hardware.frontends.i2c_muxes", "drivers.tca9548a"),
    }
    for family, names in chips.items():
        loaded = _under(modules, names)
        assert loaded == (sorted(names) if family in families else []), family
    # an uncalibrated board never digests its wiring: hashlib loads OpenSSL's digests
    assert "hashlib" not in modules
