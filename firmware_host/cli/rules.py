"""``kiban perft``, ``kiban moves`` and ``kiban games``: the rules, with no board."""

from __future__ import annotations

import argparse
import sys

from engine.registry import games, registration, skipped
from firmware_host.cli.common import game_and_options
from firmware_host.cli.stored import list_stored


def perft(args: argparse.Namespace) -> int:
    game, options = game_and_options(args)
    if args.depth < 0:
        raise SystemExit("kiban: depth must be 0 or more")
    print(game.position(args.position, options).perft(args.depth))
    return 0


def moves(args: argparse.Namespace) -> int:
    game, options = game_and_options(args)
    position = game.position(args.position, options)
    moves = list(position.legal_moves()) or list(position.chance_moves() or ())
    for text in sorted(position.move_text(m) for m in moves):
        print(text)  # when a roll is due, the rolls are the moves
    return 0


def show_games(args: argparse.Namespace) -> int:
    if args.stored:
        return list_stored(args)
    for game in games():
        aliases = f" (also: {', '.join(game.aliases)})" if game.aliases else ""
        installed = registration(game.name)
        package = "" if installed.own else f" [{installed.where}]"
        print(f"{game.name}{aliases}: {game.title}{package}")
        for spec in game.option_specs:
            print(f"    --variant {spec.describe()}")
    for left_out in skipped():  # an installed game that cannot be played, said why
        print(f"kiban: warning: {left_out}", file=sys.stderr)
    return 0
