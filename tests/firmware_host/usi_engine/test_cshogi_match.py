"""``kiban usi`` driven by a USI client the project did not write: cshogi's match
runner (``python -m cshogi.cli``) plays Fairy-Stockfish against the simulated board,
two short games so that each moves first once. The person at the simulated board is
the built-in search at level 1, its moves played by the simulated hands (``--person``).

cshogi has no timeouts and spins if an engine dies, so it runs as a process of its
own, killed with its engines if it outlasts ours. Its CSA records are read back and
must be the games Kiban stored.
"""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import cshogi
import cshogi.CSA

import firmware_host
from firmware_host.store.storage import GameStore

ROOT = Path(firmware_host.__file__).resolve().parents[1]
PLIES = 24
"""cshogi ends a game after this many moves (``--draw``)."""


def kiban_engine(tmp_path: Path, *options: str) -> Path:
    """cshogi runs an executable, not a command line: a wrapper that runs ``kiban usi``
    (its log to a file: cshogi never reads an engine's stderr)."""
    command = [sys.executable, "-m", "firmware_host.cli", "usi", "--sim"]
    command += ["--state-dir", str(tmp_path / "state"), "--seed", "3", *options]
    script = tmp_path / "kiban-usi"
    log = tmp_path / "kiban.log"
    script.write_text(
        f"#!/bin/sh\nexport PYTHONPATH={shlex.quote(str(ROOT))}\n"
        f"exec {shlex.join(command)} 2>>{shlex.quote(str(log))}\n"
    )
    script.chmod(0o755)
    return script


def _match(fairy: Path, kiban: Path, records: Path) -> None:
    command = [sys.executable, "-m", "cshogi.cli", str(fairy), str(kiban)]
    command += ["--options1", "UCI_Variant:shogi", "--byoyomi", "100", "--games", "2"]
    command += ["--draw", str(PLIES), "--csa", str(records)]
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True
    ) as match:
        try:
            output, _ = match.communicate(timeout=240)
        except subprocess.TimeoutExpired:
            os.killpg(match.pid, signal.SIGKILL)
            output, _ = match.communicate()
            raise AssertionError(f"cshogi's match did not end:\n{output.decode()}") from None
    assert match.returncode == 0, output.decode()


def _csa_moves(path: Path) -> tuple[str, list[str]]:
    """The first player's name and the moves of a CSA record, as USI texts."""
    record = cshogi.CSA.Parser.parse_file(str(path))[0]
    return record.names[0], [cshogi.move_to_usi(move) for move in record.moves]


def test_cshogi_plays_fairy_stockfish_against_the_board(
    tmp_path: Path, fairy_stockfish: Path
) -> None:
    records = tmp_path / "csa"
    records.mkdir()
    _match(fairy_stockfish, kiban_engine(tmp_path), records)
    played = sorted(_csa_moves(path) for path in records.glob("*.csa"))
    assert len(played) == 2
    assert {first.startswith("Kiban") for first, _ in played} == {True, False}
    store = GameStore(tmp_path / "state" / "sim.sqlite3")
    try:
        stored = [game.moves() for game in store.list_games() if game.moves()]
    finally:
        store.close()
    assert all(len(moves) == PLIES for _, moves in played)
    # The board knows every move up to its last bestmove: a move of Fairy-Stockfish's
    # that ends the game is never sent to it in a ``position`` (cshogi just stops).
    told = [
        moves if first.startswith("Kiban") == (PLIES % 2 == 1) else moves[:-1]
        for first, moves in played
    ]
    assert sorted(stored) == sorted(told)
