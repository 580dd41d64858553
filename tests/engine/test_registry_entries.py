"""The registry holds no list of games: it finds them as pytest finds its plugins, by
the entry points installed in ``kiban.games``, and orders them by what each declares.

Here the installed entry points are stood in for (``registry.entry_points``, the
standard library's reader), so what is found is exactly what is installed."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from engine import registry
from engine.errors import UnknownGameError
from engine.registry import GROUP, GameEntryError

ROOT = Path(__file__).resolve().parents[2]


def _entry(name: str, value: str) -> EntryPoint:
    return EntryPoint(name=name, value=value, group=GROUP)


SHOGI = _entry("shogi", "engine.shogi:SHOGI")
DOBUTSU = _entry("dobutsu", "engine.dobutsu:DOBUTSU")
RACE = _entry("race", "tests.firmware_host.toy_race:RACE")


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[EntryPoint]]:
    """The entry points the registry finds installed: the list the test fills."""
    entries: list[EntryPoint] = []
    asked: list[str] = []

    def entry_points(*, group: str) -> tuple[EntryPoint, ...]:
        asked.append(group)
        return tuple(entry for entry in entries if entry.group == group)

    monkeypatch.setattr(registry, "entry_points", entry_points)
    registry.rescan()
    yield entries
    registry.rescan()
    assert set(asked) <= {GROUP}


def test_the_games_are_the_installed_entry_points_in_their_declared_order(
    installed: list[EntryPoint],
) -> None:
    installed += [RACE, SHOGI, DOBUTSU]  # in no particular order, as metadata is read
    assert registry.names() == ("dobutsu", "shogi", "race")  # menu_rank 10, 20, then 100
    assert registry.default_game() == "dobutsu"
    assert registry.find_game("race").name == "race"
    assert registry.find_game("robot_duel").name == "dobutsu"


def test_a_game_installed_later_is_found_after_a_rescan(installed: list[EntryPoint]) -> None:
    installed.append(SHOGI)
    assert registry.names() == ("shogi",)
    installed.append(RACE)
    registry.rescan()
    assert registry.names() == ("shogi", "race")


def test_a_game_found_by_name_loads_only_its_entry_point(
    installed: list[EntryPoint], monkeypatch: pytest.MonkeyPatch
) -> None:
    loaded: list[str] = []
    real = EntryPoint.load

    def load(entry: EntryPoint) -> object:
        loaded.append(entry.name)
        return real(entry)

    monkeypatch.setattr(EntryPoint, "load", load)
    installed += [SHOGI, DOBUTSU, RACE]
    assert registry.find_game("Shogi").name == "shogi"
    assert loaded == ["shogi"]


def test_an_entry_point_named_for_another_game_is_refused(installed: list[EntryPoint]) -> None:
    installed.append(_entry("abalone", "engine.shogi:SHOGI"))
    with pytest.raises(GameEntryError, match=r"'abalone' .* is the game 'shogi'"):
        registry.find_game("abalone")


def test_an_entry_point_that_is_no_game_is_refused(installed: list[EntryPoint]) -> None:
    installed += [_entry("dobutsu", "engine.dobutsu:DobutsuMove"), SHOGI]
    assert registry.names() == ("shogi",)
    (left_out,) = registry.skipped()
    assert str(left_out) == (
        "the game 'dobutsu' is left out: the entry point dobutsu = engine.dobutsu:DobutsuMove"
        " (in a package of unknown name) is type, not a Game"
    )
    with pytest.raises(GameEntryError, match="is type, not a Game"):
        registry.find_game("dobutsu")


def test_with_no_game_installed_there_is_no_default(installed: list[EntryPoint]) -> None:
    assert registry.games() == ()
    with pytest.raises(UnknownGameError, match="no game is installed"):
        registry.default_game()
    with pytest.raises(UnknownGameError, match=r"known games: $"):
        registry.find_game("shogi")


def test_kibans_own_games_each_register_from_their_package() -> None:
    """Each package of the engine that holds a game (a ``game.py``) declares its entry
    point in pyproject.toml, named by the package, pointing into the package."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    declared = project["project"]["entry-points"][GROUP]
    packages = {path.parent.name for path in (ROOT / "engine").glob("*/game.py")}
    assert set(declared) == packages
    for name, value in declared.items():
        assert value.partition(":")[0] == f"engine.{name}"
