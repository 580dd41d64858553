"""What several commands build alike from their options: the game and its rule
options, the session settings, the store, the remote game and whether the stored game
is taken up."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from engine.game import Game
from engine.options import parse_assignments
from engine.registry import find_game


def game_and_options(args: argparse.Namespace) -> tuple[Game[Any], dict[str, str]]:
    """The game named and its ``--variant`` options, checked by the game itself."""
    game = find_game(args.game)
    options = parse_assignments(args.variant)
    game.options(options)  # validate early, with the game's own message
    return game, options


def settings_of(args: argparse.Namespace, game: Game[Any]) -> dict[str, str]:
    """The session settings the options give, checked before anything is built (each
    seat's ``help`` and ``hints=b:3,w:0`` against the game's seats)."""
    from firmware_host.session.help import check_seats
    from firmware_host.session.settings import Settings

    settings = parse_assignments(args.setting)
    if args.clock:
        settings["clock"] = args.clock
    if args.opponent:
        settings["opponent"] = ",".join(args.opponent)
    for switch in ("coach", "warn"):
        if getattr(args, switch):
            settings[switch] = "on"
    Settings.parse(settings)  # validate early
    check_seats(game, settings)
    return settings


def open_store(state_dir: Path | None, name: str) -> Any:
    """The store of ``kiban sim`` or ``kiban run``: a damaged file is kept aside for a
    fresh one (the session says so), a newer one stops the command. The start also
    removes the copies of the lishogi token a killed login left (a copy that cannot be
    removed is said; the game starts all the same)."""
    import sys

    from firmware_host.online.credentials import forget_leftovers
    from firmware_host.online.errors import TokenError
    from firmware_host.store import salvage
    from firmware_host.store.storage import default_state_dir

    folder = state_dir or default_state_dir()
    try:
        forget_leftovers(folder)
    except TokenError as error:
        print(f"kiban: {error}", file=sys.stderr, flush=True)
    return salvage.open_store(folder / name)


def remote_game(
    args: argparse.Namespace, game: Game[Any], profile_remote: Any, profile_club: Any = None
) -> Any:
    """The remote game the options (or the profile) ask for, or None: a club room's
    board (its game broadcast), or a game with other boards."""
    from firmware_host.club.options import club_side, club_spec
    from firmware_host.remote.options import remote_request

    club = club_spec(args, profile_club)
    if club is not None:
        from firmware_host.store.storage import default_state_dir

        return club_side(club, args.state_dir or default_state_dir(), resume=not args.new)

    request = remote_request(args, profile_remote, resume=not args.new)
    if request is None:
        return None
    if request.watch and args.command != "sim":
        raise SystemExit("kiban: --watch follows a game on the simulator's page: kiban sim --web")
    from firmware_host.remote.game import RemoteGame
    from firmware_host.remote.options import invitation

    def announce(code: Any, watch: Any) -> None:
        print(f"kiban: {invitation(code, watch, request, game.name)}", flush=True)

    return RemoteGame(request, announce=announce)


def resumes(args: argparse.Namespace, settings: dict[str, str], remote: Any) -> bool:
    """Whether the stored game is taken up: not when a new one is asked for, or one
    from a record (a remote game decides by its code)."""
    if remote is not None:
        return not args.new
    record = getattr(args, "record", None)
    return not args.new and not args.variant and not settings and record is None
