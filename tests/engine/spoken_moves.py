"""Helper for the games' spoken-move tests: each move said from the position before it."""

from __future__ import annotations

from engine.registry import find_game


def said(
    moves: list[str], game: str, start: str | None = None, *, japanese: bool = False
) -> list[str | None]:
    """What the game says of each of ``moves``, played in turn from ``start``."""
    position = find_game(game).position(start)
    sentences = []
    for move in moves:
        sentences.append(position.game.move_sentence(position, move, japanese=japanese))
        position.push_text(move)
    return sentences
