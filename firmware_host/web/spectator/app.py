"""The spectator page, served by the live files' application (``club/live_server.py``):
``/`` shows every table of the room live to the hall, ``/outside/`` the same held back
by the outside audience's delay. Each reads its index (``tables.json`` beside it) and
the drawing of each game's board (``boards/<game>.json``, the board page's own
``board_message``), and its words (``words``, ``said``) as the board page does.

The page polls its index every half second (``POLL`` in static/spectator.js): a reader
on any phone, behind any proxy or the bridged broker's web server, needs nothing but
a GET, and an index nothing changed in is a 304 of a few bytes. Half a second leaves
a move within the 1 s the issue asks of the spectator page (issue 64: each move shown
within 1 s at the 99th percentile) with half of it for the broker and the boards.
"""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable
from importlib import resources

from aiohttp import web

from engine.catalogue import CatalogueError
from engine.errors import KibanError
from engine.registry import find_game
from firmware_host.club.live_delay import Audience, Delay
from firmware_host.club.live_server import Tables, live_app
from firmware_host.telling.language import Language
from firmware_host.web.page_state.messages import Json, Mode, board_message
from firmware_host.web.spectator.index import Indexer
from firmware_host.web.words.said_words import said_words
from firmware_host.web.words.spectator_words import spectator_words
from hardware.profile import load_profile

STATIC = {
    "spectator.html": "text/html",
    "spectator.js": "text/javascript",
    "spectator.css": "text/css",
    # the board page's modules and style, drawn with as they are
    "common.js": "text/javascript",
    "board.js": "text/javascript",
    "pieces.js": "text/javascript",
    "speech.js": "text/javascript",
    "words.js": "text/javascript",
    "style.css": "text/css",
    "kiban-sans-jp.woff2": "font/woff2",
    "kiban-serif-jp.woff2": "font/woff2",
}
"""The files under web/static/ the spectator page is made of: nothing else is served."""

PREFIXES = {Audience.HALL: "", Audience.OUTSIDE: "/outside"}
POLICY = "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def spectator_app(
    tables: Tables, outside: Delay, clock: Callable[[], float] = time.time
) -> web.Application:
    """The live files' application (``live_app``) with the spectator page for the hall
    and for the audience outside it (``outside``: its delay)."""
    app = live_app(tables, outside, clock)
    boards: dict[str, bytes] = {}
    for audience, prefix in PREFIXES.items():
        delay = outside if audience is Audience.OUTSIDE else Delay()
        app.router.add_get(f"{prefix}/", _page)
        app.router.add_get(f"{prefix}/tables.json", _index(Indexer(audience, delay), tables, clock))
        app.router.add_get(f"{prefix}/static/{{name}}", _static)
        app.router.add_get(f"{prefix}/boards/{{game}}.json", _boards(boards))
        app.router.add_get(f"{prefix}/words", _words)
        app.router.add_get(f"{prefix}/said", _said)
    return app


def _bytes(name: str) -> bytes:
    return (resources.files("firmware_host.web") / "static" / name).read_bytes()


def _file(name: str) -> web.Response:
    kind = STATIC[name]
    return web.Response(
        body=_bytes(name),
        content_type=kind,
        charset=None if kind.startswith("font/") else "utf-8",
        headers={"Cache-Control": "no-cache", "Content-Security-Policy": POLICY},
    )


async def _page(request: web.Request) -> web.Response:
    return _file("spectator.html")


async def _static(request: web.Request) -> web.Response:
    name = request.match_info["name"]
    if name not in STATIC or name.endswith(".html"):
        raise web.HTTPNotFound()
    return _file(name)


def _index(indexer: Indexer, tables: Tables, clock: Callable[[], float]) -> Handler:
    async def index(request: web.Request) -> web.StreamResponse:
        now = clock()
        built = indexer.index(tables(), now)
        headers = {"ETag": built.tag, "Cache-Control": "no-cache"}
        if built.tag in (t.strip() for t in request.headers.get("If-None-Match", "").split(",")):
            return web.Response(status=304, headers=headers)
        body = indexer.answer(built, now)
        response = web.Response(body=body, headers=headers)
        response.headers["Content-Type"] = "application/json; charset=utf-8"
        return response

    return index


def board_drawing(game_name: str) -> Json:
    """How the page draws a game's board and pieces: the board page's board message
    for the game's simulated board (``sim-<game>``, or the one a game's own package
    ships: its cells, spots off the board and pieces' look; the page draws no LEDs)."""
    game = find_game(game_name)
    return board_message(game, load_profile("sim", game), Mode.SIMULATOR)


def _boards(known: dict[str, bytes]) -> Handler:
    async def boards(request: web.Request) -> web.Response:
        name = request.match_info["game"]
        if name not in known:
            try:
                known[name] = json.dumps(board_drawing(name), ensure_ascii=False).encode()
            except (KibanError, OSError):
                raise web.HTTPNotFound() from None
        return web.Response(
            body=known[name], content_type="application/json", headers={"Cache-Control": "no-cache"}
        )

    return boards


def _language(request: web.Request) -> Language:
    try:
        return Language.named(request.query.get("language", "en"))
    except CatalogueError as error:
        raise web.HTTPBadRequest(text=str(error)) from None


async def _words(request: web.Request) -> web.Response:
    return web.json_response(spectator_words(_language(request)))


async def _said(request: web.Request) -> web.Response:
    return web.json_response(said_words(_language(request)))
