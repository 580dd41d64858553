"""Production code never imports the mock layer: only a simulated board does, as
gpiozero's real pin factories never import its ``MockFactory``.

Two checks: the module-level imports of every production module (not those inside
functions or under TYPE_CHECKING) never reach ``hardware.mock``; and a fresh
interpreter that imports the service's modules and reads a profile's front ends
holds no mock module afterwards.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections import deque
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
PACKAGES = ("engine", "drivers", "hardware", "firmware_host")
MOCK = "hardware.mock"

SIMULATION = (
    MOCK,
    "hardware.firmware",  # the scanner's MicroPython firmware, run by the simulated scanner
    "firmware_host.loops.simulator",
    "firmware_host.terminal",  # plays on a simulated board
    "firmware_host.web.sessions.simulated",  # the simulator's page
    "firmware_host.tools.desk.sim_bench",  # doctor and calibrate --simulate
    "firmware_host.tools.records.replay",  # recorded events on a simulated board
    "firmware_host.tools.bench.speed",  # the benchmarks measure simulated boards
    "firmware_host.tools.bench.play",
    "firmware_host.tools.bench.boards",
    "firmware_host.tools.bench.hands",
    "firmware_host.tools.bench.stream_capture",  # the hands' steps, written as streams
    "firmware_host.tools.bench.spec_sheet",
    "firmware_host.tools.bench.service",
    "firmware_host.usi_engine.sim_board",  # kiban usi --sim: the simulated board's hands
    "firmware_host.tools.play.club_boards",  # kiban room sim: a room of simulated boards
    "firmware_host.tools.bench.room_round",  # make room-round: a round of simulated boards
    "firmware_host.testing",  # the conformance kit: a game's tests, on a simulated board too
)
"""The modules that are the simulation, or only ever run one: they may import the mock
layer. Everything else is production."""


def _is_simulation(module: str) -> bool:
    return any(module == name or module.startswith(name + ".") for name in SIMULATION)


def _module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _module_level_imports(body: Iterable[ast.stmt], package: str) -> set[str]:
    """Every module named by an import run when the module is imported: not inside a
    function or class body, nor under ``if TYPE_CHECKING``."""
    found: set[str] = set()
    for node in body:
        if isinstance(node, ast.If):
            found |= _module_level_imports(node.orelse, package)
            if not _type_checking(node.test):
                found |= _module_level_imports(node.body, package)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody):
                found |= _module_level_imports(block, package)
            for handler in node.handlers:
                found |= _module_level_imports(handler.body, package)
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            found.add(module)
            found |= {f"{module}.{alias.name}" for alias in node.names}
    return found


def import_graph(root: Path) -> dict[str, set[str]]:
    """Each module of the project -> the project's modules its import runs, directly
    (a module imports its parent packages too)."""
    paths = {
        _module_name(path, root): path
        for package in PACKAGES
        if (root / package).is_dir()
        for path in (root / package).rglob("*.py")
    }
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        targets: set[str] = set()
        for imported in _module_level_imports(tree.body, package):
            parts = imported.split(".")
            targets |= {".".join(parts[:i]) for i in range(1, len(parts) + 1)}
        graph[name] = {target for target in targets if target in paths} - {name}
    return graph


def mock_imports(root: Path) -> list[str]:
    """Each production module whose import reaches the mock layer, with the chain."""
    graph = import_graph(root)
    problems = []
    for start in sorted(graph):
        if _is_simulation(start):
            continue
        came_from: dict[str, str | None] = {start: None}
        queue = deque([start])
        while queue:
            module = queue.popleft()
            if module == MOCK or module.startswith(MOCK + "."):
                chain = []
                at: str | None = module
                while at is not None:
                    chain.append(at)
                    at = came_from[at]
                problems.append(" <- ".join(chain))
                break
            for target in sorted(graph[module]):
                if target not in came_from:
                    came_from[target] = module
                    queue.append(target)
    return problems


def test_no_production_module_imports_the_mock_layer() -> None:
    problems = mock_imports(ROOT)
    assert not problems, "\n".join(problems)


def test_the_checker_sees_a_production_module_reach_the_mock_layer(tmp_path: Path) -> None:
    for package, source in {
        "hardware/__init__.py": "",
        "hardware/mock/__init__.py": "",
        "hardware/mock/chips.py": "",
        "hardware/real.py": "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from hardware.mock import chips\n"
        "def simulated():\n    from hardware.mock.chips import x\n",
        "hardware/board.py": "from . import wiring\n",
        "hardware/wiring.py": "from hardware.mock.chips import Chip\n",
    }.items():
        (tmp_path / package).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / package).write_text(source)
    assert mock_imports(tmp_path) == [
        "hardware.mock <- hardware.wiring <- hardware.board",
        "hardware.mock <- hardware.wiring",
    ]


def test_the_service_runs_without_a_mock_module() -> None:
    """What ``kiban run`` and the doctor load on a real board, and every front end a
    profile may name: no module of the mock layer, nor gpiozero's mock pins."""
    probe = (
        "import sys\n"
        "import firmware_host.cli, firmware_host.loops.runtime, firmware_host.web.server.app\n"
        "import firmware_host.tools.desk.doctor, firmware_host.tools.desk.calibrate\n"
        "from firmware_host.cli import build_parser\n"
        "from hardware.frontends.registry import front_ends\n"
        "from hardware.profile import bundled_profiles, load_profile\n"
        "build_parser().parse_args(['run', '--profile', 'board.toml'])\n"
        "front_ends()\n"
        "[load_profile(name) for name in bundled_profiles() if name != 'sim']\n"
        "print(' '.join(m for m in sys.modules"
        " if m.startswith('hardware.mock') or m == 'gpiozero.pins.mock'))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stdout.split() == []
