"""The byoyomi counted aloud as a timekeeper counts it in a title match.

In byoyomi a player has one period (say 30 or 60 seconds) for each move. The
timekeeper calls the seconds used every ten, from thirty before the period ends
("thirty seconds", "forty seconds", "fifty seconds"), then counts the last nine
seconds one by one ("one", "two" ... "nine"), and the period is used up at the
next: the player has to move before "ten". In Japanese as in professional games
("さんじゅうびょう", ... "いち", "に" ... "きゅう"), and in the session's language
wherever it is told.

Pure: the calls are marks on a seat's clock, as seconds left until its flag (every
period's, so a seat with several periods left hears each counted), each with the
seconds of its period used when it is called; the speech turns them into words.
"""

from __future__ import annotations

from types import MappingProxyType

from engine.said import NP_, CountWord, Said, alone, plural_said
from firmware_host.session.clock import TimeControl
from firmware_host.telling.language import Language
from firmware_host.telling.rendering import told

TENS = NP_("{count} second", "{count} seconds")
"""A call of the seconds used (thirty, forty, fifty)."""
COUNTED = 9
"""The last seconds of a period counted one by one."""
TENS_FROM = 30
"""How long before the period's end the calls every ten seconds start."""


def byoyomi_calls(control: TimeControl | None) -> MappingProxyType[float, float]:
    """The calls of a byoyomi as seconds left on the clock, each with the seconds of
    its period used when it is called (none without byoyomi)."""
    if control is None or not control.byoyomi:
        return MappingProxyType({})
    period = control.byoyomi
    tens = [float(used) for used in range(10, int(period) - COUNTED, 10)]
    used = [u for u in tens if u >= period - TENS_FROM]
    used += [period - (COUNTED + 1) + count for count in range(1, COUNTED + 1)]
    calls = {
        index * period + (period - seconds): seconds
        for index in range(control.periods)
        for seconds in used
        if 0 < seconds < period
    }
    return MappingProxyType(dict(sorted(calls.items(), reverse=True)))


def call_said(period: float, used: float) -> Said:
    """What the timekeeper says when ``used`` seconds of a ``period`` are gone, as a
    value (a page tells it in its language)."""
    counted = round(used - (period - (COUNTED + 1)))
    if counted >= 1:
        return alone(CountWord(counted))
    return plural_said(TENS, count=round(used))


def call_words(period: float, used: float, language: Language = Language.ENGLISH) -> str:
    """``call_said`` told in ``language``."""
    return told(call_said(period, used), language)
