"""``kiban sim`` in a real terminal (a pty on standard input, output and error, as a
person starts it): what the terminal shows is the board and its words, with no log
line in the drawing, and a colour key that names only what the game can show."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.firmware_host.remote.conftest import Broker, broker  # noqa: F401 - the fixture

ROOT = Path(__file__).resolve().parents[3]
WAIT = 60.0  # real seconds a process may take to draw, on a loaded machine
ESCAPES = re.compile(r"\x1b\[[0-9;]*m")


class PtyTerminal:
    """One ``kiban sim`` whose standard input, output and error are one terminal."""

    def __init__(self, words: list[str]) -> None:
        self._master, slave = pty.openpty()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "firmware_host.cli", "sim", *words],
            cwd=ROOT,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        os.close(slave)
        self.text = ""

    def until(self, pattern: str) -> None:
        """Read what the terminal shows until ``pattern`` is among it."""
        deadline = time.monotonic() + WAIT
        while re.search(pattern, self.text) is None:
            if time.monotonic() > deadline:
                raise AssertionError(f"no {pattern!r} within {WAIT} s in:\n{self.text}")
            self._read(0.1)

    def _read(self, timeout: float) -> None:
        ready, _, _ = select.select([self._master], [], [], timeout)
        if ready:
            try:
                chunk = os.read(self._master, 65536)
            except OSError:  # the process ended: the terminal is gone
                chunk = b""
            self.text += ESCAPES.sub("", chunk.decode("utf-8", errors="replace"))

    def quit(self) -> int:
        os.write(self._master, b"quit\n")
        code = self.process.wait(WAIT)
        self._read(0.2)
        os.close(self._master)
        return code

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)


def test_no_log_line_lands_in_the_drawn_board(broker: Broker, tmp_path: Path) -> None:  # noqa: F811
    """Hosting a game across boards logs "connected to" the broker: in the log file of
    the state directory, not in the terminal the board is drawn on."""
    state = tmp_path / "state"
    words = ["dobutsu", "--remote", broker.url, "--host-game", "--state-dir", str(state)]
    terminal = PtyTerminal(words)
    try:
        terminal.until(r"game 1, play")
        terminal.until(r"\n> ")
        assert terminal.quit() == 0
    finally:
        terminal.stop()
    assert " INFO " not in terminal.text
    assert "connected to" not in terminal.text
    assert "connected to " + broker.url in (state / "sim.log").read_text()


@pytest.mark.parametrize(
    ("game", "check"), [("abalone", False), ("robotory", False), ("shogi", True)]
)
def test_the_colour_key_names_a_check_only_where_the_game_has_one(
    tmp_path: Path, game: str, check: bool
) -> None:
    terminal = PtyTerminal([game, "--new", "--state-dir", str(tmp_path)])
    try:
        terminal.until(r"type help for the commands")
        assert terminal.quit() == 0
    finally:
        terminal.stop()
    key = terminal.text.split("type help for the commands")[0]
    assert "legal destination" in key
    assert ("king in check" in key) is check


def test_no_log_line_lands_in_either_board_when_the_broker_comes_back(
    broker: Broker,  # noqa: F811
    tmp_path: Path,
) -> None:
    """Issue 81: the terminal board still got ``INFO ... connected`` lines from the
    remote link. The boards hosting and joining a game, and their links connecting
    again after the broker restarts, log into each one's sim.log, never onto its board."""
    host_state, join_state = tmp_path / "host", tmp_path / "join"
    host = PtyTerminal(
        ["dobutsu", "--remote", broker.url, "--host-game", "--state-dir", str(host_state)]
    )
    joiner: PtyTerminal | None = None
    try:
        host.until(r"game code [0-9A-Z]{5}-[0-9A-Z]{5}")
        code = re.search(r"game code ([0-9A-Z]{5}-[0-9A-Z]{5})", host.text)
        assert code is not None
        joiner = PtyTerminal(
            ["dobutsu", "--remote", broker.url, "--join", code[1], "--state-dir", str(join_state)]
        )
        joiner.until(r"game 1, play")
        broker.restart()
        deadline = time.monotonic() + WAIT
        logs = (host_state / "sim.log", join_state / "sim.log")
        while any(log.read_text().count("connected to") < 2 for log in logs):
            assert time.monotonic() < deadline, [log.read_text() for log in logs]
            host._read(0.1)
            joiner._read(0.1)
        assert host.quit() == 0
        assert joiner.quit() == 0
    finally:
        host.stop()
        if joiner is not None:
            joiner.stop()
    for terminal in (host, joiner):
        assert " INFO " not in terminal.text
        assert "connected to" not in terminal.text
