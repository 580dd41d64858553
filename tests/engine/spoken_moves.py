"""Helper for the games' spoken-move tests: each move said from the position before it."""

from __future__ import annotations

from engine.registry import find_game
from firmware_host.telling.spoken_moves import move_sentence


def said(
    moves: list[str],
    game: str,
    start: str | None = None,
    *,
    japanese: bool = False,
    language: str = "en",
) -> list[str | None]:
    """What the game says of each of ``moves``, played in turn from ``start``, in
    ``language`` (``japanese``: in Japanese), told as the telling room tells the game's
    words for its moves."""
    position = find_game(game).position(start)
    language = "ja" if japanese else language
    sentences: list[str | None] = []
    for move in moves:
        sentences.append(move_sentence(position, move, language=language))
        position.push_text(move)
    return sentences
