"""A bare MQTT client (paho) for the locked broker's tests: it connects as it is told
and reports the broker's answer, so what Mosquitto itself refuses is seen, not what
Kiban's own client would make of it."""

from __future__ import annotations

import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from firmware_host.broker.files import BrokerFiles
from firmware_host.broker.local import MOSQUITTO, listening

HOST = "localhost"  # the name the broker's certificate is for, as the boards reach it
WAIT = 5.0  # real seconds for the broker to answer


class Client:
    """A bare MQTT client: connects as it is told, reports the broker's answer."""

    def __init__(self, port: int, user: str | None, password: str | None, ca: Path | None) -> None:
        self.answer: Any = None
        self.heard: list[tuple[str, bytes]] = []
        self._answered = threading.Event()
        self._subscribed = threading.Event()
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="")
        if user is not None:
            self.client.username_pw_set(user, password)
        self.client.tls_set(ca_certs=None if ca is None else str(ca))
        self.client.on_connect = self._connected
        self.client.on_subscribe = lambda *_: self._subscribed.set()
        self.client.on_message = lambda _, __, m: self.heard.append((m.topic, bytes(m.payload)))
        self.port = port

    def _connected(self, _: Any, __: Any, ___: Any, reason: Any, ____: Any) -> None:
        self.answer = reason
        self._answered.set()

    def connect(self) -> str:
        """The broker's answer, in words ("Success", "Not authorized", or why the TLS
        handshake failed)."""
        try:
            self.client.connect(HOST, self.port)
        except OSError as error:  # the handshake: a certificate not trusted
            return f"TLS refused: {error}"
        self.client.loop_start()
        if not self._answered.wait(WAIT):
            return "no answer"
        return str(self.answer)

    def subscribe(self, pattern: str) -> None:
        self.client.subscribe(pattern, qos=1)
        assert self._subscribed.wait(WAIT)

    def publish(self, name: str, payload: bytes) -> None:
        self.client.publish(name, payload, qos=1, retain=True).wait_for_publish(WAIT)

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


@contextmanager
def serving(files: BrokerFiles, folder: Path) -> Iterator[subprocess.Popen[bytes]]:
    """Debian's mosquitto started with the files ``kiban broker`` wrote, listening, its
    log in ``folder``; stopped after."""
    if not MOSQUITTO.exists():
        pytest.fail(f"{MOSQUITTO} is missing: `make broker` installs it (make test does)")
    log_path = folder / "mosquitto.log"
    with log_path.open("wb") as log:
        command = [str(MOSQUITTO), "-c", str(files.config)]
        process = subprocess.Popen(command, stdout=log, stderr=log)
    deadline = time.monotonic() + 10
    while not listening(files.port):
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"mosquitto did not start: {log_path.read_text()}")
        time.sleep(0.02)
    try:
        yield process
    finally:
        process.terminate()
        process.wait(5)
