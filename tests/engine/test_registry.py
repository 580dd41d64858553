"""The registry finds each game by name and alias, and imports only the game named."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from engine.errors import UnknownGameError
from engine.registry import find_game, games

ROOT = Path(__file__).resolve().parents[2]


def test_every_game_is_found_by_its_name_and_each_alias() -> None:
    for game in games():
        assert find_game(game.name) is game
        assert find_game(f" {game.name.upper()} ") is game
        for alias in game.aliases:
            assert find_game(alias) is game


def test_the_menus_order() -> None:
    assert [game.name for game in games()] == [
        "dobutsu",
        "shogi",
        "abalone",
        "chaturaji",
        "robotory",
    ]


def test_an_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(UnknownGameError, match="known games: dobutsu, shogi, abalone"):
        find_game("chess")


@pytest.mark.parametrize("name", ["dobutsu", "shogi"])
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
    others = {"dobutsu", "shogi", "abalone", "chaturaji", "robotory"} - {name}
    packages = set(done.stdout.split())
    assert name in packages
    assert not packages & others, packages
