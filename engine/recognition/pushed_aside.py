"""Victims pushed aside: a capture made by sliding the capturer onto its victim's cell,
the victim pushed onto an empty neighbour, where it lies until a hand takes it up (half
a second, in issue 78's independent hands; a second and more in a slow hand's). No sensor
tells that victim from a piece set down there (the capturer, a drop, the next player's
piece): the cells' order of filling is all the board has, so these judge by it whether a
quiet move may be such a capture, whether a move lands where such a victim lies, and
which cells a line's captures explain that way (``engine.recognition.victim_wait`` waits
and the recognizer asks by them; ``engine.recognition.victims`` holds the other victims)."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import TypeVar

from engine.physical import EMPTY, Footprint, Spot
from engine.recognition.move_index import MoveIndex
from engine.recognition.touches import Touches

M = TypeVar("M", bound=Hashable)


def pushed_aside(
    index: MoveIndex[M], footprint: Footprint, did: Touches, landed: frozenset[Spot] = frozenset()
) -> bool:
    """Whether a quiet move the board shows may be a capture whose victim its capturer
    pushed aside onto the cell the move seems to land on: the same piece could have
    taken a neighbour of that cell whose cell the hands swapped meanwhile (the capturer
    slid onto it as the victim went). The victim lies there until a hand picks it up (half
    a second in the hands of issue 78), and no sensor tells it from the capturer set down
    there: the board waits for it to go (``Timing.extend``, or ok) before committing.
    In a line read at once, a neighbour an earlier move of the line ``landed`` on, filled
    only before this move's piece left its cell, swapped for that move, not for a capture
    by this one (``_landed_after_leaving``)."""
    fills = [spot for spot, reading in footprint.changes if reading != EMPTY]
    starts = footprint.starts()
    if len(fills) != 1 or footprint.hidden or not starts:
        return False
    landing = fills[0]
    for origin in starts:
        for candidate in index.emptying(origin) or ():
            other = candidate.footprint
            victims = other.hidden & other.must_touch
            if other.starts() != starts or landing in victims:
                continue
            if any(
                victim in did.touched
                and did.fills.get(victim, 0)
                and did.blur.neighbours(victim, landing)
                and (victim not in landed or _landed_after_leaving(did, victim, origin, landing))
                for victim in victims
            ):
                return True
    return False


def _landed_after_leaving(did: Touches, victim: Spot, origin: Spot, landing: Spot) -> bool:
    """Whether ``victim``'s cell read a piece come after the piece left ``origin`` (its
    last emptying before ``landing`` last filled, within the board's order margin): the
    capturer set down there after it left. A cell filled only before, by an earlier move
    of a line read at once, was no swap of this capture (Robot Duel's blitz rows: 2c2b,
    then gote's lion 3b2a, waited as if the lion had taken the chick on 2b and pushed it
    onto 2a, then asked whether the chick was still in the hand). No emptying seen on
    ``origin`` (a piece from the hand), or no landing, orders nothing."""
    pushed = max(did.landings.get(landing, ()), default=None)
    if pushed is None:
        return True
    margin = did.blur(landing, origin)
    left = [at for at in did.emptied.get(origin, ()) if at <= pushed + margin]
    if not left:
        return True
    margin = did.blur(victim, origin)
    return any(landed >= max(left) - margin for landed in did.landings.get(victim, ()))


def laid_aside(
    footprints: Iterable[Footprint], did: Touches, only: frozenset[Spot] | None = None
) -> bool:
    """Whether a move of a line lands its piece where a victim pushed aside lies: on a
    cell first filled as a piece left a neighbour, that neighbour filled again only
    after (the capturer set on the victim's cell as the victim slid off it), the
    move's piece not from that neighbour. No sensor tells the victim from a drop or the
    next player's piece set there: the board waits for a hand to take it up (issue 78's
    independent hands: a chick pushed off by the giraffe taking it read as gote's drop
    beside it, a chick dropped and taken at once by the lion read as dropped beside).
    ``only``: the landings looked at, if not every one."""
    geometry = did.blur.geometry
    if geometry is None:
        return False
    cells = frozenset(place.spot for place in geometry.cells)
    for footprint in footprints:
        starts = footprint.starts()
        for spot, reading in footprint.changes:
            if reading == EMPTY or spot not in cells or (only is not None and spot not in only):
                continue
            others = (o for o in did.emptied if o != spot and o not in starts and o in cells)
            if any(_pushed_off(spot, other, did) for other in others):
                return True
    return False


def victims_laid_aside(
    spots: Iterable[Spot], footprints: Iterable[Footprint], did: Touches
) -> frozenset[Spot]:
    """Those of ``spots`` (cells a piece was set down on and taken up again) where a
    victim of a capture of the line may have lain: pushed off its cell by the capturer
    onto that neighbour (``_pushed_off``), then taken to the hand. The line explains
    them, though no move of it sets a piece there (issue 78's independent hands, Robot
    Duel seed 780092: a chick's capture, its victim pushed aside, and the next player's
    reply, read as the reply alone and called out of turn)."""
    victims = frozenset().union(*(f.hidden & f.must_touch for f in footprints))
    return frozenset(
        spot for spot in spots if any(_pushed_off(spot, victim, did) for victim in victims)
    )


def _pushed_off(spot: Spot, other: Spot, did: Touches) -> bool:
    """Whether ``spot`` was first filled as a piece left its neighbour ``other``, within
    the sensors' blur, ``other`` filled again only after: the capturer set on the
    victim's cell as the victim slid off it onto ``spot``."""
    came = did.landings.get(spot)
    if not came or not did.blur.neighbours(other, spot):
        return False
    margin = did.blur(spot, other)
    backs = did.landings.get(other, ())
    return any(
        left - margin <= came[0] <= back + margin and back > left
        for left in did.emptied.get(other, ())
        for back in backs
    )
