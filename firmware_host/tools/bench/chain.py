"""How far a figure estimated for a Raspberry Pi may be off, and when a goal counts as met
on one.

No Pi has timed Kiban: every Pi figure is this machine's work read on a Pi core through a
chain of links (pi_cores.py), each a published or measured figure with a spread of its
own. A figure is only as good as the chain, so it is given as ``estimate ± error`` and a
goal counts as met on an estimate only when the estimate with its whole error is still
under it (a margin as wide as the chain's error); an estimate under its goal by less is
"not shown to hold", which a run on a real Pi (``kiban bench --report``) settles.

The links and where each one's error comes from:

* *The published Pi 4 n-body time* (31.65 us a step, one run on a Pi 4 Model B Rev 1.1,
  CPython not named, Raspbian's 3.7 or 3.9): 3.9 counts more instructions a step than
  3.7 (pi_cores.py), so had the page run 3.9 the factor below would be larger and the
  Pi faster than estimated: no error upwards from which CPython it was.
* *The old-CPython factor* (how much slower that CPython runs the step than 3.11): two
  readings of it on this machine, 1.56 by time (best of five) and 1.96 by instructions
  (callgrind: 102,111 against 52,080 a step). The slower reading, 1.56, is the one in
  use; how an A72 runs 3.11's specialised bytecode against 3.7's was never measured, so
  the readings' disagreement (26%) is the link's error: the Pi may be that much slower.
* *The miss penalties*: the Cortex-A53's (Hennessy and Patterson), used for the Pi 4's
  A72 too, whose out-of-order core hides part of them: this link can only make the
  estimate too slow, so it adds no error upwards.
* *The sample's timing here* (levels.py): the Pi's seconds for one of this machine's are
  the counted sample over the sample timed here, best of three; the three timings'
  spread is measured in the same run and joins the chain there.
* *The sysbench ratio* (a Zero 2 W core 3.0 times slower than a Pi 4's): one published
  run of each board, and sysbench's prime loop is not Python; scaling the Pi 3 B+'s
  1.4 GHz to the Zero 2 W's 1 GHz by the clock is the pessimistic end (memory does not
  slow with the core), but nothing measured bounds how a Cortex-A53 runs Python against
  an A72 beside how it runs sysbench. The link has no error that can be given: a goal
  on a Zero 2 W estimate is never shown to hold by it.

The errors combine as the worst case, each link at its worst together (the product of
``1 + error``): the links are few, none is a random draw whose spread would average
out, and the chain is meant to keep a margin, not to be likely.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum

UNBOUNDED = math.inf
"""The error of a link no measurement bounds."""


class Verdict(Enum):
    """What an estimate with its error says of a goal (a most)."""

    MET = "met"
    """Under the goal with the whole error added."""
    NOT_SHOWN = "not shown to hold"
    """Under or over it within the error: a real Pi must say."""
    MISSED = "missed"
    """Over the goal even with the whole error taken off."""


@dataclass(frozen=True, slots=True)
class Link:
    """One figure the chain hangs on and how far it may be off, as a share of a Pi
    figure (``0.07``: a Pi figure may be 7% slower than estimated by this link)."""

    name: str
    error: float
    source: str
    """Where the figure and its error come from."""


@dataclass(frozen=True, slots=True)
class Chain:
    """The links a Pi figure hangs on."""

    links: tuple[Link, ...]

    @property
    def error(self) -> float:
        """The chain's relative error, every link at its worst together."""
        return math.prod(1.0 + link.error for link in self.links) - 1.0

    def joined(self, links: Iterable[Link]) -> Chain:
        """This chain with more links (a measurement of the run's own)."""
        return Chain((*self.links, *links))


@dataclass(frozen=True, slots=True)
class Estimate:
    """A figure read on a Pi core and its relative error."""

    value: float
    error: float

    @property
    def high(self) -> float:
        """The most the figure may be: the value with the whole error added."""
        return self.value * (1.0 + self.error)

    @property
    def low(self) -> float:
        """The least it may be: the value with the whole error taken off (the error is a
        factor: ``value / (1 + error)``)."""
        return self.value / (1.0 + self.error)

    def verdict(self, goal: float) -> Verdict:
        """Whether the figure keeps under ``goal`` with its error as the margin."""
        if self.high <= goal:
            return Verdict.MET
        if self.low > goal:
            return Verdict.MISSED
        return Verdict.NOT_SHOWN

    def text(self, scale: float = 1.0, digits: int = 2) -> str:
        """``9.60 ±9%`` (the value times ``scale``); ``±?`` where no error is known."""
        error = "?" if math.isinf(self.error) else f"{100 * self.error:.0f}%"
        return f"{self.value * scale:.{digits}f} ±{error}"


OLD_PYTHON_READINGS = (1.56, 102_111 / 52_080)
"""The old-CPython factor as read on this machine: 3.7's n-body step over 3.11's by time
(6.64 against 4.25 us, best of five) and by instructions (callgrind), docs/speed.md."""


def factor_link(readings: Iterable[float] = OLD_PYTHON_READINGS) -> Link:
    """The old-CPython factor's link: its readings' spread (the largest over the least,
    less one), since nothing measured says where an A72's factor falls among them."""
    found = list(readings)
    return Link(
        "old-CPython factor (3.7 against 3.11: by time, by instructions)",
        max(found) / min(found) - 1.0,
        "n-body timed and counted under CPython 3.7 and 3.11 on this machine",
    )


def timing_link(seconds: Iterable[float]) -> Link:
    """A timing's own spread in this run (``seconds``: its repeats): the best is used,
    and a quieter machine could have done better still by as much as the repeats differ."""
    timed = list(seconds)
    best = min(timed)
    return Link(
        "the sample timed here (spread of its repeats)",
        max(timed) / best - 1.0 if best > 0 else UNBOUNDED,
        "measured in this run",
    )


PUBLISHED_PI4 = Link(
    "published Pi 4 n-body time",
    0.0,
    "chaitanyamehta.github.io, one run; 3.9, were it that, would make the Pi faster",
)
MISS_PENALTIES = Link(
    "miss penalties (the A53's, on the A72 too)",
    0.0,
    "Hennessy and Patterson 6th ed. 2.6; pessimistic for the A72",
)
SYSBENCH = Link(
    "sysbench ratio (Zero 2 W over Pi 4)",
    UNBOUNDED,
    "leoncode.co.uk, one run a board; sysbench is not Python",
)


def pi_chain(core: str, readings: Iterable[float] = OLD_PYTHON_READINGS) -> Chain:
    """The chain of a figure read on ``core`` (``pi4``, ``zero2w``), the run's own
    measurements apart."""
    links = (PUBLISHED_PI4, factor_link(readings), MISS_PENALTIES)
    return Chain(links + ((SYSBENCH,) if core == "zero2w" else ()))
