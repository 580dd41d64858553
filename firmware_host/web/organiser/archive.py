"""The round's archive on the organiser's page: one zip of the round as it stands (every
table's record with its players, start, each move's time and the result; the round's
table; the crosstable with the rounds kept before it), made when it is asked for from
the room's live tables, so it is the round as the room sees it now."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path

from aiohttp import web

from firmware_host.club.export import ExportError, read_rounds, round_archive
from firmware_host.club.live import Viewed
from firmware_host.club.live_server import Tables
from firmware_host.club.pairings import Round

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

log = logging.getLogger(__name__)


def archive_handler(
    round: Round,
    tables: Tables,
    headers: dict[str, str],
    *,
    event: str = "",
    kept: Path | None = None,
    earlier: Callable[[], Mapping[int, tuple[Viewed, ...]]] = dict,
) -> Handler:
    """What answers ``export`` on the organiser's page: ``round-N.zip``; ``kept``: the
    folder the room keeps its rounds in (their results join the crosstable);
    ``earlier``: each table's games the organiser's ``new`` ended."""

    async def archive(request: web.Request) -> web.StreamResponse:
        views = {number: shown.view() for number, shown in tables().items()}
        before = {n: tuple(old.view() for old in games) for n, games in earlier().items()}
        try:
            rounds = () if kept is None or not kept.exists() else read_rounds(kept)
        except ExportError as error:
            # an earlier round's file unreadable: this round's crosstable alone, said on
            # the organiser's console (the room's warnings reach it)
            log.warning("the round's crosstable leaves the rounds before out: %s", error)
            rounds = ()
        body = round_archive(round, views, event, rounds, before)
        name = f"round-{round.number}.zip"
        return web.Response(
            body=body,
            headers=headers
            | {
                "Content-Type": "application/zip",
                "Content-Disposition": f'attachment; filename="{name}"',
            },
        )

    return archive
