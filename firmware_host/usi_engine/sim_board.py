"""The simulated board as a USI engine (``kiban usi --sim``): everything happens at
once in simulated time. The simulated hands play the GUI's lit move, set up a new
position, and play the person's moves, chosen by a player of the computer's
(``--person``, by default the built-in search at level 1, docs/usi.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.game import Game
from firmware_host.loops.simulator import Simulation
from firmware_host.opponents.players import Players
from firmware_host.opponents.seats import OpponentSpec
from firmware_host.opponents.thinking import Purpose, request_for, think
from firmware_host.session.actions import Select
from firmware_host.session.state import Phase
from firmware_host.usi_engine.commands import Result
from firmware_host.usi_engine.endings import draw_agreed, ending
from firmware_host.usi_engine.gui_seat import BoardGame, GuiSeatThinker, PlayGuiMove, Restart
from firmware_host.usi_engine.settings import answer_of, game_settings

RESIGN = "resign"


class SimDriver:
    """Drives a ``Simulation`` whose thinker is ``seat`` (the GUI's seat)."""

    def __init__(
        self, sim: Simulation, seat: GuiSeatThinker, person: OpponentSpec, *, seed: int = 0
    ) -> None:
        self.sim = sim
        self.seat = seat
        self.person = person
        self.seed = seed
        self.players = Players()

    @property
    def game(self) -> Game[Any]:
        return self.sim.game

    def board_game(self) -> BoardGame:
        controller = self.sim.controller
        record = controller.record()
        over = controller.outcome is not None
        return BoardGame(record.start, record.moves, controller.position.turn, over)

    def restart(self, step: Restart) -> None:
        sim = self.sim
        self.seat.forget()
        sim.notices += sim.controller.restart(
            sim.now, step.start, step.moves, game_settings(self.game, step.gui_seat)
        )
        self._set_up()

    def play_gui_move(self, step: PlayGuiMove) -> None:
        sim = self.sim
        self.seat.tell(step)
        sim.advance(sim.period)  # the session asks the GUI's seat, and lights its move
        guide = sim.controller.guide
        if guide is not None:
            sim.perform(sim.controller.position.move_text(guide.move))

    def go(self, answer: Callable[[str], None]) -> None:
        answer(self._person_move())

    def _person_move(self) -> str:
        sim = self.sim
        controller = sim.controller
        self._set_up()
        before = len(controller.position.move_stack)
        person = controller.position.turn
        if controller.outcome is None:
            text = self._choose()
            sim.perform(text)
            if controller.phase is Phase.PROMPT:
                sim.send(Select(text))  # a move the sensors cannot tell apart: named
                sim.settle()
        answer = answer_of(controller, before, person)
        return RESIGN if answer is None else answer

    def _choose(self) -> str:
        controller = self.sim.controller
        request = request_for(
            Purpose.MOVE, controller.position, controller.game_id, self.person, self.seed
        )
        best = think(request, self.players).best
        return RESIGN if best is None else best

    def _set_up(self) -> None:
        """The hands put the pieces where the set-up guide shows them."""
        sim = self.sim
        if sim.controller.phase is Phase.SETUP:
            sim.world.arrange(sim.physical(sim.controller.position.layout()))
            sim.settle()

    def stop(self) -> None:
        """Nothing waits: a ``go`` is answered before the next command is read."""

    def end(self, result: Result, gui_seat: int) -> None:
        sim = self.sim
        event = ending(result, gui_seat, sim.controller)
        if event is None:
            return
        sim.send(event)
        agreed = draw_agreed(sim.controller) if result is Result.DRAW else None
        if agreed is not None:
            sim.send(agreed)

    def close(self) -> None:
        self.sim.close()
        self.sim.journal.shutdown()
