"""The two Mosquitto brokers of the room load run (``room_load.py``): the hall's, which
every board and the hall's live server use, and the outside one, fed by a bridge from
the hall's that carries the room outward only, for viewers outside the hall.

Each is started with a config of its own in a folder of its own, never as a service.
The settings, and why (mosquitto.conf(5), Mosquitto 2.0):

- ``max_queued_messages``: QoS 1 messages kept for a client (a bridge is one) that is
  busy or away; 1000 by default, when more are queued "messages will be silently
  dropped". A bridge outage of 10 s at 200 boards' pace (a ply every 2.5 s, and a
  heartbeat every 10 s) queues about 1000 messages, so it is raised to ``QUEUED``.
- ``persistence true`` with its own ``persistence_location``: the retained messages
  (every board's birth, game and whole state) and the bridge's queue are written to
  ``mosquitto.db`` when the broker stops and every ``autosave_interval`` seconds, and
  read back when it starts, so a restarted broker still has them.
- the bridge: ``connection`` names it, ``address`` is the outside broker, ``topic
  kiban/# out 1`` carries both the club room (``kiban/club/...``) and the games'
  rooms (``kiban/v2/...``) outward only, at QoS 1; ``cleansession false`` (the
  default for a bridge) keeps its queue while the outside is out of reach;
  ``restart_timeout 1 4`` tries again after 1 s, backing off up to 4 s (the default,
  5 to 30 s, would add up to 30 s to a catch-up).
"""

from __future__ import annotations

import signal
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from engine.errors import KibanError
from firmware_host.broker.local import MOSQUITTO, listening

READY_WAIT = 10.0  # seconds a broker may take to listen
QUEUED = 100_000  # max_queued_messages (see the module's docstring)


class BrokerError(KibanError, RuntimeError):
    """A broker of the load run did not start."""


def settings(port: int, folder: Path, bridge_to: int | None = None) -> str:
    """A broker's mosquitto.conf: its listener, its limits, its store, and its bridge."""
    lines = [
        f"listener {port} 127.0.0.1",
        "allow_anonymous true",
        f"max_queued_messages {QUEUED}",
        "persistence true",
        f"persistence_location {folder}/",
        "autosave_interval 5",
        "log_dest stderr",
        "log_type error",
        "log_type warning",
    ]
    if bridge_to is not None:
        lines += [
            "connection outside",
            f"address 127.0.0.1:{bridge_to}",
            "topic kiban/# out 1",
            "cleansession false",
            "restart_timeout 1 4",
        ]
    return "\n".join(lines) + "\n"


@dataclass
class Mosquitto:
    """One mosquitto process on one port; ``stop``/``kill`` and ``start`` keep the port
    and the store."""

    name: str
    port: int
    folder: Path
    bridge_to: int | None = None
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)
    starts: int = 0

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start it and wait until it listens."""
        self.folder.mkdir(parents=True, exist_ok=True)
        self.folder.chmod(0o777)  # started as root, mosquitto runs as its own user
        config = self.folder / "mosquitto.conf"
        config.write_text(settings(self.port, self.folder, self.bridge_to))
        self.starts += 1
        log = self.folder / f"mosquitto-{self.starts}.log"
        with log.open("wb") as out:
            self.process = subprocess.Popen(
                [str(MOSQUITTO), "-c", str(config)], stdout=out, stderr=out
            )
        deadline = time.monotonic() + READY_WAIT
        while not listening(self.port):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise BrokerError(f"{self.name} did not listen on {self.port}: {log.read_text()}")
            time.sleep(0.02)

    def stop(self) -> None:
        """Stop it as systemd does (SIGTERM): it writes its store first."""
        self._end(signal.SIGTERM)

    def kill(self) -> None:
        """Kill -9: nobody is told, the store is as last saved."""
        self._end(signal.SIGKILL)

    def _end(self, how: signal.Signals) -> None:
        if self.process is None:
            return
        self.process.send_signal(how)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(5)
        self.process = None
