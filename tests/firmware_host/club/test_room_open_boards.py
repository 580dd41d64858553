"""``kiban room open`` with real club boards through a real Mosquitto, as an organiser
runs a round (issue 79): the paired games on the room's pages as soon as the boards
play (they showed 0 moves for 48 s and more), a board restarted mid-round (a power cut,
``quit``) goes on with its game and the pages lose none of it, a resignation reaches the
page without ``confirm``, and ``kiban room export`` writes the round from the room
alone."""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from engine.registry import find_game
from firmware_host.club.board_side import ClubSide
from firmware_host.club.keeping import board_key, organiser_key
from firmware_host.club.messages import room_of
from firmware_host.loops.simulator import Simulation
from firmware_host.remote.address import BrokerAddress
from firmware_host.session.actions import Resign
from firmware_host.session.state import Phase
from firmware_host.store.storage import GameStore
from hardware.profile import load_profile
from tests.firmware_host.club.test_room_command import ROOT, lines_of, page_url, wait_line
from tests.firmware_host.remote.conftest import Broker, broker  # noqa: F401 - the fixture
from tests.firmware_host.simkit import close, track

DOBUTSU = find_game("dobutsu")
SHOWN = 5.0  # real seconds a move may take to reach the room's pages (it takes tenths)
WAIT = 20.0


class RealBoard:
    """A simulated club board on the real broker, its key and store in ``folder``."""

    def __init__(self, room: str, url: str, folder: Path) -> None:
        self.room, self.url, self.folder = room, url, folder
        self.sim = self._start()

    def _start(self) -> Simulation:
        key, floor = board_key(self.folder)
        side = ClubSide(self.room, BrokerAddress.parse(self.url), key=key, sequence=floor)
        store = GameStore(self.folder / "board.sqlite3")
        return track(Simulation(DOBUTSU, load_profile("sim", DOBUTSU), store, remote=side))

    @property
    def side(self) -> ClubSide:
        assert isinstance(self.sim.remote, ClubSide)
        return self.sim.remote

    def until(self, what: Callable[[], bool], why: Callable[[], str]) -> None:
        deadline = time.monotonic() + WAIT
        while not what():
            assert time.monotonic() < deadline, why()
            self.sim.advance(0.05)
            time.sleep(0.01)

    def stop(self) -> None:
        close(self.sim)
        self.side.close()

    def restart(self) -> None:
        self.sim = self._start()


def table_json(base: str, table: int) -> dict[str, Any] | None:
    try:
        with urllib.request.urlopen(f"{base}/tables/{table}.json", timeout=5) as answer:
            shown: dict[str, Any] = json.load(answer)
            return shown
    except urllib.error.HTTPError:
        return None


def moves_on_page(base: str, table: int) -> list[str]:
    shown = table_json(base, table)
    return [] if shown is None else [m["move"] for m in shown["moves"]]


def bound(board: RealBoard) -> Callable[[], bool]:
    """Whether the board plays its table's game (bound, its pairing's game in play)."""

    def playing() -> bool:
        controller = board.sim.controller
        return (
            board.side.pairing is not None
            and controller.settings.club != ""
            and (controller.phase is Phase.PLAY)
        )

    return playing


def on_page(base: str, table: int, moves: int) -> Callable[[], bool]:
    return lambda: len(moves_on_page(base, table)) == moves


def said(base: str, table: int) -> Callable[[], str]:
    return lambda: f"table {table}: {table_json(base, table)}"


def test_a_round_on_real_boards_is_on_the_pages_at_once_and_loses_nothing_to_restarts(
    broker: Broker,  # noqa: F811
    tmp_path: Path,
) -> None:
    pairings = tmp_path / "round1.csv"
    pairings.write_text("table,black,white,game\n1,Ann,Bob,dobutsu\n2,Cy,Di,dobutsu\n")
    state = tmp_path / "organiser"
    key, _ = organiser_key(state)
    room = room_of(key.public)
    command = [sys.executable, "-m", "firmware_host.cli", "room", "open"]
    command += ["--broker", f"127.0.0.1:{broker.port}", "--pairings", str(pairings)]
    command += ["--state-dir", str(state), "--page-port", "0", "--page-host", "127.0.0.1"]
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment,
    )
    boards: list[RealBoard] = []
    seen: list[str] = []
    try:
        got = lines_of(process)
        base = page_url(got, seen, "the spectator page: ").rstrip("/")
        boards = [RealBoard(room, broker.url, tmp_path / f"board-{n}") for n in (1, 2)]
        for board in boards:
            name = board.side.club.board
            wait_line(
                got, f"no table: board {name} online, Robot Duel (Dobutsu shogi), on mains", seen
            )
        assert process.stdin is not None
        for table, board in enumerate(boards, start=1):
            process.stdin.write(f"bind {board.side.club.board} {table}\n")
        process.stdin.flush()
        for board in boards:
            board.until(bound(board), lambda: "\n".join(seen))
        for ply, move in enumerate(("2c2b", "2a2b", "2d2c")):
            for board in boards:
                board.sim.perform(move)
            for table, board in enumerate(boards, start=1):
                board.until(on_page(base, table, ply + 1), said(base, table))
        first, second = boards
        first.stop()  # as a power cut leaves it: nothing said but the broker's will
        second.side.close()  # quit
        close(second.sim)
        time.sleep(0.5)
        for board in boards:
            board.restart()
            board.until(bound(board), lambda: "\n".join(seen))
        for board in boards:
            assert [str(m) for m in board.sim.controller.position.move_stack] != []
        for table, board in enumerate(boards, start=1):
            board.until(on_page(base, table, 3), said(base, table))
        second.sim.send(Resign())  # gote resigns on its turn, no confirm=on
        second.until(
            lambda: (table_json(base, 2) or {}).get("result") is not None,
            lambda: str(table_json(base, 2)),
        )
        shown = table_json(base, 2)
        assert shown is not None and shown["result"]["termination"] == "resignation"
        process.stdin.write("quit\n")
        process.stdin.flush()
        assert process.wait(WAIT) == 0
        assert process.stderr is not None
        console = process.stderr.read()
        assert "INFO" not in console, console  # the links' lines are in the room's log
        out = tmp_path / "results"
        export = [sys.executable, "-m", "firmware_host.cli", "room", "export"]
        export += ["--broker", f"127.0.0.1:{broker.port}", "--state-dir", str(state)]
        export += ["--to", str(out)]
        done = subprocess.run(
            export, check=False, env=environment, capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 0, done.stderr
        with (out / "round-1" / "table.csv").open(encoding="utf-8", newline="") as file:
            rows = {(r["table"], r["player"]): r for r in csv.DictReader(file)}
        assert rows[("2", "Cy")]["result"] == "1-0" and rows[("2", "Cy")]["moves"] == "3"
        assert rows[("1", "Ann")]["moves"] == "3" and rows[("1", "Ann")]["time used (s)"] != ""
        kept = state / "club-rounds" / room / "round-1" / "table.csv"
        assert kept.exists()  # the room kept the round as it was played
    finally:
        for board in boards:
            board.stop()
        if process.poll() is None:
            process.kill()
            process.wait()
