"""A real Mosquitto broker for the remote-play tests, on a free loopback port.

Debian's ``mosquitto`` is installed by ``make broker`` (``make test`` depends on it);
it is started here with a config of its own, never as a service. A test can kill it
and start it again on the same port (persistence is off, so retained messages are
lost with it, as they are when a real broker restarts without a store).
"""

from __future__ import annotations

import signal
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from firmware_host.broker.local import MOSQUITTO, free_port, listening

__all__ = ["MOSQUITTO", "Broker", "broker", "free_port", "listening"]

READY_WAIT = 10.0  # seconds a broker may take to listen


@dataclass
class Broker:
    """One mosquitto process on one port; ``kill`` and ``start`` keep the port."""

    port: int
    directory: Path
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)
    starts: int = 0
    extra: str = ""  # more lines of mosquitto.conf (its limits, say)

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"

    @property
    def config(self) -> Path:
        return self.directory / "mosquitto.conf"

    def start(self) -> None:
        """Start the broker and wait until it listens."""
        assert self.process is None, "the broker is running"
        self.config.write_text(
            f"listener {self.port} 127.0.0.1\n"
            "allow_anonymous true\n"
            "persistence false\n"
            "log_dest stderr\n"
            "log_type error\n"
            "log_type warning\n" + self.extra
        )
        self.starts += 1
        log = (self.directory / f"mosquitto-{self.starts}.log").open("wb")
        self.process = subprocess.Popen(
            [str(MOSQUITTO), "-c", str(self.config)], stdout=log, stderr=log
        )
        deadline = time.monotonic() + READY_WAIT
        while not listening(self.port):
            if self.process.poll() is not None or time.monotonic() > deadline:
                code = self.process.poll()
                self.stop()
                text = (self.directory / f"mosquitto-{self.starts}.log").read_text()
                pytest.fail(f"mosquitto did not listen on {self.port} (exit {code}): {text}")
            time.sleep(0.02)

    def kill(self) -> None:
        """Kill -9: no goodbye to anyone, retained messages lost."""
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(5)
            self.process = None

    def restart(self) -> None:
        self.kill()
        self.start()

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
            self.process = None


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Broker]:
    """A broker of the test's own; fails (never skips) when mosquitto is missing."""
    if not MOSQUITTO.exists():
        pytest.fail(
            f"{MOSQUITTO} is missing: the remote-play tests need Debian's mosquitto "
            "(`make broker` installs it; `make test` does so first)"
        )
    directory = tmp_path / "broker"
    directory.mkdir()
    running = Broker(free_port(), directory)
    running.start()
    try:
        yield running
    finally:
        running.stop()
