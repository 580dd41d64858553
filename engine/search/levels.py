"""One strength scale, 1 to 10, for every game and every engine behind it.

A level says how a seat plays: how deep or how long it looks, and how often and
how it errs. A weak level errs as people do, never at random: it plays by feel
(``engine.search.feel``) over a shallow look that misses threats beyond its
horizon, misjudges exchanges, and likes natural moves (captures, checks, points);
at every level the rails (``engine.search.rails``) take a win on the spot and
refuse a move that hands the opponent one. Each search maps these onto its own
knobs; outside engines map them onto their skill level and move time.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import KibanError


class LevelError(KibanError, ValueError):
    """A level that is not a whole number from 1 to 10."""


@dataclass(frozen=True, slots=True)
class Level:
    """``number`` 1-10; ``blunder`` the chance of playing a move by feel (a human's
    mistakes: a shallow look, misjudged trades, a liking for natural moves) instead of
    the searched one; ``depth`` the search depth for the two-player searches;
    ``playouts`` for the sampling searches; ``seconds`` the most a move may take on a
    Raspberry Pi 4. A move by feel is drawn from a softmax at ``temperature`` over
    the values of a look ``feel_depth`` deep, each shaken by noise of ``misjudge``
    (twice that on captures: exchanges are what beginners misjudge), plus
    ``natural`` times how natural the move looks (``engine.search.feel.natural``).
    ``nodes``, when set (the calibration table's, ``engine.search.ladder``), is
    the node budget of a move in place of ``seconds``' worth. ``overlook`` is the
    share of its moves a level does not see when it plays by feel (a beginner looks
    at a few pieces, not the whole board; the rails still see a win or a loss on
    the spot): the calibration table sets it where feel alone leaves the weakest
    levels too strong (the dice games). ``selective``, when set, says whether the
    alpha-beta search reduces late quiet moves (``Limits.selective``) in place of
    the game's own choice (``Game.selective_search``): a ply deeper in the same nodes,
    which is what a top level of a game with many moves gains from."""

    number: int
    name: str
    blunder: float
    depth: int
    playouts: int
    seconds: float
    temperature: float = 0.0
    misjudge: float = 0.0
    natural: float = 0.0
    feel_depth: int = 1
    nodes: int | None = None
    overlook: float = 0.0
    selective: bool | None = None


LEVELS: tuple[Level, ...] = (
    Level(1, "first steps", 1.00, 1, 20, 0.5, temperature=0.10, misjudge=0.10, natural=0.12),
    Level(2, "beginner", 1.00, 1, 40, 0.5, temperature=0.06, misjudge=0.06, natural=0.08),
    Level(3, "novice", 0.60, 2, 80, 1.0, temperature=0.05, misjudge=0.05, natural=0.06),
    Level(4, "casual", 0.40, 2, 150, 1.0, temperature=0.04, misjudge=0.04, natural=0.05),
    Level(
        5, "club", 0.25, 3, 300, 2.0, temperature=0.03, misjudge=0.03, natural=0.04, feel_depth=2
    ),
    Level(
        6, "keen", 0.15, 3, 600, 2.0, temperature=0.02, misjudge=0.02, natural=0.03, feel_depth=2
    ),
    Level(
        7, "strong", 0.08, 4, 1000, 3.0, temperature=0.02, misjudge=0.01, natural=0.02, feel_depth=2
    ),
    Level(8, "expert", 0.0, 5, 1500, 4.0),
    Level(9, "master", 0.0, 6, 2500, 5.0),
    Level(10, "strongest", 0.0, 8, 4000, 8.0),
)


def level(number: int | str) -> Level:
    """The level with this number (text from a command line is read too)."""
    try:
        wanted = int(number)
    except ValueError:
        raise LevelError(f"level must be a number from 1 to 10, not {number!r}") from None
    if not 1 <= wanted <= len(LEVELS):
        raise LevelError(f"level must be a number from 1 to 10, not {wanted}")
    return LEVELS[wanted - 1]
