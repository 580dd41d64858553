"""lishogi's own rules for a game played through its Board API, checked before asking,
so that a setting lishogi would refuse is said here, in words, and never sent.

- **The time control.** Since late 2025 the Board API takes a game whose main time +
  60 × increment + 25 × periods × byoyomi (seconds) comes to at least 15 minutes for
  a rated game, 5 minutes for a casual one; a game without a clock always.
- **Each game says whether the Board API takes it** (``compat.board`` on the event
  stream's ``gameStart``): a game it does not take is refused here by name.
- **Seeks**: one request at a time (the client's lock), at most 5 seeks a minute and
  one open seek at a time (the client keeps count).
- **Handicaps** are started from their position (lishogi's ``sfen``), as lishogi
  writes them: the handicap giver (uwate) holds gote's pieces and moves first.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from firmware_host.online.errors import OnlineError

RATED_MIN_S = 15 * 60
CASUAL_MIN_S = 5 * 60
INCREMENT_MOVES = 60  # the moves an increment is counted for
BYOYOMI_MOVES = 25  # the moves each byoyomi period is counted for
SEEKS_PER_MINUTE = 5

HANDICAPS: Mapping[str, str] = MappingProxyType(
    {
        "lance": "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "bishop": "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "rook": "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "rook-lance": "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "2-piece": "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "4-piece": "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "6-piece": "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "8-piece": "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "10-piece": "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    }
)
"""Shogi's usual handicaps, by name: the position each starts from (shogi only)."""


class NotPlayableError(OnlineError, ValueError):
    """A game lishogi's Board API would not take, said before asking."""


def board_api_seconds(limit_s: float, increment_s: float, byoyomi_s: float, periods: int) -> float:
    """How long lishogi counts a time control: main time + 60 × increment + 25 × periods
    × byoyomi, in seconds."""
    return limit_s + INCREMENT_MOVES * increment_s + BYOYOMI_MOVES * periods * byoyomi_s


def board_api_refusal(
    limit_s: float, increment_s: float, byoyomi_s: float, periods: int, *, rated: bool
) -> str | None:
    """Why lishogi's Board API would refuse the time control, in words; None when it
    takes it."""
    counted = board_api_seconds(limit_s, increment_s, byoyomi_s, periods)
    least = RATED_MIN_S if rated else CASUAL_MIN_S
    if counted >= least:
        return None
    kind = "a rated" if rated else "a casual"
    shown = f"{counted / 60:.1f}".rstrip("0").rstrip(".")
    advice = "; casual games from 5" if rated else ""
    return (
        f"lishogi's Board API plays {kind} game from {least // 60} minutes of main time + "
        f"60 × increment + 25 × periods × byoyomi; this time control counts {shown}"
        f"{advice}: choose a longer one"
    )


def handicap_position(name: str) -> str:
    """The position the handicap ``name`` starts from; ``NotPlayableError`` naming them."""
    try:
        return HANDICAPS[name]
    except KeyError:
        raise NotPlayableError(f"no handicap {name!r}: one of {', '.join(HANDICAPS)}") from None
