"""lishogi's USI and Kiban's move texts: the same for shogi; for Robot Duel (lishogi's
``dobutsu``) lishogi writes the pieces with shogi's letters (giraffe ``R``, elephant
``B``, chick ``P``), where Kiban writes ``G``, ``E`` and ``C``. Squares and the
promotion mark are the same in both."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from firmware_host.online.errors import OnlineError

VARIANTS: Mapping[str, str] = MappingProxyType({"standard": "shogi", "dobutsu": "dobutsu"})
"""lishogi's variant keys Kiban plays, and the game each is."""

_DROPS: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {"dobutsu": MappingProxyType({"R": "G", "B": "E", "P": "C"})}
)
"""lishogi's drop letters, per game whose letters differ, and Kiban's for each."""


class VariantError(OnlineError, ValueError):
    """A lishogi variant Kiban does not play, or not as the game asked for."""


def game_of(variant: str) -> str:
    """The Kiban game of a lishogi variant key."""
    try:
        return VARIANTS[variant]
    except KeyError:
        known = ", ".join(sorted(VARIANTS))
        raise VariantError(f"lishogi's {variant} is not played here (only {known})") from None


def variant_of(game: str) -> str:
    """The lishogi variant key of a Kiban game."""
    for variant, name in VARIANTS.items():
        if name == game:
            return variant
    raise VariantError(f"{game} cannot be played on lishogi")


def from_server(game: str, usi: str) -> str:
    """lishogi's move as Kiban writes it."""
    letters = _DROPS.get(game)
    if letters is not None and len(usi) > 1 and usi[1] == "*":
        return letters.get(usi[0], usi[0]) + usi[1:]
    return usi


def to_server(game: str, text: str) -> str:
    """Kiban's move as lishogi writes it."""
    letters = _DROPS.get(game)
    if letters is not None and len(text) > 1 and text[1] == "*":
        back = {mine: theirs for theirs, mine in letters.items()}
        return back.get(text[0], text[0]) + text[1:]
    return text


def all_from_server(game: str, moves: Sequence[str]) -> tuple[str, ...]:
    return tuple(from_server(game, usi) for usi in moves)
