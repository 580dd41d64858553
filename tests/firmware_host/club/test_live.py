"""The live record: moves only from their seat's board, a replayed or older state
ignored, the clocks and the times, the result; written as KIF, CSA and JSON."""

from __future__ import annotations

import json
from dataclasses import replace

from engine.outcome import Termination
from firmware_host.club.live import LiveRecord, Table
from firmware_host.club.live_files import live_json, live_text
from firmware_host.remote.messages import BoardState
from firmware_host.session.consent import Word, WordKind
from tests.firmware_host.club.livekit import OPENING, fed, spec


def test_moves_clocks_and_times_as_the_boards_told_them() -> None:
    record = fed(4)
    view = record.view()
    assert view is not None
    assert [m.text for m in view.moves] == list(OPENING[:4])
    assert [m.seat for m in view.moves] == [0, 1, 0, 1]
    assert [m.spent for m in view.moves] == [5.0, 5.0, 5.0, 5.0]  # by the clocks
    assert view.clocks == (620.0, 620.0)
    assert view.ending is None and view.changed == 1040.0


def test_a_replayed_or_older_state_changes_nothing() -> None:
    record = fed(4)
    older = BoardState("g1", (0,), 0, OPENING[:1], clock=(625.0, 630.0))
    assert not record.feed("host", 2, older, 2000.0)  # the bridge replays seq 2
    assert not record.feed("host", 1, older, 2000.0)
    view = record.view()
    assert view is not None and len(view.moves) == 4 and view.changed == 1040.0
    assert record.ignored == 2


def test_a_move_is_taken_only_from_its_seats_board() -> None:
    record = LiveRecord(Table(1))
    record.feed("host", 1, spec(), 0.0)
    # the host's board says a move of the joining board's seat: nobody's word
    record.feed("host", 2, BoardState("g1", (0,), 0, OPENING[:2]), 1.0)
    view = record.view()
    assert view is not None and [m.text for m in view.moves] == ["7g7f"]


def test_a_resignation_is_the_result() -> None:
    record = fed(4)
    word = Word(WordKind.RESIGN, 1)
    record.feed("join", 10, BoardState("g1", (1,), 0, OPENING[:4], word), 1100.0)
    view = record.view()
    assert view is not None and view.ending is not None
    assert view.ending.outcome.termination is Termination.RESIGNATION
    assert view.ending.outcome.winners == frozenset({0})
    assert "投了" in (live_text(view, "kif") or "")
    assert "%TORYO" in (live_text(view, "csa") or "")


def test_byoyomi_moves_are_timed_by_when_they_arrived() -> None:
    """A board that does not say its moves' times (an older Kiban): in byoyomi the clock
    is full again after each move, so the arrival tells the time, the first move's from
    the game's start as seen (issue 79: the live KIF had no time on move 1, so readers
    shifted every time by a move)."""
    record = fed(2, clock="0 byo 30s", full=30.0)
    view = record.view()
    assert view is not None
    assert [m.spent for m in view.moves] == [10.0, 10.0]
    kif = live_text(view, "kif") or ""
    first = next(line for line in kif.splitlines() if line.lstrip().startswith("1 "))
    assert first.endswith("( 0:10/00:00:10)")
    data = json.loads(live_json(view))
    assert data["clocks"][0]["byoyomi"] == 30.0 and data["clocks"][0]["periods"] == 1


def test_the_json_has_the_moves_hands_players_and_table() -> None:
    view = fed(16).view()
    assert view is not None
    data = json.loads(live_json(view))
    assert [m["move"] for m in data["moves"]] == list(OPENING)
    assert data["table"] == 3 and data["players"] == ["Sato", "Suzuki"]
    assert data["off_board"]["hand:w"] == {"B": 1, "P": 2}
    assert data["off_board"]["hand:b"] == {"P": 3}
    assert data["to_move"] == 0 and data["result"] is None
    assert data["time_control"] == "10m byo 30s"


def test_other_games_are_json_only() -> None:
    record = LiveRecord(Table(2))
    record.feed("host", 1, replace(spec(), game="dobutsu"), 0.0)
    view = record.view()
    assert view is not None
    assert live_text(view, "kif") is None and json.loads(live_json(view))["game"] == "dobutsu"
