"""A Mosquitto on this computer's loopback, for a room tried on a laptop (``kiban room
sim``) and for the room's load run: where Debian installs it, a free port, and whether
it listens yet. The tests' own broker fixture stays in the tests."""

from __future__ import annotations

import socket
from pathlib import Path

MOSQUITTO = Path("/usr/sbin/mosquitto")  # Debian's, as ``make broker`` installs it


def free_port() -> int:
    """A loopback port nothing listens on now (the broker binds it a moment later)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def listening(port: int) -> bool:
    """Whether something accepts connections on the loopback ``port``."""
    with socket.socket() as probe:
        probe.settimeout(0.2)
        return probe.connect_ex(("127.0.0.1", port)) == 0
