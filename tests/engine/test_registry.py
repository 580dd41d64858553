"""The registry finds each game by name and alias, and imports only the game named.

What is checked is read from the registry itself (``engine.registry.names``, the games
installed: their entry points in ``kiban.games``) and from the games' own declarations,
so a new game needs no change here."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from engine.errors import UnknownGameError
from engine.registry import find_game, games, names
from tests.registered import product_games

ROOT = Path(__file__).resolve().parents[2]


def shipped_entry_points() -> set[str]:
    """The games Kiban's own distribution registers: its ``kiban.games`` entry points in
    pyproject.toml (a sixth is installed beside them, by an entry point of its own)."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return set(project["project"]["entry-points"]["kiban.games"])


def test_every_game_is_found_by_its_name_and_each_alias() -> None:
    for game in games():
        assert find_game(game.name) is game
        assert find_game(f" {game.name.upper()} ") is game
        for alias in game.aliases:
            assert find_game(alias) is game


def test_a_name_written_with_underscores_or_spaces_is_found() -> None:
    dobutsu = find_game("dobutsu")
    assert find_game("robot_duel") is dobutsu and find_game("Robot Duel") is dobutsu


@pytest.mark.parametrize(
    ("typed", "meant"), [("shgi", "shogi"), ("abalon", "abalone"), ("robot-dual", "robot-duel")]
)
def test_a_name_near_a_game_says_which_was_meant(typed: str, meant: str) -> None:
    with pytest.raises(UnknownGameError, match=rf"did you mean '{meant}'\?\); known games"):
        find_game(typed)


def test_a_name_near_no_game_only_lists_them() -> None:
    with pytest.raises(UnknownGameError) as caught:
        find_game("chess")
    assert str(caught.value) == f"no game called 'chess'; known games: {', '.join(names())}"
    shipped = shipped_entry_points()
    assert set(names()[: len(shipped)]) == shipped  # Kiban's own games first, any other after


def test_the_menus_order_is_the_registry_order() -> None:
    assert [game.name for game in games()] == list(names())
    assert len(set(names())) == len(names())
    assert {game.name for game in product_games()} == shipped_entry_points()


def test_every_game_package_is_registered_under_its_own_name() -> None:
    """A package of the engine that holds a game (a ``game.py``) is in the registry, and
    each registered game lives in the package of its name."""
    packages = {path.parent.name for path in (ROOT / "engine").glob("*/game.py")}
    assert packages == {game.name for game in product_games()}
    for game in product_games():  # the toy race lives in the tests
        assert type(game).__module__.split(".")[:2] == ["engine", game.name]


def test_no_alias_is_shared_or_hides_a_name() -> None:
    aliases = [alias for game in games() for alias in game.aliases]
    assert len(set(aliases)) == len(aliases)
    assert not set(aliases) & set(names())


def test_an_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(UnknownGameError, match="known games: " + ", ".join(names())):
        find_game("chess")


@pytest.mark.parametrize("name", [game.name for game in product_games()])
def test_a_game_found_by_name_imports_no_other_game(name: str) -> None:
    probe = (
        "import sys\n"
        "from engine.registry import find_game\n"
        f"find_game({name!r})\n"
        "print(' '.join(sorted({m.split('.')[1] for m in sys.modules"
        " if m.startswith('engine.') and m.count('.') >= 2})))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    others = set(names()) - {name}
    packages = set(done.stdout.split())
    assert name in packages
    assert not packages & others, packages
