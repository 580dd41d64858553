"""A scripted USI engine for tests: it plays the legal move whose text sorts first, and misbehaves
as its flags say (crash, hang, illegal answer, garbage, slow start, resign).

Run as ``python fake_usi_engine.py --flag ...``; every line it receives is
appended to ``--log`` so a test can read what Kiban sent.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

from engine.game import Game, Position


def load(name: str) -> Game[Any]:
    """Only the game asked for: a fake that starts fast keeps the tests short."""
    if name == "dobutsu":
        from engine.dobutsu import DOBUTSU

        return DOBUTSU
    from engine.shogi import SHOGI

    return SHOGI


GARBAGE = (
    "",
    "hello from the fake engine",
    "info depth x score cp",
    "info score mate",
    "info depth 3 score cp 12 multipv",
    "option name",
    "id",
    "readyok?",
    "bestmovex 1a1b",
)


def main() -> None:  # noqa: C901 - a dispatcher: a case per USI command
    parser = argparse.ArgumentParser()
    parser.add_argument("--log", type=Path)
    parser.add_argument("--slow-start", type=float, default=0.0)
    parser.add_argument("--no-usiok", action="store_true")
    parser.add_argument("--no-variant", action="store_true")
    parser.add_argument("--crash-on-go", action="store_true")
    parser.add_argument("--crash-after", type=int, default=-1, help="exit on go number N+1")
    parser.add_argument("--no-bestmove", action="store_true")
    parser.add_argument("--answer-on-stop", action="store_true")
    parser.add_argument("--illegal", default="")
    parser.add_argument("--garbage", action="store_true")
    parser.add_argument("--resign", action="store_true")
    args = parser.parse_args()
    state: dict[str, Any] = {"game": "shogi", "position": "", "goes": 0}

    def say(line: str) -> None:
        if args.garbage:
            for junk in GARBAGE:
                print(junk)
        print(line, flush=True)

    for raw in sys.stdin:
        line = raw.strip()
        if args.log is not None:
            with args.log.open("a") as log:
                log.write(line + "\n")
        words = line.split()
        if not words:
            continue
        if words[0] == "usi":
            time.sleep(args.slow_start)
            say("id name FakeEngine 1.0")
            say("id author Kiban tests")
            if not args.no_variant:
                say("option name UCI_Variant type combo default shogi var dobutsu var shogi")
            say("option name Skill Level type spin default 20 min -20 max 20")
            say("option name MultiPV type spin default 1 min 1 max 500")
            if not args.no_usiok:
                say("usiok")
        elif words[0] == "setoption" and "UCI_Variant" in words:
            state["game"] = words[-1]
        elif words[0] == "isready":
            list(load(str(state["game"])).position().legal_moves())  # as engines load here
            say("readyok")
        elif words[0] == "position":
            state["position"] = line
        elif words[0] == "go":
            state["goes"] = int(state["goes"]) + 1
            if args.crash_on_go or int(state["goes"]) == args.crash_after + 1:
                sys.exit(3)
            if args.no_bestmove or args.answer_on_stop:
                say("info depth 1 score cp 0 nodes 1 pv")
                continue
            answer(say, str(state["game"]), str(state["position"]), args)
        elif words[0] == "stop" and args.answer_on_stop:
            answer(say, str(state["game"]), str(state["position"]), args)
        elif words[0] == "quit":
            return


def answer(say: Callable[[str], None], game: str, command: str, args: argparse.Namespace) -> None:
    if args.resign:
        say("info depth 1 score mate 0")
        say("bestmove resign")
        return
    position = read_position(game, command)
    move = args.illegal or min(position.move_text(move) for move in position.legal_moves())
    say(f"info depth 1 seldepth 1 multipv 1 score cp 7 nodes 10 pv {move}")
    say(f"bestmove {move}")


def read_position(game: str, command: str) -> Position[Any]:
    words = command.split()
    moves_at = words.index("moves") if "moves" in words else len(words)
    position: Position[Any] = load(game).position(" ".join(words[2:moves_at]))
    for text in words[moves_at + 1 :]:
        position.push_text(text)
    return position


if __name__ == "__main__":
    main()
