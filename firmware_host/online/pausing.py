"""How long lishogi asks to be left alone after a 429, and the value that tells it.

lishogi's API reference (``public/doc/lishogi-api.yaml`` in WandererXII/lishogi, shown
at https://lishogi.org/api, "Rate limiting"; lichess's says the same): "If you receive
an HTTP response with a 429 status, please wait a full minute before resuming API
usage." A 429 may say how long itself, in ``Retry-After`` (RFC 9110, 10.2.3): a
whole number of seconds (``delay-seconds``) or an ``HTTP-date`` to wait until. That is
obeyed when it is there and readable; a missing or garbled one means lishogi's minute.
A date already past (or a clock that disagrees) is no wait at all, as the RFC reads.
"""

from __future__ import annotations

from dataclasses import dataclass
from email.utils import parsedate_to_datetime

LISHOGI_PAUSE_S = 60.0
"""lishogi's documented wait after a 429 (its API reference, above)."""


@dataclass(frozen=True)
class Paused:
    """lishogi answered 429: nothing is asked of it for ``wait_s`` seconds, then the
    call is made again by itself (told at once, so that nobody waits in silence)."""

    wait_s: float


def retry_after(header: str | None, now: float, fallback_s: float = LISHOGI_PAUSE_S) -> float:
    """The wait a 429's ``Retry-After`` asks for, in seconds from ``now`` (the wall
    clock, seconds since the epoch, which an HTTP-date is read against); ``fallback_s``
    when there is none or it cannot be read."""
    if header is None:
        return fallback_s
    text = header.strip()
    if text.isascii() and text.isdigit():  # delay-seconds = 1*DIGIT
        return float(int(text))
    try:
        when = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return fallback_s
    if when.tzinfo is None:  # RFC 9110: an HTTP-date is always GMT
        return fallback_s
    return max(0.0, when.timestamp() - now)
