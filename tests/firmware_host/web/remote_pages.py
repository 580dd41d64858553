"""Pages that play each other through one loopback broker (safe for boards on several
threads: each server's event loop, and a joining page that waits on a worker thread)."""

from __future__ import annotations

from typing import Any

from engine.registry import find_game
from firmware_host.remote.loopback import LoopbackBroker
from firmware_host.store.storage import GameStore
from firmware_host.web.sessions.simulated import SimSession
from tests.firmware_host.web.helpers import PATIENT

BROKER_URL = "mqtt://loopback:1883"


def remote_session(
    broker: LoopbackBroker, store: GameStore | None = None, **kwargs: Any
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
