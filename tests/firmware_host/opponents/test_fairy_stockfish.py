"""The USI seat against the real Fairy-Stockfish (Debian's package; `make test`
installs it), on Robot Duel and Shogi: short move times keep each test quick."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine.game import Position
from engine.registry import find_game
from engine.search.levels import level
from engine.search.types import WIN, Limits
from firmware_host.opponents.fairy import (
    engine_accepts,
    engine_history,
    winning_move,
)
from firmware_host.opponents.process import EngineProcess
from firmware_host.opponents.usi import UsiPlayer
from firmware_host.opponents.usi_protocol import format_position
from tests.firmware_host.opponents.test_fairy import random_positions, rules_of

GAMES = ("dobutsu", "shogi")


def quick(seconds: float = 0.05, depth: int | None = None) -> Limits:
    return Limits(max_depth=depth, deadline=time.monotonic() + seconds)


@pytest.fixture
def players(fairy_stockfish: Path) -> Iterator[dict[str, UsiPlayer]]:
    """Fairy-Stockfish at full strength for each game."""
    opened = {name: UsiPlayer(fairy_stockfish, find_game(name), level(10)) for name in GAMES}
    yield opened
    for player in opened.values():
        player.close()


def kiban_wins_next(position: Position[Any]) -> bool:
    """Whatever the opponent replies, the mover then wins at once (Kiban's rules)."""
    mover = 1 - position.turn
    for reply in position.legal_moves():
        position.push(reply)
        try:
            outcome = position.outcome()
            if outcome is not None:
                won = outcome.winners == frozenset({mover})
            else:
                won = winning_move(position, rules_of("dobutsu")) is not None
        finally:
            position.pop()
        if not won:
            return False
    return True


@pytest.mark.parametrize("name", GAMES)
def test_the_handshake_names_the_engine(players: dict[str, UsiPlayer], name: str) -> None:
    assert players[name].engine_title == "Fairy-Stockfish"
    assert players[name].name.endswith("(level 10)")


@pytest.mark.parametrize("name", GAMES)
def test_its_moves_are_legal_in_random_games_with_their_history(
    players: dict[str, UsiPlayer], name: str
) -> None:
    positions = random_positions(name, seed=23, games=6, plies=40)[::7]
    cut = 0
    for position in positions:
        _, moves = engine_history(position, rules_of(name))
        cut += len(moves) < len(position.move_stack)
        analysis = players[name].analyse(position, limits=quick())
        assert position.is_legal(analysis.best)
        assert analysis.note == ""
        assert -WIN <= analysis.value <= WIN
    assert len(positions) >= 8
    # random Robot Duel play leaves lions hanging: those histories are cut, and still work
    assert (cut > 0) == (name == "dobutsu")


@pytest.mark.parametrize(
    ("name", "options"),
    [("dobutsu", None), ("dobutsu", {"promotion": "mandatory"}), ("shogi", None)],
)
def test_its_legal_moves_are_kibans_but_where_the_rules_differ(
    fairy_stockfish: Path, name: str, options: dict[str, str] | None
) -> None:
    """Fairy-Stockfish's own move list (``go perft 1``) against Kiban's: in Robot Duel
    it never takes a lion nor leaves one to be taken, and always may decline to
    promote; in everything else the two agree."""
    engine = EngineProcess(fairy_stockfish)
    try:
        engine.send("usi")
        engine.read_until(lambda line: line == "usiok", time.monotonic() + 10, "usiok")
        engine.send(f"setoption name UCI_Variant value {rules_of(name).variant}")
        compared = 0
        for position in random_positions(name, seed=3, games=8, plies=30, options=options):
            if winning_move(position, rules_of(name)) is not None:
                continue  # the engine never sees these: Kiban takes the lion
            engine.send(format_position(position.text(), []))
            engine.send("go perft 1")
            lines = engine.read_until(
                lambda line: line.startswith("Nodes searched"), time.monotonic() + 10, "perft"
            )
            theirs = {line.split(":")[0] for line in lines[:-1] if line.endswith(": 1")}
            ours = {
                position.move_text(move)
                for move in position.legal_moves()
                if engine_accepts(position, move, rules_of(name))
            }
            declined = {text for text in theirs - ours if text + "+" in ours}
            if options is None:
                assert theirs == ours, position.text()
            else:
                assert theirs - declined == ours, position.text()
            compared += 1
        assert compared >= 40
    finally:
        engine.close()


def test_a_robot_duel_mate_in_one_is_found_and_kiban_agrees(
    players: dict[str, UsiPlayer],
) -> None:
    position = find_game("dobutsu").position("lge/3/L1G/E1c b C 11")
    analysis = players["dobutsu"].analyse(position, limits=quick(1.0, depth=4))
    assert (analysis.value, analysis.mate_in) == (WIN, 1)
    position.push(analysis.best)
    assert kiban_wins_next(position)


def test_a_shogi_mate_in_one_is_found(players: dict[str, UsiPlayer]) -> None:
    position = find_game("shogi").position("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
    analysis = players["shogi"].analyse(position, limits=quick(1.0, depth=4))
    assert position.move_text(analysis.best) == "G*5b"
    assert (analysis.value, analysis.mate_in) == (WIN, 1)
    position.push(analysis.best)
    outcome = position.outcome()
    assert outcome is not None and outcome.winners == frozenset({0})


def test_a_hanging_lion_is_taken_by_kiban(players: dict[str, UsiPlayer]) -> None:
    position = find_game("dobutsu").position()
    # A's lion steps next to B's, and B misses the capture: both lions hang
    for text in ("2c2b", "2a2b", "2d2c", "3a3b"):
        position.push_text(text)
    analysis = players["dobutsu"].analyse(position, limits=quick())
    assert (position.move_text(analysis.best), analysis.value, analysis.mate_in) == (
        "2c2b",
        WIN,
        1,
    )


def test_every_robot_duel_move_is_judged_and_hanging_the_lion_loses(
    players: dict[str, UsiPlayer],
) -> None:
    # A's lion is in check from B's giraffe: most moves leave it to be taken
    position = find_game("dobutsu").position("1le/1g1/1L1/E1G b Cc 1")
    analysis = players["dobutsu"].analyse(position, limits=quick(0.3), judge_all=True)
    assert set(analysis.values) == set(position.legal_moves())
    hanging = [
        move
        for move in position.legal_moves()
        if not engine_accepts(position, move, rules_of("dobutsu"))
    ]
    assert len(hanging) >= 5
    assert all(analysis.values[move] == -WIN for move in hanging)
    assert analysis.best not in hanging
    ranked = sorted(analysis.values.values(), reverse=True)
    assert analysis.values[analysis.best] >= ranked[2]
    assert analysis.values[analysis.best] > -WIN


def test_every_shogi_move_is_judged(players: dict[str, UsiPlayer]) -> None:
    position = find_game("shogi").position()
    position.push_text("7g7f")
    # a depth, not a time: every move judged to the same depth, however loaded the machine
    analysis = players["shogi"].analyse(position, limits=quick(10.0, depth=5), judge_all=True)
    assert set(analysis.values) == set(position.legal_moves())
    assert all(-WIN < value < WIN for value in analysis.values.values())
    assert len(set(analysis.values.values())) > 5  # judged, not filled in
    # a search cut short mixes depths: the move played is among the best judged
    ranked = sorted(analysis.values.values(), reverse=True)
    assert analysis.values[analysis.best] >= ranked[2]


@pytest.mark.parametrize("name", GAMES)
def test_a_weak_and_a_strong_level_play_a_few_moves_each(fairy_stockfish: Path, name: str) -> None:
    game = find_game(name)
    seats = [UsiPlayer(fairy_stockfish, game, level(number)) for number in (2, 9)]
    position = game.position()
    played = 0
    try:
        while played < 12 and position.outcome() is None:
            analysis = seats[position.turn].analyse(position, limits=quick(0.03))
            # the engine's own verdict on a lost position is the only note allowed
            assert analysis.note == "" or "resigns" in analysis.note, analysis.note
            position.push_text(position.move_text(analysis.best))
            played += 1
    finally:
        for seat in seats:
            seat.close()
    assert played == 12 or position.outcome() is not None


def test_the_weakest_level_plays_differently_from_the_strongest(fairy_stockfish: Path) -> None:
    """Skill Level -20 picks among weaker moves: over a few positions its choices
    differ from full strength's at least once."""
    game = find_game("shogi")
    weak = UsiPlayer(fairy_stockfish, game, level(1))
    strong = UsiPlayer(fairy_stockfish, game, level(10))
    rng = random.Random(4)
    differ = 0
    try:
        for position in random_positions("shogi", seed=rng.randrange(100), games=1, plies=24)[::4]:
            picks = [p.analyse(position, limits=quick(0.1, depth=6)).best for p in (weak, strong)]
            differ += picks[0] != picks[1]
    finally:
        weak.close()
        strong.close()
    assert differ >= 1
