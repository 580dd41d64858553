"""An installed game is outside code that cannot break Kiban: one whose entry point fails
to load is left out with a warning naming its entry point and package, a name two
packages register is refused naming both (Kiban's own game keeps its name), and a game
can be blocked by its name. Each is installed here as pip installs a package: its
distribution's metadata (``METADATA``, ``entry_points.txt``) in a folder on
``sys.path``, found by the registry's real reader."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import registry
from engine.errors import UnknownGameError
from engine.registry import BLOCKED, GROUP, GameEntryError, find_game, games, names, skipped
from firmware_host.cli import main
from firmware_host.tools.desk.doctor import Doctor
from firmware_host.tools.desk.sim_bench import simulated_bench
from firmware_host.web.sessions.session import simulated_profiles
from hardware.profile import load_profile
from tests.registered import toy_race_installed

BROKEN = "kiban_no_such_module_82:GAME"


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on ``sys.path`` that the test installs distributions into."""
    monkeypatch.syspath_prepend(str(tmp_path))
    registry.rescan()
    yield tmp_path
    monkeypatch.undo()
    registry.rescan()


def install(site: Path, package: str, entries: dict[str, str], version: str = "1.0") -> None:
    """``package`` installed into ``site`` with ``entries`` in ``kiban.games``."""
    info = site / f"{package.replace('-', '_')}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {package}\nVersion: {version}\n", encoding="utf-8"
    )
    lines = "".join(f"{name} = {value}\n" for name, value in entries.items())
    (info / "entry_points.txt").write_text(f"[{GROUP}]\n{lines}", encoding="utf-8")
    registry.rescan()


def test_a_game_that_fails_to_import_is_left_out_naming_its_entry_point(site: Path) -> None:
    own = names()
    install(site, "kiban-broken-game", {"broken": BROKEN})
    assert names() == own  # every other game is still played
    (left_out,) = skipped()
    assert str(left_out) == (
        f"the game 'broken' is left out: the entry point broken = {BROKEN} (in "
        "kiban-broken-game 1.0) fails to load: ModuleNotFoundError: No module named "
        "'kiban_no_such_module_82'"
    )
    with pytest.raises(GameEntryError, match=r"broken = .* \(in kiban-broken-game 1.0\)"):
        find_game("broken")
    assert find_game("dobutsu").name == "dobutsu"


def test_a_game_whose_module_raises_anything_is_left_out(site: Path) -> None:
    (site / "kiban_raising_game_82.py").write_text(
        "raise RuntimeError('the author forgot a file')\n", encoding="utf-8"
    )
    install(site, "kiban-raising-game", {"raising": "kiban_raising_game_82:GAME"}, "0.3")
    (left_out,) = skipped()
    assert left_out.warning.endswith(
        "(in kiban-raising-game 0.3) fails to load: RuntimeError: the author forgot a file"
    )
    assert "raising" not in names()


def test_kiban_games_lists_the_others_and_warns_of_it(
    site: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    install(site, "kiban-broken-game", {"broken": BROKEN})
    assert main(["games"]) == 0
    said = capsys.readouterr()
    listed = [line.split(":")[0] for line in said.out.splitlines() if not line[:1].isspace()]
    assert [line.split(" ")[0] for line in listed] == list(names())
    assert "kiban: warning: the game 'broken' is left out: the entry point broken" in said.err
    assert "kiban-broken-game 1.0" in said.err


def test_the_doctor_counts_it_a_problem(site: Path) -> None:
    install(site, "kiban-broken-game", {"broken": BROKEN})
    game = find_game("dobutsu")
    sim = simulated_bench(load_profile("sim", game), game)
    report = Doctor(sim.bench, sim.hardware.buses).run(("system",))
    assert report.problems == 1
    assert report.lines[0].startswith("the game 'broken' is left out: the entry point broken")
    assert report.lines[-1] == "doctor: 1 problem found"


def test_the_page_offers_the_other_games_and_logs_it(
    site: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """``kiban sim dobutsu --web`` once stopped with a traceback naming neither."""
    install(site, "kiban-broken-game", {"broken": BROKEN})
    with caplog.at_level(logging.WARNING):
        offered = simulated_profiles()
    assert "dobutsu" in offered and "broken" not in offered
    assert "the game 'broken' is left out" in caplog.text


def test_a_name_two_packages_register_is_refused_naming_both(site: Path) -> None:
    install(site, "kiban-twin-one", {"twin": "kiban_twin_one:GAME"})
    install(site, "kiban-twin-two", {"twin": "kiban_twin_two:GAME"}, "2.0")
    (refused,) = skipped()
    assert str(refused) == (
        "the game 'twin' is refused: 2 packages register it, "
        "the entry point twin = kiban_twin_one:GAME (in kiban-twin-one 1.0) and "
        "the entry point twin = kiban_twin_two:GAME (in kiban-twin-two 2.0); "
        "uninstall all but one"
    )
    assert "twin" not in names()
    with pytest.raises(GameEntryError, match="2 packages register it"):
        find_game("twin")


def test_kibans_own_game_keeps_its_name(site: Path) -> None:
    shogi = find_game("shogi")
    install(site, "kiban-shogi-again", {"shogi": "tests.firmware_host.toy_race:RACE"})
    assert find_game("shogi") is shogi
    assert games().count(shogi) == 1
    (refused,) = skipped()
    assert str(refused) == (
        "the entry point shogi = tests.firmware_host.toy_race:RACE (in kiban-shogi-again "
        "1.0) is refused: it takes the name 'shogi' of Kiban's own game (the entry point "
        f"shogi = engine.shogi:SHOGI (in kiban {registry.registration('shogi').version}))"
    )


def test_a_game_can_be_blocked_by_its_name(site: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(site, "kiban-broken-game", {"broken": BROKEN})
    monkeypatch.setenv(BLOCKED, "broken, robotory")
    registry.rescan()
    assert "robotory" not in names() and skipped()[0].name == "broken"
    assert [str(each).endswith(f"is blocked by {BLOCKED}") for each in skipped()] == [True, True]
    with pytest.raises(GameEntryError, match=f"robotory .* is blocked by {BLOCKED}"):
        find_game("robotory")
    with pytest.raises(UnknownGameError, match="known games"):
        find_game("ロボトリー")  # its alias goes with it


def test_kibans_own_games_are_those_its_distribution_registers() -> None:
    with toy_race_installed():
        own = registry.own_games()
        assert "race" in names() and "race" not in {game.name for game in own}
        assert registry.registration("race").where == "kiban-toy-race 0"
    assert {registry.registration(game.name).package for game in own} == {"kiban"}
