"""``kiban puzzles generate|verify|list``: the puzzles shipped with each game, found in
the engine's own games and proved by a solver (``firmware_host.tools.play.puzzles``)."""

from __future__ import annotations

import argparse
import sys
from collections import Counter

from engine.registry import find_game
from engine.said import Plural


def puzzles(args: argparse.Namespace) -> int:
    from engine.puzzles import load_file
    from firmware_host.tools.play.puzzles import generate, verify

    game = find_game(args.game)
    read = load_file(game)
    for torn in read.torn:  # a torn line costs its own puzzle only
        print(f"kiban puzzles: a puzzle skipped: {torn}", file=sys.stderr)
    if read.trouble is not None and args.action != "generate":  # generate writes one
        print(f"kiban puzzles: {read.trouble}", file=sys.stderr)
        return 1
    if args.action == "generate":
        lengths = frozenset(args.plies) if args.plies else None
        added = generate(game, args.count, nodes=args.nodes, lengths=lengths)
        print(f"{Plural('{count} puzzle', '{count} puzzles').english(added)} added")
        return 0
    if args.action == "verify":
        failed = verify(game)
        total = len(read.puzzles)
        proved = Plural("{count} puzzle proved again", "{count} puzzles proved again")
        print(f"{total - failed} of {proved.english(total)}")
        return 1 if failed else 0
    counts = Counter((p.kind, p.plies) for p in read.puzzles)
    for (kind, plies), count in sorted(counts.items()):
        print(f"{kind} in {plies}: {count}")
    return 0
