"""A game installed from a package of its own, outside Kiban: the dice race of
``tests/external/kiban-dice-race`` (``sprint``), built and installed by pip into a folder
of this test's, is one more game to Kiban with no file of Kiban naming it.

pip builds it with the environment's setuptools (``--no-build-isolation``: no index is
asked) and installs it with its entry point in ``kiban.games`` into that folder only
(``--target``), never into the environment. Each process after it has the folder and the
checkout on its path, as an installed game's user has it: there the package's own tests
pass the conformance kit on the game as installed, ``kiban games`` lists it, ``kiban
sim`` plays it on the terminal on the board its package ships, and a simulated board's
page plays it.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from engine.registry import GROUP
from firmware_host.testing import conformance_checks
from firmware_host.web.words.game_fonts import kiban_characters

pytestmark = pytest.mark.xdist_group("external")  # one install serves every test here

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "tests" / "external" / "kiban-dice-race"
NAME = "sprint"
MODULE = "kiban_dice_race"


def run(
    command: list[str], cwd: Path, environment: dict[str, str], stdin: str = ""
) -> subprocess.CompletedProcess[str]:
    """``command`` run to its end (at most a minute), its output kept."""
    return subprocess.run(
        command,
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        env=environment,
        timeout=60,
    )


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder of the test's: ``source``, the package copied (pip builds in its source
    folder, which must not be the checkout's), ``site``, where pip installs it, and
    ``home``, the HOME of every process run here."""
    assert importlib.util.find_spec("setuptools") is not None, (
        "pip builds the package with this environment's setuptools (no build isolation, "
        "no index): it comes with Kiban's developer tools"
    )
    work = tmp_path_factory.mktemp("external")
    source = work / "source"
    shutil.copytree(PACKAGE, source, ignore=shutil.ignore_patterns("__pycache__"))
    (work / "home").mkdir()
    done = run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--no-deps",
            "--no-build-isolation",
            "--no-index",
            "--no-cache-dir",
            "--disable-pip-version-check",
            "--target",
            str(work / "site"),
            str(source),
        ],
        cwd=work,
        environment=clean_environment(work),
    )
    said = done.stdout + done.stderr
    assert done.returncode == 0, said
    assert "Successfully installed kiban-dice-race-0.1" in said
    assert "Warning" not in said, said  # setuptools takes its package data as declared
    shutil.rmtree(source / MODULE)  # only the installed copy can be imported from now on
    return work


def clean_environment(work: Path) -> dict[str, str]:
    """This process's environment for a process of its own: its HOME in ``work``, no
    pytest options of this run, no byte code written beside the sources."""
    kept = {key: value for key, value in os.environ.items() if not key.startswith("PYTEST")}
    return kept | {"HOME": str(work / "home"), "PYTHONDONTWRITEBYTECODE": "1"}


def installed(work: Path) -> dict[str, str]:
    """The environment of a user who installed the game: the install folder and Kiban's
    checkout on the path."""
    path = os.pathsep.join((str(work / "site"), str(ROOT)))
    return clean_environment(work) | {"PYTHONPATH": path}


def board(work: Path) -> str:
    """The simulated board's profile the package ships, where pip put it."""
    return str(work / "site" / MODULE / f"sim-{NAME}.toml")


def test_pip_installs_it_with_its_data_into_its_folder_only(work: Path) -> None:
    site = work / "site"
    assert sorted(path.name for path in (site / MODULE / "locale").iterdir()) == [
        "cs.po",
        "fr.po",
        "ja.po",
        "pl.po",
    ]
    assert Path(board(work)).is_file()
    assert sorted(path.name for path in (site / MODULE / "page-font").iterdir()) == [
        "characters.txt",
        "kiban-jp-fonts-OFL.txt",
        "kiban-sans-jp.woff2",
        "kiban-serif-jp.woff2",
    ]
    (dist,) = site.glob("kiban_dice_race-0.1.dist-info")
    assert f"[{GROUP}]\n{NAME} = {MODULE}:SPRINT" in (dist / "entry_points.txt").read_text()
    found = run(
        [sys.executable, "-c", f"import {MODULE}; print({MODULE}.__file__)"],
        cwd=work,
        environment=installed(work),
    )
    assert found.stdout.startswith(str(site / MODULE)), found.stdout + found.stderr
    # nothing of it in the environment, nor in the checkout
    assert importlib.util.find_spec(MODULE) is None
    assert NAME not in entry_points(group=GROUP).names
    assert not (PACKAGE / "build").exists() and not list(PACKAGE.glob("*.egg-info"))


def test_its_own_tests_pass_every_check_of_the_kit_on_it_installed(work: Path) -> None:
    source = work / "source"
    done = run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-v",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:randomly",
            "--rootdir",
            str(source),
            str(source / "tests"),
        ],
        cwd=work,
        environment=installed(work),
    )
    said = done.stdout + done.stderr
    assert done.returncode == 0, said
    passed = set(re.findall(r"test_sprint_passes_the_kit\[([a-z-]+)\] PASSED", said))
    assert passed == {name for name, _ in conformance_checks()}, said
    assert "skipped" not in said.splitlines()[-1], said


def test_the_pages_draw_its_words_with_the_glyphs_it_brings(work: Path) -> None:
    """Its Japanese word for the runner, 走者, has a kanji Kiban's page fonts lack: the
    subsets its package carries hold it, and every page's game-fonts.css names them,
    limited to it, with no file of Kiban changed."""
    probe = (
        "from engine.registry import games\n"
        "from firmware_host.web.words.game_fonts import font_file, game_fonts, stylesheet\n"
        "print(stylesheet(game_fonts(games())))\n"
        f"print(len(font_file(games(), {NAME!r}, 'kiban-sans-jp.woff2') or b''))\n"
    )
    done = run([sys.executable, "-c", probe], cwd=work, environment=installed(work))
    assert done.returncode == 0, done.stderr
    *sheet, size = done.stdout.strip().splitlines()
    css = "\n".join(sheet)
    assert f'src: url("game-fonts/{NAME}/kiban-sans-jp.woff2")' in css, css
    assert f'src: url("game-fonts/{NAME}/kiban-serif-jp.woff2")' in css, css
    assert css.count("unicode-range: U+8D70;") == 2, css  # 走, and nothing Kiban holds
    installed_font = work / "site" / MODULE / "page-font" / "kiban-sans-jp.woff2"
    assert int(size) == installed_font.stat().st_size
    assert ord("走") in TTFont(str(installed_font)).getBestCmap()
    assert "走" not in kiban_characters()  # Kiban's own subsets lack it


def test_kiban_games_lists_it_after_kibans_own(work: Path) -> None:
    done = run(
        [sys.executable, "-m", "firmware_host.cli", "games"],
        cwd=work,
        environment=installed(work),
    )
    assert done.returncode == 0, done.stderr
    listed = [line for line in done.stdout.splitlines() if not line[:1].isspace()]
    assert listed[-1] == f"{NAME}: Sprint [kiban-dice-race 0.1]", done.stdout  # its package
    assert "    --variant die=2|3 (default 2): the faces of the die" in done.stdout


def test_it_plays_on_the_terminal_in_its_own_words(work: Path) -> None:
    """On the board its package ships (``kiban sim`` names no profile), red has rolled a
    2: the simulated hands run its runner from s1 to s3, the board
    records the move, then the player to move resigns; all told in Polish, its seats in
    the words of its own catalogue."""
    done = run(
        [
            sys.executable,
            "-m",
            "firmware_host.cli",
            "sim",
            NAME,
            "--state-dir",
            str(work / "state"),
            "--position",
            "0/1 r 2",
            "--language",
            "pl",
        ],
        cwd=work,
        environment=installed(work),
        stdin="move s1 s3\nresign\n",
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "nowa gra 1: Sprint" in done.stdout
    assert "ruch: czerwony" in done.stdout  # red, as its pl.po says
    assert "ruch 1: run 2" in done.stdout
    assert "(poddanie)" in done.stdout  # resigned


def test_it_plays_on_the_page(work: Path) -> None:
    """tests/external_page.py: the page's state of a simulated board of the game, a move
    made by the hands, a roll, and a move the board cannot show chosen by name."""
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
        cwd=work,
        environment=installed(work),
    )
    assert done.returncode == 0, done.stdout + done.stderr
    ran, rolled, chosen = done.stdout.splitlines()
    assert ran == "run 2" and rolled in ("roll 1", "roll 2"), done.stdout
    assert chosen == {"roll 1": "blocked", "roll 2": "wait"}[rolled]  # blue's runner on s2
