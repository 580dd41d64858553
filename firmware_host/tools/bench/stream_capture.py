"""A soak's failures as recorded streams: everything the players did since the board
last stood as its record (each hand's step, each answer and press, when they made it),
written when a move is recorded wrong or missed, so that the failure replays exactly,
away from the soak, and once fixed can be kept as a test
(``tests/engine/recognition/shrunk_streams.json``: ``replay_stream`` reads the stream,
``python -m tests.engine.recognition.keep_stream`` keeps it). The soak itself cannot be
shrunk (its thousands of moves each depend on the board's answers before), but the
stream begins only where the pieces were last set as the record has them."""

from __future__ import annotations

import json
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from drivers.buttons import ButtonRole
from engine.recognition.sensors import SensorModel
from hardware.mock.hand_record import action_record
from hardware.mock.hands import HandStep


def model_record(model: SensorModel) -> dict[str, Any]:
    """The sensors' figures as a stream names them (``replay_stream`` builds them again)."""
    record: dict[str, Any] = {item.name: getattr(model, item.name) for item in fields(model)}
    record["kind"] = model.kind.value
    return record


@dataclass
class StreamCapture:
    """What the players did since ``begin``, for ``write``. ``profile``: as the soak
    loaded it, ``board`` its file's name; ``sensors``: "widest" when the soak ran over
    the game's widest build (the stream replays over it too)."""

    directory: Path
    game: str
    profile: str
    board: str
    model: dict[str, Any]
    sensors: str | None = None
    position: str = ""
    calls: list[list[Any]] = field(default_factory=list)

    def begin(self, position: str) -> None:
        """The pieces stand as the record has them (``position``, as text): the stream
        starts again here."""
        self.position, self.calls = position, []

    def step(self, step: HandStep) -> None:
        self.calls.append(["run", [[step.at, action_record(step.action), 0]]])

    def answer(self, at: float, choice: str) -> None:
        self.calls.append(["answer", at, choice])

    def press(self, at: float, role: ButtonRole) -> None:
        self.calls.append(["press", at, role.name])

    def write(self, played: list[str], why: str, move: int) -> Path:
        """The stream so far, with the moves ``played`` since ``begin`` (what the replay
        holds the record to) and ``why``, as ``<game>-<profile>-<move>.json``."""
        case = {
            "game": self.game,
            "variant": "soak",
            "why": why,
            "profile": self.profile,
            "position": self.position,
            "model": self.model,
            "calls": [["move", text, 0] for text in played] + self.calls,
            "frames": [],
        }
        if self.sensors is not None:
            case["sensors"] = self.sensors
        self.directory.mkdir(parents=True, exist_ok=True)
        path = self.directory / f"{self.game}-{self.board}-{move}.json"
        path.write_text(json.dumps(case), encoding="utf-8")
        return path
