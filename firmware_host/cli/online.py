"""``kiban online login|logout`` (the lishogi token kept in the state directory, 0600,
read from stdin or a prompt, never from the command line), and the online seat that
``kiban sim --online lishogi`` and ``kiban run --online lishogi`` play against."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from engine.game import Game


def state_dir_of(args: argparse.Namespace) -> Path:
    from firmware_host.store.storage import default_state_dir

    given: Path | None = getattr(args, "state_dir", None)
    return given or default_state_dir()


def online(args: argparse.Namespace) -> int:
    """``kiban online login`` or ``kiban online logout``."""
    from firmware_host.online.credentials import ApiToken, forget_token, store_token

    state_dir = state_dir_of(args)
    if args.online_command == "logout":
        had = forget_token(state_dir)
        said = "the lishogi token is forgotten" if had else "no lishogi token was kept"
        print(f"kiban: {said}; revoke it on lishogi too (Preferences, API access tokens)")
        return 0
    if sys.stdin.isatty():
        import getpass

        text = getpass.getpass("lishogi personal API token (scope board:play): ")
    else:
        text = sys.stdin.readline()
    path = store_token(state_dir, ApiToken(text.strip()))
    print(f"kiban: the lishogi token is kept in {path} (readable by this user only)")
    return 0


def online_seat(args: argparse.Namespace, game: Game[Any]) -> Any:
    """The online seat the options ask for (the game found on lishogi first), or None."""
    if getattr(args, "online", None) is None:
        return None  # no HTTP library loaded for a game here
    from firmware_host.online.options import online_request

    request = online_request(args, game)
    if request is None:
        return None
    import asyncio

    import aiohttp

    from firmware_host.online.credentials import read_token, token_source
    from firmware_host.online.link import OnlineLink, client_factory
    from firmware_host.online.pausing import Paused
    from firmware_host.online.seat import OnlineSeat
    from firmware_host.online.starting import Found, find_game
    from firmware_host.online.streams import LinkLost
    from firmware_host.online.trouble import paused
    from firmware_host.tls import asyncio_with_ssl

    state_dir = state_dir_of(args)
    if read_token(state_dir) is None:
        raise SystemExit("kiban: no lishogi token is kept: kiban online login (scope board:play)")
    make = client_factory(token_source(state_dir), args.online_url)  # a new login: used at once

    def told(lost: LinkLost | None) -> None:
        """The link failing while the game is looked for, and its return, said."""
        if lost is None:
            print("kiban: the link to lishogi is back", flush=True)
        else:
            print(f"kiban: {lost.words()}", flush=True)

    def pausing(pause: Paused | None) -> None:
        """lishogi's 429 said at once (its wait), and that it answers again."""
        if pause is None:
            print("kiban: lishogi answers again", flush=True)
        else:
            print(f"kiban: {paused(pause)}", flush=True)

    async def find() -> Found:
        asyncio_with_ssl()  # lishogi is https: asyncio was imported without ssl (tls.py)
        async with aiohttp.ClientSession() as session:
            client = make(session)
            client.on_pause = pausing
            return await find_game(client, request, tell=told)

    print("kiban: looking for the game on lishogi...", flush=True)
    found = asyncio.run(find())
    print(f"kiban: playing lishogi game {found.game_id} as {found.account}", flush=True)
    return OnlineSeat(OnlineLink(make, found.game_id), found.account)
