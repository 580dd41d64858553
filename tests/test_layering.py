"""The one rule of dependencies, and hardware libraries imported only where used."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "drivers", "hardware", "firmware_host")
FORBIDDEN = {
    "engine": {"drivers", "hardware", "firmware_host"},
    "drivers": {"hardware", "firmware_host"},
    "hardware": {"firmware_host"},
    "firmware_host": set(),
}
# drivers may use the one root exception from engine, nothing else of it
ALLOWED_ENGINE_IN_DRIVERS = {"engine.errors"}
HARDWARE_LIBRARIES = {"rpi_ws281x", "_rpi_ws281x", "spidev", "lgpio", "RPi"}


def _imports(path: Path) -> list[tuple[str, int, bool]]:
    """(module, line, at module level) for every import in a file."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    top_level = {id(node) for node in tree.body}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno, id(node) in top_level) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.module, node.lineno, id(node) in top_level))
    return found


def _sources(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("package", PACKAGES)
def test_packages_only_import_inward(package: str) -> None:
    problems = []
    for path in _sources(package):
        for module, line, _ in _imports(path):
            top = module.split(".")[0]
            if top in FORBIDDEN[package]:
                problems.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
            if package == "drivers" and top == "engine" and module not in ALLOWED_ENGINE_IN_DRIVERS:
                problems.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("package", PACKAGES)
def test_hardware_libraries_are_imported_lazily(package: str) -> None:
    problems = [
        f"{path.relative_to(ROOT)}:{line} imports {module} at module level"
        for path in _sources(package)
        for module, line, top_level in _imports(path)
        if top_level and module.split(".")[0] in HARDWARE_LIBRARIES
    ]
    assert not problems, "\n".join(problems)


def test_engine_uses_only_the_standard_library() -> None:
    import sys

    problems = []
    for path in _sources("engine"):
        for module, line, _ in _imports(path):
            top = module.split(".")[0]
            if top not in sys.stdlib_module_names and top not in {"engine", "__future__"}:
                problems.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert not problems, "\n".join(problems)


def test_the_checker_sees_a_violation(tmp_path: Path) -> None:
    """The test above must be able to fail."""
    bad = tmp_path / "bad.py"
    bad.write_text("import os\nfrom hardware.board import Board\ndef f():\n    import spidev\n")
    found = _imports(bad)
    assert ("hardware.board", 2, True) in found
    assert ("spidev", 4, False) in found
