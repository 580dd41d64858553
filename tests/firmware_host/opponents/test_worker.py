"""The worker process the computer thinks in: answers arrive without blocking the
board, a hurried search answers at once, a dead worker is started again."""

from __future__ import annotations

import time
from pathlib import Path

from engine.registry import find_game, games
from firmware_host.opponents.seats import parse_spec
from firmware_host.opponents.thinking import (
    Purpose,
    ThinkRequest,
    ThinkResult,
    limits_for,
    request_for,
)
from firmware_host.opponents.worker import ProcessThinker
from tests.firmware_host.opponents.fakes import DyingPlayer, ListedPlayer, MakeAlways, SlowPlayer

DOBUTSU = find_game("dobutsu")
WAIT = 20.0  # seconds at most for a spawned worker to answer on a loaded machine


def request(ply_moves: tuple[str, ...] = ()) -> ThinkRequest:
    position = DOBUTSU.position()
    for text in ply_moves:
        position.push_text(text)
    return request_for(Purpose.MOVE, position, 1, parse_spec("level:1"), 0)


def answers(thinker: ProcessThinker, count: int = 1) -> list[ThinkResult]:
    got: list[ThinkResult] = []
    end = time.monotonic() + WAIT
    while len(got) < count and time.monotonic() < end:
        got += thinker.results()
        time.sleep(0.02)
    return got


def test_an_answer_arrives_from_the_worker_without_waiting_for_it() -> None:
    thinker = ProcessThinker(MakeAlways(ListedPlayer()))
    try:
        asked = request(("2c2b",))
        started = time.monotonic()
        thinker.want((asked,))
        assert time.monotonic() - started < WAIT  # want() hands over; it does not search
        assert thinker.busy
        [result] = answers(thinker)
        assert (result.request, result.best) == (asked, "1a2b")
        busy: bool = thinker.busy  # read afresh after the answer
        assert not busy
        thinker.want((asked,))  # asked already: not asked again
        assert not thinker.busy
    finally:
        thinker.close()


def test_a_hurried_search_answers_with_what_it_has() -> None:
    thinker = ProcessThinker(MakeAlways(SlowPlayer(seconds=600)))
    try:
        asked = request()
        thinker.want((asked,))
        time.sleep(0.5)
        assert thinker.results() == []
        thinker.hurry()
        [result] = answers(thinker)
        assert result.best == "1d1c"
    finally:
        thinker.close()


def test_a_question_no_longer_wanted_is_stopped_and_the_next_one_answered() -> None:
    thinker = ProcessThinker(MakeAlways(SlowPlayer(seconds=600)))
    try:
        first, second = request(), request(("2c2b",))
        thinker.want((first,))
        time.sleep(0.3)
        thinker.want((second,))  # the game moved on: the first search is stopped
        assert [r.request for r in answers(thinker)] == [first]
        assert thinker.busy  # on the second now, which thinks until hurried
        thinker.hurry()
        assert [r.request for r in answers(thinker)] == [second]
    finally:
        thinker.close()


def test_a_worker_that_dies_is_started_again_and_asked_once_more(tmp_path: Path) -> None:
    thinker = ProcessThinker(MakeAlways(DyingPlayer(str(tmp_path / "died"))))
    try:
        asked = request()
        thinker.want((asked,))
        [result] = answers(thinker)
        assert (tmp_path / "died").exists()
        assert (result.request, result.best, result.failed) == (asked, "1d1c", None)
    finally:
        thinker.close()


def test_a_hint_thinks_for_the_games_hint_time_and_a_move_for_its_level() -> None:
    """A hint is wanted soon: its search ends by the game's hint_seconds; a seat's move
    and the coach's judgement keep their level's own budget (no deadline here)."""
    for game in games():
        before = time.monotonic()
        hint = limits_for(Purpose.HINT, game, None)
        assert hint.deadline is not None
        assert before + game.hint_seconds <= hint.deadline <= time.monotonic() + game.hint_seconds
        assert game.hint_seconds <= 3.0
        for purpose in (Purpose.MOVE, Purpose.JUDGE):
            assert limits_for(purpose, game, None).deadline is None
