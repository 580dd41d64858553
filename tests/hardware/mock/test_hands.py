"""Hands: plans pair the stones that move, and noisy performances keep recognition sound."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest

from engine.game import Layout
from engine.physical import EMPTY, PRESENT, Reading, Sensing, Spot, Stone
from engine.recognition.answers import Timing
from engine.registry import find_game
from hardware.mock.board import SimulatedBoard
from hardware.mock.hands import (
    Force,
    Hands,
    HandStep,
    Journey,
    LiftStone,
    Noise,
    PutStone,
    Remove,
    Supply,
    apply,
    layouts_equal,
    plan,
)
from hardware.mock.world import SimulatedWorld
from hardware.profile import load_profile
from hardware.scanner import Scanner

DOBUTSU = find_game("dobutsu")
GEOMETRY = DOBUTSU.geometry
CELLS = frozenset(DOBUTSU.cells)
SETTLE = Timing().settle
SIM = load_profile("sim", DOBUTSU)
# A glitch this short is seen by at most debounce - 1 consecutive scans.
DEBOUNCE_WINDOW = (SIM.debounce_scans - 1) / SIM.scan_hz

C0, C1 = Stone("C", 0), Stone("C", 1)
HEN0, HEN1 = Stone("C", 0, flipped=True), Stone("C", 1, flipped=True)
L0, L1 = Stone("L", 0), Stone("L", 1)
G0 = Stone("G", 0)


def after(text: str | None, move: str) -> tuple[Layout, Layout]:
    position = DOBUTSU.position(text)
    before = position.layout()
    position.push(position.parse_move(move))
    return before, position.layout()


# --- plan ------------------------------------------------------------------------------


def test_a_simple_move_is_one_transfer() -> None:
    assert plan(*after(None, "2d3c")) == [Journey("2d", "3c", L0, L0)]
    assert plan(*after(None, "1d1c")) == [Journey("1d", "1c", G0, G0)]


def test_a_capture_sends_the_captured_piece_to_the_capturers_stand() -> None:
    transfers = plan(*after(None, "2c2b"))
    assert sorted(transfers, key=str) == sorted(
        [Journey("2c", "2b", C0, C0), Journey("2b", "hand:b:C", C1, C0)], key=str
    )


def test_a_captured_hen_goes_to_the_stand_as_the_capturers_chick() -> None:
    transfers = plan(*after("l2/1+c1/1G1/2L b - 1", "2c2b"))
    assert sorted(transfers, key=str) == sorted(
        [Journey("2c", "2b", G0, G0), Journey("2b", "hand:b:C", HEN1, C0)], key=str
    )


def test_a_captured_lion_leaves_for_the_box() -> None:
    transfers = plan(*after("3/1l1/1L1/3 b - 1", "2c2b"))
    assert sorted(transfers, key=str) == sorted(
        [Journey("2c", "2b", L0, L0), Journey("2b", None, L1, L1)], key=str
    )


def test_a_drop_pairs_the_stand_stone_with_its_cell() -> None:
    assert plan(*after("l2/1C1/3/2L b C 1", "C*3b")) == [Journey("hand:b:C", "3b", C0, C0)]


def test_a_drop_from_a_stack_takes_the_top_stone() -> None:
    before = {"hand:w:E": (Stone("E", 1), Stone("E", 1)), "2a": (L1,)}
    after_ = {"hand:w:E": (Stone("E", 1),), "2a": (L1,), "3c": (Stone("E", 1),)}
    assert plan(before, after_) == [Journey("hand:w:E", "3c", Stone("E", 1), Stone("E", 1))]


def test_a_promotion_keeps_the_kind_and_flips() -> None:
    assert plan(*after("l2/1C1/3/2L b - 1", "2b2a+")) == [Journey("2b", "2a", C0, HEN0)]
    assert plan(*after("l2/1C1/3/2L b - 1", "2b2a")) == [Journey("2b", "2a", C0, C0)]


def test_stones_pair_by_kind_before_anything_else() -> None:
    # two pieces turned over on their way: each keeps its kind
    before = {"3a": (C0,), "2a": (G0,)}
    after_ = {"1a": (HEN0,), "1b": (Stone("G", 0, flipped=True),)}
    assert sorted(plan(before, after_), key=str) == sorted(
        [Journey("3a", "1a", C0, HEN0), Journey("2a", "1b", G0, Stone("G", 0, flipped=True))],
        key=str,
    )
    # a pawn exchanged for another piece pairs with it when nothing else fits
    assert plan({"3a": (C0,)}, {"3b": (G0,)}) == [Journey("3a", "3b", C0, G0)]


def test_unpaired_stones_come_from_and_go_to_the_box() -> None:
    assert plan({}, {"3a": (G0,)}) == [Journey(None, "3a", G0, G0)]
    assert plan({"3a": (G0,)}, {}) == [Journey("3a", None, G0, G0)]
    assert plan({"3a": (G0,)}, {"3a": (G0,)}) == []


# --- performing without noise ----------------------------------------------------------


def quiet_hands() -> Hands:
    return Hands(GEOMETRY, Noise.none(), random.Random(1))


@pytest.mark.parametrize(
    ("text", "move"),
    [
        (None, "2d3c"),
        (None, "2c2b"),
        ("l2/1+c1/1G1/2L b - 1", "2c2b"),
        ("3/1l1/1L1/3 b - 1", "2c2b"),
        ("l2/1C1/3/2L b C 1", "C*3b"),
        ("l2/1C1/3/2L b - 1", "2b2a+"),
    ],
)
def test_quiet_hands_reach_exactly_the_position_after(text: str | None, move: str) -> None:
    before, target = after(text, move)
    world = SimulatedWorld(DOBUTSU, Sensing.OCCUPANCY)
    world.arrange(before)
    steps = quiet_hands().perform(world, target, start=10.0)
    assert steps
    assert not any(isinstance(step.action, Force) for step in steps)
    times = [step.at for step in steps]
    assert times == sorted(times)
    assert 10.06 <= times[0] <= 10.25
    for earlier, later in itertools.pairwise(times):
        assert 0.06 <= later - earlier <= 0.25
    run_checked(world, steps, target)


def test_a_quiet_capture_clears_the_target_before_the_capturer_lands() -> None:
    before, target = after(None, "2c2b")
    world = SimulatedWorld(DOBUTSU, Sensing.OCCUPANCY)
    world.arrange(before)
    actions = [step.action for step in quiet_hands().perform(world, target, start=0.0)]
    assert set(actions) == {
        LiftStone("2c"),
        LiftStone("2b"),
        PutStone("2b", C0, C0),
        PutStone("hand:b:C", C1, C0),
    }
    assert actions.index(LiftStone("2b")) < actions.index(PutStone("2b", C0, C0))
    assert actions.index(LiftStone("2c")) < actions.index(PutStone("2b", C0, C0))
    assert actions.index(LiftStone("2b")) < actions.index(PutStone("hand:b:C", C1, C0))


def test_a_quiet_lion_capture_removes_the_lion() -> None:
    before, target = after("3/1l1/1L1/3 b - 1", "2c2b")
    world = SimulatedWorld(DOBUTSU, Sensing.OCCUPANCY)
    world.arrange(before)
    actions = [step.action for step in quiet_hands().perform(world, target, start=0.0)]
    assert set(actions) == {Remove("2b"), LiftStone("2c"), PutStone("2b", L0, L0)}
    assert actions.index(Remove("2b")) < actions.index(PutStone("2b", L0, L0))


def test_stones_from_the_box() -> None:
    world = SimulatedWorld(DOBUTSU, Sensing.OCCUPANCY)
    world.arrange({"2a": (L1,)})
    target = {"2a": (L1,), "2d": (L0,)}
    steps = quiet_hands().perform(world, target, start=0.0)
    assert [step.action for step in steps] == [Supply("2d", L0)]
    run_checked(world, steps, target)


# --- the checks every performance must pass --------------------------------------------


@dataclass
class Episode:
    """A sensor forced to read ``reading`` from ``start`` until ``end``."""

    spot: Spot
    reading: Reading
    start: float
    end: float | None = None
    truth: list[Reading] = field(default_factory=list)  # true readings meanwhile


def true_reading(world: SimulatedWorld, spot: Spot) -> Reading:
    stack = world.stacks.get(spot)
    return DOBUTSU.stack_reading(stack, world.sensing) if stack else EMPTY


def run_checked(world: SimulatedWorld, steps: list[HandStep], target: Layout) -> list[Episode]:
    """Apply the steps, checking each as it comes; returns the forced-reading episodes."""
    assert all(later.at >= earlier.at for earlier, later in itertools.pairwise(steps))
    open_episodes: dict[Spot, Episode] = {}
    episodes: list[Episode] = []
    for step in steps:
        action = step.action
        match action:
            case LiftStone(spot) | Remove(spot):
                assert world.stacks.get(spot), f"{action} lifts from an empty spot"
            case PutStone(spot, _, stone) | Supply(spot, stone):
                landed = [*world.stacks.get(spot, []), stone]
                wanted = list(target.get(spot, ()))
                assert landed == wanted[: len(landed)], (
                    f"{action} lands on {spot} before it is cleared"
                )
            case Force(spot, None):
                assert spot in open_episodes, f"{action} releases a sensor never forced"
                open_episodes.pop(spot).end = step.at
            case Force(spot, reading):
                assert spot not in open_episodes, f"{action} forces a sensor already forced"
                assert reading is not None  # the case above takes a release
                episode = Episode(spot, reading, step.at)
                open_episodes[spot] = episode
                episodes.append(episode)
        apply(world, action)
        for episode in open_episodes.values():
            episode.truth.append(true_reading(world, episode.spot))
    assert not open_episodes, f"sensors left forced: {sorted(open_episodes)}"
    assert world.held == []
    assert world.matches(target)
    assert layouts_equal(world.layout(), target)
    assert world.readings() == {
        spot: DOBUTSU.stack_reading(target.get(spot, ()), world.sensing) for spot in DOBUTSU.spots
    }
    return episodes


def on_segment(spot: Spot, source: Spot, target: Spot) -> bool:
    """Whether a cell lies on the way from ``source`` to ``target``, strictly between them."""
    a, b, p = GEOMETRY.place(source), GEOMETRY.place(target), GEOMETRY.place(spot)
    dx, dy = b.x - a.x, b.y - a.y
    t = ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)
    distance = abs((p.x - a.x) * dy - (p.y - a.y) * dx) / math.hypot(dx, dy)
    return 0 < t < 1 and distance < 0.5


def neighbours(a: Spot, b: Spot) -> bool:
    pa, pb = GEOMETRY.place(a), GEOMETRY.place(b)
    return max(abs(pa.x - pb.x), abs(pa.y - pb.y)) <= 1


def check_noise(
    before: Layout, target: Layout, steps: list[HandStep], episodes: list[Episode]
) -> Counter[str]:
    """Every forced reading is one the noise model may produce, and the hand never
    rests as long as the settle time; returns how many of each kind there were."""
    transfers = plan(before, target)
    involved = {t.source for t in transfers} | {t.target for t in transfers}
    involved.discard(None)
    actions = [step for step in steps if not isinstance(step.action, Force)]
    first_action = actions[0].at if actions else math.inf
    kinds: Counter[str] = Counter()
    for episode in episodes:
        assert episode.end is not None
        length = episode.end - episode.start
        if any(step.action.spot == episode.spot and step.at <= episode.start for step in actions):
            # after a hand lifted or placed here: a contact bouncing, which reads the
            # opposite of the truth for less than the debounce window
            assert episode.truth and all(r != episode.reading for r in episode.truth)
            assert length < DEBOUNCE_WINDOW, f"a bounce of {length:.4f} s on {episode.spot}"
            kinds["bounce"] += 1
        elif episode.reading == PRESENT:
            # a slide: over an empty cell on the way of a stone that is moving
            assert episode.spot in CELLS
            assert all(r == EMPTY for r in episode.truth), f"slide over {episode.spot}"
            assert episode.spot not in involved
            assert any(
                t.source in CELLS
                and t.target in CELLS
                and on_segment(episode.spot, t.source, t.target)
                for t in transfers
            ), f"{episode.spot} is on no stone's way"
            kinds["slide"] += 1
        else:
            # a piece lifted and put back: second thoughts before the move, or a knocked
            # neighbour of the move
            assert episode.reading == EMPTY
            assert episode.spot in CELLS
            assert all(r != EMPTY for r in episode.truth)
            if episode.end > first_action:
                assert episode.spot not in involved
                assert any(neighbours(episode.spot, s) for s in involved if s in CELLS)
                kinds["knock"] += 1
            else:
                kinds["before the move"] += 1
    # the promise recognition rests on: a hand never rests as long as the settle time
    for earlier, later in itertools.pairwise(steps):
        assert later.at - earlier.at <= SETTLE, (
            f"{later.at - earlier.at:.3f} s between {earlier.action} and {later.action}"
        )
    return kinds


def random_moves(seed: int, plies: int) -> Iterator[tuple[Layout, Layout]]:
    """(before, after) layouts along one seeded random Robot Duel game."""
    rng = random.Random(seed)
    position = DOBUTSU.position()
    for _ in range(plies):
        moves = list(position.legal_moves())
        if not moves:
            return
        before = position.layout()
        position.push(rng.choice(moves))
        yield before, position.layout()


def random_journeys(seed: int, count: int) -> Iterator[tuple[Layout, Layout]]:
    """Layout changes no rule allows: a stone travels to any empty cell, or captures
    anywhere and sends its victim to the mover's stand."""
    rng = random.Random(seed)
    layout = DOBUTSU.position().layout()
    for _ in range(count):
        stacks = {spot: list(stones) for spot, stones in layout.items()}
        occupied = sorted(spot for spot in stacks if spot in CELLS)
        empty = sorted(CELLS - set(occupied))
        source = rng.choice(occupied)
        stone = stacks.pop(source)[0]
        victims = [spot for spot in stacks if spot in CELLS]
        if empty and (rng.random() < 0.7 or not victims):
            stacks[rng.choice(empty)] = [stone]
        else:
            victim_spot = rng.choice(victims)
            victim = stacks[victim_spot][0]
            stacks[victim_spot] = [stone]
            kind = "C" if victim.kind == "L" else victim.kind
            slot = f"hand:{'bw'[stone.owner or 0]}:{kind}"
            stacks.setdefault(slot, []).append(Stone(kind, stone.owner))
        target = {spot: tuple(stones) for spot, stones in stacks.items() if stones}
        yield layout, target
        layout = target


def perform_all(moves: Iterator[tuple[Layout, Layout]], noise: Noise, seed: int) -> Counter[str]:
    """Hands perform every change in turn on one world, each checked; the noise seen."""
    world = SimulatedWorld(DOBUTSU, Sensing.OCCUPANCY)
    world.arrange(DOBUTSU.position().layout())
    hands = Hands(GEOMETRY, noise, random.Random(seed))
    now = 0.0
    kinds: Counter[str] = Counter()
    for before, target in moves:
        assert world.matches(before)
        steps = hands.perform(world, target, start=now)
        assert steps
        assert all(step.at >= now for step in steps)
        episodes = run_checked(world, steps, target)
        kinds += check_noise(before, target, steps, episodes)
        now = steps[-1].at + 1.0
    return kinds


@pytest.mark.parametrize("seed", range(40))
def test_realistic_hands_over_random_games(seed: int) -> None:
    perform_all(random_moves(seed, 40), Noise.realistic(), seed)


CLUMSY = Noise(bounce=0.5, slide=0.8, knock=0.3, second_thoughts=0.3)


@pytest.mark.parametrize("seed", range(30))
def test_clumsy_hands_on_long_journeys(seed: int) -> None:
    perform_all(random_journeys(seed, 20), CLUMSY, seed)


def test_every_kind_of_noise_is_exercised() -> None:
    """The property tests above would pass vacuously if the noise never happened."""
    games: Counter[str] = Counter()
    journeys: Counter[str] = Counter()
    for seed in range(10):
        games += perform_all(random_moves(seed, 40), Noise.realistic(), seed)
        journeys += perform_all(random_journeys(seed, 20), CLUMSY, seed)
    assert games["bounce"] > 200
    assert games["knock"] > 5
    assert games["before the move"] > 10
    assert games["slide"] == 0  # Robot Duel pieces only step to a neighbouring cell
    assert journeys["slide"] > 20
    assert journeys["knock"] > 5


# --- slides ----------------------------------------------------------------------------


def slide(
    source: Spot, target: Spot, others: dict[Spot, Stone]
) -> tuple[set[Spot], list[HandStep]]:
    """A giraffe slid from ``source`` to ``target`` past ``others``: the cells forced present."""
    before = {source: (G0,), **{spot: (stone,) for spot, stone in others.items()}}
    target_layout = {target: (G0,), **{spot: (stone,) for spot, stone in others.items()}}
    world = SimulatedWorld(DOBUTSU, Sensing.OCCUPANCY)
    world.arrange(before)
    hands = Hands(GEOMETRY, Noise(slide=1.0, shuffle=False), random.Random(3))
    steps = hands.perform(world, target_layout, start=0.0)
    episodes = run_checked(world, steps, target_layout)
    check_noise(before, target_layout, steps, episodes)
    return {episode.spot for episode in episodes}, steps


@pytest.mark.parametrize(
    ("source", "target", "between"),
    [
        ("3a", "2a", set()),
        ("3a", "2b", set()),
        ("3a", "3d", {"3b", "3c"}),
        ("3d", "3a", {"3b", "3c"}),
        ("3a", "1c", {"2b"}),
        ("3a", "1d", {"2b", "2c"}),
        ("1a", "1d", {"1b", "1c"}),
    ],
)
def test_a_slide_forces_the_cells_between_source_and_target(
    source: Spot, target: Spot, between: set[Spot]
) -> None:
    forced, steps = slide(source, target, {})
    assert forced == between
    place = next(step for step in steps if isinstance(step.action, PutStone))
    forces = [step for step in steps if isinstance(step.action, Force)]
    assert all(step.at <= place.at for step in forces)  # the stone is on its way meanwhile
    assert all(
        isinstance(step.action, Force) and step.action.reading in (PRESENT, None) for step in forces
    )


def test_a_slide_skips_occupied_cells_and_stand_spots() -> None:
    forced, _ = slide("3a", "3d", {"3b": C1})
    assert forced == {"3c"}
    before = {"hand:b:G": (G0,)}
    world = SimulatedWorld(DOBUTSU, Sensing.OCCUPANCY)
    world.arrange(before)
    hands = Hands(GEOMETRY, Noise(slide=1.0), random.Random(0))
    steps = hands.perform(world, {"3c": (G0,)}, start=0.0)
    assert not any(isinstance(step.action, Force) for step in steps)


# --- bounce never reaches the debounced frame ------------------------------------------


def scan_through(
    board: SimulatedBoard, scanner: Scanner, steps: list[HandStep], start: float, phase: float
) -> list[dict[Spot, Reading]]:
    """Scan at the profile's rate while the steps happen: the debounced changes, in order."""
    period = 1.0 / SIM.scan_hz
    pending = list(steps)
    changes: list[dict[Spot, Reading]] = []
    t = start + phase
    while t <= steps[-1].at + 10 * period:
        while pending and pending[0].at <= t:
            apply(board.world, pending.pop(0).action)
        board.sync()
        change = scanner.scan()
        if change is not None:
            changes.append({spot: change.frame[spot] for spot in change.changed})
        t += period
    return changes


def sensed_changes(before: Layout, steps: list[HandStep]) -> list[dict[Spot, Reading]]:
    """What the cell sensors truly read after each lift or place, the changes only."""
    truth = SimulatedWorld(DOBUTSU, Sensing.OCCUPANCY)
    truth.arrange(before)
    changes: list[dict[Spot, Reading]] = []
    for step in steps:
        if isinstance(step.action, Force):
            continue
        old = {cell: truth.reading(cell) for cell in CELLS}
        apply(truth, step.action)
        diff = {cell: truth.reading(cell) for cell in CELLS if truth.reading(cell) != old[cell]}
        if diff:
            changes.append(diff)
    return changes


@pytest.mark.parametrize("seed", range(12))
def test_bounce_never_becomes_a_debounced_change(seed: int) -> None:
    """Contacts bounce on every lift and place; the scanner sees each change exactly once."""
    rng = random.Random(seed)
    world = SimulatedWorld(DOBUTSU, Sensing.OCCUPANCY)
    world.arrange(DOBUTSU.position().layout())
    board = SimulatedBoard(SIM, world)
    scanner = board.open(lambda role: None).scanner
    scanner.scan()
    hands = Hands(GEOMETRY, Noise(bounce=1.0), random.Random(seed))
    now = 0.0
    for before, target in random_moves(seed, 30):
        steps = hands.perform(world, target, start=now)
        forces = sum(1 for step in steps if isinstance(step.action, Force))
        assert forces >= 2 * sum(isinstance(step.action, LiftStone | PutStone) for step in steps)
        expected = sensed_changes(before, steps)
        assert scan_through(board, scanner, steps, now, rng.uniform(0, 0.01)) == expected
        now = steps[-1].at + 0.5
