"""Every command README.md and docs/*.md show is run here, or listed as not runnable
here with the reason (README.md, "Commands in the docs", says how a doc shows one).

A ``kiban`` command runs in this process through ``main`` (a process of its own
would import Kiban again: about a second of a core each, measured on this machine's
``python -m firmware_host.cli games``), in a temporary folder with its own HOME and
state, the files it names made there first. Its standard output is compared with the
output the doc shows after it, where it shows some. A command found in the docs
that is in neither table fails, and so does a table entry no doc shows any more.
"""

from __future__ import annotations

import io
import random
import shlex
import shutil
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import FrameType

import pytest

from engine.outcome import Outcome, Termination
from engine.registry import find_game
from firmware_host.cli import main
from firmware_host.store.storage import GameStore
from firmware_host.tools.records.stores import BOARD_STORE
from tests.docs_commands import ROOT, DocCommand, all_commands, commands_in, matches

EVENTS = (
    '{"t": 0.1, "spot": "2b", "reading": 0}\n'
    '{"t": 0.3, "spot": "2c", "reading": 0}\n'
    '{"t": 0.5, "spot": "2b", "reading": 1}\n'
)
"""The README's replay sample: Sente's chick takes Gote's (README.md, events.jsonl)."""

DOBUTSU_MOVES = ("2c2b", "1a2b", "1d1c", "3a3b")


@dataclass(frozen=True)
class Run:
    """How a command is run here: what it reads on standard input, the files it
    names (made in its folder first), whether the board's store holds games before it
    (``stored``; ``record``: and ``game.kif`` is exported from game 12 first, as the
    README does before playing on from it), the exit status it ends with, and the
    files it must have written (``~`` for HOME), and words its output must hold where
    the doc shows none (a simulated game played to its end: it did run)."""

    stdin: str = ""
    files: tuple[tuple[str, str], ...] = ()
    stored: bool = False
    record: bool = False
    status: int = 0
    writes: tuple[str, ...] = ()
    says: str = ""


RESIGN = Run(stdin="resign\n", says="(resignation)")

RUNS: dict[str, Run] = {
    "kiban games": Run(),
    "kiban perft dobutsu 6 --variant promotion=mandatory": Run(),
    'kiban moves dobutsu --position "gle/1c1/1C1/ELG b - 1"': Run(),
    "kiban replay dobutsu events.jsonl": Run(files=(("events.jsonl", EVENTS),)),
    "kiban perft shogi 4": Run(),
    "kiban sim shogi --variant handicap=rook": RESIGN,
    "kiban export 12 --format kif --output game.kif": Run(stored=True, writes=("game.kif",)),
    "kiban export 12 --format csa": Run(stored=True),
    "kiban export 7": Run(stored=True),
    "kiban list": Run(stored=True),
    "kiban sim shogi --record game.kif --from-move 30": Run(
        stdin="resign\n", says="(resignation)", record=True
    ),
    "kiban bench --boards": Run(),
    'kiban bestmove shogi --position "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"': Run(),
    "kiban bestmove dobutsu --engine 5": Run(),
    "kiban sim dobutsu --opponent w=level:3": RESIGN,
    # two people at the board: Resign on the computer's turn must say which seat
    "kiban sim chaturaji --opponent y=level:5 --opponent g=level:5": Run(
        stdin="resign 0\n", says="(resignation)"
    ),
    "kiban sim shogi --opponent b=engine": RESIGN,
    "kiban sim dobutsu --setting help=b:hints,w:none --setting hints=b:3,w:0": RESIGN,
    "kiban sim shogi --setting help=coach": RESIGN,
    "kiban sim shogi --setting hints=2": RESIGN,
    "kiban broker ~/kiban-broker --host broker.example --board board1 --board board2": Run(
        writes=("~/kiban-broker/mosquitto.conf",)
    ),
    "kiban room name": Run(),
    "kiban broker ~/hall-broker --host hall.local --board table-1 --board table-2"
    " --organiser 3f9a0c5e7b21d4c8a6f0e913 --spectator hall-screen": Run(
        writes=("~/hall-broker/acl", "~/hall-broker/roles")
    ),
    "kiban usi --sim": Run(stdin="usi\nisready\nquit\n", says="readyok"),
    "kiban usi --sim --game dobutsu": Run(stdin="usi\nisready\nquit\n", says="readyok"),
    "kiban build-check board.toml --pictures pictures/": Run(
        files=(("board.toml", (ROOT / "hardware/profiles/sim-dobutsu.toml").read_text("utf-8")),),
        writes=("pictures/read-zone.png", "pictures/slide-timeline.png"),
        says="PASS: every piece within 8 mm reads",
    ),
}
"""The commands run here, by the words the docs give them."""

PI = "a Raspberry Pi's setup as root (raspi-config, apt, /etc, /opt: tools/pi_check.sh runs it)"
BOARD = "drives a real board (GPIO, I2C, SPI): hardware this machine has not"
NETWORK = "needs a broker or a server on the network"
REPORT = (
    "minutes to an hour of measuring, meant for a Pi (a tiny run on a faked Pi is"
    " tests/firmware_host/tools/bench/test_report.py)"
)
CALLGRIND = "a measurement under callgrind, minutes of a core (docs/speed.md)"
NOT_HERE: dict[str, str] = {
    "make run": "opens a browser and serves the page until stopped (tests/test_make_run.py)",
    "make test": "is the run this test is part of",
    "kiban bench": "minutes of measuring (docs/speed.md); its parts have tests of their own",
    "kiban bench --service --budget zero2w --counted": "minutes under valgrind (make test-slow)",
    "kiban bench --levels shogi": "each level's searches, minutes (docs/levels.md)",
    "kiban sim shogi --opponent w=usi:/opt/yaneuraou/YaneuraOu@7": (
        "needs YaneuraOu, which is not packaged (the USI seat's tests use a fake engine)"
    ),
    "kiban run --profile board.toml --opponent w=level:4 --coach --warn": BOARD,
    "kiban sim dobutsu --web --remote mqtt://broker.example --host-game": NETWORK,
    "kiban sim dobutsu --web --remote mqtt://broker.example --join K7QM2-XRDP9": NETWORK,
    "kiban sim dobutsu --web --remote mqtt://broker.example --watch K7QM2-XRDP9": NETWORK,
    "kiban run --profile board.toml --host-game --remote"
    " 'mqtts://board1:PASSWORD@broker.example:8883?ca=/etc/kiban/ca.crt'": BOARD,
    "sudo raspi-config nonint do_i2c 0": PI,
    "sudo raspi-config nonint do_spi 0": PI,
    "echo dtparam=i2c_arm_baudrate=400000 | sudo tee -a /boot/firmware/config.txt": PI,
    "sudo apt update": PI,
    "sudo apt install -y python3-venv python3-dev gcc libc6-dev swig liblgpio-dev": PI,
    "sudo useradd --system --user-group --groups i2c,gpio,spi,dialout kiban": PI,
    "sudo mkdir -p /opt/kiban": PI,
    "sudo tar -xzf kiban-0.1.0.tar.gz -C /opt/kiban --strip-components=1": PI,
    "sudo python3 -m venv /opt/kiban/.venv": PI,
    "sudo /opt/kiban/.venv/bin/pip install './kiban-0.1.0-py3-none-any.whl[pi]'": PI,
    "sudo apt install -y git": PI,
    'sudo git clone "$KIBAN_REPO" /opt/kiban': PI,
    "cd /opt/kiban && sudo .venv/bin/pip install '.[pi]'": PI,
    "sudo install -D -m 644 /opt/kiban/hardware/profiles/dobutsu-reference.toml"
    " /etc/kiban/board.toml": PI,
    "sudo install -m 644 /opt/kiban/systemd/kiban.service /etc/systemd/system/kiban.service": PI,
    "sudo systemctl daemon-reload": PI,
    "sudo systemctl enable --now kiban": PI,
    "sudo systemctl stop kiban": PI,
    "sudo systemctl start kiban": PI,
    "kiban bench --report kiban-report.json": REPORT,
    "kiban bench --report report.json": REPORT,
    "kiban bench --report kiban-report.json --top-level 5": REPORT,
    "kiban bench --report kiban-report.json --top-level 5 sim-shogi shogi": REPORT,
    "journalctl -u kiban -f": "follows the service's log on a Pi until stopped",
    "sudo make pi-vm": "an emulated Pi as root, an hour or more cold (docs/pi-vm.md)",
    "sudo tools/pi_vm/pi_vm.sh boot": "boots make pi-vm's emulated Pi (root, minutes)",
    "sudo tools/pi_vm/pi_vm.sh ssh pi": "a shell in make pi-vm's emulated Pi",
    "sudo tools/pi_vm/pi_vm.sh stop": "powers make pi-vm's emulated Pi off",
    "kiban doctor --profile /etc/kiban/board.toml": BOARD,
    "kiban calibrate --profile /etc/kiban/board.toml": BOARD,
    "kiban run --profile /etc/kiban/board.toml": BOARD,
    "kiban doctor --profile board.toml": (
        "a real board's answers (an expander missing, two cells' wires crossed); the"
        " doctor's own tests run it on simulated buses (tests/firmware_host/tools/desk)"
    ),
    "kiban sim chaturaji --remote mqtt://b.example --host-game --seat black": NETWORK,
    "kiban sim chaturaji --remote mqtt://b.example --join K7QM2-XRDP9 --seat green": NETWORK,
    "kiban sim dobutsu --web --remote mqtt://b.example --watch WH3K9-TQ2MX": NETWORK,
    "kiban run --profile board.toml --remote"
    " 'mqtts://board1:PASS@b.example?ca=/etc/kiban/ca.crt' --host-game": BOARD,
    "sudo apt install mosquitto": "installs a package as root (make broker does it for the tests)",
    "mosquitto -c ~/kiban-broker/mosquitto.conf": (
        "serves until stopped; tests/firmware_host/remote start mosquitto on a free port"
    ),
    "exec /opt/kiban/.venv/bin/kiban usi --profile /etc/kiban/board.toml"
    " 2>>/tmp/kiban-usi.log": BOARD,
    "kiban usi --profile /etc/kiban/board.toml": BOARD,
    "kiban room open --broker hall.local --pairings round1.csv --round 1": (
        "follows a broker until quit; tests/firmware_host/club/test_room_command.py runs it"
        " against a real Mosquitto"
    ),
    "mosquitto -c ~/hall-broker/mosquitto.conf": (
        "serves until stopped; tests/firmware_host/club/test_broker_roles.py starts the"
        " written broker on a free port"
    ),
    "kiban room open --broker 'mqtts://3f9a0c5e7b21d4c8a6f0e913:PASSWORD@hall.local:8883"
    "?ca=ca.crt' --pairings round1.csv": (
        "follows a broker until quit; tests/firmware_host/club/test_broker_roles.py runs a"
        " room through the locked broker with the organiser's login"
    ),
    "make room": "a room that plays until Ctrl-C; test_room_sim.py runs kiban room sim",
    "kiban room sim --boards 8 --page-port 8091": (
        "plays until Ctrl-C; tests/firmware_host/club/test_room_sim.py runs it with 3 boards"
    ),
    "kiban room sim --pairings round1.csv": (
        "plays until Ctrl-C; tests/firmware_host/club/test_room_sim.py runs it with 3 boards"
    ),
    'kiban room export --broker hall.local --to results/ --event "Club cup"': (
        "follows a hall's broker; tests/firmware_host/club/test_export.py gathers a round"
        " from a room alone and exports it"
    ),
    "kiban run --profile board.toml --room 3f9a0c5e7b21d4c8a6f0e913 --broker hall.local": BOARD,
    "kiban sim shogi --room 3f9a0c5e7b21d4c8a6f0e913 --broker hall.local": (
        "joins a hall's broker; tests/firmware_host/club/test_broker_board.py runs a club"
        " board against a real Mosquitto"
    ),
    "kiban online login": "needs a lishogi token, and lishogi.org on the network",
    "kiban sim shogi --online lishogi": "plays on lishogi.org: a token and the network",
    "kiban run --profile board.toml --online lishogi": BOARD,
    "valgrind --tool=callgrind --collect-atstart=no --toggle-collect=_operator_call python -m"
    " firmware_host.tools.bench.decision sim-shogi shogi decide": CALLGRIND,
    "valgrind --tool=callgrind --collect-atstart=no --toggle-collect=_operator_call"
    " --callgrind-out-file=split.out python -m firmware_host.tools.bench.decision"
    " sim-shogi-analog shogi idle --split": CALLGRIND,
    "callgrind_annotate --inclusive=yes split.out | grep 'context\\.c:context_run '": (
        "reads split.out, which the callgrind run before it writes (minutes)"
    ),
}
"""The commands not run here, each with the reason."""

FOUND, UNTAGGED = all_commands()


def _id(command: DocCommand) -> str:
    return f"{command.source}:{command.line}"


def test_every_command_in_the_docs_is_run_or_has_a_reason_not_to_be() -> None:
    unknown = [
        f"{_id(command)}: {command.command}"
        for command in FOUND
        if command.command not in RUNS and command.command not in NOT_HERE
    ]
    assert not unknown, "commands in the docs with no way to run them here: " + "; ".join(unknown)


def test_every_table_entry_is_a_command_some_doc_shows() -> None:
    shown = {command.command for command in FOUND}
    assert not (set(RUNS) | set(NOT_HERE)) - shown
    assert not set(RUNS) & set(NOT_HERE)


def test_no_untagged_block_holds_a_command() -> None:
    assert not UNTAGGED, "tag these blocks sh or console (or text for a synopsis): " + "; ".join(
        f"{loose.source}:{loose.line}: {loose.text}" for loose in UNTAGGED
    )


def _store_games(folder: Path) -> None:
    """Twelve finished games in the board's store: game 12 a shogi game of 40 moves
    (``kiban export 12 --format kif``, then played on from move 30), the others
    Robot Duel (``kiban export 7``)."""
    store = GameStore(folder / BOARD_STORE)
    for number in range(1, 13):
        name = "shogi" if number == 12 else "dobutsu"
        position = find_game(name).position()
        choose = random.Random(number)
        game_id = store.new_game(name, {}, None, 0.0, {"opponent": "w=level:3"}, wall=1.7e9)
        for ply in range(1, 41 if name == "shogi" else len(DOBUTSU_MOVES) + 1):
            if name == "shogi":
                text = choose.choice(sorted(map(position.move_text, position.legal_moves())))
            else:
                text = DOBUTSU_MOVES[ply - 1]
            position.push_text(text)
            store.add_move(game_id, ply, text, float(ply), wall=1.7e9 + ply)
        store.finish(game_id, Outcome.win(Termination.RESIGNATION, 0), 50.0)
    store.close()


@pytest.fixture(scope="module")
def stored_games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The board's store of ``_store_games``, made once (each move is written through
    to the disk, a second a store here) and copied for each command that reads it."""
    made = tmp_path_factory.mktemp("stored")
    _store_games(made)
    return made / BOARD_STORE


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder of its own, with HOME, the XDG folders and the state there."""
    home = tmp_path / "home"
    home.mkdir()
    for variable in ("KIBAN_STATE_DIR", "STATE_DIRECTORY"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("HOME", str(home))
    for variable, below in (
        ("XDG_STATE_HOME", ".local/state"),
        ("XDG_CONFIG_HOME", ".config"),
        ("XDG_DATA_HOME", ".local/share"),
        ("XDG_CACHE_HOME", ".cache"),
    ):
        monkeypatch.setenv(variable, str(home / below))
    monkeypatch.chdir(tmp_path)
    yield tmp_path


def _argv(command: str, run: Run) -> list[str]:
    words = shlex.split(command)
    assert words[0] == "kiban"
    home = str(Path.home())
    return [word.replace("~", home, 1) if word.startswith("~") else word for word in words[1:]]


TIME_LIMIT = 60.0
"""Seconds a command may take: the budget of the whole runner (issue 63), so that one
that waits for input it was not given fails instead of hanging ``make test``."""


class CommandTimedOutError(Exception):
    """A command ran past ``TIME_LIMIT`` (raised in it by the alarm)."""


@contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    def expired(signum: int, frame: FrameType | None) -> None:
        raise CommandTimedOutError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


RUNNABLE = [command for command in FOUND if command.command in RUNS]


@pytest.mark.parametrize("command", RUNNABLE, ids=_id)
def test_the_command_runs_and_prints_what_the_doc_shows(
    command: DocCommand,
    folder: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    stored_games: Path,
) -> None:
    run = RUNS[command.command]
    for name, text in run.files:
        (folder / name).write_text(text, encoding="utf-8")
    if run.stored or run.record:
        state = Path.home() / ".local" / "state" / "kiban"
        state.mkdir(parents=True)
        shutil.copyfile(stored_games, state / BOARD_STORE)
    if run.record:
        assert main(["export", "12", "--format", "kif", "--output", "game.kif"]) == 0
        capsys.readouterr()
    monkeypatch.setattr(sys, "stdin", io.StringIO(run.stdin))
    with _time_limit(TIME_LIMIT):
        status = main(_argv(command.command, run))
    printed = capsys.readouterr()
    assert status == run.status, printed.err
    assert run.says in printed.out, f"{command.command} printed no {run.says!r}"
    for written in run.writes:
        assert Path(written).expanduser().is_file(), f"{command.command} wrote no {written}"
    if command.shown is not None:
        assert matches(command.shown, printed.out.splitlines()), (
            f"{_id(command)} shows\n"
            + "\n".join(command.shown)
            + "\nbut it printed\n"
            + printed.out
        )


def test_the_replay_sample_is_the_readmes() -> None:
    """The events the replay runs on are the ones the README shows."""
    assert EVENTS in (ROOT / "README.md").read_text(encoding="utf-8")


def test_a_shown_line_of_dots_stands_for_lines_and_a_trailing_one_for_a_line_end() -> None:
    shown = ("first", "...", "LED test: 15 LEDs; ...", "last")
    assert matches(shown, ["first", "a", "b", "LED test: 15 LEDs; 0 first", "last"])
    assert matches(shown, ["first", "LED test: 15 LEDs;", "last"])
    assert not matches(shown, ["first", "LED test: 16 LEDs; 0", "last"])
    assert not matches(shown, ["first", "LED test: 15 LEDs; 0", "last", "more"])


def test_commands_are_read_by_the_readmes_convention(tmp_path: Path) -> None:
    doc = tmp_path / "sample.md"
    doc.write_text(
        "```sh\nkiban games   # a comment\nkiban run \\\n    --profile x.toml\n```\n"
        "```console\n$ kiban perft dobutsu 1\n4\n```\n```text\nkiban ladder GAME\n```\n"
        "```\nkiban list\n```\n",
        encoding="utf-8",
    )
    found, untagged = commands_in(doc, tmp_path)
    assert [(command.command, command.shown) for command in found] == [
        ("kiban games", None),
        ("kiban run --profile x.toml", None),
        ("kiban perft dobutsu 1", ("4",)),
    ]
    assert [loose.text for loose in untagged] == ["kiban list"]
