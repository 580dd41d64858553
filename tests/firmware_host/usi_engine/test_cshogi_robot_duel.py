"""Robot Duel through Fairy-Stockfish's ``dobutsu`` variant, with cshogi's ``Engine``
driving both sides: cshogi's match runner plays only 9x9 shogi (its own board judges
every move), so this loop stands in for it, keeping the record cshogi's runner would.

Kiban's moves and positions are Fairy-Stockfish's texts (``gle/1c1/1C1/ELG b - 1``,
``2c2b``); the person at the simulated board is the built-in search at level 4.
Fairy-Stockfish's lion is a king that never stands where it can be taken, where Kiban's
may (and is then taken): a move of the board's that leaves its lion there is one
Fairy-Stockfish cannot read, so the duel ends at it (the GUI would stop there too).
"""

from __future__ import annotations

import threading
from pathlib import Path

from cshogi.usi import Engine

from engine.registry import find_game
from firmware_host.opponents.fairy import engine_accepts, kiban_move, usi_game
from firmware_host.store.storage import GameStore
from tests.firmware_host.usi_engine.test_cshogi_match import kiban_engine

PLIES = 16
ENDS = ("resign", "win", "(none)")


def _duel(fairy: Engine, kiban: Engine, moves: list[str]) -> None:
    """Fairy-Stockfish moves first (sente); each answer is played by both sides, until
    one ends the game or the board's leaves its lion to be taken."""
    game = find_game("dobutsu")
    rules = usi_game(game)
    assert rules is not None
    position = game.position()
    fairy.setoption("UCI_Variant", "dobutsu")
    for engine in (fairy, kiban):
        engine.isready()
        engine.usinewgame()
    for ply in range(PLIES):
        engine = fairy if ply % 2 == 0 else kiban
        engine.position(moves)
        best, _ = engine.go(nodes=2000) if engine is fairy else engine.go(byoyomi=100)
        if best in ENDS:
            break
        moves.append(best)
        move = kiban_move(position, best)
        assert move is not None, f"{best} is not legal after {moves}"
        if not engine_accepts(position, move, rules):
            break
        position.push(move)
        if position.outcome() is not None:
            break
    for engine in (fairy, kiban):
        engine.gameover()
        engine.quit()


def test_robot_duel_against_fairy_stockfish(tmp_path: Path, fairy_stockfish: Path) -> None:
    fairy = Engine(str(fairy_stockfish))
    kiban = Engine(str(kiban_engine(tmp_path, "--game", "dobutsu", "--person", "level:4")))
    moves: list[str] = []
    duel = threading.Thread(target=_duel, args=(fairy, kiban, moves), daemon=True)
    duel.start()
    duel.join(timeout=120)  # cshogi waits for ever on an engine that died: not us
    if duel.is_alive():
        for engine in (fairy, kiban):
            if engine.proc is not None:
                engine.proc.kill()
        raise AssertionError(f"the duel did not end; moves so far: {moves}")
    assert kiban.name == "Kiban board (dobutsu)"
    store = GameStore(tmp_path / "state" / "sim.sqlite3")
    try:
        stored = [game.moves() for game in store.list_games() if game.moves()]
    finally:
        store.close()
    assert len(moves) >= 4
    told = moves if len(moves) % 2 == 0 else moves[:-1]  # the board never hears FSF's last
    assert stored == [told]
