"""``kiban bench``, ``kiban match``, ``kiban bestmove`` and ``kiban replay``: measuring,
computer seats against each other, the computer's move in one position, and recorded
sensor events on a simulated board."""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO

from firmware_host.cli.common import game_and_options


def bench(args: argparse.Namespace) -> int:
    if args.report:
        return _bench_report(args)
    if args.service and args.counted:
        from firmware_host.tools.bench.counted import counted_lines

        for line in counted_lines(args.games, args.budget or "zero2w"):
            print(line, flush=True)
        return 0
    if args.unit:
        from firmware_host.tools.bench.unit_memory import unit_lines

        for line in unit_lines(args.games):
            print(line, flush=True)
        return 0
    if args.service:
        from firmware_host.tools.bench.service import service_lines

        changes = 80 if args.changes is None else args.changes
        lines = service_lines(args.games, seconds=args.seconds, budget=args.budget, changes=changes)
        for line in lines:
            print(line, flush=True)
        return 0
    if args.levels:
        from firmware_host.tools.bench.levels import level_lines

        for line in level_lines(args.games, top=args.top_level):
            print(line, flush=True)
        return 0
    if args.boards:
        from firmware_host.tools.bench.boards import board_lines

        for line in board_lines(args.games):
            print(line, flush=True)
        return 0
    from firmware_host.tools.bench.speed import run

    for line in run(args.games, args.positions, args.seed):
        print(line, flush=True)
    return 0


def _bench_report(args: argparse.Namespace) -> int:
    """``kiban bench --report FILE``: both benches into one file to send."""
    from pathlib import Path

    from firmware_host.tools.bench.report import plan_from, write_report

    plan = plan_from(args.games, args.seconds, args.top_level, args.changes)
    found = write_report(Path(args.report), plan, progress=lambda line: print(line, flush=True))
    where = found.model if found.model is not None else "not a Raspberry Pi"
    print(f"{args.report}: written on {where}; docs/speed.md says where to send it")
    return 0


def match(args: argparse.Namespace) -> int:
    from engine.search import Limits
    from firmware_host.tools.play.match import play_match

    game, options = game_and_options(args)
    if args.games < 1 or args.max_plies < 1:
        raise SystemExit("kiban: --games and --max-plies must be 1 or more")
    limits = Limits(max_nodes=args.nodes) if args.nodes else None
    specs = [spec.strip() for spec in args.seats.split(",")]
    result = play_match(
        game,
        specs,
        args.games,
        seed=args.seed,
        options=options,
        max_plies=args.max_plies,
        limits=limits,
        report=lambda line: print(line, flush=True),  # each game as it ends
    )
    for line in result.lines(stats=args.stats):
        print(line)
    return 0


def ladder(args: argparse.Namespace) -> int:
    from engine.registry import find_game
    from engine.search.ladder import LadderEngine, ladder_file
    from firmware_host.tools.ladder.rungs import (
        each_pairing,
        play_ladder,
        rated,
        recorded_top_nodes,
        summary,
        together,
    )
    from firmware_host.tools.ladder.table_file import load_table, write_table

    if args.games < 1:
        raise SystemExit("kiban: --games must be 1 or more")
    game, engine = find_game(args.game), LadderEngine(args.engine)
    path = ladder_file(game)  # the game's own rows, beside its package
    table = load_table(path)
    top_nodes = args.top_nodes or recorded_top_nodes(table, game.name, engine)
    runs = []
    # one pairing at a time, each written as it ends: a run stopped early keeps them
    for spec in each_pairing(args.pairings):
        played = play_ladder(
            game,
            engine,
            args.games,
            seed=args.seed,
            table=table,
            pairings=spec,
            top_nodes=top_nodes,
            max_plies=args.max_plies,
            report=lambda line: print(line, flush=True),
        )
        runs.append(played)
        if not args.dry_run:
            write_table(played, path)
    if not runs:
        runs.append(play_ladder(game, engine, 1, table=table, pairings="none", top_nodes=top_nodes))
    measured = rated(together(runs), load_table(path))
    for line in summary(measured):
        print(line)
    for result in measured.stale:
        print(
            f"dropped (played with other parameters or by another version of the computer): "
            f"{result.first} vs {result.second}"
        )
    unordered = measured.unordered()
    if unordered:
        print(f"not ordered by 60% over the level below: {unordered}")
    return 0


def bestmove(args: argparse.Namespace) -> int:
    from firmware_host.opponents.seats import parse_spec
    from firmware_host.tools.play.bestmove import best_move

    game, options = game_and_options(args)
    if args.engine is not None:
        spec = parse_spec(f"engine:{args.engine}" if args.engine else "engine")
    elif args.player is not None:
        spec = parse_spec(args.player)
    else:
        spec = parse_spec(f"level:{args.level or 10}")
    found = best_move(game, args.position, spec, options=options, seed=args.seed)
    if found.rolled is not None:
        print(f"kiban: rolled first: {found.rolled} (--seed {args.seed})", file=sys.stderr)
    if found.note:
        print(f"kiban: {found.note}", file=sys.stderr)
    print(found.move)
    return 0


def replay(args: argparse.Namespace, out: IO[str] | None = None) -> int:
    from firmware_host.loops.profiles import load_profile
    from firmware_host.loops.simulator import Simulation
    from firmware_host.store.storage import GameStore
    from firmware_host.tools.records.replay import ReplayTally, replay

    out = out or sys.stdout
    game, options = game_and_options(args)
    profile = load_profile(args.profile, game)
    store = GameStore(":memory:")
    sim = Simulation(game, profile, store, options=options, position=args.position, resume=False)
    source: IO[str]
    if args.events == "-":
        source = sys.stdin
    else:
        try:
            source = open(args.events, encoding="utf-8")  # noqa: SIM115 - closed below
        except OSError as error:
            print(f"kiban: cannot read {args.events}: {error.strerror}", file=sys.stderr)
            return 2
    tally = ReplayTally()
    try:
        for record in replay(sim, source, tally):
            out.write(json.dumps(record) + "\n")
    finally:
        if source is not sys.stdin:
            source.close()
        sim.close()
    if tally.refused:
        print(f"kiban replay: {tally.summary()}", file=sys.stderr)
        return 1
    return 0
