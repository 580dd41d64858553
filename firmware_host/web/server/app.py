"""The web companion's server: the page, its WebSocket and the record download.

Routes: ``GET /`` the page, ``GET /static/<file>`` its script and style,
``GET /ws`` the WebSocket (messages out: catalogue, board, state, notice,
ok, error, record, pairing; commands in: see ``commands.py``), ``GET /record``
the game record as a file (``?format=txt``), ``GET /state`` the state as JSON,
``GET /words`` the page's own words by language (``?language=pl``), ``GET /devices``
the paired devices,
``POST /unpair`` unpairs the device that asks, ``POST /unpair/others`` every other
one (from this computer: all).
Every route is behind the pairing guard (``pairing.py``); a WebSocket or a POST
from a page of another origin is refused, so no web site can drive the board
(or unpair its devices) through a browser on this computer.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import logging
from collections import deque
from collections.abc import Callable
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

from aiohttp import WSCloseCode, WSMsgType, web
from aiohttp.typedefs import Handler

from engine.catalogue import CatalogueError
from engine.game import Game
from firmware_host.session.actions import Download
from firmware_host.telling.language import Language
from firmware_host.web.gate.commands import (
    CommandError,
    PageLanguage,
    Request,
    check,
    parse_page,
)
from firmware_host.web.gate.pairing import (
    COOKIE,
    LOCAL_NAMES,
    Device,
    Pairing,
    host_name,
    is_loopback_host,
)
from firmware_host.web.page_state.messages import Json
from firmware_host.web.sessions.session import Session, error
from firmware_host.web.words.game_font_routes import font_routes
from firmware_host.web.words.page_words import page_words
from firmware_host.web.words.told_for_page import told_for_page
from firmware_host.wire.actions import Problem

log = logging.getLogger(__name__)

MAX_MESSAGE = 64 * 1024  # bytes in one message from the page
OUTBOX_LIMIT = 1000  # messages waiting for a client that does not read: it is dropped
STATIC_TYPES = {
    "index.html": "text/html",
    "app.js": "text/javascript",
    "common.js": "text/javascript",
    "board.js": "text/javascript",
    "hands.js": "text/javascript",
    "panel.js": "text/javascript",
    "controls.js": "text/javascript",
    "devices.js": "text/javascript",
    "speech.js": "text/javascript",
    "remote.js": "text/javascript",
    "online.js": "text/javascript",
    "pieces.js": "text/javascript",
    "words.js": "text/javascript",
    "style.css": "text/css",
    # the page's own Japanese fonts (kiban page-font) and their licence
    "kiban-sans-jp.woff2": "font/woff2",
    "kiban-serif-jp.woff2": "font/woff2",
    "kiban-jp-fonts-OFL.txt": "text/plain",
    "kiban-jp-characters.txt": "text/plain",  # what they hold (a game's subsets add to it)
}
"""The files under static/ the server gives out, and their types: nothing else."""

SESSION = web.AppKey("session", Session)
PAIRING = web.AppKey("pairing", Pairing)
DEVICE: web.RequestKey[Device] = web.RequestKey("device", Device)
"""The paired device a request came from (absent: this computer, or the code itself)."""


class Client:
    """One open WebSocket, the language its page reads, and the messages on their way
    to it.

    States are snapshots, so a state waiting behind another state replaces it:
    a slow phone gets the latest board, not a backlog. Each message is told in the
    page's language as it leaves (``told_for_page``), in the words of the game played
    when it was pushed: what a page is sent holds text, never a value to tell.
    """

    def __init__(
        self,
        ws: web.WebSocketResponse,
        device: Device | None = None,
        game: Callable[[], Game[Any] | None] = lambda: None,
    ) -> None:
        self.ws = ws
        self.device = device
        self.language = Language.ENGLISH
        self._game = game
        self._queue: deque[tuple[Json, Game[Any] | None]] = deque()
        self._ready = asyncio.Event()
        self._task = asyncio.create_task(self._send())
        self._closing: asyncio.Future[bool] | None = None

    def push(self, message: Json) -> None:
        queue = self._queue
        waiting = (message, self._game())
        if message.get("type") == "state" and queue and queue[-1][0].get("type") == "state":
            queue[-1] = waiting
        else:
            queue.append(waiting)
        if len(queue) > OUTBOX_LIMIT:
            log.warning("a web client stopped reading; closing it")
            queue.clear()
            self._task.cancel()
            self._closing = asyncio.ensure_future(self.ws.close())
        self._ready.set()

    async def _send(self) -> None:
        while True:
            await self._ready.wait()
            self._ready.clear()
            while self._queue:
                message, game = self._queue.popleft()
                try:
                    await self.ws.send_json(told_for_page(message, self.language, game))
                except (ConnectionError, RuntimeError):
                    return

    async def close(self) -> None:
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task


CLIENTS: web.AppKey[set[Client]] = web.AppKey("clients")


# --- the guard -------------------------------------------------------------------------


def is_trusted(request: web.Request) -> bool:
    """From this computer, and addressed to it by a local name."""
    pairing = request.app[PAIRING]
    if not pairing.is_local_peer(request.remote):
        return False
    name = host_name(request.host)
    return name in LOCAL_NAMES or is_loopback_host(name)


def supplied_code(request: web.Request) -> tuple[str | None, bool]:
    """The pairing code or device token a request carries, and whether it came in the
    query."""
    if "token" in request.query:
        return request.query["token"], True
    header = request.headers.get("Authorization", "")
    if header.startswith("Bearer "):
        return header[len("Bearer ") :].strip(), False
    return request.cookies.get(COOKIE), False


def device_of(request: web.Request) -> Device | None:
    return request.get(DEVICE)


PAIRING_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kiban: pairing</title></head>
<body style="font-family: sans-serif; max-width: 30em; margin: 2em auto; padding: 0 1em">
<h1>Kiban</h1>
<p>{reason}</p>
<p>The pairing code is written in the service log, and the board's status LED blinks it
(each digit as that many flashes) until a first device has paired.</p>
<form method="get" action="/"><label>Pairing code
<input name="token" inputmode="numeric" autocomplete="off" autofocus></label>
<button type="submit">Pair</button></form>
</body></html>
"""

CLOSED = (
    "pairing is closed after too many wrong codes (devices already paired still work); "
    "restart Kiban to pair another device"
)


@web.middleware
async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
    if is_trusted(request):
        return await handler(request)
    pairing = request.app[PAIRING]
    if pairing.code is None:
        raise web.HTTPForbidden(text="this Kiban server answers only on the computer it runs on")
    supplied, from_query = supplied_code(request)
    device = pairing.device(supplied)
    if device is not None:
        request[DEVICE] = device
        return await handler(request)
    if pairing.locked:
        raise web.HTTPForbidden(text=CLOSED)
    if pairing.check_code(supplied, request.remote):
        if from_query and request.path == "/" and request.method == "GET":
            # the page opened with the code: the device gets a token of its own, and
            # the address loses the code
            response = web.Response(status=303, headers={"Location": "/"})
            token = pairing.pair(request.remote)
            response.set_cookie(COOKIE, token, httponly=True, samesite="Strict", path="/")
            return response
        return await handler(request)
    if pairing.was_unpaired(supplied):
        reason = "This device was unpaired. Enter the pairing code to pair it again."
    elif supplied:
        reason = "That pairing code is not right."
    else:
        reason = "This board needs its pairing code."
    if request.path == "/":
        return web.Response(
            status=401,
            text=PAIRING_PAGE.format(reason=html.escape(reason)),
            content_type="text/html",
        )
    return web.json_response(error(Problem.UNAUTHORIZED, reason + " Add ?token=CODE."), status=401)


async def security_headers(request: web.Request, response: web.StreamResponse) -> None:
    """No framing, no sniffing, no referrer (a code in the address stays here), and
    scripts, styles and connections from this server only."""
    if isinstance(response, web.WebSocketResponse):
        return
    host = request.host
    response.headers.setdefault(
        "Content-Security-Policy",
        "default-src 'self'; img-src 'self' data:; "
        f"connect-src 'self' ws://{host} wss://{host}; frame-ancestors 'none'",
    )
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    response.headers.setdefault("X-Frame-Options", "DENY")


# --- routes ----------------------------------------------------------------------------


def _static_bytes(name: str) -> bytes:
    return (resources.files("firmware_host.web") / "static" / name).read_bytes()


async def index(request: web.Request) -> web.Response:
    return web.Response(
        body=_static_bytes("index.html"),
        content_type="text/html",
        charset="utf-8",
        headers={"Cache-Control": "no-cache"},
    )


async def static(request: web.Request) -> web.Response:
    name = request.match_info["name"]
    content_type = STATIC_TYPES.get(name)
    if content_type is None or name == "index.html":
        raise web.HTTPNotFound()
    return web.Response(
        body=_static_bytes(name),
        content_type=content_type,
        charset=None if content_type.startswith("font/") else "utf-8",
        headers={"Cache-Control": "no-cache"},
    )


async def state(request: web.Request) -> web.Response:
    """The state as the page's socket sends it, told in ``?language=`` (English unless
    given)."""
    session = request.app[SESSION]
    told = told_for_page(session.state(), _language(request), session.controller.game)
    return web.json_response(told)


def _language(request: web.Request) -> Language:
    """The language asked for (``?language=pl``); one Kiban does not tell in is a 400."""
    try:
        return Language.named(request.query.get("language", "en"))
    except CatalogueError as error:
        raise web.HTTPBadRequest(text=str(error)) from None


async def words(request: web.Request) -> web.Response:
    """The page's own words in the language asked for."""
    return web.json_response(page_words(_language(request)))


async def record(request: web.Request) -> web.Response:
    session = request.app[SESSION]
    command = Download(request.query.get("format", "txt"))
    try:
        check(command, session.context())
    except CommandError as problem:
        return web.json_response(error(problem.code, problem.message, field="format"), status=400)
    answer = await session.execute(Request(None, command))
    if answer["type"] != "record":
        return web.json_response(answer, status=400)
    return web.Response(
        body=answer["text"].encode("utf-8"),
        headers={
            "Content-Type": answer["media_type"],
            "Content-Disposition": f'attachment; filename="{answer["filename"]}"',
            "Cache-Control": "no-store",
        },
    )


def same_origin(request: web.Request) -> bool:
    """A browser names the page that opens a WebSocket or posts; it must be one of ours."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True  # not a browser (a script, a test): the guard has judged it
    return urlsplit(origin).netloc == request.host


async def websocket(request: web.Request) -> web.StreamResponse:
    if not same_origin(request):
        raise web.HTTPForbidden(text="a page of another site may not open this board's socket")
    session = request.app[SESSION]
    pairing = request.app[PAIRING]
    language = _language(request)  # the page's, as it opens (``?language=pl``)
    ws = web.WebSocketResponse(heartbeat=30.0, max_msg_size=MAX_MESSAGE)
    await ws.prepare(request)
    client = Client(ws, device_of(request), lambda: session.controller.game)
    client.language = language
    request.app[CLIENTS].add(client)
    unsubscribe = session.subscribe(client.push)
    try:
        client.push(session.catalogue())
        client.push(session.board())
        client.push(session.state())
        if pairing.code is not None and is_trusted(request):
            client.push({"type": "pairing", "code": pairing.code})
        async for message in ws:
            if message.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                continue
            try:
                checked = parse_page(message.data, session.context())
            except CommandError as problem:
                client.push(
                    error(
                        problem.code,
                        problem.message,
                        request_id=problem.request_id,
                        field=problem.field,
                    )
                )
                continue
            if isinstance(checked, PageLanguage):
                told_in(client, checked, session)
                continue
            client.push(await session.execute(checked))
    finally:
        unsubscribe()
        request.app[CLIENTS].discard(client)
        await client.close()
    return ws


def told_in(client: Client, chosen: PageLanguage, session: Session) -> None:
    """The page reads ``chosen``'s language from now on: it gets what it shows again,
    told in it (the games it may start, the board, the state), then the answer."""
    client.language = chosen.language
    client.push(session.catalogue())
    client.push(session.board() | {"retold": True})  # the same board: its words again
    client.push(session.state())
    answer = {"type": "ok", "id": chosen.id, "command": "language"}
    client.push(answer | {"language": chosen.language.value})


# --- paired devices --------------------------------------------------------------------


def _device_json(device: Device) -> Json:
    return {"id": device.id, "peer": device.peer, "since": round(device.since)}


def _devices_answer(request: web.Request) -> Json:
    pairing = request.app[PAIRING]
    this = device_of(request)
    return {
        "type": "devices",
        "this": None if this is None else this.id,
        "local": is_trusted(request),
        "pairing": "none" if pairing.code is None else "closed" if pairing.locked else "open",
        "devices": [_device_json(device) for device in pairing.devices],
    }


async def devices(request: web.Request) -> web.Response:
    return web.json_response(_devices_answer(request), headers={"Cache-Control": "no-store"})


def _posted_here(request: web.Request) -> None:
    if not same_origin(request):
        raise web.HTTPForbidden(text="a page of another site may not change this board's pairing")


async def unpair(request: web.Request) -> web.Response:
    """The device that asks is unpaired: its token no longer opens anything."""
    _posted_here(request)
    device = device_of(request)
    if device is None:
        message = "only a paired device can unpair itself (this request carries no device token)"
        return web.json_response(error(Problem.INVALID, message), status=400)
    request.app[PAIRING].unpair(device)
    await _disconnect(request.app, (device,))
    response = web.json_response(_devices_answer(request) | {"this": None})
    response.del_cookie(COOKIE, path="/")
    return response


async def unpair_others(request: web.Request) -> web.Response:
    """Every paired device but the one that asks (from this computer: every one)."""
    _posted_here(request)
    gone = request.app[PAIRING].forget_others(device_of(request))
    await _disconnect(request.app, gone)
    return web.json_response(_devices_answer(request) | {"forgotten": len(gone)})


async def _disconnect(app: web.Application, gone: tuple[Device, ...]) -> None:
    """Close the sockets of unpaired devices at once: their pages find the door shut."""
    digests = {device.digest for device in gone}
    clients: set[Client] = app[CLIENTS]
    for client in tuple(clients):
        if client.device is not None and client.device.digest in digests:
            await client.ws.close(code=WSCloseCode.POLICY_VIOLATION, message=b"unpaired")


# --- the application -------------------------------------------------------------------


def create_app(session: Session, pairing: Pairing | None = None) -> web.Application:
    """The web companion of ``session``; ``pairing`` None means this computer only."""
    app = web.Application(middlewares=[guard], client_max_size=MAX_MESSAGE)
    app[SESSION] = session
    app[PAIRING] = pairing or Pairing(None)
    app[CLIENTS] = set()
    app.router.add_get("/", index)
    for path, handler in font_routes(""):  # before the static files' route, which takes any name
        app.router.add_get(path, handler)
    app.router.add_get("/static/{name}", static)
    app.router.add_get("/ws", websocket)
    app.router.add_get("/record", record)
    app.router.add_get("/state", state)
    app.router.add_get("/words", words)
    app.router.add_get("/devices", devices)
    app.router.add_post("/unpair", unpair)
    app.router.add_post("/unpair/others", unpair_others)
    app.on_response_prepare.append(security_headers)

    async def start(app: web.Application) -> None:
        await session.start()

    async def close_clients(app: web.Application) -> None:
        clients: set[Client] = app[CLIENTS]
        for client in tuple(clients):
            await client.ws.close(message=b"server stopping")

    async def stop(app: web.Application) -> None:
        await session.stop()

    app.on_startup.append(start)
    app.on_shutdown.append(close_clients)
    app.on_cleanup.append(stop)
    return app
