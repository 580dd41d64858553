"""The spectator page, served by the live files' application (``club/live_server.py``):
``/`` shows every table of the room live to the hall, ``/outside/`` the same held back
by the outside audience's delay. Each reads its index (``tables.json`` beside it) and
the drawing of each game's board (``boards/<game>.json``, the board page's own
``board_message``), and its own words (``words``) as the board page does. What is said
(a board's title and seats, a table's result) comes told in the page's language
(``?language=``, ``told_for_page``); the index asked without one keeps each result as
its value (``result_text_said``), data for other programs.

The page asks for its index and the server holds the question until the index changes
(a long poll: ``?wait=S`` with the ETag it has, ``If-None-Match``; answered at once when
the index differs, else when it changes, else with a 304 after S seconds, at most
``WAIT_LONGEST``). A reader on any phone, behind any proxy or the bridged broker's web
server, needs nothing but a GET, and a move is shown as soon as the index is built
with it (every ``CHECK``), not at the page's next poll: polling every half second spent up to
half of the 1 s issue 64 asks of the spectator page (each move shown within 1 s at the
99th percentile) waiting. However many pages wait, the index is built at most once a
``CHECK`` (each audience's own), so a hall of phones costs the server what one does.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any

from aiohttp import web

from engine.catalogue import CatalogueError
from engine.errors import KibanError
from engine.registry import find_game
from firmware_host.club.live_delay import Audience, Delay, delayed
from firmware_host.club.live_server import Tables, live_app
from firmware_host.telling.language import Language
from firmware_host.web.page_state.messages import Json, Mode, board_message
from firmware_host.web.spectator.index import (
    Index,
    Indexer,
    moves_said,
    table_entry,
    view_key,
)
from firmware_host.web.words.game_font_routes import font_routes
from firmware_host.web.words.spectator_words import spectator_words
from firmware_host.web.words.told_for_page import told_for_page
from firmware_host.wire.notice_records import said_record
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
EMBED = "/embed"
"""Under each audience's prefix, the page another site may show in a frame (one table:
``/embed/?table=3``); the page itself may not be framed (its links, its picker)."""
WAIT_LONGEST = 20.0
"""Seconds a long poll is held at most before its 304: under the 30 s and more that
proxies and phones' browsers let an answer take, and a page that left is forgotten."""
CHECK = 0.2
"""Seconds between two builds of an audience's index while pages wait for it to change:
a move is shown at most this much after it reached the table's record. At 0.1 s the
hall's program of the room's load run spent 58 s of CPU in 90 s where it spent 30
polled every 0.5 s (docs/club.md, "At scale")."""
POLICY = "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"
FRAMED = "default-src 'self'; img-src 'self' data:; frame-ancestors *"
"""The embeddable view's policy: any site may frame it (it has nothing to click)."""

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def spectator_app(
    tables: Tables, outside: Delay, clock: Callable[[], float] = time.time
) -> web.Application:
    """The live files' application (``live_app``) with the spectator page for the hall
    and for the audience outside it (``outside``: its delay)."""
    app = live_app(tables, outside, clock)
    boards: dict[tuple[str, Language], bytes] = {}
    closing = asyncio.Event()  # the server stops: every long poll is answered at once

    async def stop_waiting(_: web.Application) -> None:
        closing.set()

    app.on_shutdown.append(stop_waiting)
    for audience, prefix in PREFIXES.items():
        delay = outside if audience is Audience.OUTSIDE else Delay()
        watched = _Watched(Indexer(audience, delay), tables, clock)
        pages = TablePages(audience, delay, tables, clock)
        for place, page in ((prefix, _page), (prefix + EMBED, _framed)):
            app.router.add_get(f"{place}/", page)
            app.router.add_get(f"{place}/tables.json", _index(watched, closing))
            app.router.add_get(f"{place}/table/{{number:\\d{{1,6}}}}.json", pages.handler)
            for path, handler in font_routes(place):  # before the static files' route
                app.router.add_get(path, handler)
            app.router.add_get(f"{place}/static/{{name}}", _static)
            app.router.add_get(f"{place}/boards/{{game}}.json", _boards(boards))
            app.router.add_get(f"{place}/words", _words)
    return app


def _bytes(name: str) -> bytes:
    return (resources.files("firmware_host.web") / "static" / name).read_bytes()


def _file(name: str, policy: str = POLICY) -> web.Response:
    kind = STATIC[name]
    return web.Response(
        body=_bytes(name),
        content_type=kind,
        charset=None if kind.startswith("font/") else "utf-8",
        headers={"Cache-Control": "no-cache", "Content-Security-Policy": policy},
    )


async def _page(request: web.Request) -> web.Response:
    return _file("spectator.html")


async def _framed(request: web.Request) -> web.Response:
    """The view of one table another site shows in a frame (the same page, which draws
    itself bare under ``/embed/``)."""
    return _file("spectator.html", FRAMED)


class TablePages:
    """A table's own page's data (``table/<n>.json``): the index's entry for it, and
    every move in its game's words, told in the page's language. Kept for the tables
    that exist only, each until its view changes."""

    def __init__(
        self, audience: Audience, delay: Delay, tables: Tables, clock: Callable[[], float]
    ) -> None:
        self.audience, self.delay, self.tables, self.clock = audience, delay, tables, clock
        self._kept: dict[int, tuple[tuple[Any, ...], Json]] = {}

    def entry(self, number: int) -> Json | None:
        """Table ``number`` as its page shows it (None: no such table)."""
        shown = self.tables()
        for gone in set(self._kept) - set(shown):
            del self._kept[gone]
        table = shown.get(number)
        view = None if table is None else table.view()
        if view is None:
            return None
        view = delayed(view, self.delay, self.clock())
        key = view_key(view)
        kept = self._kept.get(number)
        if kept is not None and kept[0] == key:
            return kept[1]
        entry = table_entry(view, self.delay.moves > 0)
        entry["moves_words_said"] = [said_record(s) for s in moves_said(view)]
        entry["audience"] = self.audience.value
        self._kept[number] = (key, entry)
        return entry

    async def handler(self, request: web.Request) -> web.Response:
        entry = self.entry(int(request.match_info["number"]))
        if entry is None:
            raise web.HTTPNotFound()
        told = told_for_page(entry, _language(request), None)
        told["now"] = self.clock() - self.delay.seconds
        return web.json_response(told, headers={"Cache-Control": "no-cache"}, dumps=_compact)


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


async def _static(request: web.Request) -> web.Response:
    name = request.match_info["name"]
    if name not in STATIC or name.endswith(".html"):
        raise web.HTTPNotFound()
    return _file(name)


class _Watched:
    """An audience's index, built for each question that will not wait and, for those
    that wait for it to change, at most once a ``CHECK`` however many they are."""

    def __init__(self, indexer: Indexer, tables: Tables, clock: Callable[[], float]) -> None:
        self.indexer = indexer
        self.tables = tables
        self.clock = clock
        self._built: tuple[float, Index, float] | None = None  # when (monotonic), it, now

    def current(self, *, fresh: bool = False) -> tuple[Index, float]:
        """The index and the audience's time it was built at: built now when ``fresh``
        (a question that will not wait), else at most ``CHECK`` old (a page's long poll:
        however many pages ask, one build a ``CHECK``)."""
        if fresh or self._built is None or time.monotonic() - self._built[0] >= CHECK:
            now = self.clock()
            self._built = (time.monotonic(), self.indexer.index(self.tables(), now), now)
        return self._built[1], self._built[2]


def _index(watched: _Watched, closing: asyncio.Event) -> Handler:
    async def index(request: web.Request) -> web.StreamResponse:
        built, now = watched.current(fresh="wait" not in request.query)
        language = _language(request) if "language" in request.query else None
        had = {t.strip() for t in request.headers.get("If-None-Match", "").split(",")}
        try:
            wait = min(max(float(request.query.get("wait", "0")), 0.0), WAIT_LONGEST)
        except ValueError:
            raise web.HTTPBadRequest(text="wait: seconds, a number") from None
        until = time.monotonic() + wait
        while _tag(built, language) in had and time.monotonic() < until and not closing.is_set():
            await asyncio.sleep(min(CHECK, max(until - time.monotonic(), 0.0)))
            built, now = watched.current()
        headers = {"ETag": _tag(built, language), "Cache-Control": "no-cache"}
        if _tag(built, language) in had:
            return web.Response(status=304, headers=headers)
        body = watched.indexer.answer(built, now, language)
        response = web.Response(body=body, headers=headers)
        response.headers["Content-Type"] = "application/json; charset=utf-8"
        return response

    return index


def _tag(index: Index, language: Language | None) -> str:
    """The index's ETag as told in ``language``: another language is another answer."""
    return index.tag if language is None else f'{index.tag[:-1]}-{language.value}"'


def board_drawing(game_name: str) -> Json:
    """How the page draws a game's board and pieces: the board page's board message
    for the game's simulated board (``sim-<game>``, or the one a game's own package
    ships: its cells, spots off the board and pieces' look; the page draws no LEDs)."""
    game = find_game(game_name)
    return board_message(game, load_profile("sim", game), Mode.SIMULATOR)


def _boards(known: dict[tuple[str, Language], bytes]) -> Handler:
    """The drawings, kept by the game's registered name and the language: as many as
    there are games and languages, whatever name a request spells (an alias, padding)."""

    async def boards(request: web.Request) -> web.Response:
        asked, language = request.match_info["game"], _language(request)
        try:
            name = find_game(asked).name
        except KibanError:
            raise web.HTTPNotFound() from None
        if name != asked:
            raise web.HTTPNotFound()  # the page asks by the name the index gives
        if (name, language) not in known:
            try:
                drawing = told_for_page(board_drawing(name), language, find_game(name))
            except (KibanError, OSError):
                raise web.HTTPNotFound() from None
            known[name, language] = json.dumps(drawing, ensure_ascii=False).encode()
        return web.Response(
            body=known[name, language],
            content_type="application/json",
            headers={"Cache-Control": "no-cache"},
        )

    return boards


def _language(request: web.Request) -> Language:
    try:
        return Language.named(request.query.get("language", "en"))
    except CatalogueError as error:
        raise web.HTTPBadRequest(text=str(error)) from None


async def _words(request: web.Request) -> web.Response:
    return web.json_response(spectator_words(_language(request)))
