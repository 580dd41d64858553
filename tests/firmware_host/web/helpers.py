"""A page's side of the WebSocket, and sessions to talk to, for the web tests."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from aiohttp import ClientWebSocketResponse
from aiohttp.test_utils import TestClient, TestServer

from engine.game import Game
from engine.recognition.answers import Timing
from engine.registry import find_game
from firmware_host.store.storage import GameStore
from firmware_host.telling.language import Language
from firmware_host.telling.rendering import told
from firmware_host.web.gate.pairing import Pairing
from firmware_host.web.page_state.messages import Mode, MoveList, state_message
from firmware_host.web.server.app import create_app
from firmware_host.web.sessions.session import Session
from firmware_host.web.sessions.simulated import SimSession
from firmware_host.wire.notice_records import said_from_record

__all__ = ["said_from_record"]  # the tests read back what the builders wrote with it

Json = dict[str, Any]

# A long grace: a loaded test machine must not see a lifted piece as a board out of step.
PATIENT = Timing(grace=60.0)


def sim_state(sim: Any, **extra: Any) -> Json:
    """The state the server builds for the page of a simulation (``extra``: the state's
    other parts, such as a remote game), what it says still values (``X_said``) that
    ``told_for_page`` tells in the page's language as it leaves."""
    return state_message(
        sim.controller,
        sim.board.painter.pixels,
        mode=Mode.SIMULATOR,
        moves=MoveList(),
        pieces=sim.world.layout(),
        now=sim.now,
        **extra,
    )


def sim_session(**kwargs: Any) -> SimSession:
    kwargs.setdefault("timing", PATIENT)
    kwargs.setdefault("resume", False)
    return SimSession(find_game("dobutsu"), GameStore(":memory:"), **kwargs)


class Page:
    """What a browser tab sees: every message in order, the latest of each kind."""

    def __init__(self, ws: ClientWebSocketResponse) -> None:
        self.ws = ws
        self.messages: list[Json] = []
        self.latest: dict[str, Json] = {}
        self._ids = itertools.count(1)

    @property
    def state(self) -> Json:
        return self.latest["state"]

    @property
    def board(self) -> Json:
        return self.latest["board"]

    async def next(self, timeout: float = 20.0) -> Json:
        message: Json = await self.ws.receive_json(timeout=timeout)
        assert not said_keys(message), f"a page was sent a value to tell: {said_keys(message)}"
        self.messages.append(message)
        self.latest[message["type"]] = message
        return message

    async def until(self, wanted: Callable[[Json], bool], timeout: float = 20.0) -> Json:
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                raise AssertionError("the page waited in vain")
            message = await self.next(left)
            if wanted(message):
                return message

    async def state_where(self, wanted: Callable[[Json], bool], timeout: float = 20.0) -> Json:
        state = self.latest.get("state")
        if state is not None and wanted(state):
            return state
        return await self.until(lambda m: m["type"] == "state" and wanted(m), timeout)

    async def send(self, **message: Any) -> Json:
        """Send a command and wait for its answer (ok, error or record)."""
        request_id = next(self._ids)
        await self.ws.send_json({**message, "id": request_id})
        return await self.until(
            lambda m: m.get("id") == request_id and m["type"] in ("ok", "error", "record")
        )

    async def send_raw(self, text: str) -> Json:
        await self.ws.send_str(text)
        return await self.until(lambda m: m["type"] == "error")

    async def quiet(self, seconds: float) -> list[Json]:
        """The messages that arrive within ``seconds`` (none, when nothing changes)."""
        arrived = []
        try:
            while True:
                arrived.append(await self.next(seconds))
        except TimeoutError:
            return arrived


@asynccontextmanager
async def served(
    session: Session, pairing: Pairing | None = None
) -> AsyncIterator[TestClient[Any, Any]]:
    async with TestClient(TestServer(create_app(session, pairing))) as client:
        yield client


@asynccontextmanager
async def opened(session: Session) -> AsyncIterator[tuple[TestClient[Any, Any], Page]]:
    """A served session and a page connected to it, past its opening messages."""
    async with served(session) as client:
        ws = await client.ws_connect("/ws")
        page = Page(ws)
        for _ in range(3):
            await page.next()
        yield client, page
        await ws.close()


def said_keys(payload: Any, path: str = "") -> list[str]:
    """Where ``payload`` holds a key ending ``_said`` (a value left for the page to
    tell): none in what a page is sent, which the server told in its language."""
    if isinstance(payload, list):
        return [
            found for i, item in enumerate(payload) for found in said_keys(item, f"{path}[{i}]")
        ]
    if not isinstance(payload, dict):
        return []
    return [
        found
        for key, value in payload.items()
        for found in ([f"{path}.{key}"] if key.endswith("_said") else [])
        + said_keys(value, f"{path}.{key}")
    ]


def led_of(board: Json, spot: str) -> int:
    """The LED under a spot (the first, for a spot with several)."""
    for led in board["leds"]:
        if spot in led["spots"]:
            return int(led["index"])
    raise KeyError(spot)


def labels_told(prompt: Json, language: Language, game: Game[Any]) -> list[str]:
    """A prompt's choice labels as the page tells them in ``language`` (from their
    values, ``labels_said``)."""
    return [told(said_from_record(record), language, game) for record in prompt["labels_said"]]
