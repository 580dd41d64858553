"""The installed games' own page fonts, served to each of Kiban's pages.

The board's page, the organiser's and the spectators' all draw games' words, so each
app adds these two routes under its own prefix (``font_routes``): the stylesheet that
names the games' faces (``words/game_fonts.py``) and the faces themselves. The games
are read from the registry at each request, so a game installed while the service runs
is drawn after a restart as every other part of it is.
"""

from __future__ import annotations

from aiohttp import web
from aiohttp.typedefs import Handler

from engine.registry import games
from firmware_host.web.words.game_fonts import STYLESHEET, font_file, game_fonts, stylesheet


async def _stylesheet(request: web.Request) -> web.Response:
    return web.Response(
        text=stylesheet(game_fonts(games())),
        content_type="text/css",
        headers={"Cache-Control": "no-cache"},
    )


async def _font(request: web.Request) -> web.Response:
    body = font_file(games(), request.match_info["game"], request.match_info["name"])
    if body is None:
        raise web.HTTPNotFound()
    return web.Response(body=body, content_type="font/woff2", headers={"Cache-Control": "no-cache"})


def font_routes(prefix: str) -> tuple[tuple[str, Handler], ...]:
    """The two routes under ``prefix`` (the page's own path, "" for the board's page):
    each app wraps them as it wraps its other routes (the organiser's login)."""
    return (
        (f"{prefix}/static/{STYLESHEET}", _stylesheet),
        (f"{prefix}/static/game-fonts/{{game}}/{{name}}", _font),
    )
