"""The soak's failures as recorded streams: what the bench writes, the tests replay."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from engine.physical import Stone
from engine.recognition.answers import Timing
from engine.registry import find_game
from firmware_host.loops.simulator import Simulation
from firmware_host.store.storage import GameStore
from firmware_host.tools.bench.hands import Players, Tempo, soak
from firmware_host.tools.bench.hands_tally import HandsTally
from firmware_host.tools.bench.stream_capture import StreamCapture, model_record
from hardware.mock.hand_record import action_of, action_record
from hardware.mock.hands import Force, HandAction, LiftStone, PutStone, Quiet, Remove, Sense, Supply
from hardware.mock.world import Rest
from hardware.profile import load_profile
from tests.engine.recognition.keep_stream import kept
from tests.engine.recognition.orders_kit import replay_stream


def test_every_hand_action_reads_back_as_written() -> None:
    turned = ((0.0, 1.0, 0.0), (-1.0, 0.0, 0.0), (0.0, 0.0, 1.0))
    actions: list[HandAction] = [
        LiftStone("2c"),
        Remove("1a"),
        PutStone("3b", Stone("L", 0), Stone("L", 0)),
        PutStone("C3", Stone("R", None), Stone("R", None), Rest((1.5, -0.25), turned)),
        PutStone("5e", Stone("R", 1, True), Stone("R", 1, True), Rest((0.0, 2.0), None)),
        Supply("hand:b:C", Stone("C", 0)),
        Force("2b", 0),
        Force("2b", None),
        Sense("D3", 2),
        Quiet("E1", 1),
    ]
    for action in actions:
        assert action_of(json.loads(json.dumps(action_record(action)))) == action
    with pytest.raises(ValueError, match="no hand action"):
        action_of(["wave", "2b"])


def _captured(tmp_path: Path, moves: int) -> tuple[Players, StreamCapture]:
    game = find_game("dobutsu")
    loaded = load_profile("sim-dobutsu", game)
    model = loaded.sensor_model
    sim = Simulation(
        game,
        loaded,
        GameStore(":memory:"),
        resume=False,
        seed=7,
        timing=replace(
            Timing(), order=model.order_margin, departs=model.departure_s, passes=model.pass_s
        ),
        settings={"seed": "7"},
    )
    capture = StreamCapture(tmp_path, game.name, "sim-dobutsu", "sim-dobutsu", model_record(model))
    sim.settle()
    players = Players(sim, random.Random(7), Tempo(drawn=1.0), HandsTally(game.name, "x"), capture)
    try:
        players.play(moves)
    finally:
        sim.close()
    return players, capture


def test_a_captured_stream_replays_what_the_players_did(tmp_path: Path) -> None:
    players, capture = _captured(tmp_path, 10)
    assert players.played and players.record == players.played
    path = capture.write(players.played, "the test's", players.tally.moves)
    assert path == tmp_path / f"dobutsu-sim-dobutsu-{players.tally.moves}.json"
    case = json.loads(path.read_text())
    assert [call[1] for call in case["calls"] if call[0] == "move"] == players.played
    replayed = replay_stream(case)
    assert replayed.record == players.record
    assert not replayed.faults
    # kept as a test, it holds its frames: the board read them again, change for change
    keeping = kept(case, "kept by the test")
    assert keeping["why"] == "kept by the test" and keeping["frames"]
    again = replay_stream(keeping)
    assert [[at, {s: r for s, r in f.items() if r}] for at, f in again.frames] == [
        [pytest.approx(at), frame] for at, frame in keeping["frames"]
    ]


def test_a_stream_that_still_fails_is_not_kept(tmp_path: Path) -> None:
    players, capture = _captured(tmp_path, 4)
    case = json.loads(capture.write(players.played, "x", 4).read_text())
    moves = [call for call in case["calls"] if call[0] == "move"]
    rest = case["calls"][len(moves) :]
    case["calls"] = [*moves, *rest[: len(rest) // 2]]  # the hands stopped half way
    with pytest.raises(ValueError, match="still fails"):
        kept(case, "moves the hands never made")


def test_a_clean_soak_writes_no_stream(tmp_path: Path) -> None:
    tally = soak(find_game("abalone"), 6, 2, tempo=Tempo(), capture=tmp_path)
    assert tally.wrong == tally.missed == 0
    assert list(tmp_path.iterdir()) == []
