"""One simulated board in a process of its own, so that a test can kill it -9.

It hosts (``--host``) or joins (``--join CODE``) a game over the broker, or takes up
the game its state directory holds when started again after a kill; then it plays
its seats (random moves seeded by ``--seed`` and the ply, so a restarted board plays
the same) and the other boards' moves as they arrive, until the game is over.
Everything it says is a JSON line on stdout: ``{"code": ...}`` once it plays, and
``{"moves": [...], "outcome": ...}`` when the game is over.

    python -m tests.firmware_host.remote.board_process --broker mqtt://127.0.0.1:PORT \
        --state DIR --game shogi --seed 3 (--host | --join CODE) [--max-plies N]
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from pathlib import Path

from engine.registry import find_game
from firmware_host.remote.code import GameCode
from firmware_host.remote.terms import Request
from tests.firmware_host.remote.players import Player, address, make_board, play_game

STALL = 60.0  # real seconds without a move before the board gives up


def say(**what: object) -> None:
    print(json.dumps(what), flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--broker", required=True)
    parser.add_argument("--state", required=True, type=Path)
    parser.add_argument("--game", required=True)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-plies", type=int, default=None)
    role = parser.add_mutually_exclusive_group(required=True)
    role.add_argument("--host", action="store_true")
    role.add_argument("--join", metavar="CODE")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    game = find_game(args.game)
    code = None if args.join is None else GameCode.parse(args.join)
    request = Request(address(args.broker), host=args.host, code=code)
    args.state.mkdir(parents=True, exist_ok=True)
    player: Player = make_board("board", game, request, args.state, args.seed)
    say(code=str(player.remote.code), seats=list(player.remote.seats), ply=player.ply)
    try:
        play_game([player], max_plies=args.max_plies, stall=STALL)
    finally:
        outcome = player.outcome
        say(
            moves=list(player.moves),
            outcome=None
            if outcome is None
            else {
                "termination": outcome.termination.name,
                "winners": sorted(outcome.winners),
            },
            refused=player.room.refused.count,
        )
        player.sim.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
