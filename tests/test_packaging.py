"""The release files `make dist` builds install and run on their own: the wheel in a
fresh virtual environment outside the checkout, the source archive carrying what the
README's Raspberry Pi install copies into place."""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from tests.registered import product_games

ROOT = Path(__file__).resolve().parents[1]


def run(*command: str | Path, cwd: Path) -> str:
    """``command`` as a fresh install sees it: no PYTHONPATH, which would show pip the
    checkout's own kiban.egg-info as kiban already installed (and no script made)."""
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    done = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
        env=environment,
    )
    assert done.returncode == 0, f"{command}: {done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.mark.slow
def test_the_wheel_installs_in_a_fresh_venv_and_lists_the_games(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    run(sys.executable, "-m", "build", "--outdir", dist, ROOT, cwd=tmp_path)
    (wheel,) = dist.glob("kiban-*-py3-none-any.whl")
    (archive,) = dist.glob("kiban-*.tar.gz")

    with zipfile.ZipFile(wheel) as zipped:
        names = set(zipped.namelist())
    assert "hardware/profiles/dobutsu-reference.toml" in names
    assert {"kiban/game.py", "kiban/testing.py", "kiban/pytest_plugin.py"} <= names  # authors'
    assert "firmware_host/web/words/page_font.py" in names  # kiban page-font
    assert any(name.startswith("firmware_host/web/static/") for name in names)
    for language in ("ja", "pl", "cs", "fr"):  # the catalogues the telling reads
        assert f"firmware_host/locale/{language}/LC_MESSAGES/kiban.po" in names
        assert f"engine/shogi/locale/{language}.po" in names  # a game's own words
    with tarfile.open(archive) as tar:
        members = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    # what the README's install steps take from the unpacked archive
    assert {"systemd/kiban.service", "hardware/profiles/dobutsu-reference.toml"} <= members
    assert {"README.md", "pyproject.toml", "docs/build-your-own-board.md"} <= members

    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", venv, cwd=tmp_path)
    run(venv / "bin" / "python", "-m", "pip", "install", "--quiet", wheel, cwd=tmp_path)
    listing = run(venv / "bin" / "kiban", "games", cwd=tmp_path)
    listed = [
        line.split(" ", 1)[0].rstrip(":") for line in listing.splitlines() if not line[:1].isspace()
    ]
    assert listed == [game.name for game in product_games()]  # the wheel ships no toy
    where = run(
        venv / "bin" / "python", "-c", "import engine; print(engine.__file__)", cwd=tmp_path
    )
    assert where.startswith(str(venv))  # the installed copy, not the checkout


@pytest.mark.slow
def test_the_editable_install_make_run_makes_says_no_warning(tmp_path: Path) -> None:
    """``make run``'s ``pip install -e .``, by this pip into a fresh environment (as the
    Makefile fills one): setuptools builds the editable wheel without a warning box (a
    flat layout read by its meta path finder made one: pyproject's package-dir)."""
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    pip = (sys.executable, "-m", "pip", "--python", venv / "bin" / "python", "install")
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONPATH"}
    done = subprocess.run(
        [str(part) for part in (*pip, "--no-deps", "-e", ROOT)],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,  # the box comes on either, as a terminal shows both
        text=True,
        check=False,
        env=environment,
    )
    said = done.stdout
    assert done.returncode == 0, said
    assert "Successfully installed kiban" in said
    assert "Warning" not in said
    assert "*****" not in said
