"""The contract every game keeps with the rest of Kiban, checked the same way for each.

For every registered game (and a few rule variants), on a handful of positions:
the start, a middle game and a late one reached by seeded random play, the end
of that game when it ended, and the positions the game names for the bench; and
each game's perft reference numbers, kept as data (``tests/engine/<game>/perft.json``),
also counted by the game's own oracle where it has one.
A new game is checked here as soon as the registry lists it; its own tests keep
what is particular to it (hand counts, its oracles).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Hashable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest

from engine.errors import ClaimError, GameOverError, UnknownClaimError
from engine.game import Game, Position
from engine.opening import FirstPlayerDraw
from engine.outcome import Outcome, Termination
from engine.physical import EMPTY, Sensing, frame_diff
from engine.policy import IllegalMovePolicy
from engine.record import PLAIN_TEXT
from engine.registry import find_game, games
from tests.engine.game_data import KINDS, game_data, games_with
from tests.engine.perft_data import games_with_data, perft_cases, unchanged
from tests.registered import product_games

VARIANTS: dict[str, tuple[dict[str, str], ...]] = {
    "dobutsu": ({"promotion": "mandatory", "repetition": "2"},),
    "shogi": ({"handicap": "rook", "illegal": "loses"},),
    "abalone": ({"layout": "belgian"},),
    "chaturaji": ({"mode": "teams"}, {"dice": "2"}, {"dice": "0", "seats": "black,red"}),
}
"""Rule options worth a second look (a new game needs none)."""

MIDDLE = (8, 40)
"""Plies of seeded random play to the middle-game positions."""
LONGEST = 600
"""The most plies a random game is played for."""


@dataclass(frozen=True)
class Case:
    """A position of a game: its options, an optional start text, the moves from there."""

    game: str
    options: tuple[tuple[str, str], ...]
    label: str
    start: str | None = None
    moves: tuple[str, ...] = ()

    def position(self) -> Position[Any]:
        position: Position[Any] = find_game(self.game).position(self.start, dict(self.options))
        for move in self.moves:
            position.push_text(move)
        return position

    def __str__(self) -> str:
        options = ",".join(f"{key}={value}" for key, value in self.options)
        return f"{self.game}[{options}]:{self.label}" if options else f"{self.game}:{self.label}"


def playable(position: Position[Any]) -> list[Hashable]:
    """What may be pushed now: the legal moves, or the outcomes of a roll that is due."""
    return list(position.chance_moves() or position.legal_moves())


def takes(position: Position[Any], move: Hashable) -> bool:
    """Whether a move takes something off the board: it lands on a piece, or it empties
    more cells than it fills (a marble pushed off, tokens eaten)."""
    cells = frozenset(position.game.cells)
    footprint = position.footprint(move, Sensing.OCCUPANCY)
    emptied = sum(
        1 if reading == EMPTY else -1 for spot, reading in footprint.changes if spot in cells
    )
    return bool(footprint.must_touch & cells) or emptied > 0


@cache
def random_line(game: str, options: tuple[tuple[str, str], ...], seed: int = 0) -> tuple[str, ...]:
    """The moves of a seeded random game: for the middle-game plies a move that ends the
    game is played only when a few tries find no other; then mostly captures, to the
    end or ``LONGEST`` plies."""
    rng = random.Random(f"{game} {options} {seed}")
    position = find_game(game).position(None, dict(options))
    moves: list[str] = []
    while len(moves) < LONGEST and position.outcome() is None:
        choices = playable(position)
        if len(moves) >= max(MIDDLE) and rng.random() < 0.8:
            choices = [move for move in choices if takes(position, move)] or choices
        for _ in range(5 if len(moves) < max(MIDDLE) else 1):
            move = rng.choice(choices)
            position.push(move)
            if position.outcome() is None:
                break
            position.pop()
        else:
            position.push(move)
        moves.append(position.move_text(position.move_stack[-1]))
    return tuple(moves)


def cases() -> Iterator[Case]:
    for game in games():
        for chosen in ({}, *VARIANTS.get(game.name, ())):
            options = tuple(sorted(chosen.items()))
            line = random_line(game.name, options)
            yield Case(game.name, options, "start")
            for plies in MIDDLE:
                if plies < len(line) - 2:  # before the late position
                    yield Case(game.name, options, f"ply{plies}", moves=line[:plies])
            yield Case(game.name, options, "late", moves=line[:-2])
            if Case(game.name, options, "end", moves=line).position().outcome() is not None:
                yield Case(game.name, options, "end", moves=line)
        for index, notable in enumerate(game.bench().positions):
            yield Case(game.name, (), f"bench{index}", start=notable.text)


CASES = list(cases())


def snapshot(position: Position[Any]) -> tuple[object, ...]:
    """Everything a push and a pop must restore, and a copy must not share."""
    return (
        position.text(),
        position.turn,
        sorted(position.move_text(move) for move in position.legal_moves()),
        position.chance_moves(),
        position.outcome(),
        tuple(position.expected_frame(sensing) for sensing in Sensing),
        dict(position.layout()),
        position.scores(),
        position.dice(),
        position.teams(),
        dict(position.counters()),
        position.threatened_spots(),
        position.check_spots(),
        len(position.move_stack),
    )


def check_push_and_pop(position: Position[Any]) -> None:
    before = snapshot(position)
    for move in playable(position):
        position.push(move)
        assert position.pop() == move
        assert snapshot(position) == before, position.move_text(move)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_push_and_pop_restore_every_move(case: Case) -> None:
    check_push_and_pop(case.position())


@pytest.mark.parametrize("case", [c for c in CASES if c.label == "late"], ids=str)
def test_popping_a_whole_game_passes_every_position_again(case: Case) -> None:
    position = find_game(case.game).position(case.start, dict(case.options))
    seen = []
    for move in case.moves:
        seen.append(snapshot(position))
        position.push_text(move)
    while seen:
        position.pop()
        assert snapshot(position) == seen.pop()
    assert position.move_stack == []


def check_copy(position: Position[Any]) -> None:
    before = snapshot(position)
    twin = position.copy()
    assert snapshot(twin) == before and twin.move_stack == position.move_stack
    moves = playable(twin)
    if moves:
        twin.push(moves[-1])
        assert snapshot(position) == before
        twin.pop()
        assert snapshot(twin) == before
    if position.move_stack:
        taken = position.pop()  # the twin keeps its own history
        assert twin.move_stack[-1] == taken
        assert len(twin.move_stack) == len(position.move_stack) + 1
        position.push(taken)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_a_copy_is_independent(case: Case) -> None:
    check_copy(case.position())


def check_footprints(position: Position[Any], sensing: Sensing) -> None:
    """What the recognizer indexes is what the board will read after the move."""
    game = position.game
    spots = frozenset(game.spots)
    before = position.expected_frame(sensing)
    assert frozenset(before) == spots
    for move in playable(position):
        footprint = position.footprint(move, sensing)
        position.push(move)
        after = position.expected_frame(sensing)
        position.pop()
        assert footprint.changes == frame_diff(before, after), position.move_text(move)
        # a game's direct footprint agrees with the default, which plays the move and
        # compares layouts (it may find more hidden changes: a marble rolled on)
        played = Position.footprint(position, move, sensing)
        assert (footprint.changes, footprint.turnable) == (played.changes, played.turnable)
        assert played.hidden <= footprint.hidden
        assert all(before[spot] == after[spot] for spot in footprint.hidden)
        assert footprint.must_touch <= footprint.hidden <= spots
        assert footprint.turnable <= {spot for spot, _ in footprint.changes}
    for move, _ in position.illegal_moves():
        assert position.footprint(move, sensing).spots() <= spots


@pytest.mark.parametrize("sensing", list(Sensing), ids=lambda s: s.value)
@pytest.mark.parametrize("case", CASES, ids=str)
def test_a_footprint_is_the_change_of_the_expected_frame(case: Case, sensing: Sensing) -> None:
    check_footprints(case.position(), sensing)


def check_lookups(position: Position[Any], sensing: Sensing) -> None:
    """The lazy questions the recognizer asks give every move the full lists would (more
    is allowed): the moves showing exactly some changes, the moves changing some
    spots, exactly those spots, no board cell;
    the forbidden moves changing some spots; where a piece may end."""
    if position.chance_moves() is not None:
        return
    cells = frozenset(position.game.cells)
    legal = list(position.legal_moves())
    changed = {move: position.footprint(move, sensing).changed_spots() for move in legal}
    shown = {move: position.footprint(move, sensing).changes for move in legal}
    kinds = sorted({changes for changes in shown.values() if changes})
    for changes in random.Random(len(legal)).sample(kinds, min(60, len(kinds))):
        wanted = {move for move in legal if shown[move] == changes}
        assert set(position.moves_showing(changes)) >= wanted, changes
    assert set(position.moves_off_board()) >= {m for m in legal if not changed[m] & cells}
    every = sorted(set(changed.values()), key=sorted)
    for spots in random.Random(len(legal)).sample(every, min(60, len(every))):
        wanted = {move for move in legal if changed[move] == spots}
        assert set(position.moves_changing(spots, exactly=True)) >= wanted
        if not spots:
            continue  # a move that changes nothing (a wait): only the exact question
        one = frozenset({min(spots)})
        assert set(position.moves_changing(one)) >= {m for m in legal if one <= changed[m]}
        illegal = {
            m
            for m, _ in position.illegal_moves()
            if spots <= position.footprint(m, sensing).changed_spots()
        }
        assert {m for m, _ in position.illegal_moves_changing(spots)} >= illegal
    for spot in cells:
        ends = position.destinations(spot)
        if ends is None or ends == (frozenset(), frozenset()):
            continue  # the game lists the moves, or the piece goes nowhere by itself
        moving = [m for m in legal if (spot, EMPTY) in position.footprint(m, sensing).changes]
        reached = set().union(*(changed[m] | position.footprint(m, sensing).hidden for m in moving))
        assert ends[0] | ends[1] == reached - {spot}, spot


@pytest.mark.parametrize("sensing", list(Sensing), ids=lambda s: s.value)
@pytest.mark.parametrize("case", CASES, ids=str)
def test_the_lazy_lookups_miss_no_move(case: Case, sensing: Sensing) -> None:
    check_lookups(case.position(), sensing)


def check_texts(position: Position[Any]) -> None:
    game = position.game
    again = game.position(position.text(), position.options)
    assert again.text() == position.text()
    assert again.turn == position.turn and again.layout() == position.layout()
    assert again.chance_moves() == position.chance_moves()
    moves = playable(position) + [move for move, _ in position.illegal_moves()]
    for move in moves:
        assert position.read_move(position.move_text(move)) == move


@pytest.mark.parametrize("case", CASES, ids=str)
def test_texts_round_trip(case: Case) -> None:
    check_texts(case.position())


def check_outcome(position: Position[Any]) -> None:
    """A finished game has no moves of any kind; one going on always has a next move (a
    player's, or the roll that is due), since each game's rules end a game that has none."""
    legal = list(position.legal_moves())
    chance = position.chance_moves()
    if position.outcome() is not None:
        assert legal == [] and chance is None
        assert list(position.illegal_moves()) == []
        return
    assert legal or chance is not None
    if chance is not None:
        assert legal == [] and chance  # while a roll is due, nobody moves
    assert isinstance(position.end_by_agreement(), Outcome)


@pytest.mark.parametrize("case", CASES, ids=str)
def test_an_outcome_ends_every_move(case: Case) -> None:
    check_outcome(case.position())


@pytest.mark.parametrize("case", CASES, ids=str)
def test_scores_teams_and_dice_fit_the_seats(case: Case) -> None:
    position = case.position()
    game = position.game
    seats = len(game.seats)
    assert len(position.scores()) in (0, seats)
    teams = position.teams()
    if teams is None:
        assert position.team_scores() == ()
    else:
        assert len(teams) == seats and position.scores()
        assert len(position.team_scores()) == max(teams) + 1
        assert sum(position.team_scores()) == sum(position.scores())
    if not game.rolls_dice(position.options):
        assert position.dice() == () and position.chance_moves() is None
    if position.chance_moves() is not None:
        assert position.dice() == ()  # the faces still to use: none before the roll


@pytest.mark.parametrize("case", CASES, ids=str)
def test_a_claim_is_judged_exactly_when_the_game_declares_it(case: Case) -> None:
    position = case.position()
    game = position.game
    text = position.text()
    for claim in game.claims(position.options):
        try:
            assert isinstance(position.claim(claim.name), Outcome)
        except UnknownClaimError:  # pragma: no cover - the failure this test looks for
            pytest.fail(f"{game.name} declares {claim.name!r} but cannot judge it")
        except (ClaimError, GameOverError):
            pass  # the claim does not hold here, which the message says
        assert position.text() == text
    with pytest.raises(UnknownClaimError):
        position.claim("no such claim")


@pytest.mark.parametrize("game", games(), ids=lambda game: game.name)
def test_the_defaults_of_the_contract(game: Game[Any]) -> None:
    for chosen in ({}, *VARIANTS.get(game.name, ())):
        options = game.options(chosen)
        start = game.position(None, options)
        assert game.rolls_dice(options) == (start.chance_moves() is not None)
        assert isinstance(game.first_player_draw(options), FirstPlayerDraw)
        assert isinstance(game.illegal_policy(options), IllegalMovePolicy)
        names = [claim.name for claim in game.claims(options)]
        assert len(set(names)) == len(names)
    formats = game.record_formats()
    assert formats[0] is PLAIN_TEXT
    assert len({f.name for f in formats}) == len(formats)
    for notable in game.bench().positions:
        assert len(list(game.position(notable.text).legal_moves())) == notable.moves
    assert str(game.describe_outcome(Outcome.draw(Termination.AGREEMENT))) == "draw (agreed)"
    won = game.describe_outcome(Outcome.win(Termination.RESIGNATION, 0))
    assert str(won) == f"{game.seats[0].name} wins (resignation)"
    assert game.geometry is game.geometry  # built once
    for stones in start.layout().values():
        assert all(game.label(stone) for stone in stones)


def test_the_random_games_reach_the_middle_game_and_most_reach_the_end() -> None:
    starts = [(case.game, case.options) for case in CASES if case.label == "start"]
    middles = [(case.game, case.options) for case in CASES if case.label == f"ply{MIDDLE[0]}"]
    assert middles == starts
    ended = {case.game for case in CASES if case.label == "end"}
    assert len(ended) >= len(games()) - 1, ended


@pytest.mark.slow
@pytest.mark.parametrize("game", games(), ids=lambda game: game.name)
def test_the_contract_holds_all_along_many_random_games(game: Game[Any]) -> None:
    """The checks above on every tenth position of a few more random games per variant."""
    for chosen in ({}, *VARIANTS.get(game.name, ())):
        options = tuple(sorted(chosen.items()))
        for seed in range(1, 5):
            position = game.position(None, chosen)
            for ply, move in enumerate(random_line(game.name, options, seed)):
                if ply % 10 == 0:
                    check_push_and_pop(position)
                    check_copy(position)
                    for sensing in Sensing:
                        check_footprints(position, sensing)
                    check_texts(position)
                    check_outcome(position)
                position.push_text(move)
            check_outcome(position)


# --- perft: every game's reference numbers, as data ------------------------------------


def test_every_game_has_its_perft_numbers() -> None:
    assert set(games_with_data()) == {game.name for game in product_games()}


@pytest.mark.parametrize("kind", KINDS)
def test_every_game_ships_its_test_data_beside_its_tests(kind: str) -> None:
    """Each of Kiban's games keeps its test data in tests/engine/<game>/ (its perft
    numbers, a win at once, its play's fingerprint), and no data names another game."""
    assert set(games_with(kind)) == {game.name for game in product_games()}, kind
    for name in games_with(kind):
        find_game(name)  # a folder of data is a registered game's
        assert game_data(name, kind), (name, kind)


@pytest.mark.parametrize(
    ("case", "depth"),
    [
        pytest.param(
            case,
            depth,
            id=f"{case.game}-{case.label}-{depth}",
            marks=[pytest.mark.slow] if depth in case.slow else [],
        )
        for name in games_with_data()
        for case in perft_cases(name)
        for depth, _ in case.counts
    ],
)
def test_perft_matches_the_reference_numbers(case: Any, depth: int) -> None:
    position = find_game(case.game).position(case.start, dict(case.options))
    assert position.perft(depth) == case.count(depth), case.source


@pytest.mark.parametrize(
    ("case", "depth"),
    [
        pytest.param(
            case,
            depth,
            id=f"{case.game}-{case.label}-{depth}",
            marks=[pytest.mark.slow] if depth in case.oracle_slow else [],
        )
        for name in games_with_data()
        for case in perft_cases(name)
        for depth in case.oracle_depths
    ],
)
def test_the_games_own_oracle_counts_the_same(case: Any, depth: int) -> None:
    """An implementation of the rules written apart from the engine (a naive referee, an
    outside library) agrees with the reference numbers."""
    oracle = importlib.import_module(f"tests.engine.{case.game}.oracle")
    assert oracle.oracle_perft(dict(case.options), case.start, depth) == case.count(depth)


@pytest.mark.parametrize("name", games_with_data())
def test_perft_leaves_the_position_unchanged_and_is_stable(name: str) -> None:
    plan = unchanged(name)
    position = find_game(name).position()
    for move in plan.moves:
        position.push_text(move)
    before = snapshot(position)
    first = position.perft(plan.depth)
    assert first > 0
    assert snapshot(position) == before
    assert len(position.move_stack) == len(plan.moves)
    assert position.perft(plan.depth) == first
    if plan.equals is not None:
        assert first == plan.equals
