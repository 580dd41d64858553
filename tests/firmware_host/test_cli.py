from __future__ import annotations

import argparse
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

import pytest

from engine.game import Game
from engine.registry import GROUP, default_game, find_game, games
from firmware_host.cli import build_parser, main
from firmware_host.cli.main import COMMANDS, composition
from firmware_host.cli.parser import command_named
from firmware_host.tools.bench.speed import bench_game, sample_positions

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_perft_6_with_mandatory_promotion_prints_71677(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "perft", "dobutsu", "6", "--variant", "promotion=mandatory")
    assert (code, out.strip()) == (0, "71677")


def test_perft_takes_aliases_and_positions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "perft", "robot-duel", "1", "--position", "gle/1c1/1C1/ELG b - 1")
    assert (code, out.strip()) == (0, "4")


def test_moves_lists_the_legal_moves_one_per_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "moves", "dobutsu")
    assert code == 0
    assert out.split() == ["1d1c", "2c2b", "2d1c", "2d3c"]


def test_moves_of_a_position_with_drops_and_promotion_choices(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "moves", "dobutsu", "--position", "g1e/lC1/3/ELG b c 3")
    moves = out.split()
    assert code == 0
    assert "2b2a" in moves and "2b2a+" in moves  # promotion is optional by default
    code, out, _ = run(
        capsys,
        "moves",
        "dobutsu",
        "--position",
        "g1e/lC1/3/ELG b c 3",
        "--variant",
        "promotion=mandatory",
    )
    assert "2b2a+" in out.split() and "2b2a" not in out.split()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("perft", "chess", "1"), "no game called 'chess'"),
        (("sim", "shgi"), "no game called 'shgi' (did you mean 'shogi'?)"),
        (("perft", "dobutsu", "1", "--variant", "promotion=maybe"), "promotion='maybe'"),
        (("perft", "dobutsu", "1", "--variant", "colour=red"), "has no option 'colour'"),
        (("perft", "dobutsu", "1", "--variant", "promotion"), "NAME=VALUE"),
        (("moves", "dobutsu", "--position", "gle/1c1 b - 1"), "has 2 rank(s)"),
    ],
)
def test_bad_input_is_answered_with_a_message_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err.startswith("kiban: ") and message in err


def test_games_lists_every_game_with_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert "dobutsu (also: robot-duel" in out
    assert "--variant promotion=optional|mandatory (default optional)" in out
    assert "--variant repetition=2..10 (default 4)" in out


def test_bench_measures_against_a_reference_of_the_same_run() -> None:
    measures = bench_game(find_game("dobutsu"), positions=3, seed=1, minimum=0.001)
    names = [m.name for m in measures]
    assert "frame change: index+assess" in names and "recognizer index" in names
    assert all(m.seconds > 0 and m.reference > 0 for m in measures)
    assert all(m.ratio == m.seconds / m.reference for m in measures)


@pytest.mark.parametrize("game", games(), ids=lambda game: game.name)
def test_every_game_samples_positions_with_a_move_to_make(game: Game[Any]) -> None:
    # Chaturaji's positions often wait for the dice: the bench rolls them first.
    positions = sample_positions(game, 12, seed=3)
    assert len(positions) == 12
    for position in positions:
        assert position.outcome() is None and position.chance_moves() is None
        assert any(True for _ in position.legal_moves())


def test_bench_boards_counts_each_scan_on_the_mock_buses(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from firmware_host.tools.bench.boards import scan_cost

    assert main(["bench", "--boards", "sim-shogi-mux", "sim-dobutsu-165"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:6] == ["profile", "adapter", "i2c", "ioctl", "refd", "bits"]
    rows = [line[:37].rstrip().split(maxsplit=1) for line in lines[1:]]
    assert rows == [
        ["sim-shogi-mux", "pi4"],
        ["sim-shogi-mux", "pi5"],
        ["sim-shogi-mux", "other"],
        ["sim-shogi-mux", "pi4, unplanned"],
        ["sim-dobutsu-165", "-"],
    ]
    mux = scan_cost("sim-shogi-mux", "other", scans=5)
    assert mux.transactions == 3  # a select (the scan starts on the segment selected), two reads
    assert mux.seconds(400_000) == pytest.approx(mux.bits / 400_000)
    assert mux.bits == mux.minimum  # plain reads: the pointers stay on GPIOA
    on_a_pi = scan_cost("sim-shogi-mux", "pi4", scans=5)
    assert (on_a_pi.transactions, on_a_pi.refusals) == (13, 0)  # a select, 12 chips
    assert on_a_pi.bits == on_a_pi.minimum
    shogi = scan_cost("sim-shogi", "other", scans=5)
    assert (shogi.transactions, shogi.bits, shogi.minimum) == (1, 6 * 28 + 1, 169)
    shogi = scan_cost("sim-shogi", "pi5", scans=5)
    assert (shogi.transactions, shogi.bits, shogi.minimum) == (6, 6 * 29, 174)
    before = scan_cost("sim-shogi", "pi4", scans=5, planned_for="other")
    assert (before.ioctls, before.refusals, before.transactions) == (7, 1, 6)
    chain = scan_cost("sim-dobutsu-165", scans=5)
    assert (chain.transactions, chain.spi_transfers, chain.spi_bytes) == (0, 1, 3)
    assert chain.spi_seconds == pytest.approx(24 / 1_000_000)


def test_the_service_command_line_imports_no_game_before_it_picks_one() -> None:
    """``kiban run`` reads its arguments without the export formats, which need every game."""
    packages = {entry.value.split(":")[0] + "." for entry in entry_points(group=GROUP)}
    assert packages, "the games register themselves by entry point"
    probe = (
        "import sys\n"
        "from firmware_host.cli import build_parser\n"
        "build_parser().parse_args(['run', '--profile', 'board.toml'])\n"
        f"print(' '.join(m for m in sys.modules if m.startswith(tuple({sorted(packages)!r}))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stdout.split() == []


def test_export_takes_each_games_own_formats_and_names_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["export", "1", "--format", "pgn"])
    err = capsys.readouterr().err
    assert "invalid choice: 'pgn' (choose from 'txt', 'kif', 'ki2', 'csa', 'sfen'" in err
    with pytest.raises(SystemExit):
        main(["export", "--help"])
    assert "txt, kif, ki2, csa, sfen (default: txt)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ("roll=maybe", "roll must be auto or button, not 'maybe'"),
        ("draw=coin", "draw must be none, furigoma or lot, not 'coin'"),
        ("coach=yes", "coach must be on or off, not 'yes'"),
    ],
)
def test_a_bad_setting_is_refused_in_plain_words(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, setting: str, message: str
) -> None:
    code, out, err = run(
        capsys, "sim", "dobutsu", "--setting", setting, "--state-dir", str(tmp_path)
    )
    assert (code, out) == (2, "")
    assert err == f"kiban: {message}\n"


def test_a_replay_event_without_t_says_what_t_is(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "events.jsonl"
    path.write_text('{"spot": "2c", "reading": 0}\n', encoding="utf-8")
    code, out, _ = run(capsys, "replay", "dobutsu", str(path))
    assert code == 1
    first = out.splitlines()[0]
    assert '"line": 1' in first and 'the event has no \\"t\\"' in first
    assert "seconds since the start" in first


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ((), "no games are stored yet"),
        ((), "neither the board's store"),
        (("--sim",), "no simulator games are stored yet"),
        (("--sim",), "play one with kiban sim"),
    ],
)
def test_export_without_a_store_says_where_games_would_be(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, options: tuple[str, ...], message: str
) -> None:
    code, out, err = run(capsys, "export", "1", "--state-dir", str(tmp_path), *options)
    assert (code, out) == (2, "")
    assert err.startswith("kiban: ") and message in err
    assert str(tmp_path) in err


def test_every_command_declared_has_its_composition_and_no_other() -> None:
    """The parser declares the commands; main.py hands each to the module building it."""
    parser = build_parser()
    (commands,) = (a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert set(commands.choices) == {name for name, _, _ in COMMANDS}
    for name in commands.choices:
        assert callable(composition(name))
    with pytest.raises(KeyError, match="no composition for the command 'fly'"):
        composition("fly")


def test_the_command_named_is_declared_alone() -> None:
    """``kiban run`` declares only its own options (issue 80: every command's options
    were declared for it, the club's and remote play's loading cryptography); with no
    command, or an unknown one, every command is, for the help and the refusal."""
    assert command_named(["-v", "run", "--profile", "board.toml"]) == "run"
    assert command_named(["--help"]) is None
    assert command_named(["fly", "--profile", "board.toml"]) is None
    assert command_named(["--", "run"]) is None
    (alone,) = (
        a for a in build_parser("run")._actions if isinstance(a, argparse._SubParsersAction)
    )
    assert list(alone.choices) == ["run"]


def test_the_service_command_line_loads_no_cryptography_nor_openssl() -> None:
    """What ``kiban run`` reads its command line with and opens its store with loads
    neither cryptography (the club's signatures) nor hashlib (OpenSSL's libcrypto):
    together 14 MiB of the service's 38 (issue 80)."""
    probe = (
        "import sys, tempfile\n"
        "from pathlib import Path\n"
        "from firmware_host.cli.parser import build_parser\n"
        "from firmware_host.cli.common import open_store\n"
        "args = build_parser('run').parse_args(['run', '--profile', 'board.toml'])\n"
        "open_store(Path(tempfile.mkdtemp()), 'games.sqlite3').close()\n"
        "print(' '.join(m for m in sys.modules if m.split('.')[0] in "
        "('cryptography', 'hashlib', '_hashlib', 'ssl')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert done.stdout.split() == []


def test_reading_the_command_line_builds_nothing() -> None:
    """The parser imports no command's composition: ``kiban run`` loads only its own."""
    probe = (
        "import sys\n"
        "from firmware_host.cli import build_parser\n"
        "build_parser().parse_args(['run', '--profile', 'board.toml'])\n"
        "print(' '.join(m for m in sys.modules if m.startswith('firmware_host.cli.')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert sorted(done.stdout.split()) == [
        "firmware_host.cli.arguments",
        "firmware_host.cli.main",
        "firmware_host.cli.parser",
        "firmware_host.cli.room_parser",  # the room's arguments, declared only
    ]


def test_sim_without_a_game_plays_the_registrys_first() -> None:
    args = build_parser().parse_args(["sim"])
    assert args.game == default_game() == "dobutsu"


def test_sim_help_names_every_record_format_shogi_reads(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``--record`` takes what a game's readers read: ``kiban sim --help`` names each
    of shogi's (a KI2 file was read and its help did not say so, issue 63)."""
    with pytest.raises(SystemExit):
        main(["sim", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    for reader in find_game("shogi").record_readers():
        assert reader.name.upper() in help_text, reader.name
