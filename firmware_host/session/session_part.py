"""What the controller's parts (``across_boards.py``, ``computer_turns.py``) use of the
controller: they are mixed into ``Controller`` and change the session only through
its own methods, so it stays the only writer."""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, Protocol

from engine.game import Game, Position
from engine.outcome import Outcome
from engine.physical import Sensing
from engine.recognizer import Recognizer
from firmware_host.notices.declared import Notice
from firmware_host.session.computer import Computer
from firmware_host.session.consent import Consent
from firmware_host.session.state import Playing, SessionState
from firmware_host.session.trust import BoardTrust


class Session(Protocol):
    """The controller, as its parts see it."""

    state: SessionState
    consent: Consent
    computer: Computer
    trust: BoardTrust
    sensing: Sensing
    recognizer: Recognizer[Any]

    @property
    def position(self) -> Position[Any]: ...

    @property
    def game(self) -> Game[Any]: ...

    @property
    def game_id(self) -> int: ...

    @property
    def prompt_choices(self) -> tuple[str, ...]: ...

    @property
    def roll_due(self) -> bool: ...

    def _enter(self, state: SessionState) -> None: ...

    def _playing(self) -> Playing: ...

    def _judge(self, at: float) -> list[Notice]: ...

    def _end(self, outcome: Outcome, at: float) -> list[Notice]: ...

    def _commit(self, move: Hashable, at: float, *, told: bool = False) -> list[Notice]: ...

    def _take_back(
        self, plies: int, at: float, *, board_follows: bool, agreed: bool = False
    ) -> list[Notice]: ...


if TYPE_CHECKING:
    SessionPart = Session
else:
    SessionPart = object
