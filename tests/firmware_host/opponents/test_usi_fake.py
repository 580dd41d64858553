"""The USI seat against a scripted engine that crashes, hangs, lies and babbles: the
seat always plays a legal move, and says when its fallback played it."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from engine.errors import GameOverError
from engine.game import Position
from engine.registry import find_game
from engine.search.levels import level
from engine.search.types import WIN, Analysis, Limits
from firmware_host.opponents.errors import (
    EngineError,
    EngineStartError,
    EngineTimeoutError,
    EngineUnsupportedError,
)
from firmware_host.opponents.usi import MAX_FAILURES, UsiPlayer, UsiTimeouts
from tests.firmware_host.opponents.conftest import FakeEngine

QUICK = UsiTimeouts(start=10.0, ready=5.0, margin=3.0, stop_grace=0.3)
"""Generous where the fake answers (a loaded machine must not fail a test), short
where it never does, so the waits stay short."""

HUNG = UsiTimeouts(start=10.0, ready=5.0, margin=0.3, stop_grace=0.3)

MakeFake = Callable[..., FakeEngine]


class LastMove:
    """A fallback the tests can watch: it plays the legal move whose text sorts last
    (the fake engine plays the first), and counts how often it was asked."""

    def __init__(self) -> None:
        self.calls = 0

    @property
    def name(self) -> str:
        return "level 1 (first steps)"

    def analyse(
        self, position: Position[Any], *, limits: Limits | None = None, judge_all: bool = False
    ) -> Analysis[Any]:
        self.calls += 1
        moves = list(position.legal_moves())
        values = dict.fromkeys(moves, 0.25) if judge_all else {}
        return Analysis(last_move(position), 0.25, 1, len(moves), values)

    def close(self) -> None:
        """Nothing runs."""


def last_move(position: Position[Any]) -> Any:
    return max(position.legal_moves(), key=position.move_text)


def soon() -> Limits:
    return Limits(deadline=time.monotonic() + 0.1)


def seat(
    engine: FakeEngine, game: str = "dobutsu", number: int = 1, timeouts: UsiTimeouts = QUICK
) -> tuple[UsiPlayer, LastMove]:
    fallback = LastMove()
    player = UsiPlayer(
        engine.path, find_game(game), level(number), fallback=fallback, timeouts=timeouts
    )
    return player, fallback


def first_move(position: Position[Any]) -> Any:
    """The fake engine's answer: the legal move whose text sorts first."""
    return min(position.legal_moves(), key=position.move_text)


def test_a_healthy_engine_is_set_up_for_the_game_and_level_and_plays(
    fake_engine: MakeFake,
) -> None:
    engine = fake_engine()
    player, fallback = seat(engine, number=1)
    position = find_game("dobutsu").position()
    position.push_text("2c2b")
    try:
        analysis = player.analyse(position, limits=soon())
    finally:
        player.close()
    assert analysis.best == first_move(position)
    assert (analysis.note, analysis.depth, analysis.nodes) == ("", 1, 10)
    assert analysis.value == pytest.approx(0.0116, abs=1e-3)
    assert fallback.calls == 0
    received = engine.received()
    assert received[0] == "usi"
    assert "setoption name UCI_Variant value dobutsu" in received
    assert "setoption name Skill Level value -20" in received
    assert "usinewgame" in received
    assert "position sfen gle/1c1/1C1/ELG b - 1 moves 2c2b" in received
    go = next(line for line in received if line.startswith("go "))
    assert go.startswith("go btime 0 wtime 0 byoyomi ") and 0 < int(go.split()[-1]) <= 100
    assert received[-1] == "quit"
    assert player.engine_title == "FakeEngine"


def test_the_top_level_asks_for_full_strength_and_user_options_come_last(
    fake_engine: MakeFake,
) -> None:
    engine = fake_engine()
    player = UsiPlayer(
        engine.path,
        find_game("shogi"),
        level(10),
        engine_options={"Skill Level": "3", "Hash": "64"},
        timeouts=QUICK,
    )
    player.close()
    received = engine.received()
    ours = received.index("setoption name Skill Level value 20")
    theirs = received.index("setoption name Skill Level value 3")
    assert ours < theirs < received.index("isready")
    assert "setoption name Hash value 64" in received
    assert "setoption name UCI_Variant value shogi" in received


def test_a_crash_falls_back_for_that_move_and_the_engine_restarts_for_the_next(
    fake_engine: MakeFake,
) -> None:
    engine = fake_engine("--crash-after", "1")
    player, fallback = seat(engine)
    position = find_game("dobutsu").position()
    try:
        played = player.analyse(position, limits=soon())
        position.push(played.best)
        crashed = player.analyse(position, limits=soon())
        position.push(crashed.best)
        restarted = player.analyse(position, limits=soon())
    finally:
        player.close()
    assert played.note == "" and restarted.note == ""
    assert "FakeEngine stopped" in crashed.note and "exited (code 3)" in crashed.note
    assert crashed.note.endswith("playing with the built-in search")
    assert fallback.calls == 1
    assert engine.received().count("usi") == 2


def test_an_engine_that_keeps_crashing_is_given_up_after_a_few_tries(
    fake_engine: MakeFake,
) -> None:
    engine = fake_engine("--crash-on-go")
    player, fallback = seat(engine, game="shogi")
    position = find_game("shogi").position()
    notes = []
    try:
        for _ in range(MAX_FAILURES + 2):
            analysis = player.analyse(position, limits=soon())
            assert position.is_legal(analysis.best)
            notes.append(analysis.note)
            position.push(analysis.best)
    finally:
        player.close()
    assert player.using_fallback
    assert fallback.calls == MAX_FAILURES + 2
    assert notes[MAX_FAILURES - 1].endswith("from now on")
    assert all("not playing" in note for note in notes[MAX_FAILURES:])
    assert engine.received().count("usi") == MAX_FAILURES


def test_an_engine_that_never_answers_is_stopped_then_killed_and_the_fallback_plays(
    fake_engine: MakeFake,
) -> None:
    engine = fake_engine("--no-bestmove")
    player, fallback = seat(engine, timeouts=HUNG)
    position = find_game("shogi").position()
    try:
        analysis = player.analyse(position, limits=soon())
    finally:
        player.close()
    assert analysis.best == last_move(position)
    assert analysis.note == "FakeEngine stopped answering; playing with the built-in search"
    assert fallback.calls == 1
    assert "stop" in engine.received()


def test_an_engine_that_answers_only_when_stopped_still_plays(fake_engine: MakeFake) -> None:
    engine = fake_engine("--answer-on-stop")
    player, fallback = seat(engine, timeouts=UsiTimeouts(margin=0.3, stop_grace=5.0))
    position = find_game("dobutsu").position()
    try:
        analysis = player.analyse(position, limits=soon())
    finally:
        player.close()
    assert analysis.best == first_move(position)
    assert analysis.note == ""
    assert fallback.calls == 0


def test_move_now_stops_the_search_and_the_engine_answers(fake_engine: MakeFake) -> None:
    engine = fake_engine("--answer-on-stop")
    player, fallback = seat(engine, timeouts=UsiTimeouts(margin=60.0, stop_grace=5.0))
    position = find_game("dobutsu").position()
    answers: list[Analysis[Any]] = []
    thinking = threading.Thread(
        target=lambda: answers.append(
            player.analyse(position, limits=Limits(deadline=time.monotonic() + 60))
        )
    )
    thinking.start()
    try:
        for _ in range(1000):
            if player.searching:
                break
            time.sleep(0.01)
        assert player.searching
        player.move_now()
        thinking.join(20)  # the engine's own time and margin would be a minute
        assert not thinking.is_alive()
    finally:
        player.close()
    assert answers[0].best == first_move(position)
    assert (answers[0].note, fallback.calls) == ("", 0)
    assert engine.received().count("stop") == 1


def test_an_illegal_answer_falls_back_and_names_the_move(fake_engine: MakeFake) -> None:
    engine = fake_engine("--illegal", "2c2a")
    player, fallback = seat(engine)
    position = find_game("dobutsu").position()
    try:
        analysis = player.analyse(position, limits=soon())
    finally:
        player.close()
    assert position.is_legal(analysis.best)
    assert analysis.best == last_move(position)
    assert analysis.note == (
        "FakeEngine answered 2c2a, which is not legal here; playing with the built-in search"
    )
    assert fallback.calls == 1


def test_garbage_lines_are_ignored(fake_engine: MakeFake) -> None:
    engine = fake_engine("--garbage")
    player, fallback = seat(engine, game="shogi")
    position = find_game("shogi").position()
    try:
        analysis = player.analyse(position, limits=soon(), judge_all=True)
    finally:
        player.close()
    assert analysis.best == first_move(position)
    assert (analysis.note, fallback.calls) == ("", 0)
    assert set(analysis.values) == set(position.legal_moves())


def test_a_slow_start_within_the_time_allowed_is_waited_for(fake_engine: MakeFake) -> None:
    engine = fake_engine("--slow-start", "0.5")
    player, _ = seat(engine)
    try:
        analysis = player.analyse(find_game("dobutsu").position(), limits=soon())
    finally:
        player.close()
    assert analysis.note == ""


@pytest.mark.parametrize("flags", [("--slow-start", "3"), ("--no-usiok",)])
def test_an_engine_that_does_not_finish_the_handshake_is_refused(
    fake_engine: MakeFake, flags: tuple[str, ...]
) -> None:
    engine = fake_engine(*flags)
    with pytest.raises(EngineTimeoutError, match=r"no usiok in time") as caught:
        UsiPlayer(
            engine.path,
            find_game("dobutsu"),
            level(3),
            timeouts=UsiTimeouts(start=0.3, ready=0.3, margin=0.3, stop_grace=0.3),
        )
    assert caught.value.path == str(engine.path)


def test_a_missing_program_is_an_error_naming_it(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-engine"
    with pytest.raises(EngineStartError, match="no-such-engine: cannot be run"):
        UsiPlayer(missing, find_game("shogi"), level(3))


def test_an_engine_without_variants_plays_shogi_only(fake_engine: MakeFake) -> None:
    engine = fake_engine("--no-variant")
    with pytest.raises(EngineUnsupportedError, match="offers no UCI_Variant"):
        seat(engine, game="dobutsu")
    player, _ = seat(engine, game="shogi")
    try:
        analysis = player.analyse(find_game("shogi").position(), limits=soon())
    finally:
        player.close()
    assert analysis.note == ""
    assert not any("UCI_Variant" in line for line in engine.received())


def test_games_without_sfen_are_refused_before_any_engine_runs(fake_engine: MakeFake) -> None:
    engine = fake_engine()
    with pytest.raises(EngineError, match="only Robot Duel and Shogi"):
        UsiPlayer(engine.path, find_game("abalone"), level(3))
    assert engine.received() == []


def test_a_resigning_engine_plays_on_with_the_fallback_and_says_so(
    fake_engine: MakeFake,
) -> None:
    engine = fake_engine("--resign")
    player, fallback = seat(engine)
    position = find_game("dobutsu").position()
    try:
        analysis = player.analyse(position, limits=soon())
    finally:
        player.close()
    assert position.is_legal(analysis.best)
    assert (analysis.value, analysis.mate_in) == (-WIN, -1)
    assert analysis.note == "FakeEngine resigns here; the built-in search plays on"
    assert fallback.calls == 1


def test_kiban_takes_a_hanging_lion_without_asking_the_engine(fake_engine: MakeFake) -> None:
    engine = fake_engine()
    player, fallback = seat(engine)
    position = find_game("dobutsu").position("3/1l1/1L1/3 b - 1")
    try:
        analysis = player.analyse(position, limits=soon())
        judged = player.analyse(position, limits=soon(), judge_all=True)
    finally:
        player.close()
    assert position.move_text(analysis.best) == "2c2b"
    assert (analysis.value, analysis.mate_in, analysis.note) == (WIN, 1, "")
    assert judged.best == analysis.best and judged.values[judged.best] == WIN
    assert set(judged.values) == set(position.legal_moves())
    assert not any(line.startswith(("go", "position")) for line in engine.received())
    # the engine cannot judge a position with a hanging lion: the fallback judged the rest
    assert fallback.calls == 1


def test_a_finished_game_has_no_move(fake_engine: MakeFake) -> None:
    player, _ = seat(fake_engine())
    position = find_game("dobutsu").position("3/1L1/3/1l1 b - 1")
    try:
        with pytest.raises(GameOverError):
            player.analyse(position)
    finally:
        player.close()


def test_after_close_the_engine_is_gone_and_the_fallback_answers(fake_engine: MakeFake) -> None:
    engine = fake_engine()
    player, fallback = seat(engine)
    player.close()
    analysis = player.analyse(find_game("dobutsu").position(), limits=soon())
    assert "not playing" in analysis.note
    assert fallback.calls == 1
    assert engine.received()[-1] == "quit"
