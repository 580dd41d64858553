"""drivers/ and hardware/mock/ keep the dependency rule and install on any laptop."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PI_ONLY = {"rpi_ws281x", "_rpi_ws281x", "lgpio", "spidev", "RPi"}


def _module_level_imports(path: Path) -> set[str]:
    """Top-level package names imported at module level (not inside a function)."""
    names: set[str] = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


def _all_imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module.split(".")[0])
    return names


DRIVERS = sorted((REPO / "drivers").glob("*.py"))
MOCKS = sorted((REPO / "hardware" / "mock").glob("*.py"))


@pytest.mark.parametrize("path", DRIVERS, ids=lambda path: path.name)
def test_drivers_import_neither_hardware_nor_firmware_host(path: Path) -> None:
    assert not _all_imports(path) & {"hardware", "firmware_host"}


@pytest.mark.parametrize("path", DRIVERS + MOCKS, ids=lambda path: path.name)
def test_pi_libraries_are_imported_only_inside_functions(path: Path) -> None:
    assert not _module_level_imports(path) & PI_ONLY


def test_importing_every_driver_loads_no_pi_library() -> None:
    code = (
        "import sys, drivers.mcp23017, drivers.ws281x, drivers.buttons, drivers.interrupt_line, "
        "hardware.mock.bus, hardware.mock.mcp23017, hardware.mock.strip\n"
        f"print(sorted(set(sys.modules) & set({sorted(PI_ONLY)!r})))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
