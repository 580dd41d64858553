"""What reaches the controller (events) and what it reports back (notices).

Every input has its own type: sensor polling, gpiozero callbacks, the terminal,
the web page and replays only build these (the players' actions come from the one
vocabulary in ``actions.py``) and hand them to the controller.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.physical import Reading, Spot
from engine.said import Said
from firmware_host.opponents.thinking import ThinkResult
from firmware_host.session.actions import GameAction
from firmware_host.session.consent import (
    ClockTold,
    PeerEnded,
    ProposalArrived,
    ProposalDecided,
    ProposalSettled,
    ProposalWithdrawn,
    ServerEnded,
    ServerFailed,
    ServerRefused,
)

# --- events --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FrameSeen:
    """A new debounced frame from the scanner; ``unseen`` when readings were lost on
    their way since the last (what the hands did meanwhile is unknown)."""

    frame: Mapping[Spot, Reading]
    unseen: bool = False


@dataclass(frozen=True, slots=True)
class TimePassed:
    """A timer tick: settle and grace periods end, clocks fall, LEDs blink."""


@dataclass(frozen=True, slots=True)
class BusFault:
    """A sensor chip stopped answering; the game waits. No ``message``: readings lost on
    their way and asked for again, nothing to show, but nothing decided until they come."""

    message: Said | None


@dataclass(frozen=True, slots=True)
class BusRecovered:
    """Every sensor chip answers again."""


@dataclass(frozen=True, slots=True)
class LinesWatched:
    """The board's watched GPIO lines changed: ``lost`` says what it cannot do while
    some are lost (the game goes on), None once every line is watched again."""

    lost: Said | None


@dataclass(frozen=True, slots=True)
class ThoughtArrived:
    """The computer's answer to a question the session asked (``Controller.thinking``)."""

    result: ThinkResult


Event = (
    GameAction
    | FrameSeen
    | TimePassed
    | BusFault
    | BusRecovered
    | LinesWatched
    | ThoughtArrived
    | ProposalArrived
    | ProposalSettled
    | ProposalDecided
    | ProposalWithdrawn
    | PeerEnded
    | ClockTold
    | ServerEnded
    | ServerFailed
    | ServerRefused
)
"""What the controller handles: the players' actions (``actions.py``) and what the board
and the clock report. None carries its time: ``Controller.handle(event, at)`` does."""


@dataclass(frozen=True, slots=True)
class Stamped:
    """An event and when it happened, as queues hold them."""

    event: Event
    at: float
