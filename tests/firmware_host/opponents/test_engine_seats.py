"""A ``usi:PATH`` seat through ``kiban sim`` and ``kiban run``: an engine that cannot be
started, or does not answer ``usiok``, is refused in one line before the game starts;
one that dies, hangs or vanishes during the game leaves its move to the built-in
search, and the move says so."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from engine.registry import find_game
from firmware_host.opponents.players import Noted, Players
from firmware_host.opponents.seats import parse_spec
from firmware_host.opponents.thinking import Purpose, request_for
from tests.firmware_host.opponents.conftest import FakeEngine
from tests.firmware_host.store.storekit import run_cli

MakeFake = Callable[..., FakeEngine]
Kiban = Callable[..., tuple[int, str, str]]


@pytest.fixture
def kiban(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> Kiban:
    """``kiban(*args, typed=...)``: the command with a store of its own; the terminal
    of ``kiban sim`` reads ``typed``."""

    def run(*args: str, typed: str = "quit\n") -> tuple[int, str, str]:
        return run_cli(capsys, monkeypatch, *args, "--state-dir", str(tmp_path), typed=typed)

    return run


def _not_usi(tmp_path: Path) -> Path:
    script = tmp_path / "not-an-engine.sh"
    script.write_text("#!/bin/sh\nread line\necho hello\nexit 0\n")
    script.chmod(0o755)
    return script


@pytest.mark.parametrize("command", [("sim", "dobutsu"), ("run", "--profile", "dobutsu-reference")])
def test_a_missing_program_is_refused_before_the_game_starts(
    kiban: Kiban, tmp_path: Path, command: tuple[str, ...]
) -> None:
    code, out, err = kiban(*command, "--opponent", "w=usi:/no/such/engine")
    assert (code, out) == (2, "")
    assert err == (
        "kiban: --opponent w=usi:/no/such/engine: /no/such/engine: cannot be run"
        " (No such file or directory)\n"
    )
    assert not list(tmp_path.glob("*.sqlite3"))  # no game was started


def test_a_program_that_does_not_speak_usi_is_refused(kiban: Kiban, tmp_path: Path) -> None:
    script = _not_usi(tmp_path)
    code, out, err = kiban("sim", "shogi", "--opponent", f"b=usi:{script}")
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert f"--opponent b=usi:{script}: {script}: exited (code 0)" in err
    assert "waited for usiok (is it a USI engine?)" in err


def test_an_engine_that_does_not_play_the_game_is_refused(
    kiban: Kiban, fake_engine: MakeFake
) -> None:
    engine = fake_engine("--no-variant")
    code, _, err = kiban("sim", "dobutsu", "--opponent", f"w=usi:{engine.path}")
    assert code == 2 and err.count("\n") == 1
    assert "offers no UCI_Variant, so it plays Shogi only, not Robot Duel" in err


def test_a_working_engine_is_checked_then_plays(kiban: Kiban, fake_engine: MakeFake) -> None:
    engine = fake_engine()
    code, out, err = kiban(
        "sim", "dobutsu", "--opponent", f"w=usi:{engine.path}", typed="play 2c2b\nquit\n"
    )
    assert code == 0, err
    assert "the computer plays 1a2b: play it on the board\n" in out  # its first choice
    assert engine.received().count("usi") == 2  # the check, then the game


@pytest.mark.parametrize(
    ("flags", "level", "said"),
    [
        (("--crash-after", "0"), "", "FakeEngine stopped (exited (code 3)"),
        (("--no-bestmove",), "@3", "FakeEngine stopped answering"),
    ],
    ids=["dies", "hangs"],
)
def test_an_engine_that_fails_in_the_game_leaves_the_move_to_the_built_in_search(
    kiban: Kiban, fake_engine: MakeFake, flags: tuple[str, ...], level: str, said: str
) -> None:
    engine = fake_engine(*flags)
    code, out, err = kiban(
        "sim", "dobutsu", "--opponent", f"w=usi:{engine.path}{level}", typed="play 2c2b\nquit\n"
    )
    assert code == 0, err
    played = [line for line in out.splitlines() if line.startswith("the computer plays")]
    assert len(played) == 1 and said in played[0]
    assert "playing with the built-in search" in played[0]


def test_an_engine_gone_when_its_game_is_taken_up_leaves_it_to_the_built_in_search(
    kiban: Kiban, fake_engine: MakeFake
) -> None:
    engine = fake_engine()
    code, _, err = kiban("sim", "dobutsu", "--opponent", f"w=usi:{engine.path}")
    assert code == 0, err
    engine.path.unlink()  # uninstalled, or moved, since
    code, out, err = kiban("sim", "dobutsu", typed="play 2c2b\nquit\n")
    assert code == 0, err
    assert "resumed game 1 of Robot Duel (Dobutsu shogi)" in out
    played = [line for line in out.splitlines() if line.startswith("the computer plays")]
    assert len(played) == 1
    assert f"{engine.path}: cannot be run (No such file or directory)" in played[0]
    assert played[0].endswith("; the built-in search plays)")


def test_an_engine_that_cannot_start_is_not_tried_again_every_move(
    fake_engine: MakeFake,
) -> None:
    engine = fake_engine("--no-variant")
    game = find_game("dobutsu")
    spec = parse_spec(f"usi:{engine.path}")
    players = Players()
    position = game.position()
    try:
        for _ in range(3):
            player = players(request_for(Purpose.MOVE, position, 1, spec, 0), game)
            assert isinstance(player, Noted) and "plays Shogi only" in player.note
            position.push(player.analyse(position).best)
    finally:
        players.close()
    assert engine.received().count("usi") == 1
