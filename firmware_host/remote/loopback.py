"""An MQTT broker inside the process, for tests and for trying two boards on one
machine without one: retained messages, delivery in order to every subscriber, the
last will of a link that drops, and the faults a network makes (messages delivered
twice, held back and delivered late, a broker that forgets what it retained).

It speaks through the same interface as ``Link``, so ``RemoteGame`` cannot tell.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.said import Said
from firmware_host.remote.address import BrokerAddress
from firmware_host.remote.link import new_client_id


def matches(pattern: str, topic: str) -> bool:
    """MQTT's topic filters: ``+`` one level, ``#`` the rest."""
    wanted, parts = pattern.split("/"), topic.split("/")
    for index, level in enumerate(wanted):
        if level == "#":
            return True
        if index >= len(parts) or level not in ("+", parts[index]):
            return False
    return len(wanted) == len(parts)


@dataclass(slots=True)
class LoopbackBroker:
    """The broker: every link made by ``link_factory`` talks through it."""

    retained: dict[str, bytes] = field(default_factory=dict)
    links: list[LoopbackLink] = field(default_factory=list)
    duplicate: bool = False  # every message delivered twice
    held: list[tuple[str, bytes]] = field(default_factory=list)  # held back by ``hold``
    holding: bool = False
    sent: list[tuple[str, bytes]] = field(default_factory=list)  # everything published
    lock: threading.Lock = field(default_factory=threading.Lock)  # boards on several threads

    def link_factory(
        self,
        address: BrokerAddress,
        subscription: str,
        will: Callable[[], tuple[str, bytes]] | None,
        wake: Callable[[], None],
    ) -> LoopbackLink:
        link = LoopbackLink(self, address, subscription, will, wake)
        self.links.append(link)
        return link

    def publish(self, topic: str, payload: bytes, *, retain: bool) -> None:
        with self.lock:
            self._publish(topic, payload, retain=retain)

    def _publish(self, topic: str, payload: bytes, *, retain: bool) -> None:
        self.sent.append((topic, payload))
        if retain:
            if payload:
                self.retained[topic] = payload
            else:
                self.retained.pop(topic, None)
        if self.holding:
            self.held.append((topic, payload))
            return
        self._deliver(topic, payload)

    def _deliver(self, topic: str, payload: bytes) -> None:
        for link in self.links:
            if link.connected and matches(link.subscription, topic):
                for _ in range(2 if self.duplicate else 1):
                    link.inbox.append((topic, payload))
                link.wake()

    def hold(self) -> None:
        """Hold every message back (a slow network) until ``release``."""
        self.holding = True

    def release(self, *, reverse: bool = False) -> None:
        """Deliver what was held, in order or (``reverse``) newest first."""
        self.holding = False
        held, self.held = self.held, []
        for topic, payload in reversed(held) if reverse else held:
            self._deliver(topic, payload)

    def restart(self) -> None:
        """The broker goes down and comes back having forgotten its retained messages:
        every link drops (their wills are lost with it) and connects again."""
        self.retained.clear()
        for link in self.links:
            if link.connected:
                link.connected = False
                link.error = "the broker restarted"
        for link in self.links:
            if not link.closed:
                link.connect()

    def drop(self, link: LoopbackLink) -> None:
        """A board's connection drops without a goodbye: the broker says its last will."""
        link.connected = False
        link.closed = True
        if link.will is not None:
            self._publish(*link.will(), retain=True)


@dataclass(slots=True)
class LoopbackLink:
    """``Link``'s interface over a ``LoopbackBroker``."""

    broker: LoopbackBroker
    address: BrokerAddress
    subscription: str
    will: Callable[[], tuple[str, bytes]] | None
    wake: Callable[[], None]
    client_id: str = ""  # each connection's own, random (as ``Link``'s)
    inbox: list[tuple[str, bytes]] = field(default_factory=list)
    connected: bool = False
    closed: bool = False
    connects: int = 0
    error: str | None = None
    trouble: Said | None = None  # never: a loopback broker has no certificate

    def start(self) -> None:
        self.connect()

    def connect(self) -> None:
        with self.broker.lock:
            self._connect()

    def _connect(self) -> None:
        self.client_id = new_client_id()
        for other in self.broker.links:
            if other is not self and other.client_id == self.client_id and other.connected:
                self.broker.drop(other)  # a client id taken over: the old session ends
        self.connected = True
        self.connects += 1
        self.error = None
        for topic, payload in list(self.broker.retained.items()):
            if matches(self.subscription, topic):
                self.inbox.append((topic, payload))
        self.wake()

    def wait_connected(self, timeout: float) -> bool:
        del timeout
        return self.connected

    def publish(self, topic: str, payload: bytes, *, retain: bool = True) -> None:
        if self.connected:
            self.broker.publish(topic, payload, retain=retain)

    def received(self) -> list[tuple[str, bytes]]:
        with self.broker.lock:
            got, self.inbox = self.inbox, []
        return got

    def resubscribe(self) -> None:
        """As a broker does: what it retained, sent again."""
        with self.broker.lock:
            if self.connected:
                retained = self.broker.retained.items()
                self.inbox += [(t, p) for t, p in retained if matches(self.subscription, t)]
        self.wake()

    def close(self, goodbye: tuple[str, bytes] | None = None) -> None:
        if goodbye is not None and self.connected:
            self.broker.publish(*goodbye, retain=True)  # takes the lock
        self.connected = False
        self.closed = True
