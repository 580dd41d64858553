"""The bench's whole-game sample of shogi positions, derived from the corpus of real
records (corpus/README.md): ``kiban bench shogi`` times move generation on it against
cshogi (docs/speed.md, "Seventh round"). The bench reads the positions from
``engine/shogi/whole_games.sfen``, since the corpus is not installed; test_whole_games
holds that file to what this derivation gives, and ``python -m
tests.engine.shogi.whole_games > engine/shogi/whole_games.sfen`` writes it again."""

from __future__ import annotations

from engine.shogi import SHOGI
from tests.engine.shogi.corpus_files import REFUSED, corpus_files, read

LONGEST_GAME = 80
"""A record of fewer plies is a fragment or a problem, not a whole game (the corpus's
whole games are 85 plies and more, its fragments at most 52)."""
EVERY = 10
"""Every tenth ply: about a dozen positions a game, the opening to the end."""
LAST = 150
"""No position past ply 150: one floodgate game of 400 plies would otherwise be a third
of the sample."""


def whole_game_positions() -> list[str]:
    """Each distinct whole game of the corpus, by file name, at plies 10, 20, ... 150
    (where the game has gone that far and the mover has a legal move), in SFEN."""
    games: dict[tuple[str, tuple[str, ...]], str] = {}
    for path in corpus_files():
        if path.name in REFUSED:
            continue
        _, record = read(path.name)
        if len(record.moves) >= LONGEST_GAME:
            games.setdefault((record.start, record.moves), path.name)
    texts: list[str] = []
    for start, moves in games:
        position = SHOGI.position(start, {})
        for ply, move in enumerate(moves, start=1):
            position.push_text(move)
            if ply > LAST:
                break
            if ply % EVERY == 0 and next(position.legal_moves(), None) is not None:
                texts.append(position.text())
    return texts


if __name__ == "__main__":
    print("\n".join(whole_game_positions()))
