"""Every table's game served live over HTTP: ``/tables/<n>.kif`` (and ``.kifu``,
``.csa``, ``.json``) for the hall, ``/outside/tables/<n>.kif`` etc. held back by the
outside audience's delay (``live_delay.py``).

The readers that follow a game reload its file, so each answer says when it last
changed (Last-Modified, an ETag) and that it must be asked again (no-cache):

- Kifu for JS (na2hiro/Kifu-for-JS: ``KifuStore.setReloadInterval`` reloads the file
  every 30 s, 1 min or 3 min, by ``utils/fetchFile.ts``, an XMLHttpRequest GET that
  takes a 304 as "nothing new"), from a page on another site: hence the CORS header.
  It reads ``.kif`` as Shift_JIS and ``.kifu`` as UTF-8 (``getEncodingFromFileName``),
  so ``.kif`` is sent in Shift_JIS (cp932, as ``kiban export`` writes a ``.kif``).
- ShogiHome (sunfish-shogi/shogihome: ``RecordManager.importRecordFromRemoteURL``,
  its "Fetch Latest Data" button) GETs the same URL again and merges the new moves;
  it sends no conditional request and takes only a 200, and detects the encoding.
"""

from __future__ import annotations

import hashlib
import time
import unicodedata
from collections.abc import Callable, Mapping
from email.utils import formatdate, parsedate_to_datetime

from aiohttp import web

from firmware_host.club.live import LiveGame, Viewed
from firmware_host.club.live_delay import Audience, Delay, delayed
from firmware_host.club.live_files import live_json, live_text
from firmware_host.club.page_guard import BODY_LARGEST, HEADER_SECONDS, KEEP_ALIVE, GuardedSite

SUFFIXES = {
    # suffix: (record format, encoding named inside, encoding sent, media type)
    "kif": ("kif", "Shift_JIS", "cp932", "text/plain; charset=Shift_JIS"),
    "kifu": ("kif", "UTF-8", "utf-8", "text/plain; charset=utf-8"),
    "csa": ("csa", "UTF-8", "utf-8", "text/plain; charset=utf-8"),
    "json": ("json", "UTF-8", "utf-8", "application/json; charset=utf-8"),
}

Tables = Callable[[], Mapping[int, Viewed]]
"""The room's tables as they stand now (the organiser adds and closes them)."""


def live_app(
    tables: Tables,
    outside: Delay,
    clock: Callable[[], float] = time.time,
) -> web.Application:
    """The application serving ``tables``' games; ``outside``: the delay of the audience
    outside the hall; ``clock``: the time now (seconds since the epoch), injected."""

    async def hall(request: web.Request) -> web.StreamResponse:
        return _answer(request, tables(), Audience.HALL, Delay(), clock())

    async def beyond(request: web.Request) -> web.StreamResponse:
        return _answer(request, tables(), Audience.OUTSIDE, outside, clock())

    app = web.Application(client_max_size=BODY_LARGEST)
    app.router.add_get(r"/tables/{number:\d{1,6}}.{suffix:[a-z]{1,8}}", hall)
    app.router.add_get(r"/outside/tables/{number:\d{1,6}}.{suffix:[a-z]{1,8}}", beyond)
    return app


def _answer(
    request: web.Request,
    tables: Mapping[int, Viewed],
    audience: Audience,
    delay: Delay,
    now: float,
) -> web.StreamResponse:
    suffix = request.match_info["suffix"]
    record = tables.get(int(request.match_info["number"]))
    view = None if record is None else record.view()
    if view is None or suffix not in SUFFIXES:
        raise web.HTTPNotFound()
    shown = delayed(view, delay, now)
    body = _body(shown, suffix)
    if body is None:
        raise web.HTTPNotFound()  # a game with no such record format (JSON only)
    tag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
    headers = {
        "ETag": tag,
        "Last-Modified": formatdate(shown.changed, usegmt=True),
        "Cache-Control": "no-cache",
        "Access-Control-Allow-Origin": "*",
        "X-Kiban-Audience": audience.value,
    }
    if _unchanged(request, tag, shown.changed):
        return web.Response(status=304, headers=headers)
    return _response(body, headers, SUFFIXES[suffix][3])


def _response(body: bytes, headers: dict[str, str], media: str) -> web.Response:
    response = web.Response(body=body, headers=headers)
    response.headers["Content-Type"] = media
    return response


def _body(view: LiveGame, suffix: str) -> bytes | None:
    name, inside, sent, _media = SUFFIXES[suffix]
    if name == "json":
        return live_json(view).encode()
    text = live_text(view, name, inside)
    if text is None:
        return None
    return encoded(text, sent)


LATIN = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ß": "ss"})
"""Latin letters with no decomposition into a base letter and an accent (NFKD), as their
base letter."""


def encoded(text: str, encoding: str) -> bytes:
    """``text`` in ``encoding``; a letter it cannot hold (a European name's accent in
    Shift_JIS: ``Novák``) written as its base letter (``Novak``), which the readers of
    ``.kif`` show, where ``?`` (``Nov?k``) would lose the name; what has none, ``?``.
    The ``.kifu`` is the name as typed."""
    try:
        return text.encode(encoding)
    except UnicodeEncodeError:
        pass
    out = []
    for char in text:
        try:
            out.append(char.encode(encoding))
        except UnicodeEncodeError:
            plain = unicodedata.normalize("NFKD", char.translate(LATIN))
            base = "".join(c for c in plain if not unicodedata.combining(c))
            out.append(base.encode(encoding, errors="replace") if base else b"?")
    return b"".join(out)


def _unchanged(request: web.Request, tag: str, changed: float) -> bool:
    """Whether the reader already holds this answer (its ETag, else its date)."""
    matches = request.headers.get("If-None-Match")
    if matches is not None:
        return tag in (t.strip() for t in matches.split(","))
    since = request.headers.get("If-Modified-Since")
    if since is None:
        return False
    try:
        return int(changed) <= parsedate_to_datetime(since).timestamp()
    except (TypeError, ValueError):
        return False


async def serve_live(
    app: web.Application, host: str, port: int, *, header_seconds: float = HEADER_SECONDS
) -> web.AppRunner:
    """Listen on ``host``:``port`` (the caller cleans the runner up), each request's
    headers due within ``header_seconds`` and idle connections closed after
    ``KEEP_ALIVE`` (``page_guard.py``)."""
    runner = web.AppRunner(app, access_log=None, keepalive_timeout=KEEP_ALIVE)
    await runner.setup()
    await GuardedSite(runner, host, port, header_seconds=header_seconds).start()
    return runner
