"""How Kiban's Robot Duel and Shogi are spoken to a USI engine, and where the rules differ.

Kiban's SFEN and move texts are already USI for both games (files 3..1 or
9..1, ranks a.. from the top, ``C*2b`` drops, ``+`` promotions), and
Fairy-Stockfish 11.1 reads them as they are. Its rules match Kiban's Shogi
move for move. Its ``dobutsu`` treats the lion as a chess king, which is where
it differs from Kiban's Robot Duel (checked move by move over random games in
the tests):

- Kiban lets a player leave or move the lion where it can be taken; the engine
  never does, and never sees a position where the lion can be taken: Kiban
  plays that capture itself (``winning_move``), and a history holding such a
  move is cut after it (``engine_history``), since the engine would stop
  reading the moves at the first one it finds illegal.
- Its promotion is always optional; under ``promotion=mandatory`` its
  non-promoting chick move is read as the promoting one (``kiban_move``).
- Repetition (its perpetual-check rule, its count) only changes what it thinks
  of a line; Kiban's referee decides how the game ends.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from engine.errors import NotationError
from engine.game import Game, Position
from engine.outcome import Termination
from engine.usi import UsiVariant

FAIRY_STOCKFISH = "fairy-stockfish"
DEBIAN_GAMES = Path("/usr/games")


KING_CAPTURE = frozenset({Termination.KING_CAPTURED})


UsiGame = UsiVariant
"""One Kiban game over USI, as the game declares it (``Game.usi``)."""


def usi_game(game: Game[Any]) -> UsiGame | None:
    """How ``game`` is played over USI, or None: its positions have no SFEN."""
    return game.usi


def usi_titles(*, plain: bool = False) -> str:
    """The games a USI engine plays, for a message ("Robot Duel and Shogi"); ``plain``:
    those an engine without ``UCI_Variant`` plays ("Shogi")."""
    from engine.registry import games

    titles = [
        game.title.split(" (")[0]
        for game in games()
        if game.usi is not None and not (plain and game.usi.needs_uci_variant)
    ]
    return " and ".join(filter(None, (", ".join(titles[:-1]), *titles[-1:])))


def find_fairy_stockfish() -> Path | None:
    """Fairy-Stockfish on PATH, or where Debian's package puts it (/usr/games is not
    on every PATH, e.g. a service's or root's)."""
    found = shutil.which(FAIRY_STOCKFISH)
    if found is not None:
        return Path(found)
    debian = DEBIAN_GAMES / FAIRY_STOCKFISH
    return debian if debian.is_file() and os.access(debian, os.X_OK) else None


def engine_move_text(position: Position[Any], move: Any) -> str:
    """A Kiban move as the engine writes it: the same USI text for both games."""
    return position.move_text(move)


def kiban_move(position: Position[Any], text: str) -> Any | None:
    """The legal Kiban move the engine's ``text`` means here, or None.

    A move the rules make promote (Robot Duel's ``promotion=mandatory``) but the
    engine wrote without ``+`` is its promoting twin: the engine knows only the
    optional rule.
    """
    for candidate in (text, text + "+") if not text.endswith("+") else (text,):
        try:
            move = position.read_move(candidate)
        except NotationError:
            continue
        if position.is_legal(move):
            return move
    return None


def winning_move(
    position: Position[Any], rules: UsiGame, *, by: frozenset[Termination] | None = None
) -> Any | None:
    """A move that wins at once, in a game whose engine cannot see them all (taking a
    lion left where it can be taken; a try, which it sees, is as well played at once);
    ``by`` limits the ways of winning. None when there is none."""
    if not rules.king_capture_by_kiban:
        return None
    mover = position.turn
    for move in position.legal_moves():
        position.push(move)
        try:
            outcome = position.outcome()
        finally:
            position.pop()
        if (
            outcome is not None
            and outcome.winners == frozenset({mover})
            and (by is None or outcome.termination in by)
        ):
            return move
    return None


def engine_accepts(position: Position[Any], move: Any, rules: UsiGame) -> bool:
    """Whether the engine counts ``move`` as legal: with a king it never leaves
    capturable, a move that lets the opponent take it is not."""
    if not rules.king_capture_by_kiban:
        return True
    position.push(move)
    try:
        return position.outcome() is not None or (
            winning_move(position, rules, by=KING_CAPTURE) is None
        )
    finally:
        position.pop()


def engine_history(position: Position[Any], rules: UsiGame) -> tuple[str, list[str]]:
    """The SFEN and moves to send: from the start of the game, or from just after
    the last move the engine would refuse (it drops every move after one it cannot
    play), so it knows the history for its repetition rule whenever it can."""
    work = position.copy()
    played: list[Any] = []
    while work.move_stack:
        played.append(work.pop())
    played.reverse()
    sfen = work.text()
    texts: list[str] = []
    for move in played:
        text = engine_move_text(work, move)
        accepted = engine_accepts(work, move, rules)
        work.push(move)
        if accepted:
            texts.append(text)
        else:
            sfen, texts = work.text(), []
    return sfen, texts
