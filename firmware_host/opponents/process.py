"""One engine program run as a child process, spoken to line by line with deadlines.

Outside engines may be GPL (Fairy-Stockfish), so Kiban only ever runs them as
separate programs. A reader thread turns the engine's output into a queue, so
every wait has a deadline and a hung or dead engine never hangs the seat.
"""

from __future__ import annotations

import contextlib
import queue
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path

from firmware_host.opponents.errors import (
    EngineCrashedError,
    EngineStartError,
    EngineTimeoutError,
)

QUIT_GRACE = 0.5
"""Seconds an engine has to exit after ``quit`` before it is killed."""


class EngineProcess:
    """A running engine: ``send`` a line, ``read_until`` a line that ends a wait."""

    def __init__(self, path: str | Path, args: tuple[str, ...] = ()) -> None:
        self.path = str(path)
        self._lines: queue.Queue[str | None] = queue.Queue()
        try:
            self._process = subprocess.Popen(
                [self.path, *args],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                bufsize=1,
            )
        except OSError as error:
            raise EngineStartError(self.path, f"cannot be run ({error.strerror})") from error
        self._reader = threading.Thread(
            target=self._read, name=f"usi-reader-{self._process.pid}", daemon=True
        )
        self._reader.start()

    @property
    def pid(self) -> int:
        return self._process.pid

    def alive(self) -> bool:
        return self._process.poll() is None

    def _read(self) -> None:
        stream = self._process.stdout
        assert stream is not None
        with contextlib.suppress(OSError, ValueError):
            for line in stream:
                self._lines.put(line.rstrip("\r\n"))
        self._lines.put(None)

    def send(self, line: str) -> None:
        stream = self._process.stdin
        assert stream is not None
        try:
            stream.write(line + "\n")
            stream.flush()
        except (OSError, ValueError) as error:
            raise EngineCrashedError(self.path, f"stopped listening ({line!r} not sent)") from error

    def read_until(
        self, done: Callable[[str], bool], deadline: float, waiting_for: str
    ) -> list[str]:
        """Every line up to and including the first one ``done`` accepts; the engine
        exiting or ``deadline`` (``time.monotonic``) passing first raises."""
        lines: list[str] = []
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise EngineTimeoutError(self.path, f"no {waiting_for} in time")
            try:
                line = self._lines.get(timeout=left)
            except queue.Empty:
                raise EngineTimeoutError(self.path, f"no {waiting_for} in time") from None
            if line is None:
                self._lines.put(None)
                code = self._process.wait()
                raise EngineCrashedError(
                    self.path, f"exited (code {code}) while Kiban waited for {waiting_for}"
                )
            lines.append(line)
            if done(line):
                return lines

    def drain(self) -> list[str]:
        """The lines the engine printed that nobody read (left over from a search)."""
        lines: list[str] = []
        while True:
            try:
                line = self._lines.get_nowait()
            except queue.Empty:
                return lines
            if line is None:
                self._lines.put(None)
                return lines
            lines.append(line)

    def close(self) -> None:
        """Ask the engine to quit; kill it if it does not, and reap it either way."""
        if self.alive():
            with contextlib.suppress(EngineCrashedError):
                self.send("quit")
            try:
                self._process.wait(QUIT_GRACE)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        for stream in (self._process.stdin, self._process.stdout):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        self._reader.join(QUIT_GRACE)

    def kill(self) -> None:
        """End the engine now (it stopped answering)."""
        if self.alive():
            self._process.kill()
        self._process.wait()
        self.close()
