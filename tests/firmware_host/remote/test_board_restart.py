"""A board killed -9 mid-game and started again over the same state: it takes the
game up where its store left it, catches up from the broker, and the game finishes
with both boards agreeing on every move."""

from __future__ import annotations

import json
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from engine.registry import find_game
from firmware_host.remote.code import GameCode
from firmware_host.remote.terms import Request
from tests.firmware_host.remote.conftest import Broker
from tests.firmware_host.remote.players import (
    Player,
    address,
    check_agreed,
    close_players,
    make_board,
    play_game,
)

GAME = "shogi"
PLIES = 24  # then the board to move resigns
KILL_AT = 8  # the killed board dies once the game has this many moves
ROOT = Path(__file__).resolve().parents[3]
WAIT = 60.0  # real seconds a board process may take to say something


class BoardProcess:
    """``board_process.py`` running, its JSON lines read as they come."""

    def __init__(self, broker: Broker, state: Path, seed: int, role: list[str]) -> None:
        command = [
            sys.executable,
            "-m",
            "tests.firmware_host.remote.board_process",
            "--broker",
            broker.url,
            "--state",
            str(state),
            "--game",
            GAME,
            "--seed",
            str(seed),
            "--max-plies",
            str(PLIES),
            *role,
        ]
        self.log = (state.parent / f"{state.name}-{time.monotonic_ns()}.log").open("wb")
        self.process = subprocess.Popen(
            command, cwd=ROOT, stdout=subprocess.PIPE, stderr=self.log, text=True
        )
        self.lines: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(json.loads(line))

    def said(self, key: str, while_waiting: Player | None = None) -> dict[str, Any]:
        """The next line with ``key`` (the board in this process goes on meanwhile)."""
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.01)
            except queue.Empty:
                if while_waiting is not None:
                    while_waiting.act(PLIES)
                if not self.reader.is_alive() and self.lines.empty():
                    ended = self.process.wait(10)
                    raise AssertionError(f"the board process ended ({ended})") from None
                continue
            if key in line:
                return line
        raise AssertionError(f"the board process said no {key!r} within {WAIT} s")

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(10)
        self.log.close()


def check_same(player: Player, result: dict[str, Any]) -> None:
    """The board in this process and the one in the other agree on the whole game."""
    moves = check_agreed([player])
    assert len(moves) == PLIES
    outcome = player.outcome
    assert outcome is not None
    assert result["moves"] == list(moves)
    assert result["outcome"] == {
        "termination": outcome.termination.name,
        "winners": sorted(outcome.winners),
    }
    assert result["refused"] == 0


def test_a_joining_board_killed_and_restarted(broker: Broker, tmp_path: Path) -> None:
    host = make_board("host", find_game(GAME), Request(address(broker.url), host=True), tmp_path, 7)
    state = tmp_path / "joiner"
    role = ["--join", str(host.remote.code)]
    board = BoardProcess(broker, state, 7, role)
    try:
        board.said("code", while_waiting=host)  # joined: the host seated it
        play_game([host], until=lambda: host.ply >= KILL_AT)
        board.kill()
        board.stop()
        board = BoardProcess(broker, state, 7, role)
        resumed = board.said("code", while_waiting=host)
        assert resumed["ply"] >= KILL_AT - 1  # taken up from its store, not started anew
        play_game([host], max_plies=PLIES)
        check_same(host, board.said("moves", while_waiting=host))
    finally:
        board.stop()
        close_players([host])


def test_the_hosting_board_killed_and_restarted(broker: Broker, tmp_path: Path) -> None:
    state = tmp_path / "host"
    board = BoardProcess(broker, state, 9, ["--host"])
    try:
        code = board.said("code")["code"]
        request = Request(address(broker.url), host=False, code=GameCode.parse(code))
        joiner = make_board("joiner", find_game(GAME), request, tmp_path, 9)
        play_game([joiner], until=lambda: joiner.ply >= KILL_AT)
        board.kill()
        board.stop()
        board = BoardProcess(broker, state, 9, ["--host"])
        resumed = board.said("code", while_waiting=joiner)
        assert resumed["code"] == code and resumed["ply"] >= KILL_AT - 1
        play_game([joiner], max_plies=PLIES)
        check_same(joiner, board.said("moves", while_waiting=joiner))
        close_players([joiner])
    finally:
        board.stop()
