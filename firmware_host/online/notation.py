"""lishogi's USI and Kiban's move texts, as each game declares (``Game.lishogi``): the
same for shogi; Robot Duel (lishogi's ``dobutsu``) is written by lishogi with shogi's
letters for its drops (giraffe ``R``, elephant ``B``, chick ``P``), where Kiban
writes ``G``, ``E`` and ``C``. Squares and the promotion mark are the same."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.game import Game
from engine.registry import games
from engine.usi import ServerVariant
from firmware_host.online.errors import OnlineError


class VariantError(OnlineError, ValueError):
    """A lishogi variant Kiban does not play, or a game lishogi does not."""


def game_of(variant: str) -> Game[Any]:
    """The Kiban game of a lishogi variant key."""
    for game in games():
        if game.lishogi is not None and game.lishogi.key == variant:
            return game
    known = ", ".join(sorted(g.lishogi.key for g in games() if g.lishogi is not None))
    raise VariantError(f"lishogi's {variant} is not played here (only {known})")


def variant_of(game: Game[Any]) -> ServerVariant:
    """How lishogi knows ``game``."""
    if game.lishogi is None:
        raise VariantError(f"{game.title} cannot be played on lishogi")
    return game.lishogi


def from_server(game: Game[Any], usi: str) -> str:
    """lishogi's move as Kiban writes it."""
    letters = dict(variant_of(game).drops)
    if letters and len(usi) > 1 and usi[1] == "*":
        return letters.get(usi[0], usi[0]) + usi[1:]
    return usi


def to_server(game: Game[Any], text: str) -> str:
    """Kiban's move as lishogi writes it."""
    letters = {mine: theirs for theirs, mine in variant_of(game).drops}
    if letters and len(text) > 1 and text[1] == "*":
        return letters.get(text[0], text[0]) + text[1:]
    return text


def all_from_server(game: Game[Any], moves: Sequence[str]) -> tuple[str, ...]:
    return tuple(from_server(game, usi) for usi in moves)
