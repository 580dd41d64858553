"""What a board needs of a game's other side when it is played elsewhere: another
board over a broker (``firmware_host/remote``) or a server such as lishogi
(``firmware_host/online``). Both start the game their way, answer for the seats
played elsewhere as the computer answers for its own, and hand the controller what
the other side said after each event. They are told what they need of the session's
proposals and words (the frozen ``Agreement`` the controller gives out, handed to
``poll`` after each event), never read the session's consent."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from engine.game import Game
from engine.physical import Spot
from firmware_host.notices.declared import Notice
from firmware_host.opponents.thinking import Thinker
from firmware_host.session.consent import Agreement
from firmware_host.session.controller import Controller
from firmware_host.session.events import Event
from firmware_host.store.journal import Journal


class StartPlan(Protocol):
    """How the controller starts: what ``Controller.start`` is given."""

    @property
    def resume(self) -> bool: ...

    @property
    def options(self) -> Mapping[str, str] | None: ...

    @property
    def position(self) -> str | None: ...

    @property
    def moves(self) -> tuple[str, ...]: ...

    @property
    def settings(self) -> Mapping[str, str]: ...


class RemoteSide(Protocol):
    """The seats played elsewhere, beside the session."""

    wakes: bool  # news wakes the decision loop (``on_news``): it need not poll

    def plan(
        self,
        game: Game[Any],
        journal: Journal,
        *,
        options: Mapping[str, str] | None = None,
        position: str | None = None,
        moves: Sequence[str] = (),
        settings: Mapping[str, str] | None = None,
    ) -> StartPlan: ...

    def attach(self, controller: Controller) -> int | None:
        """The game started: the number of the last proposal this board said before a
        restart, if the other side kept one (the next ones are numbered on from it)."""
        ...

    def poll(self, controller: Controller, agreement: Agreement, at: float) -> list[Event]:
        """Read what the other side said and say what changed here (``agreement``: the
        proposals and words as they stand after the event)."""
        ...

    def on_news(self, wake: Callable[[], None]) -> None: ...

    def thinker(self, inner: Thinker) -> Thinker: ...

    def close(self) -> None: ...


@runtime_checkable
class InRoom(RemoteSide, Protocol):
    """A remote side that also keeps the board in a club room (``club/board_side.py``):
    it has things to tell the players (the pairing), and cells to light when the
    organiser asks which board this is, until a time of its own."""

    def told(self) -> list[Notice]:
        """What to tell the players since last asked."""
        ...

    def called(self, now: float) -> frozenset[Spot]:
        """The cells lit at ``now`` because the organiser asks which board this is."""
        ...

    def lit_until(self) -> float | None:
        """When those lights go out (None: none lit), for the loop to repaint then."""
        ...
