"""``kiban run``: the real board of a profile, what the service runs."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from engine.options import parse_assignments
from engine.registry import find_game
from firmware_host.cli.common import open_store, remote_game, resumes, settings_of
from firmware_host.cli.online import online_seat, state_dir_of
from firmware_host.telling.legend import PALETTES

if TYPE_CHECKING:
    from engine.game import Game
    from firmware_host.session.puzzle import PuzzleRun


def run(args: argparse.Namespace) -> int:
    import asyncio

    from firmware_host.club.options import CLUB
    from firmware_host.loops.opened_first import OpenedFirst
    from firmware_host.loops.profiles import load_profile
    from firmware_host.loops.runtime import Runtime
    from firmware_host.remote.options import REMOTE
    from firmware_host.telling.speech_settings import SPEECH

    profile = load_profile(args.profile)
    game = find_game(args.game or profile.games[0])
    profile = load_profile(args.profile, game)
    options = parse_assignments(args.variant)
    game.options(options)
    settings = settings_of(args, game)
    if settings.get("opponent"):  # the players' modules (and the search) only for a seat
        from firmware_host.opponents.players import check_engines

        check_engines(game, settings["opponent"], options)
    opened = OpenedFirst(profile)  # no board, nothing made: no empty store left behind
    try:
        store = open_store(args.state_dir, "games.sqlite3")
        remote = online_seat(args, game) or remote_game(
            args, game, profile.feature(REMOTE), profile.feature(CLUB)
        )
    except BaseException:
        opened.close()
        raise
    runtime = Runtime(
        game, profile, store, PALETTES[args.palette], remote=remote, board_factory=opened.factory
    )
    speaker = None
    if profile.feature(SPEECH).enabled:  # the speaker's modules only when it speaks
        from firmware_host.loops.speaker import announce

        speaker = announce(runtime, profile.feature(SPEECH))
    try:
        fresh = not resumes(args, settings, remote)
        if args.web:
            from firmware_host.web.gate.pairing import Pairing
            from firmware_host.web.server.launch import run_board

            pairing = Pairing.for_host(args.host)
            asyncio.run(
                run_board(
                    runtime,
                    pairing,
                    args.host,
                    args.port,
                    resume=not fresh,
                    options=options,
                    settings=settings,
                    state_dir=state_dir_of(args),
                )
            )
        else:
            puzzle = _puzzle(args, game)
            asyncio.run(
                runtime.run(
                    resume=not fresh and puzzle is None,
                    options=options,
                    settings=settings,
                    puzzle=puzzle,
                )
            )
    finally:
        if speaker is not None:
            speaker.close()
        store.close()
        opened.close()  # when the runtime never took it
    return 0


def _puzzle(args: argparse.Namespace, game: Game[Any]) -> PuzzleRun | None:
    """The puzzle ``--puzzle [DIFFICULTY]`` asks for (0: any difficulty), or None."""
    if getattr(args, "puzzle", None) is None:
        return None
    from firmware_host.session.puzzle import new_run

    return new_run(game, args.puzzle or None)
