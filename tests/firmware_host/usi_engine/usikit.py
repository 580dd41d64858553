"""A USI conversation with the simulated board, in process: lines in, lines out."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.registry import find_game
from firmware_host.loops.profiles import load_profile
from firmware_host.loops.simulator import Simulation
from firmware_host.opponents.players import Players
from firmware_host.opponents.seats import parse_spec
from firmware_host.opponents.thinking import InlineThinker
from firmware_host.store.storage import GameStore
from firmware_host.usi_engine.front import UsiFront
from firmware_host.usi_engine.gui_seat import GuiSeatThinker
from firmware_host.usi_engine.sim_board import SimDriver
from tests.firmware_host.simkit import track


@dataclass
class Conversation:
    """The front, the simulation it drives, and every line it wrote."""

    front: UsiFront
    sim: Simulation
    store: GameStore
    said: list[str] = field(default_factory=list)

    def send(self, *lines: str) -> list[str]:
        """Send lines; the answers they brought."""
        before = len(self.said)
        for line in lines:
            self.front.line(line)
        return self.said[before:]

    def bestmove(self, *lines: str) -> str:
        answers = [a for a in self.send(*lines) if a.startswith("bestmove")]
        assert len(answers) == 1, answers
        return answers[0].split()[1]

    def stored_moves(self) -> list[str]:
        return self.store.load(self.sim.controller.game_id).moves()


def converse(tmp_path: Path, game_name: str = "shogi", person: str = "random") -> Conversation:
    game: Any = find_game(game_name)
    store = GameStore(tmp_path / "sim.sqlite3")
    seat = GuiSeatThinker(InlineThinker(Players()))
    sim = track(
        Simulation(
            game,
            load_profile("sim", game),
            store,
            resume=False,
            settings={"draw": "none"},
            thinker=seat,
        )
    )
    said: list[str] = []
    front = UsiFront(SimDriver(sim, seat, parse_spec(person), seed=1), said.append)
    return Conversation(front, sim, store, said)
