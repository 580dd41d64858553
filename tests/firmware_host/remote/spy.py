"""A bare MQTT client in the room: it hears everything said there and can say
anything (old messages again, junk, forgeries), as a stranger or a faulty broker would."""

from __future__ import annotations

import secrets
import threading
import time
from dataclasses import dataclass
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from firmware_host.remote.address import BrokerAddress
from firmware_host.remote.messages import room_filter

WAIT = 10.0  # real seconds for the broker to answer
FLUSH_WAIT = 60.0  # real seconds for it to take a flood


@dataclass(frozen=True, slots=True)
class Heard:
    topic: str
    payload: bytes
    retained: bool


class Spy:
    """Hears the room ``room`` on the broker at ``url``; publishes with QoS 1."""

    def __init__(self, url: str, room: str, subscription: str | None = None) -> None:
        """``subscription``: another filter than the remote game room's (a club room's)."""
        address = BrokerAddress.parse(url)
        heard = subscription or room_filter(room)
        self.heard: list[Heard] = []
        self._lock = threading.Lock()
        self._subscribed = threading.Event()
        self._unconfirmed: list[mqtt.MQTTMessageInfo] = []
        client_id = f"spy-{secrets.token_hex(4)}"  # spies in one room must not take over
        self._client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id)
        self._client.on_connect = lambda client, *_: client.subscribe(heard, qos=1)
        self._client.on_subscribe = lambda *_: self._subscribed.set()
        self._client.on_message = self._on_message
        self._client.connect(address.host, address.port)
        self._client.loop_start()
        assert self._subscribed.wait(WAIT), "the spy could not subscribe"

    def _on_message(self, _: Any, __: Any, message: Any) -> None:
        with self._lock:
            self.heard.append(Heard(str(message.topic), bytes(message.payload), message.retain))

    def on(self, topic: str) -> list[Heard]:
        """What was heard on ``topic``, oldest first."""
        with self._lock:
            return [h for h in self.heard if h.topic == topic]

    def publish(
        self, topic: str, payload: bytes, *, retain: bool = True, wait: bool = True
    ) -> None:
        """``wait``: until the broker has taken it (else see ``flush``)."""
        info = self._client.publish(topic, payload, qos=1, retain=retain)
        self._unconfirmed.append(info)
        if wait:
            self.flush()

    def flush(self) -> None:
        """Wait until the broker has taken every message published."""
        for info in self._unconfirmed:
            info.wait_for_publish(FLUSH_WAIT)
            assert info.is_published(), "the broker did not take one of the spy's messages"
        self._unconfirmed.clear()

    def wait_for(self, topic: str, count: int) -> list[Heard]:
        """At least ``count`` messages heard on ``topic`` (real time, bounded)."""
        deadline = time.monotonic() + WAIT
        while len(self.on(topic)) < count:
            assert time.monotonic() < deadline, f"nothing more on {topic}"
            time.sleep(0.01)
        return self.on(topic)

    def close(self) -> None:
        self._client.disconnect()
        self._client.loop_stop()
