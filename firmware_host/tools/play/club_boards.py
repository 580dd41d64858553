"""The simulated boards of ``kiban room sim``: each a ``Simulation`` in the room
(``ClubSide``), its seats all played by the computer at a quick level, each move made
by the mock hands on the simulated board, so that the board's own recognition records
it and broadcasts it as a club board's game.

The players wait until the organiser has bound their board to its table and the
pairing's game has started (a game played before is not the round's), then move at
``pace`` seconds of real time, so that the room is watched as a room is: the boards
are driven in real time (``step``), each at its own moment.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from pathlib import Path

from drivers.buttons import ButtonRole
from engine.registry import find_game
from firmware_host.club.board_side import ClubSide
from firmware_host.club.pairings import Pairing
from firmware_host.loops.simulator import Simulation
from firmware_host.opponents.players import Players
from firmware_host.opponents.seats import parse_spec
from firmware_host.opponents.thinking import Purpose, request_for, think
from firmware_host.remote.address import BrokerAddress
from firmware_host.session.actions import Select
from firmware_host.session.state import Phase
from firmware_host.store.storage import GameStore
from hardware.profile import load_profile

PLAYED_KEPT = 4  # the moves the players remember having made, for the board's questions
ADVANCE_MAX = 0.5  # seconds of simulated time a board is let run at one step, at most


@dataclass
class SimBoard:
    """One simulated board at its table, and the computer playing its seats."""

    sim: Simulation
    side: ClubSide
    table: int
    level: str  # the computer's player for every seat: ``level:1``
    pace: float  # seconds of real time between two moves
    rng: random.Random
    players: Players = field(default_factory=Players)
    last: float = field(default_factory=time.monotonic)
    next_move: float = 0.0
    tries: int = 0
    played: list[str] = field(default_factory=list)  # the moves made, the last last

    @property
    def board(self) -> str:
        """The board's id in the room (its key's fingerprint)."""
        return self.side.club.board

    @property
    def playing(self) -> bool:
        """Whether the pairing's game is the board's (bound, its game started)."""
        side, controller = self.side, self.sim.controller
        return (
            side.table == self.table
            and side.pairing is not None
            and side.game.game_id == controller.game_id
        )

    def step(self, now: float) -> None:
        """Let the board run up to ``now`` (monotonic seconds), then play if it is time."""
        self.sim.advance(min(max(now - self.last, 0.0), ADVANCE_MAX))
        self.last = now
        if not self.playing:
            self.next_move = now + self.pace
            return
        controller = self.sim.controller
        if controller.phase is Phase.SETUP and not controller.position.move_stack:
            # the players set the pieces up as the pairing has them (a handicap's off)
            self.sim.world.arrange(self.sim.physical(controller.position.layout()))
            return
        if controller.phase is Phase.PROMPT:
            self._answer()
            return
        if controller.phase is not Phase.PLAY or now < self.next_move:
            return
        position = controller.position
        if position.outcome() is not None or position.chance_moves() is not None:
            return  # over; or the board rolls its dice itself
        self.tries += 1
        request = request_for(
            Purpose.MOVE, position, controller.game_id, parse_spec(self.level), self.tries
        )
        result = think(request, self.players)
        self.next_move = now + self.pace * self.rng.uniform(0.7, 1.3)
        if result.best is None:
            return
        self.played = [*self.played[-(PLAYED_KEPT - 1) :], result.best]
        if position.parse_move(result.best) in controller.recognizer.unseen:
            # a move the board cannot see (Robotory's refill): its button, then named
            self.sim.press(ButtonRole.REFILL if "refill" in result.best else ButtonRole.OK)
        else:
            self.sim.perform(result.best)
        if self.sim.controller.phase is Phase.PROMPT:  # the move just made: asked at once
            self._answer()

    def _answer(self) -> None:
        """The players answer the board's question with the move they made: the last
        one, or an earlier one the board asks about again (the next move, made before
        the board asked, could also have been the mover's going on)."""
        choices = self.sim.controller.prompt_choices
        made = next((move for move in reversed(self.played) if move in choices), None)
        if made is not None:
            self.sim.send(Select(made))

    def close(self) -> None:
        """The board switched off: its will said by its link (``ClubSide.close``)."""
        self.sim.close()
        self.side.close()
        self.players.close()


def sim_board(
    pairing: Pairing,
    room: str,
    address: BrokerAddress,
    folder: Path,
    *,
    level: str,
    pace: float,
    seed: int,
    clock: str | None = None,
) -> SimBoard:
    """A simulated board of ``pairing``'s game in ``room``, its store in ``folder``;
    ``clock``: the time control its games are played with (``--clock``)."""
    game = find_game(pairing.game)
    side = ClubSide(room, address, resume=False)
    store = GameStore(folder / f"table-{pairing.table}.sqlite3")
    settings = None if clock is None else {"clock": clock}
    profile = load_profile("sim", game)
    sim = Simulation(game, profile, store, remote=side, resume=False, settings=settings)
    return SimBoard(sim, side, pairing.table, level, pace, random.Random(seed))
