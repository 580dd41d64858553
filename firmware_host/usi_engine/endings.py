"""How a GUI's ``gameover`` ends the board's game, as events the controller knows.

``win`` (the board's person won): the GUI's seat gave up, as another board's player
does (``PeerEnded``, a resignation). ``lose``: the person's seat resigns. ``draw``:
the players agree, and the GUI's seat, which a draw proposal waits for, has agreed.
A game already over is left as it is.
"""

from __future__ import annotations

from firmware_host.session.actions import AgreeDraw, Resign
from firmware_host.session.consent import PeerEnded, ProposalSettled, Word, WordKind
from firmware_host.session.controller import Controller
from firmware_host.session.events import Event
from firmware_host.usi_engine.commands import Result


def ending(result: Result, gui_seat: int, controller: Controller) -> Event | None:
    """The event that ends the game as the GUI says (None: already over)."""
    if controller.outcome is not None:
        return None
    person = (gui_seat + 1) % len(controller.game.seats)
    match result:
        case Result.WIN:
            return PeerEnded(Word(WordKind.RESIGN, gui_seat))
        case Result.LOSE:
            return Resign(person)
        case Result.DRAW:
            return AgreeDraw()


def draw_agreed(controller: Controller) -> Event | None:
    """After ``AgreeDraw``: the GUI seat's yes to the draw proposal it waits for."""
    proposed = controller.agreement().proposed
    return None if proposed is None else ProposalSettled(proposed.id, True)
