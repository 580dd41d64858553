"""The sensors under a board read moving pieces as their fields say (hardware/mock/
physics.py over hardware/magnetics): a slide reads on both cells as long as the build's
figures say; a lift lets go of its cell past the build's release height; the fields of
several magnets add; a rolled ball turns its magnet; a piece set down beyond what its
build reads is not read; and the drawn hands (hardware/mock/moving.py) leave every
sensor reading what stands on its cell once they are off."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from typing import Any

import pytest

from engine.physical import EMPTY, PRESENT, Sensing
from engine.recognition.sensors import SensorKind, SensorModel
from engine.registry import find_game
from hardware.magnetics.build import Body as BodyKind
from hardware.magnetics.build import Build, Mount, PieceBuild
from hardware.magnetics.check import passage, release_height, stances
from hardware.magnetics.magnets import Magnet, Pose, Shape
from hardware.magnetics.parts import HAL504, R5_12_17
from hardware.magnetics.vectors import UP, apply
from hardware.mock.bodies import board_of, north_of
from hardware.mock.hands import LiftStone, PutStone, Sense
from hardware.mock.hands import apply as apply_step
from hardware.mock.moving import BodyPacer, physical_steps
from hardware.mock.orders import Act, Habits, RandomChooser
from hardware.mock.physics import Board, Body, Turning, at_rest, first_change, surface
from hardware.mock.world import Rest, SimulatedWorld
from hardware.profile import load_profile
from tests.registered import boarded_games

DOBUTSU = find_game("dobutsu")
ABALONE = find_game("abalone")
SHOGI = find_game("shogi")


def wide_board(sensitivity: float = 0.5) -> Board:
    """15 mm discs over upright reeds 16 mm apart: a piece slid straight to the next cell
    reads on both for about 4 mm of its way."""
    piece = PieceBuild(Magnet(Shape.CYLINDER, (15.0, 2.0)), 1.5)
    build = Build(16.0, 6.0, piece, R5_12_17, (Mount(axis=UP),), tolerance_mm=2.0)
    model = SensorModel(SensorKind.REED, pitch_mm=16.0, overlap_mm=4.0, gap_mm=0.0, departs_mm=10.0)
    return Board.of(DOBUTSU.geometry, build, model, sensitivity=sensitivity)


def slid(board: Board, source: str, target: str, speed: float) -> list[tuple[float, str, int]]:
    rotation = board.rotation(True)
    path = surface(board, (board.rest(source), board.rest(target)), 0.0, speed)
    body = Body(board.build.piece.magnet, path, Turning(rotation, rotation))
    frame = dict.fromkeys(board.sensors, EMPTY) | {source: PRESENT}
    changes, _ = board.sense(frame, [], [body])
    return changes


def test_a_slide_reads_on_both_cells_as_the_build_check_says() -> None:
    """The world's sensors and the build check agree: a slide to the next cell reads on
    both for the stretch ``passage`` finds, at any speed in proportion."""
    board = wide_board()
    for speed in (40.0, 160.0):
        changes = slid(board, "2a", "2b", speed)
        lands, leaves = first_change(changes, "2b", True), first_change(changes, "2a", False)
        assert lands is not None and leaves is not None
        expected = passage(board.build, (0.0, 1.0), speed, stances(board.build)[0])
        assert leaves - lands == pytest.approx(expected.overlap_s, abs=2e-4)
        assert leaves - lands > 0.0


def test_a_lift_lets_go_of_its_cell_past_the_release_height() -> None:
    """Straight up at 10 mm/s: the cell lets go where the build's release height says (the
    most sensitive switch, the strongest magnet: no switch of the band holds on longer)."""
    board = wide_board(sensitivity=1.0)
    strongest = board.build.piece.magnet.at(board.build.piece.magnet.remanence_range[1])
    rest = board.rest("2b")
    path = at_rest(rest, 0.0).then((rest[0], rest[1], rest[2] + 40.0), 10.0)
    rotation = board.rotation(True)
    gone = board.first_reading("2b", Body(strongest, path, Turning(rotation, rotation)), False)
    assert gone is not None
    assert gone * 10.0 == pytest.approx(release_height(board.build), abs=0.05)


def test_the_fields_of_two_magnets_add_under_an_empty_cell() -> None:
    """Two pieces resting either side of an empty cell, each too far for its sensor
    alone, read on it together: a sensor reads the sum of the fields, not the union of
    what each would do alone."""
    piece = PieceBuild(Magnet(Shape.CYLINDER, (12.0, 3.0), "N52"), 2.0)
    build = Build(20.0, 3.0, piece, HAL504, (Mount(axis=UP),), tolerance_mm=2.0)
    model = SensorModel(SensorKind.HALL, pitch_mm=20.0, overlap_mm=0.0, gap_mm=0.0, departs_mm=9.0)
    board = Board.of(DOBUTSU.geometry, build, model, sensitivity=1.0)
    magnet = build.piece.magnet
    turned = board.rotation(False)  # south up: under an empty cell between, the fields add
    x, y = board.places["2b"]
    left = (magnet, Pose((x - 11.5, y, build.rest_z), turned))
    right = (magnet, Pose((x + 11.5, y, build.rest_z), turned))
    assert board.reads_at_rest("2b", [left]) == EMPTY
    assert board.reads_at_rest("2b", [right]) == EMPTY
    assert board.reads_at_rest("2b", [left, right]) != EMPTY


def test_a_rolled_ball_turns_its_magnet_a_radian_per_radius() -> None:
    profile = load_profile("sim-abalone")
    board = board_of(ABALONE, profile)
    upright = board.rotation(True)
    points = (board.rest("E5"), board.rest("E6"))
    path = surface(board, points, 0.0, 40.0)
    ball = Body(board.build.piece.magnet, path, Turning(upright, upright, rolls=True))
    moving = ball.moving(board)
    axis = apply(moving.pose_at(path.end).rotation, UP)
    turned = math.degrees(math.acos(max(-1.0, min(1.0, axis[2]))))
    distance = math.dist(points[0], points[1])
    assert turned == pytest.approx(math.degrees(distance / board.build.piece.radius_mm), abs=0.5)


def test_a_piece_set_down_beyond_what_its_build_reads_is_not_read() -> None:
    """The Robot Duel reference build reads a piece within 8 mm of a cell's centre; set
    down 16 mm off, its cell reads nothing, and stays so once the hands are off."""
    profile = load_profile("sim-dobutsu")
    board = board_of(DOBUTSU, profile)
    magnet = board.build.piece.magnet
    assert board.reads_at_rest("2b", [(magnet, Pose(board.rest("2b", (7.0, 0.0))))]) != EMPTY
    assert board.reads_at_rest("2b", [(magnet, Pose(board.rest("2b", (16.0, 0.0))))]) == EMPTY


def test_the_world_reads_what_the_fields_say_until_they_read_the_stones_again() -> None:
    world = SimulatedWorld(DOBUTSU, Sensing.OCCUPANCY)
    world.arrange(DOBUTSU.position().layout())
    apply_step(world, Sense("1b", PRESENT))  # a piece on its way over an empty cell
    assert world.reading("1b") == PRESENT
    apply_step(world, Sense("2c", PRESENT))  # its own cell still reads it, rising
    apply_step(world, LiftStone("2c"))
    assert world.reading("2c") == PRESENT
    apply_step(world, Sense("2c", None))
    assert world.reading("2c") == EMPTY
    apply_step(world, Sense("1b", None))
    assert world.reading("1b") == EMPTY
    assert not world.sensed_spots()


def played_over(
    world: SimulatedWorld,
    board: Board,
    position: Any,
    move: Any,
    *,
    chooser: RandomChooser,
    habits: Habits,
) -> None:
    """One hand plays ``move`` from ``position`` over ``board``'s sensors, as the bench's
    drawn moves do, on ``world`` (which stands as ``position``)."""
    game = world.game
    after = position.copy()
    after.push(move)
    steps = physical_steps(
        position.layout(),
        after.layout(),
        position.footprint(move, world.sensing).hidden,
        board,
        game.geometry,
        chooser=chooser,
        habits=habits,
        start=0.0,
        rests=world.rests,
        frame=world.readings(),
        north=north_of(game),
    )
    for step in steps:
        apply_step(world, step.action)


@pytest.mark.parametrize("name", [game.name for game in boarded_games()])
def test_the_bodies_leave_every_sensor_as_the_stones_stand(name: str) -> None:
    """Whatever the ways drawn, once the hand is off every sensor reads what stands on
    its spot (no reading left to the fields), and the stones stand as the move leaves
    them, each within the build's tolerance of its cell's centre."""
    game = find_game(name)
    rng = random.Random(7)
    profile = load_profile(f"sim-{name}")
    board = board_of(game, profile)
    sensing = profile.sensing
    for _ in range(8):
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
        habits = replace(Habits().of(game), knock=0.0, bounce=0.0, dither=0.0)
        played_over(world, board, position, move, chooser=RandomChooser(rng), habits=habits)
        assert world.matches(after.layout())
        assert not world.sensed_spots(), (name, position.move_text(move), world.sensed_spots())
        assert world.readings() == {
            spot: game.stack_reading(world.stacks[spot], sensing) if spot in world.stacks else EMPTY
            for spot in game.spots
        }
        for rest in world.rests.values():
            assert isinstance(rest, Rest)
            assert math.hypot(*rest.offset_mm) <= board.build.tolerance_mm + 1e-9


def test_a_weighted_marble_rights_itself_at_rest() -> None:
    """The Abalone boards' marbles come to rest pole up whatever their roll."""
    profile = load_profile("sim-abalone")
    assert profile.build is not None
    assert profile.build.piece.body is BodyKind.WEIGHTED_BALL
    board = board_of(ABALONE, profile)
    upright = board.rotation(True)
    path = surface(board, (board.rest("E5"), board.rest("E6")), 0.0, 40.0)
    rolling = Turning(upright, upright, rolls=True, rights=True)
    ball = Body(board.build.piece.magnet, path, rolling).moving(board)
    halfway = apply(ball.pose_at(path.end / 2).rotation, UP)
    assert halfway[2] < 0.99  # turned on its way
    assert ball.pose_at(path.end).rotation == upright


@pytest.mark.parametrize("seed", range(4))
def test_a_piece_promoted_as_it_slides_lies_turned_over(seed: int) -> None:
    """A pawn slid into the promotion zone and promoted is turned over as it comes to
    rest: on a polarity board its cell reads the other pole (it read the unpromoted pawn,
    and the board rightly recorded 4d4c for the hand's 4d4c+: CI, shogi-both)."""
    profile = load_profile("sim-shogi-polarity")
    assert profile.sensing is Sensing.POLARITY
    board = board_of(SHOGI, profile)
    position = SHOGI.position("lnsgkgsnl/1r5b1/ppppp1ppp/5P3/9/9/PPPPP1PPP/1B5R1/LNSGKGSNL b - 1")
    move = position.parse_move("4d4c+")
    after = position.copy()
    after.push(move)
    world = SimulatedWorld(SHOGI, profile.sensing)
    world.arrange(position.layout())
    habits = replace(Habits().of(SHOGI), slide=1.0, knock=0.0, bounce=0.0, dither=0.0)
    played_over(
        world, board, position, move, chooser=RandomChooser(random.Random(seed)), habits=habits
    )
    assert world.matches(after.layout())
    assert not world.sensed_spots()
    assert world.readings()["4c"] == SHOGI.stack_reading(world.stacks["4c"], profile.sensing)
    assert world.readings()["4c"] != position.expected_frame(profile.sensing)["4d"]


def test_a_victim_lies_only_where_its_capturer_found_it() -> None:
    """Both hands at once: gote's giraffe set on 3b, then sente's chick takes it there,
    the chick planned (and landing) before the giraffe reaches sente's stand. The victim
    lifted from 3b is the stone gote set down there, not one lying on 3b from the start:
    3b reads nothing before the giraffe comes (it read a piece from the first instant,
    and the board was out of step: CI, dobutsu-both)."""
    profile = load_profile("sim-dobutsu")
    board = board_of(DOBUTSU, profile)
    position = DOBUTSU.position("g1e/1l1/C2/L1G w ec 10")
    before = position.layout()
    giraffe, chick = before["3a"][-1], before["3c"][-1]
    taken = replace(giraffe, owner=chick.owner)
    acts = [
        Act(0, LiftStone("3a"), expects=giraffe, trip=0),
        Act(1, LiftStone("3c"), expects=chick, trip=1),
        Act(0, PutStone("3b", giraffe, giraffe), trip=0),
        Act(1, LiftStone("3b"), expects=giraffe, trip=2),
        Act(1, PutStone("3b", chick, chick), trip=1),
        Act(1, PutStone("hand:b:G", giraffe, taken), trip=2),
    ]
    habits = replace(Habits().of(DOBUTSU), knock=0.0, bounce=0.0, dither=0.0, slide=0.0)
    world = SimulatedWorld(DOBUTSU, profile.sensing)
    world.arrange(before)
    pacer = BodyPacer(
        DOBUTSU.geometry,
        RandomChooser(random.Random(3)),
        habits,
        board=board,
        rests=world.rests,
        frame=world.readings(),
        north=north_of(DOBUTSU),
    )
    pacer.timed(acts, before, 0.0)
    steps = sorted(pacer.steps, key=lambda step: step.at)
    lifted = min(s.at for s in steps if s.action == LiftStone("3a"))
    set_down = min(s.at for s in steps if isinstance(s.action, PutStone) and s.action.spot == "3b")
    read = [
        s.at
        for s in steps
        if isinstance(s.action, Sense) and s.action.spot == "3b" and s.action.reading
    ]
    assert read
    assert lifted + 0.01 < min(read) <= set_down
