"""Helper for the games' spoken-move tests: each move said from the position before it."""

from __future__ import annotations

from engine.registry import find_game


def said(
    moves: list[str],
    game: str,
    start: str | None = None,
    *,
    japanese: bool = False,
    language: str = "en",
) -> list[str | None]:
    """What the game says of each of ``moves``, played in turn from ``start``, in
    ``language`` (``japanese``: in Japanese)."""
    position = find_game(game).position(start)
    language = "ja" if japanese else language
    sentences = []
    for move in moves:
        sentences.append(position.game.move_sentence(position, move, language=language))
        position.push_text(move)
    return sentences
