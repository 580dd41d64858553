"""What the organiser's page reads (``room.json``): the roster, the alerts most urgent
first with the moment each was first seen, and the round: each table's pairing, the
board bound to it, and its game as the hall sees it live (moves so far, whose turn,
the result once there is one). What is said is sent as a value (``said_record``), the
same sentences the terminal prints, told by the page in its language.

A table's entry is made again only when its live view changed: the page asks twice a
second, and replaying a game to know whose turn it is costs a move's worth of rules
per move (the spectator's index measured 340 ms for 200 tables of 20 moves made anew).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.registry import find_game
from engine.said import N_, said
from firmware_host.club.desk import Glance, Raised
from firmware_host.club.live import LiveGame, Viewed
from firmware_host.club.pairings import Pairing
from firmware_host.club.roster import Entry
from firmware_host.club.words import alert_said, entry_said, result_by_name
from firmware_host.web.page_state.messages import Json
from firmware_host.wire.notice_records import said_record

Key = tuple[Any, ...]


def board_json(entry: Entry, glance: Glance) -> Json:
    """One board of the roster: who it is, what it says of itself, where it is bound."""
    birth = entry.birth
    state = glance.state
    bound = None if state is None else state.table_of(entry.board)
    return {
        "board": entry.board,
        "online": entry.online,
        "table": entry.table,
        "bound": bound,
        "game": None if birth is None else birth.game,
        "title": None if birth is None else find_game(birth.game).title,
        "battery": None if birth is None else birth.battery,
        "health": None if birth is None else birth.health.value,
        "flag": False if birth is None else birth.flag,
        "text_said": said_record(entry_said(entry)),  # told at the page's edge
    }


def alert_json(raised: Raised) -> Json:
    alert = raised.alert
    return {
        "kind": alert.kind.value,
        "board": alert.board,
        "table": alert.table,
        "since": raised.since,
        "text_said": said_record(alert_said(alert)),
    }


def live_json(view: LiveGame | None) -> Json:
    """A table's game as the organiser follows it: moves, whose turn, the result."""
    if view is None:
        return {"moves": 0, "last_move": None, "to_move": None, "result_said": None}
    game = find_game(view.game)
    ending = view.ending
    to_move: int | None = None
    if ending is None:
        position = game.position(view.start or None, dict(view.options))
        for move in view.moves:
            position.push_text(move.text)
        to_move = position.turn
    result = None if ending is None else game.describe_outcome(ending.outcome)
    if result is not None:
        result = result_by_name(result, view.table.players)
    elif view.abandoned:
        result = said(N_("abandoned by the organiser"))
        to_move = None
    return {
        "moves": len(view.moves),
        "last_move": view.moves[-1].text if view.moves else None,
        "to_move": to_move,
        "result_said": None if result is None else said_record(result),
    }


def pairing_json(pairing: Pairing, glance: Glance) -> Json:
    game = find_game(pairing.game)
    state = glance.state
    return {
        "table": pairing.table,
        "players": list(pairing.players),
        "seats": [seat.name for seat in game.seats],
        "game": game.name,
        "title": game.title,
        "variant": pairing.variant,
        "board": None if state is None else state.board_at(pairing.table),
    }


class RoundView:
    """The round's tables, each table's live entry kept until its view changes."""

    def __init__(self) -> None:
        self._live: dict[int, tuple[Key, Json]] = {}

    def tables(self, glance: Glance, records: Mapping[int, Viewed]) -> list[Json]:
        """Every table of the round, in table order, with its game as it stands."""
        shown: list[Json] = []
        for pairing in glance.round.pairings:
            record = records.get(pairing.table)
            view = None if record is None else record.view()
            shown.append(pairing_json(pairing, glance) | self._live_entry(pairing.table, view))
        return shown

    def _live_entry(self, table: int, view: LiveGame | None) -> Json:
        key: Key = () if view is None else _key(view)
        known = self._live.get(table)
        if known is not None and known[0] == key:
            return known[1]
        entry = live_json(view)
        self._live[table] = (key, entry)
        return entry


def room_json(glance: Glance, tables: list[Json], export: str | None, now: float) -> dict[str, Any]:
    """The whole answer: the round's number, whether the broker is reached, the roster,
    the alerts, the tables, where the round's export is (None: not here), the time now."""
    question = glance.question
    return {
        "round": glance.round.number,
        "connected": glance.connected,
        "version": glance.version,
        "boards": [board_json(entry, glance) for entry in glance.entries],
        "alerts": [alert_json(raised) for raised in glance.alerts],
        "tables": tables,
        "export": export,
        "question": None
        if question is None
        else {
            "board": question.board,
            "table": question.table,
            "text_said": said_record(question.asked),
        },
        "notes": [
            {"at": note.at, "text_said": said_record(note.said)} for note in reversed(glance.notes)
        ],
        "now": now,
    }


def _key(view: LiveGame) -> Key:
    ending = None if view.ending is None else view.ending.at
    return (view.game, view.started, len(view.moves), view.changed, ending, view.abandoned)
