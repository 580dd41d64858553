"""Pages that play each other through one loopback broker: each web server runs on its
own event loop (a browser test's) or shares one, and a joining page waits for the host
on a worker thread, so the broker they share is used from several threads at once."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from engine.registry import find_game
from firmware_host.remote.address import BrokerAddress
from firmware_host.remote.loopback import LoopbackBroker, LoopbackLink
from firmware_host.session.storage import GameStore
from firmware_host.web.sim_session import SimSession
from tests.firmware_host.web.helpers import PATIENT

BROKER_URL = "mqtt://loopback:1883"


class SharedBroker:
    """A ``LoopbackBroker`` behind one lock: what a network broker is to its clients."""

    def __init__(self) -> None:
        self.broker = LoopbackBroker()
        self.lock = threading.RLock()

    def link_factory(
        self,
        address: BrokerAddress,
        client_id: str,
        subscription: str,
        will: tuple[str, bytes] | None,
        wake: Callable[[], None],
    ) -> LockedLink:
        with self.lock:
            link = self.broker.link_factory(address, client_id, subscription, will, wake)
            return LockedLink(link, self.lock)


class LockedLink:
    """A loopback link whose every use takes the broker's lock."""

    def __init__(self, link: LoopbackLink, lock: threading.RLock) -> None:
        self._link = link
        self._lock = lock

    @property
    def connects(self) -> int:
        return self._link.connects

    @connects.setter
    def connects(self, value: int) -> None:
        self._link.connects = value

    @property
    def error(self) -> str | None:
        return self._link.error

    @error.setter
    def error(self, value: str | None) -> None:
        self._link.error = value

    @property
    def connected(self) -> bool:
        return self._link.connected

    def start(self) -> None:
        with self._lock:
            self._link.start()

    def publish(self, topic: str, payload: bytes, *, retain: bool = True) -> None:
        with self._lock:
            self._link.publish(topic, payload, retain=retain)

    def received(self) -> list[tuple[str, bytes]]:
        with self._lock:
            return self._link.received()

    def close(self, goodbye: tuple[str, bytes] | None = None) -> None:
        with self._lock:
            self._link.close(goodbye)


def remote_session(
    broker: SharedBroker, store: GameStore | None = None, **kwargs: Any
) -> SimSession:
    """A simulated dobutsu board whose page may play other boards on ``broker``."""
    kwargs.setdefault("timing", PATIENT)
    kwargs.setdefault("resume", False)
    return SimSession(
        find_game("dobutsu"),
        GameStore(":memory:") if store is None else store,
        link_factory=broker.link_factory,
        **kwargs,
    )
