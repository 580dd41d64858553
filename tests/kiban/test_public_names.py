"""Kiban's front door: what a game's package may import is ``kiban.game`` and
``kiban.testing``, each name Kiban's own object, each listed in docs/games.md ("The
public names"), and the games of tests/external/ import nothing else of Kiban."""

from __future__ import annotations

import ast
import re
import sys
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType

import pytest

import kiban.game
import kiban.testing
from engine import game as contract
from firmware_host import testing as kit_modules

ROOT = Path(__file__).resolve().parents[2]
EXTERNAL = ROOT / "tests" / "external"
GUIDE = ROOT / "docs" / "games.md"
PUBLIC = ("kiban", "kiban.game", "kiban.testing")
"""The modules of Kiban a game's package may import."""


def outside_packages() -> list[Path]:
    """The folders of tests/external/, each a game's package of its own."""
    return sorted(path.parent for path in EXTERNAL.glob("*/pyproject.toml"))


def imports(path: Path) -> list[tuple[str, int]]:
    """(module, line) for every absolute import in a file, inside functions too."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.module, node.lineno))
    return found


def test_there_are_outside_games_to_hold() -> None:
    assert [path.name for path in outside_packages()][:1] == ["kiban-dice-race"]


@pytest.mark.parametrize("package", outside_packages(), ids=lambda path: path.name)
def test_an_outside_game_imports_only_kibans_public_names(package: Path) -> None:
    """Its code and its tests: the standard library, its own modules, pytest, and of
    Kiban only ``kiban.game`` and ``kiban.testing``."""
    own = {path.parent.name for path in package.glob("*/__init__.py")}
    allowed = set(sys.stdlib_module_names) | own | {"__future__", "pytest"}
    problems = [
        f"{path.relative_to(ROOT)}:{line} imports {module}"
        for path in sorted(package.rglob("*.py"))
        for module, line in imports(path)
        if module not in PUBLIC and module.split(".")[0] not in allowed
    ]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("module", [kiban.game, kiban.testing], ids=lambda m: m.__name__)
def test_every_public_name_is_there(module: ModuleType) -> None:
    listed: list[str] = vars(module)["__all__"]
    assert len(set(listed)) == len(listed)
    assert all(hasattr(module, name) for name in listed)
    offered = {
        name
        for name, value in vars(module).items()
        if not name.startswith("_") and not isinstance(value, ModuleType) and name != "annotations"
    }
    assert set(listed) <= offered


def test_each_name_of_kiban_game_is_the_engines_own_object() -> None:
    """A game made of the public names is a game to every part of Kiban."""
    assert kiban.game.Game is contract.Game and kiban.game.Position is contract.Position
    assert kiban.testing.conformance_checks is kit_modules.conformance_checks


def _guide_names(module: str) -> list[str]:
    """The names docs/games.md's table of ``module`` lists, in backquotes."""
    text = GUIDE.read_text(encoding="utf-8")
    section = text.split("\n## The public names\n", 1)[1].split("\n## ", 1)[0]
    table = section.split(f"\n### `{module}`\n", 1)[1].split("\n### ", 1)[0]
    rows = [line for line in table.splitlines() if line.startswith("| `")]
    return [name for row in rows for name in re.findall(r"`([A-Za-z_]+)`", row.split("|")[1])]


@pytest.mark.parametrize("module", [kiban.game, kiban.testing], ids=lambda m: m.__name__)
def test_the_guide_lists_exactly_the_public_names(module: ModuleType) -> None:
    """A name added, renamed or removed is a change docs/games.md says (and CHANGELOG.md
    announces, as the guide's "The public names" says)."""
    listed: list[str] = vars(module)["__all__"]
    named = _guide_names(module.__name__)
    assert sorted(named) == sorted(listed)


def test_the_pytest_plugin_is_installed_with_kiban() -> None:
    (plugin,) = [entry for entry in entry_points(group="pytest11") if entry.name == "kiban"]
    assert plugin.value == "kiban.pytest_plugin"
    assert plugin.dist is not None and plugin.dist.metadata["Name"] == "kiban"
