"""The JSON the page receives: the catalogue of games, the board drawing and the state.

Three message types, all plain JSON objects with a ``type``:

- ``catalogue``: every game the session can start, with its options and
  simulated boards, and the palettes. Sent once per connection.
- ``board``: how to draw the board of the current game on this profile
  (cells, off-board spots, LEDs, indicators, buttons, sensed spots). Sent on
  connection and whenever the game or profile changes.
- ``state``: everything that changes: the LED frame, the pieces, the phase,
  whose turn, the message, the prompt, the moves, the outcome, and clocks,
  dice and scores when the game offers them. Sent on every change.

The schema is documented in docs/architecture.md ("The web companion").
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping, Sequence
from typing import Any

from drivers.led_strip import Colour
from engine.game import Game, Layout
from engine.options import OptionSpec
from engine.physical import Stone
from firmware_host.controller import Controller, describe
from firmware_host.records import formats
from firmware_host.web.drawing import Drawing, SpotDrawing, draw
from hardware.profile import Profile

Json = dict[str, Any]


def _number(value: float) -> float:
    return round(value, 4)


def option_json(spec: OptionSpec) -> Json:
    return {
        "name": spec.name,
        "default": spec.default,
        "help": spec.help,
        "choices": list(spec.choices),
        "minimum": spec.minimum,
        "maximum": spec.maximum,
    }


def catalogue_message(
    games: Sequence[Game[Any]],
    profiles: Mapping[str, tuple[str, ...]],
    palettes: Sequence[str],
    mode: str,
) -> Json:
    return {
        "type": "catalogue",
        "mode": mode,
        "games": [
            {
                "name": game.name,
                "title": game.title,
                "aliases": list(game.aliases),
                "seats": [dataclasses.asdict(seat) for seat in game.seats],
                "options": [option_json(spec) for spec in game.option_specs],
                "profiles": list(profiles.get(game.name, ())),
            }
            for game in games
        ],
        "palettes": list(palettes),
    }


def _spot_json(drawing: SpotDrawing) -> Json:
    return {
        "spot": drawing.spot,
        "x": _number(drawing.x),
        "y": _number(drawing.y),
        "points": [[_number(x), _number(y)] for x, y in drawing.points],
    }


def board_message(game: Game[Any], profile: Profile, mode: str) -> Json:
    """How to draw ``game`` on ``profile``; ``mode`` is ``simulator`` or ``board``."""
    drawing: Drawing = draw(game.geometry, profile.leds, game.seats)
    regions = {name: sorted(spots) for name, spots in game.geometry.regions}
    return {
        "type": "board",
        "mode": mode,
        "game": game.name,
        "title": game.title,
        "profile": profile.name,
        "sensing": profile.sensing.value,
        "shape": drawing.shape.value,
        "pitch": _number(drawing.pitch),
        "extent": [_number(v) for v in drawing.extent],
        "cells": [_spot_json(cell) for cell in drawing.cells],
        "off_board": [_spot_json(spot) for spot in drawing.off_board],
        "regions": regions,
        "leds": [
            {"index": led.index, "x": led.x, "y": led.y, "spots": list(led.spots)}
            for led in drawing.leds
        ],
        "led_count": profile.leds.count,
        "indicators": [
            {"name": i.name, "leds": list(i.leds), "x": i.x, "y": i.y, "label": i.label}
            for i in drawing.indicators
        ],
        "buttons": [role.value for role, _ in profile.buttons],
        "sensed": sorted(profile.sensed_spots),
        "seats": [dataclasses.asdict(seat) for seat in game.seats],
        "formats": [{"name": f.name, "title": f.title} for f in formats(game.name)],
        "world": mode == "simulator",
    }


def stone_json(game: Game[Any], stone: Stone) -> Json:
    return {
        "label": game.label(stone),
        "kind": stone.kind,
        "owner": stone.owner,
        "flipped": stone.flipped,
    }


def pieces_json(game: Game[Any], layout: Layout) -> Json:
    return {
        spot: [stone_json(game, stone) for stone in stones]
        for spot, stones in layout.items()
        if stones
    }


def jsonable(value: Any) -> Any:
    """Clocks, dice and scores as JSON, whatever shape a game gives them."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, enum.Enum):
        return jsonable(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(key): jsonable(item) for key, item in value.items()}
    if isinstance(value, set | frozenset):
        return sorted((jsonable(item) for item in value), key=str)
    if isinstance(value, list | tuple):
        return [jsonable(item) for item in value]
    return str(value)


def _offered(owner: object, *names: str) -> Any:
    """What a duck-typed method (``scores()``, ``current_roll()``) says, if it exists."""
    for name in names:
        method = getattr(owner, name, None)
        if callable(method):
            return jsonable(method())
    return None


def colour_hex(colour: Colour) -> str:
    return colour.hex()


class MoveList:
    """The moves of the current game in notation, replayed only when they change."""

    def __init__(self) -> None:
        self._key: tuple[int, tuple[Any, ...]] | None = None
        self._texts: list[str] = []
        self._start = ""

    def read(self, controller: Controller) -> tuple[str, list[str]]:
        position = controller.position
        key = (controller.game_id, tuple(position.move_stack))
        if key != self._key:
            probe = position.copy()
            played = []
            while probe.move_stack:
                played.append(probe.pop())
            self._start = probe.text()
            texts = []
            for move in reversed(played):
                texts.append(probe.move_text(move))
                probe.push(move)
            self._texts = texts
            self._key = key
        return self._start, list(self._texts)


def state_message(
    controller: Controller,
    pixels: Sequence[Colour],
    *,
    mode: str,
    moves: MoveList,
    pieces: Layout,
    held: Sequence[Stone] = (),
) -> Json:
    """Everything the page shows that changes. ``pixels`` are the strip's colours
    at full brightness (what the painter composed), ``pieces`` the stones as
    they stand (the simulated world) or as the game expects them (a real board,
    whose pieces only the sensors know)."""
    game = controller.game
    position = controller.position
    view = controller.view()
    start, move_texts = moves.read(controller)
    outcome = controller.outcome
    prompt = None
    if view.prompt is not None:
        prompt = {"choices": list(view.prompt.choices), "selected": view.prompt.selected}
    guide = controller.recognizer.guide
    return {
        "type": "state",
        "mode": mode,
        "game": game.name,
        "game_id": controller.game_id,
        "options": dict(position.options.items()),
        "phase": view.phase.value,
        "turn": view.turn,
        "message": view.message,
        "fault": view.fault,
        "prompt": prompt,
        "guide": None if guide is None else position.move_text(guide),
        "start": start,
        "moves": move_texts,
        "position": position.text(),
        "outcome": None
        if outcome is None
        else {
            "termination": outcome.termination.value,
            "winners": sorted(outcome.winners),
            "description": describe(game, outcome),
        },
        "leds": [colour_hex(colour) for colour in pixels],
        "pieces": pieces_json(game, pieces),
        "pieces_from": "world" if mode == "simulator" else "position",
        "held": [stone_json(game, stone) for stone in held],
        "frame": dict(sorted(controller.recognizer.frame.items())),
        "clocks": _offered(controller, "clocks") or _offered(position, "clocks"),
        "dice": _offered(position, "current_roll", "dice"),
        "scores": _offered(position, "scores"),
    }
