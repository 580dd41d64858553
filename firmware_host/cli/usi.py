"""``kiban usi``: the board as a USI engine on stdin/stdout (docs/usi.md), the real
board of a ``--profile`` or the simulated one (``--sim``)."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from engine.game import Game
from engine.registry import find_game, games
from firmware_host.cli.common import open_store


def usi(args: argparse.Namespace) -> int:
    game = _game(args.game)
    if args.sim:
        return _simulated(args, game)
    if args.profile is None:
        raise SystemExit("kiban: kiban usi needs the board's --profile, or --sim")
    from firmware_host.usi_engine.live_board import serve_board

    store = open_store(args.state_dir, "games.sqlite3")
    try:
        return serve_board(game, args.profile, store, sys.stdin, sys.stdout)
    finally:
        store.close()


def _game(name: str | None) -> Game[Any]:
    """The game named, which a USI engine must be able to play; by default the one a
    plain USI engine plays."""
    if name is not None:
        game = find_game(name)
        if game.usi is None:
            raise SystemExit(f"kiban: {game.title} is not played over USI")
        return game
    return next(g for g in games() if g.usi is not None and not g.usi.needs_uci_variant)


def _simulated(args: argparse.Namespace, game: Game[Any]) -> int:
    from firmware_host.loops.profiles import load_profile
    from firmware_host.loops.simulator import Simulation
    from firmware_host.opponents.players import Players
    from firmware_host.opponents.seats import parse_spec
    from firmware_host.opponents.thinking import InlineThinker
    from firmware_host.usi_engine.gui_seat import GuiSeatThinker
    from firmware_host.usi_engine.serve import serve
    from firmware_host.usi_engine.sim_board import SimDriver

    profile = load_profile(args.profile or "sim", game)
    person = parse_spec(args.person)
    store = open_store(args.state_dir, "sim.sqlite3")
    seat = GuiSeatThinker(InlineThinker(Players()))
    sim = Simulation(
        game, profile, store, resume=False, settings={"draw": "none"}, thinker=seat, seed=args.seed
    )
    try:
        return serve(SimDriver(sim, seat, person, seed=args.seed), sys.stdin, sys.stdout)
    finally:
        store.close()
