"""A game installed from a package of its own, outside Kiban: the dice race of
``tests/external/kiban-dice-race`` (``sprint``), installed into this environment by a
plain ``pip install`` (``make test`` does it before the tests: the Makefile's
``.venv/.installed-external``), so the whole suite runs with it installed, as a player
who installed it runs Kiban. No file of Kiban names it.

Here: pip put it and its data where an installed package lives, not in the checkout;
its own tests pass the conformance kit on the game as installed (one test a check,
``kiban.testing.kit``, with the ``--kiban-sims`` knob of the pytest plugin Kiban
installs); ``kiban games`` lists it after Kiban's own, naming its package; ``kiban sim``
plays it on the terminal on the board its package ships; a simulated board's page plays
it; and the page draws its words with the glyphs it brings.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from engine.registry import find_game, games, names, own_games, registration
from engine.search.ladder import ladder, ladder_file
from firmware_host.cli import main
from firmware_host.web.words.game_fonts import font_file, game_fonts, kiban_characters, stylesheet
from kiban.testing import check_names

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "tests" / "external" / "kiban-dice-race"
NAME = "sprint"
MODULE = "kiban_dice_race"
INSTALL = "make .venv/.installed-external (make test does it)"


@pytest.fixture(scope="module")
def site() -> Path:
    """Where pip installed the package: this environment's site-packages."""
    try:
        dist = distribution("kiban-dice-race")
    except PackageNotFoundError:
        pytest.fail(f"the dice race is not installed in this environment: {INSTALL}")
    return Path(str(dist.locate_file(""))).resolve()


def run(
    command: list[str], cwd: Path, home: Path, stdin: str = "", path: str = ""
) -> subprocess.CompletedProcess[str]:
    """``command`` run to its end (at most two minutes) as a player runs it: its own HOME,
    no pytest options of this run, nothing on PYTHONPATH unless ``path`` is given."""
    kept = {key: value for key, value in os.environ.items() if not key.startswith("PYTEST")}
    kept.pop("PYTHONPATH", None)
    environment = kept | {"HOME": str(home), "PYTHONDONTWRITEBYTECODE": "1"}
    if path:
        environment["PYTHONPATH"] = path
    return subprocess.run(
        command,
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        env=environment,
        timeout=120,
    )


def test_pip_installed_it_with_its_data_where_packages_live(site: Path) -> None:
    package = site / MODULE
    game = find_game(NAME)
    assert Path(sys.modules[type(game).__module__].__file__ or "").is_relative_to(package)
    assert not package.is_relative_to(ROOT / "tests")  # not the checkout's copy
    assert sorted(path.name for path in (package / "locale").glob("*.po")) == [
        "cs.po",
        "fr.po",
        "ja.po",
        "pl.po",
    ]
    assert (package / f"sim-{NAME}.toml").is_file()
    assert sorted(path.name for path in (package / "page-font").iterdir()) == [
        "characters.txt",
        "kiban-jp-fonts-OFL.txt",
        "kiban-sans-jp.woff2",
        "kiban-serif-jp.woff2",
    ]
    installed = registration(NAME)
    assert (installed.package, installed.version, installed.value) == (
        "kiban-dice-race",
        "0.1",
        f"{MODULE}:SPRINT",
    )
    assert distribution("kiban-dice-race").requires == ["kiban>=0.1"]
    # pip built copies: nothing of a build was left in the checkout
    assert not (PACKAGE / "build").exists() and not list(PACKAGE.glob("*.egg-info"))


@pytest.mark.parametrize(
    ("folder", "game"), [("kiban-dice-race", NAME), ("kiban-hexapawn", "hexapawn")]
)
def test_its_own_tests_pass_every_check_of_the_kit_on_it_installed(
    site: Path, tmp_path: Path, folder: str, game: str
) -> None:
    """Its tests, copied without its code (only the installed copy can be imported),
    run by pytest with two random games a check (``--kiban-sims 2``). Hexapawn, the
    second outside game, was written from docs/games.md alone."""
    package = PACKAGE.parent / folder
    shutil.copytree(package / "tests", tmp_path / "tests")
    shutil.copy(package / "pyproject.toml", tmp_path)
    (tmp_path / "home").mkdir()
    done = run(
        [sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider", "--kiban-sims", "2"],
        cwd=tmp_path,
        home=tmp_path / "home",
    )
    said = done.stdout + done.stderr
    assert done.returncode == 0, said
    passed = set(re.findall(rf"test_{game}_passes_the_kit\[([a-z-]+)\] PASSED", said))
    assert passed == set(check_names()), said  # each ships its board: every check
    assert "skipped" not in said.splitlines()[-1], said


def test_the_pages_draw_its_words_with_the_glyphs_it_brings(site: Path) -> None:
    """Its Japanese word for the runner, 走者, has a kanji Kiban's page fonts lack: the
    subsets its package carries hold it, and every page's game-fonts.css names them,
    limited to it, with no file of Kiban changed."""
    css = stylesheet(game_fonts(games()))
    assert f'src: url("game-fonts/{NAME}/kiban-sans-jp.woff2")' in css, css
    assert f'src: url("game-fonts/{NAME}/kiban-serif-jp.woff2")' in css, css
    assert css.count("unicode-range: U+8D70;") == 2, css  # 走, and nothing Kiban holds
    installed_font = site / MODULE / "page-font" / "kiban-sans-jp.woff2"
    served = font_file(games(), NAME, "kiban-sans-jp.woff2") or b""
    assert served == installed_font.read_bytes()
    assert ord("走") in TTFont(str(installed_font)).getBestCmap()
    assert "走" not in kiban_characters()  # Kiban's own subsets lack it


def test_kiban_games_lists_it_after_kibans_own(
    site: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["games"]) == 0
    listing = capsys.readouterr().out
    listed = [line for line in listing.splitlines() if not line[:1].isspace()]
    assert f"{NAME}: Sprint [kiban-dice-race 0.1]" in listed, listing
    assert listed.index(f"{NAME}: Sprint [kiban-dice-race 0.1]") >= len(own_games())
    assert "    --variant die=2|3 (default 2): the faces of the die" in listing
    assert NAME in names() and NAME not in {game.name for game in own_games()}


def test_it_plays_on_the_terminal_in_its_own_words(site: Path, tmp_path: Path) -> None:
    """On the board its package ships (``kiban sim`` names no profile), red has rolled a
    2: the simulated hands run its runner from s1 to s3, the board records the move,
    then the player to move resigns; all told in Polish, its seats in the words of its
    own catalogue."""
    (tmp_path / "home").mkdir()
    done = run(
        [
            sys.executable,
            "-m",
            "firmware_host.cli",
            "sim",
            NAME,
            "--state-dir",
            str(tmp_path / "state"),
            "--position",
            "0/1 r 2",
            "--language",
            "pl",
        ],
        cwd=tmp_path,
        home=tmp_path / "home",
        stdin="move s1 s3\nresign\n",
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "nowa gra 1: Sprint" in done.stdout
    assert "ruch: czerwony" in done.stdout  # red, as its pl.po says
    assert "ruch 1: run 2" in done.stdout
    assert "(poddanie)" in done.stdout  # resigned


def test_it_plays_on_the_page(site: Path, tmp_path: Path) -> None:
    """tests/external_page.py: the page's state of a simulated board of the game, a move
    made by the hands, a roll, and a move the board cannot show chosen by name."""
    (tmp_path / "home").mkdir()
    done = run(
        [
            sys.executable,
            "-m",
            "tests.external_page",
            NAME,
            "sim",  # the board its package ships
            "0/1 r 2",
            "s1",
            "s3",
            "wait",
        ],
        cwd=tmp_path,
        home=tmp_path / "home",
        path=str(ROOT),  # the tests' own script
    )
    assert done.returncode == 0, done.stdout + done.stderr
    ran, rolled, chosen = done.stdout.splitlines()
    assert ran == "run 2" and rolled in ("roll 1", "roll 2"), done.stdout
    assert chosen == {"roll 1": "blocked", "roll 2": "wait"}[rolled]  # blue's runner on s2


def test_its_puzzles_and_levels_come_from_its_package(
    site: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Hexapawn's puzzles (``kiban puzzles generate``) and its levels' rows (``kiban
    ladder``), written beside its code and installed as its package data, are found
    there: every puzzle proved again, every level read from its rows."""
    hexapawn = find_game("hexapawn")
    assert main(["puzzles", "verify", "hexapawn"]) == 0
    assert "8 of 8 puzzles proved again" in capsys.readouterr().out
    rows = ladder(ladder_file(hexapawn))
    assert ladder_file(hexapawn).is_relative_to(site / "kiban_hexapawn")
    assert {rung.level for rung in rows.rungs} == set(range(1, 11))
    assert {rung.game for rung in rows.rungs} == {"hexapawn"}
