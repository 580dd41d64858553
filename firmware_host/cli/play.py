"""``kiban sim``: a game on the simulated board, in the terminal or on the simulator's
page (``--web``), from the usual start, a ``--position`` or a ``--record``."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.game import Game
from firmware_host.cli.common import game_and_options, open_store, remote_game, resumes, settings_of
from firmware_host.cli.online import online_seat, state_dir_of
from firmware_host.telling.language import Language
from firmware_host.telling.legend import PALETTES
from firmware_host.telling.speech_settings import SPEECH

if TYPE_CHECKING:
    from engine.game import Layout
    from firmware_host.session.puzzle import PuzzleRun
    from firmware_host.store.importing import Imported
    from hardware.profile import Profile


def sim(args: argparse.Namespace) -> int:
    from firmware_host.loops.profiles import load_profile
    from firmware_host.loops.simulator import Simulation
    from firmware_host.opponents.players import check_engines
    from firmware_host.terminal.app import run_terminal
    from hardware.mock.hands import Noise

    if not args.web:  # before anything that logs: a board drawn in the terminal
        from firmware_host.cli.logs import log_off_the_board
        from firmware_host.store.storage import default_state_dir

        log_off_the_board(args.state_dir or default_state_dir())
    game, options = game_and_options(args)
    profile = load_profile(args.profile, game)
    settings = settings_of(args, game)
    start = _start(args, game, options)
    check_engines(game, settings.get("opponent", ""), start.options)
    remote = online_seat(args, game) or remote_game(args, game, None)
    # a spectator's page keeps nothing: its game is the players' (a store of its own)
    watching = remote is not None and getattr(getattr(remote, "request", None), "watch", False)
    state_dir = args.state_dir
    if watching:
        import tempfile

        state_dir = Path(tempfile.mkdtemp(prefix="kiban-watch-"))
    store = open_store(state_dir, "sim.sqlite3")
    puzzle = _puzzle(args, game)
    if args.web:
        try:
            return _sim_web(args, game, start, settings, store, remote=remote, puzzle=puzzle)
        finally:
            store.close()
    sim = Simulation(
        game,
        profile,
        store,
        options=start.options,
        position=start.start,
        moves=start.moves,
        record=start.info,
        pieces=_usual_pieces(game, start, puzzle),
        settings=settings,
        resume=puzzle is None and resumes(args, settings, remote),
        noise=Noise.realistic() if args.noise else None,
        seed=args.seed,
        palette=PALETTES[args.palette],
        remote=remote,
        puzzle=puzzle,
    )
    try:
        return run_terminal(sim, language=_language(args, profile))
    finally:
        sim.close()
        sim.journal.shutdown()
        store.close()


def _puzzle(args: argparse.Namespace, game: Game[Any]) -> PuzzleRun | None:
    """The puzzle ``--puzzle [DIFFICULTY]`` asks for (0: any difficulty), or None."""
    if getattr(args, "puzzle", None) is None:
        return None
    if args.position is not None or args.record is not None:
        raise SystemExit("kiban: a --puzzle sets its own position: no --position or --record")
    from firmware_host.session.puzzle import new_run

    return new_run(game, args.puzzle or None)


def _start(args: argparse.Namespace, game: Game[Any], options: dict[str, str]) -> Imported:
    """The game ``kiban sim`` starts: a record's (up to ``--from-move``), a ``--position``,
    or None for the usual start (``Imported``)."""
    from firmware_host.store.importing import Imported, read_record_file

    if args.record is None:
        if args.from_move is not None:
            raise SystemExit("kiban: --from-move chooses a move of a --record")
        return Imported(options, args.position, ())
    if args.position is not None:
        raise SystemExit("kiban: give --record or --position, not both")
    imported = read_record_file(args.record, game).up_to(args.from_move)
    return Imported({**imported.options, **options}, imported.start, imported.moves, imported.info)


def _usual_pieces(
    game: Game[Any], start: Imported, puzzle: PuzzleRun | None = None
) -> Layout | None:
    """How the simulated pieces stand before a game read in, given by ``--position`` or
    a puzzle's: as the game usually starts, so the LEDs guide the set-up as on a real
    board (None: as the game has them)."""
    if start.start is None and not start.moves and puzzle is None:
        return None
    usual: Layout = game.position(None, start.options).layout()
    return usual


def _sim_web(
    args: argparse.Namespace,
    game: Game[Any],
    start: Imported,
    settings: dict[str, str],
    store: Any,
    *,
    remote: Any,
    puzzle: PuzzleRun | None = None,
) -> int:
    import asyncio

    from firmware_host.web.gate.pairing import Pairing
    from firmware_host.web.server.launch import run_simulator
    from firmware_host.web.sessions.simulated import SimSession
    from hardware.mock.hands import Noise

    pairing = Pairing.for_host(args.host)
    session = SimSession(
        game,
        store,
        profile=args.profile,
        palette=args.palette,
        options=start.options,
        position=start.start,
        moves=start.moves,
        record=start.info,
        pieces=_usual_pieces(game, start, puzzle),
        resume=puzzle is None and resumes(args, settings, remote),
        noise=Noise.realistic() if args.noise else None,
        seed=args.seed,
        pairing=pairing,
        settings=settings,
        remote=remote,
        state_dir=state_dir_of(args),
        puzzle=puzzle,
    )
    asyncio.run(run_simulator(session, pairing, args.host, args.port, browser=not args.no_browser))
    return 0


def _language(args: argparse.Namespace, profile: Profile) -> Language:
    """The terminal's language: ``--language``, else the profile's [speech] language."""
    if args.language is not None:
        return Language.named(args.language)
    return profile.feature(SPEECH).language
