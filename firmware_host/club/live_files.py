"""A table's live game written out: KIF and CSA by the game's own record writers (the
ones ``kiban export`` uses; shogi has them, the other games none: they are JSON only),
and JSON with the moves in the game's own notation, the clocks, the pieces off the
board (a shogi hand, an Abalone gutter), the result, the players and the table."""

from __future__ import annotations

import json
import time
from collections import Counter
from typing import Any

from engine.game import Position
from engine.record import GameRecord, RecordFormat
from engine.registry import find_game
from firmware_host.club.live import LiveGame


def live_record(view: LiveGame) -> GameRecord:
    """The engine's record of the game so far, as every writer takes it."""
    game = find_game(view.game)
    options = game.options(dict(view.options))
    start = game.position(view.start or None, dict(view.options)).text()
    outcome = None if view.ending is None else view.ending.outcome
    return GameRecord(
        game=game.name,
        title=game.title,
        seats=tuple(seat.name for seat in game.seats),
        game_id=view.table.number,
        options=options,
        start=start,
        standard_start=start == game.position(None, dict(view.options)).text(),
        moves=tuple(move.text for move in view.moves),
        movers=tuple(move.seat for move in view.moves),
        outcome=outcome,
        result="*" if outcome is None else str(game.describe_outcome(outcome)),
        started=time.strftime("%Y/%m/%d %H:%M:%S", time.localtime(view.started)),
        times=tuple(move.spent for move in view.moves),
        players=view.table.players,
        event=view.table.event,
        time_control="" if view.control is None else view.control.text(),
    )


def record_format(game: str, name: str) -> RecordFormat | None:
    """The game's writer of ``name`` (``kif``, ``csa``); None when it has none."""
    return next((f for f in find_game(game).record_formats() if f.name == name), None)


def live_text(view: LiveGame, name: str, encoding: str = "UTF-8") -> str | None:
    """The game in the record format ``name``; None when the game has no such format.
    ``encoding`` is the one the text is sent in, which KIF names on its first line."""
    writer = record_format(view.game, name)
    return None if writer is None else writer.write(live_record(view), encoding)


def live_json(view: LiveGame) -> str:
    """The game as JSON, for any viewer (every game has it)."""
    return json.dumps(live_data(view), ensure_ascii=False, indent=1)


def live_data(view: LiveGame, played: Position[Any] | None = None) -> dict[str, Any]:
    """The game as the JSON's value (the spectator page's index holds every table's);
    ``played``: the view's game already played to its last move (``live_replay.py``)."""
    game = find_game(view.game)
    position = played
    if position is None:
        position = game.position(view.start or None, dict(view.options))
        for move in view.moves:
            position.push_text(move.text)
    record = live_record(view)
    ending = view.ending
    control = view.control
    clocks = view.clocks
    data: dict[str, Any] = {
        "table": view.table.number,
        "event": view.table.event,
        "game": game.name,
        "title": game.title,
        "seats": [seat.name for seat in game.seats],
        "players": list(view.table.players),
        "options": dict(view.options),
        "start": view.start,
        "moves": [
            {
                "ply": ply,
                "move": move.text,
                "seat": move.seat,
                "at": move.at,
                "spent": move.spent,
                "clocks": list(move.clocks),
            }
            for ply, move in enumerate(view.moves, start=1)
        ],
        "position": position.text(),
        "to_move": None if ending is not None else position.turn,
        "off_board": _off_board(position.layout()),
        "time_control": None if control is None else control.text(),
        "clocks": [{"left": left, **_reading(control, left)} for left in clocks],
        "running_since": None
        if ending is not None or control is None or not view.moves
        else view.moves[-1].at,
        "result": None
        if ending is None
        else {
            "text": record.result,
            "termination": ending.outcome.termination.value,
            "winners": sorted(ending.outcome.winners),
            "at": ending.at,
        },
        "changed": view.changed,
    }
    return data


def _reading(control: Any, left: float) -> dict[str, Any]:
    if control is None:
        return {}
    reading = control.reading(left)
    return {"main": reading.main, "byoyomi": reading.period, "periods": reading.periods}


def _off_board(layout: Any) -> dict[str, dict[str, int]]:
    """The pieces on spots off the board, by place and owner (``hand:b``, ``gutter:w``):
    a shogi hand, Robotory's stock, Abalone's marbles pushed off."""
    places: dict[str, Counter[str]] = {}
    for spot, stones in layout.items():
        parts = spot.split(":")
        if len(parts) < 2 or not stones:
            continue
        counts = places.setdefault(":".join(parts[:2]), Counter())
        for stone in stones:
            counts[stone.kind] += 1
    return {place: dict(sorted(counts.items())) for place, counts in sorted(places.items())}
