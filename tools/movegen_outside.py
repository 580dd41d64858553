"""Shogi's move generation against cshogi, measured from outside Kiban's bench.

`kiban bench shogi` prints the ratio docs/speed.md states (firmware_host/tools/bench/
interleaved.py: Kiban's `len(list(legal_moves()))` after a push and a pop, less the push
and pop alone, against cshogi's `len(list(board.legal_moves))`, 21 interleaved rounds,
each side's best by the thread's CPU time). This script measures the same thing with
none of that code: timeit's own loop and clock (`time.perf_counter`, the wall clock, as
one measures from outside), the same positions (engine/shogi/whole_games.sfen), each
side's best of `--repeat` runs. It also prints what it measures when the push and pop a
Kiban position needs to drop the moves it keeps are left in (a plain reading of
"generate the moves of each position" that forgets them): the ratio a reader gets when
they are not taken off (docs/speed.md, "Move generation: one sample, one method").

usage: .venv/bin/python tools/movegen_outside.py [--repeat N] [--sample FILE]
"""

from __future__ import annotations

import argparse
import time
import timeit
from pathlib import Path

import cshogi

from engine.registry import find_game

SAMPLE = Path(__file__).resolve().parents[1] / "engine" / "shogi" / "whole_games.sfen"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--sample", type=Path, default=SAMPLE)
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="time.perf_counter (default) or time.thread_time, the bench's",
    )
    args = parser.parse_args()
    texts = [line for line in args.sample.read_text().splitlines() if line.strip()]
    shogi = find_game("shogi")
    positions = [shogi.position(text) for text in texts]
    pairs = [(position, next(iter(position.legal_moves()))) for position in positions]
    boards = [cshogi.Board(text) for text in texts]
    for (position, _), board in zip(pairs, boards, strict=True):
        assert len(list(position.legal_moves())) == len(list(board.legal_moves)), board.sfen()

    def generated() -> None:
        for position, move in pairs:
            position.push(move)
            position.pop()
            len(list(position.legal_moves()))

    def pushed() -> None:
        for position, move in pairs:
            position.push(move)
            position.pop()

    def library() -> None:
        for board in boards:
            len(list(board.legal_moves))

    count = len(texts)
    number = 20
    best = {}
    for name, run in (("generated", generated), ("pushed", pushed), ("library", library)):
        timer = time.perf_counter if args.clock == "wall" else time.thread_time
        times = timeit.repeat(run, number=number, repeat=args.repeat, timer=timer)
        best[name] = min(times) / number / count
    kiban = best["generated"] - best["pushed"]
    print(
        f"{count} positions of {args.sample.name}, best of {args.repeat} runs of {number} "
        f"passes, {args.clock} clock"
    )
    print(f"cshogi                      {best['library'] * 1e6:7.2f} µs a position")
    print(f"kiban, push and pop taken off {kiban * 1e6:5.2f} µs: {kiban / best['library']:.2f}x")
    print(
        f"kiban, push and pop left in {best['generated'] * 1e6:6.2f} µs: "
        f"{best['generated'] / best['library']:.2f}x (the push and pop alone "
        f"{best['pushed'] * 1e6:.2f} µs)"
    )


if __name__ == "__main__":
    main()
