"""The layering rules import-linter cannot say, and a run of the ones it can.

The one rule of dependencies (engine < drivers < hardware < firmware_host), the one
exception the drivers take from the engine, and the rooms of the host are import-linter
contracts in pyproject.toml ([tool.importlinter]); `make lint` runs them and so does
the first test here. What stays below: the engine uses only the standard library, the
hardware libraries are imported lazily, and the engine's modules have no cycles.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("kiban", "engine", "drivers", "hardware", "firmware_host")
HARDWARE_LIBRARIES = {"rpi_ws281x", "_rpi_ws281x", "spidev", "lgpio", "RPi"}
LINT_IMPORTS = "from importlinter.cli import lint_imports_command; lint_imports_command()"


def test_the_import_contracts_are_kept() -> None:
    """The contracts count every import, inside functions and under TYPE_CHECKING too."""
    run = subprocess.run(
        [sys.executable, "-c", LINT_IMPORTS, "--no-cache", "--no-logo"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr


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


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _import_graph(package: str) -> dict[str, set[str]]:
    """Which modules of ``package`` each of its modules imports, anywhere in the file
    (inside functions and under TYPE_CHECKING too). ``from a import b`` names module
    ``a.b`` when that is a module, else package ``a``."""
    modules = {_module_name(path): path for path in _sources(package)}
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                targets = [
                    f"{node.module}.{alias.name}"
                    if f"{node.module}.{alias.name}" in modules
                    else node.module
                    for alias in node.names
                ]
            else:
                continue
            graph[name] |= {target for target in targets if target in modules} - {name}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(graph[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_the_engine_has_no_import_cycles() -> None:
    """Every module of the engine can be read knowing only the ones below it."""
    assert _cycles(_import_graph("engine")) == []


def test_the_cycle_finder_sees_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]


def test_the_checker_sees_a_violation(tmp_path: Path) -> None:
    """The test above must be able to fail."""
    bad = tmp_path / "bad.py"
    bad.write_text("import os\nfrom hardware.board import Board\ndef f():\n    import spidev\n")
    found = _imports(bad)
    assert ("hardware.board", 2, True) in found
    assert ("spidev", 4, False) in found
