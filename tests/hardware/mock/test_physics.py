"""The sensors under a board read moving pieces as their geometry says (hardware/mock/
physics.py): a slide between two cells reads on both exactly as long as the sensor
model's overlap, on neither as long as its gap; the crossing times agree with sampling
the distance every 0.1 ms; a lift lets go of its cell once the magnet is past release;
a line pushed together reads as the union of its marbles; and the drawn hands
(hardware/mock/moving.py) make a rolled marble read on its old and new hole at once."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.physical import EMPTY, PRESENT, Sensing, Spot, Stone
from engine.registry import find_game
from engine.sensors import WIDEST, SensorKind, SensorModel
from hardware.mock.hands import LiftStone, PutStone, Reach, apply
from hardware.mock.moving import physical_steps
from hardware.mock.orders import Habits, RandomChooser
from hardware.mock.physics import (
    Board,
    Lift,
    Path,
    at_rest,
    first_change,
    knocked,
    passing,
    pushed,
    sensor_changes,
    surface,
    union_changes,
)
from hardware.mock.world import SimulatedWorld
from tests.registered import boarded_games

ROW = {"a": (0.0, 0.0), "b": (30.0, 0.0), "c": (60.0, 0.0)}
SHORT = SensorModel(SensorKind.REED, pitch_mm=30.0, depth_mm=6.0, operate_mm=10.0, release_mm=12.0)


def test_a_slide_at_the_slowest_reads_on_both_cells_for_the_models_overlap() -> None:
    board = Board(WIDEST, ROW)
    changes = sensor_changes(WIDEST, ROW, surface(board, ("a", "b"), 0.0, WIDEST.slowest_mm_s))
    lands, leaves = first_change(changes, "b", True), first_change(changes, "a", False)
    assert lands is not None and leaves is not None
    assert leaves - lands == pytest.approx(WIDEST.overlap_s, abs=1e-9)
    assert [spot for _, spot, _ in changes] == ["b", "a"]  # the landing first


def test_a_slide_on_short_sensors_reads_on_neither_for_the_models_gap() -> None:
    board = Board(SHORT, ROW)
    changes = sensor_changes(SHORT, ROW, surface(board, ("a", "b"), 0.0, SHORT.slowest_mm_s))
    assert [(spot, reads) for _, spot, reads in changes] == [("a", False), ("b", True)]
    assert changes[1][0] - changes[0][0] == pytest.approx(SHORT.gap_s, abs=1e-9)


@pytest.mark.parametrize("model", [WIDEST, SHORT])
def test_the_passing_times_at_the_slowest_hand_are_the_models_own(model: SensorModel) -> None:
    """What calibration measures (``passing``) agrees with the times the recognizer is
    given (``SensorModel.overlap_s``, ``gap_s``) at the speed the model assumes."""
    overlap, gap = passing(model, model.slowest_mm_s)
    assert overlap == pytest.approx(model.overlap_s)
    assert gap == pytest.approx(model.gap_s)
    assert list(passing(model, 4 * model.slowest_mm_s)) == pytest.approx([overlap / 4, gap / 4])


def test_a_piece_slid_over_a_cell_reads_there_on_its_way() -> None:
    board = Board(WIDEST, ROW)
    changes = sensor_changes(WIDEST, ROW, surface(board, ("a", "c"), 0.0, 100.0))
    assert [(spot, reads) for _, spot, reads in changes] == [
        ("b", True),
        ("a", False),
        ("c", True),
        ("b", False),
    ]


def test_a_lift_lets_go_of_its_cell_once_the_magnet_is_past_release() -> None:
    board = Board(WIDEST, ROW)
    lift = Lift(vertical_mm_s=100.0, height_mm=40.0, carry_mm_s=300.0)
    changes = sensor_changes(WIDEST, ROW, lift.rise(board, "a", 1.0))
    assert [(spot, reads) for _, spot, reads in changes] == [("a", False)]
    assert changes[0][0] == pytest.approx(1.0 + (WIDEST.release_mm - WIDEST.depth_mm) / 100.0)


def test_a_piece_carried_high_reads_nowhere_on_its_way_and_low_flickers() -> None:
    board = Board(WIDEST, ROW)
    high = Lift(vertical_mm_s=200.0, height_mm=40.0, carry_mm_s=300.0)
    path = high.carried(board, "a", "c", 0.0, 2.0)
    assert path is not None
    assert [(s, r) for _, s, r in sensor_changes(WIDEST, ROW, path)] == [("a", False), ("c", True)]
    low = Lift(vertical_mm_s=200.0, height_mm=4.0, carry_mm_s=300.0)
    path = low.carried(board, "a", "c", 0.0, 2.0)
    assert path is not None
    assert ("b", True) in [(s, r) for _, s, r in sensor_changes(WIDEST, ROW, path)]
    assert path.end == pytest.approx(2.0)


def test_a_knock_of_a_few_millimetres_changes_nothing_and_a_long_one_lets_go() -> None:
    board = Board(WIDEST, ROW)
    small = knocked(board, "a", 0.0, 3.0, 0.0, speed_mm_s=100.0, rest_s=0.1)
    assert sensor_changes(WIDEST, ROW, small) == []
    far = knocked(board, "a", math.pi, 20.0, 0.0, speed_mm_s=100.0, rest_s=0.1)
    assert [(s, r) for _, s, r in sensor_changes(WIDEST, ROW, far)] == [
        ("a", False),
        ("a", True),
    ]


def test_a_line_pushed_together_reads_as_the_union_of_its_marbles() -> None:
    board = Board(WIDEST, {**ROW, "d": (90.0, 0.0)})
    paths = pushed(board, [("a", "b"), ("b", "c")], 0.0, 40.0)
    per_body = [sensor_changes(WIDEST, board.places, path) for path in paths]
    merged = union_changes(per_body, reading=["a", "b"])
    # b never lets go (one marble leaves as the other comes); a lets go, c reads
    assert [(s, r) for _, s, r in merged] == [("c", True), ("a", False)]


def _sampled(
    model: SensorModel, places: dict[str, tuple[float, float]], path: Path
) -> list[tuple[float, Spot, bool]]:
    """The same changes, by sampling the distance every 0.1 ms (the slow way)."""
    start = path.at(path.start)
    on = {s for s, (x, y) in places.items() if math.dist((x, y, 0.0), start) < model.operate_mm}
    changes: list[tuple[float, Spot, bool]] = []
    steps = int((path.end - path.start) / 1e-4) + 1
    for i in range(steps + 1):
        t = path.start + i * 1e-4
        point = path.at(t)
        for spot, (x, y) in places.items():
            d = math.dist((x, y, 0.0), point)
            if spot in on and d > model.release_mm:
                on.discard(spot)
                changes.append((t, spot, False))
            elif spot not in on and d < model.operate_mm:
                on.add(spot)
                changes.append((t, spot, True))
    return changes


@settings(max_examples=15, deadline=None, derandomize=True, database=None)
@given(
    speed=st.floats(20.0, 400.0),
    height=st.floats(0.0, 30.0),
    operate=st.floats(8.0, 20.0),
    wider=st.floats(1.0, 1.3),
)
def test_the_crossing_times_agree_with_sampling(
    speed: float, height: float, operate: float, wider: float
) -> None:
    model = SensorModel(SensorKind.HALL, 30.0, 5.0, operate, min(operate * wider, 29.0))
    board = Board(model, ROW)
    path = at_rest(board.rest("a"), 0.0).then(board.above("a", height), 100.0)
    path = path.then(board.above("c", height), speed).then(board.rest("c"), 100.0)
    exact = sensor_changes(model, ROW, path)
    sampled = _sampled(model, ROW, path)
    assert [(s, r) for _, s, r in exact] == [(s, r) for _, s, r in sampled]
    for (t1, _, _), (t2, _, _) in zip(exact, sampled, strict=True):
        assert abs(t1 - t2) <= 2e-4


def test_the_world_reads_a_stone_on_its_way_where_nothing_stands() -> None:
    world = SimulatedWorld(find_game("abalone"), Sensing.OCCUPANCY)
    marble = Stone("b", 0)
    world.arrange({"C5": (marble,)})
    apply(world, Reach("C5", marble, True))
    apply(world, LiftStone("C5"))
    apply(world, Reach("D5", marble, True))
    assert (world.reading("C5"), world.reading("D5")) == (PRESENT, PRESENT)
    apply(world, Reach("C5", marble, False))
    apply(world, PutStone("D5", marble, marble))
    apply(world, Reach("D5", marble, False))
    assert (world.reading("C5"), world.reading("D5")) == (EMPTY, PRESENT)
    assert world.layout() == {"D5": (marble,)}


def test_a_rolled_marble_reads_on_its_old_and_new_hole_at_once() -> None:
    """Abalone's hands roll: over the widest bundled geometry at the slowest roll, the
    new hole reads the marble for the model's overlap before the old one lets go."""
    game = find_game("abalone")
    position = game.position(None, None)
    before = position.layout()
    for move in sorted(position.legal_moves(), key=position.move_text):
        after = position.copy()
        after.push(move)
        changed = set(before) ^ set(after.layout())
        ends = [game.geometry.place(spot) for spot in changed]
        if len(ends) == 2 and math.dist((ends[0].x, ends[0].y), (ends[1].x, ends[1].y)) < 1.01:
            break  # one marble one step on
    source, target = sorted(changed, key=lambda spot: spot not in before)
    habits = replace(
        Habits.clean(), roll=1.0, surface_mm_s=(WIDEST.slowest_mm_s, WIDEST.slowest_mm_s)
    )
    steps = physical_steps(
        before,
        after.layout(),
        frozenset(),
        Board.of(game.geometry, WIDEST),
        game.geometry,
        chooser=RandomChooser(random.Random(1)),
        habits=habits,
        start=0.0,
    )
    reaches = [
        (step.at, step.action.spot, step.action.reads)
        for step in steps
        if isinstance(step.action, Reach)
    ]
    lands = first_change(reaches, target, True)
    leaves = first_change(reaches, source, False)
    assert lands is not None and leaves is not None
    assert leaves - lands == pytest.approx(WIDEST.overlap_s, abs=1e-6)


@pytest.mark.parametrize("name", [game.name for game in boarded_games()])
def test_the_bodies_leave_every_sensor_as_the_stones_stand(name: str) -> None:
    """Whatever the ways drawn, once the hand is off every sensor reads what stands on
    its spot (no stone left "on its way"), the stones stand as the move leaves them, and
    no spot ever reads a stone on its way while another stands there unseen."""
    game = find_game(name)
    rng = random.Random(7)
    sensing = Sensing.OCCUPANCY
    for _ in range(12):
        position = game.position(None, None)
        for _ in range(rng.randrange(0, 30)):
            if position.outcome() is not None or position.chance_moves() is not None:
                break
            position.push(rng.choice(sorted(position.legal_moves(), key=position.move_text)))
        if position.outcome() is not None or position.chance_moves() is not None:
            continue
        move = rng.choice(sorted(position.legal_moves(), key=position.move_text))
        after = position.copy()
        after.push(move)
        world = SimulatedWorld(game, sensing)
        world.arrange(position.layout())
        model = SensorModel(SensorKind.HALL, 30.0, 4.0, 16.0 + rng.random() * 8, 26.0)
        habits = replace(Habits().of(game), knock=0.0, bounce=0.0, dither=0.0)
        steps = physical_steps(
            position.layout(),
            after.layout(),
            position.footprint(move, sensing).hidden,
            Board.of(game.geometry, model),
            game.geometry,
            chooser=RandomChooser(rng),
            habits=habits,
            start=0.0,
        )
        for step in steps:
            apply(world, step.action)
        assert world.matches(after.layout())
        assert world.readings() == {
            spot: game.stack_reading(world.stacks[spot], sensing) if spot in world.stacks else EMPTY
            for spot in game.spots
        }
        assert not world.on_the_way(), (name, position.move_text(move), world.on_the_way())
