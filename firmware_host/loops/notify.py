"""systemd's notify protocol: READY, WATCHDOG, STATUS and STOPPING datagrams.

A few lines over a Unix datagram socket; without ``NOTIFY_SOCKET`` (run by hand)
every call does nothing.
"""

from __future__ import annotations

import logging
import os
import socket

log = logging.getLogger(__name__)


class SystemdNotifier:
    def __init__(self, environ: dict[str, str] | None = None) -> None:
        env = os.environ if environ is None else environ
        address = env.get("NOTIFY_SOCKET", "")
        if address.startswith("@"):
            address = "\0" + address[1:]  # an abstract socket
        self._address = address or None
        usec = env.get("WATCHDOG_USEC", "")
        pid = env.get("WATCHDOG_PID", "")
        watched = usec.isdigit() and (not pid or pid == str(os.getpid()))
        self.watchdog_interval: float | None = int(usec) / 2e6 if watched else None

    @property
    def enabled(self) -> bool:
        return self._address is not None

    def send(self, *fields: str) -> bool:
        """Send ``KEY=VALUE`` fields; False when there is no systemd to tell."""
        if self._address is None:
            return False
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
                sock.connect(self._address)
                sock.sendall("\n".join(fields).encode())
        except OSError as error:
            log.warning("cannot notify systemd: %s", error)
            return False
        return True

    def ready(self, status: str = "") -> bool:
        return self.send("READY=1", *([f"STATUS={status}"] if status else []))

    def watchdog(self) -> bool:
        return self.send("WATCHDOG=1")

    def status(self, text: str) -> bool:
        return self.send(f"STATUS={text}")

    def stopping(self) -> bool:
        return self.send("STOPPING=1")
