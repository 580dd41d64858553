"""The organiser's page, served by the spectator page's application (the live files'):
the roster with buttons to light a board and bind or unbind it, the alerts the moment
they arrive, and the round's tables live.

Spectators only read; the organiser's page changes the room. The two share one server
because the hall's phones and the organiser's tablet reach the same machine, so the
organiser's part lives under a path no spectator can guess:
``/organiser/<token>/``, the token a secret of 128 bits or more made anew by each
``kiban room open`` and printed only to the organiser's terminal. A token, not a
server bound to this computer alone: the organiser walks the hall with a tablet or a
phone to find the board that lit up, so the page must be reachable on the club's
network. A wrong token is a 404 like any path that is not there; the page's answers
say ``Referrer-Policy: no-referrer`` (the token never leaves in a link's Referer)
and ``Cache-Control: no-store``. The buttons POST JSON, which a page of another site
cannot send here without a CORS preflight that this server never allows.

The page polls ``room.json`` every quarter second (``POLL`` in static/organiser.js)
with the ETag it holds, as the spectator page polls its index: an alert reaches the
room's loop as soon as the broker delivers it (the link wakes the loop: 5 ms median
from a will to the desk, measured over 20 wills on the loopback broker), and the
page has it at its next poll. Measured in Chromium on this (loaded, 2-core) machine
from a board's will to the alert on the page (test_organiser_browser.py): 0.32 to
0.43 s over five runs polling every 250 ms, 0.62 to 0.81 s polling every 500 ms, too
near the 1 s asked (issue 64 item 4, "at once"). An answer costs the server under
2 ms (median 1.7 ms over 50 answers, measured). A poll needs nothing but a GET
through any proxy; a server-sent stream would hold a connection per page for no more
than this.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any

from aiohttp import web

from engine.catalogue import CatalogueError
from engine.said import N_, Said, said
from firmware_host.club.desk import Desk
from firmware_host.club.live_delay import Delay
from firmware_host.club.live_server import Tables
from firmware_host.club.organiser import Command, Verb
from firmware_host.club.pairings import MAX_TABLES
from firmware_host.telling.language import Language
from firmware_host.telling.rendering import told
from firmware_host.web.organiser.view import RoundView, room_json
from firmware_host.web.spectator.app import spectator_app
from firmware_host.web.words.game_font_routes import font_routes
from firmware_host.web.words.organiser_words import organiser_words
from firmware_host.web.words.told_for_page import told_for_page

PREFIX = "/organiser"
TOKEN_BYTES = 24  # 192 bits: past guessing over any network
STATIC = {
    "organiser.js": "text/javascript",
    "organiser.css": "text/css",
    "common.js": "text/javascript",
    "words.js": "text/javascript",
    "style.css": "text/css",
    "kiban-sans-jp.woff2": "font/woff2",
    "kiban-serif-jp.woff2": "font/woff2",
}
"""The files under web/static/ the organiser's page is made of (its HTML is the page)."""
HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
}

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def new_token() -> str:
    """A secret for the organiser's path, made anew for each room opened."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def organiser_url(base: str, token: str) -> str:
    """The organiser's page under ``base`` (``http://host:port``)."""
    return f"{base}{PREFIX}/{token}/"


def organiser_app(
    tables: Tables,
    outside: Delay,
    desk: Desk,
    token: str,
    *,
    export: Handler | None = None,
    clock: Callable[[], float] = time.time,
) -> web.Application:
    """The spectator page's application (``spectator_app``) with the organiser's page
    under ``/organiser/<token>/``: its commands go to ``desk`` for the room's loop.
    ``export``: what answers the round's export (its link is shown only with one)."""
    if len(token) < 16:
        raise ValueError("the organiser's token is too short to be a secret")
    app = spectator_app(tables, outside, clock)
    rounds = RoundView()
    base = PREFIX + "/{token}"

    def guarded(handler: Handler) -> Handler:
        async def checked(request: web.Request) -> web.StreamResponse:
            if not hmac.compare_digest(request.match_info["token"].encode(), token.encode()):
                raise web.HTTPNotFound()
            return await handler(request)

        return checked

    async def room(request: web.Request) -> web.StreamResponse:
        glance = desk.glance
        built = room_json(glance, rounds.tables(glance, tables()), _export_url(export), 0.0)
        shown = told_for_page(built, _language(request), None)  # in the page's language
        body = json.dumps(shown, ensure_ascii=False, separators=(",", ":")).encode()
        tag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
        headers = HEADERS | {"ETag": tag}
        if tag in (t.strip() for t in request.headers.get("If-None-Match", "").split(",")):
            return web.Response(status=304, headers=headers)
        shown["now"] = clock()
        return web.json_response(shown, headers=headers, dumps=_dumps)

    async def light(request: web.Request) -> web.StreamResponse:
        board, table = await _asked(request, desk, table_needed=True)
        desk.put(Command(Verb.LIGHT, board, table))
        return _queued()

    async def bind(request: web.Request) -> web.StreamResponse:
        board, table = await _asked(request, desk, table_needed=True)
        anyway = (await request.json()).get("anyway") is True  # read and checked above
        desk.put(Command(Verb.BIND, board, table, anyway=anyway))
        return _queued()

    def table_only(verb: Verb) -> Handler:
        async def handler(request: web.Request) -> web.StreamResponse:
            _, table = await _asked(request, desk, table_needed=True, board_needed=False)
            desk.put(Command(verb, table=table))
            return _queued()

        return handler

    app.router.add_get(base + "/", guarded(_page))
    for path, handler in font_routes(base):  # before the static files' route
        app.router.add_get(path, guarded(handler))
    app.router.add_get(base + "/static/{name}", guarded(_static))
    app.router.add_get(base + "/room.json", guarded(room))
    app.router.add_get(base + "/words", guarded(_words))
    app.router.add_post(base + "/light", guarded(light))
    app.router.add_post(base + "/bind", guarded(bind))
    app.router.add_post(base + "/unbind", guarded(table_only(Verb.UNBIND)))
    app.router.add_post(base + "/new", guarded(table_only(Verb.NEW)))
    app.router.add_post(base + "/abandon", guarded(table_only(Verb.ABANDON)))
    if export is not None:
        app.router.add_get(base + "/export", guarded(export))
    return app


def _export_url(export: Handler | None) -> str | None:
    """Where the page links the round's export: beside the page, when there is one."""
    return None if export is None else "export"


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _queued() -> web.Response:
    """A command handed to the room's loop: the page sees its effect in the roster."""
    return web.json_response({"queued": True}, status=202, headers=HEADERS)


def _refused(language: Language, what: Said) -> web.HTTPBadRequest:
    """Why a button's request is refused, told in the page's language."""
    return web.HTTPBadRequest(
        text=_dumps({"text": told(what, language)}),
        content_type="application/json",
        headers=HEADERS,
    )


async def _asked(
    request: web.Request, desk: Desk, *, table_needed: bool, board_needed: bool = True
) -> tuple[str, int | None]:
    """The board and the table a button names, checked against the roster the page was
    shown (the room's loop checks them again when it acts)."""
    language = _language(request)  # the page's (``?language=``): a refusal is told in it
    if request.content_type != "application/json":
        # a form of another site can send text/plain without asking first: JSON only
        raise _refused(language, said(N_("the request is not understood")))
    try:
        asked = await request.json()
    except (ValueError, UnicodeDecodeError):
        raise _refused(language, said(N_("the request is not understood"))) from None
    if not isinstance(asked, dict):
        raise _refused(language, said(N_("the request is not understood")))
    board = asked.get("board", "")
    table = asked.get("table")
    if board_needed:
        known = {entry.board for entry in desk.glance.entries}
        if not isinstance(board, str) or board not in known:
            named = str(board)[:40]
            raise _refused(language, said(N_("no board {board} in the room"), board=named))
    if not table_needed:
        return (board if isinstance(board, str) else ""), None
    if isinstance(table, bool) or not isinstance(table, int):
        raise _refused(language, said(N_("the request names no table")))
    if not 0 < table <= MAX_TABLES:
        raise _refused(language, said(N_("{table} is not a table"), table=str(table)[:12]))
    return (board if isinstance(board, str) else ""), table


def _file(name: str, kind: str) -> web.Response:
    body = (resources.files("firmware_host.web") / "static" / name).read_bytes()
    return web.Response(
        body=body,
        content_type=kind,
        charset=None if kind.startswith("font/") else "utf-8",
        headers=HEADERS,
    )


async def _page(request: web.Request) -> web.Response:
    return _file("organiser.html", "text/html")


async def _static(request: web.Request) -> web.Response:
    name = request.match_info["name"]
    if name not in STATIC:
        raise web.HTTPNotFound()
    return _file(name, STATIC[name])


def _language(request: web.Request) -> Language:
    try:
        return Language.named(request.query.get("language", "en"))
    except CatalogueError as error:
        raise web.HTTPBadRequest(text=str(error)) from None


async def _words(request: web.Request) -> web.Response:
    return web.json_response(organiser_words(_language(request)), headers=HEADERS)
