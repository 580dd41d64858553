"""A sixth game needs its own package (its entry point in ``kiban.games`` among it), its
profiles and its docs: nothing else in Kiban names a game. Shown on the toy race
(``tests/firmware_host/toy_race.py``, a game that lives in the tests only), installed by
its distribution's metadata alone (``tests/installed``) and then taken through the
generic consumers: the registry, the contract every game keeps, the option contract, the
plain-text records, the bench plan, the built-in search and the outside engines (which
do not play it).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from engine import registry
from engine.bench import BenchPlan
from engine.errors import NotationError, UnknownGameError
from engine.game import Position
from engine.outcome import Outcome, Termination
from engine.physical import Sensing
from engine.record import PLAIN_TEXT, write_plain_text
from engine.search import analyse, level
from engine.search.sampling_sources import ListedMoves
from engine.search.types import SearchStyle
from firmware_host.notices.declared import IllegalShown
from firmware_host.opponents.errors import EngineUnsupportedError
from firmware_host.opponents.fairy import usi_game, usi_titles
from firmware_host.opponents.usi import UsiPlayer
from firmware_host.store.importing import read_record
from firmware_host.store.records import position_record
from firmware_host.telling.language import Language
from firmware_host.telling.notices import notice_line
from firmware_host.telling.said import told
from hardware.profile import load_profile
from hardware.profile_base import ProfileError
from tests.engine import test_contract as contract
from tests.engine.test_game_options import OPTIONS
from tests.firmware_host.toy_race import RACE
from tests.registered import toy_race_installed


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    with toy_race_installed():
        contract.random_line.cache_clear()
        yield
    contract.random_line.cache_clear()


def played(seed: int, plies: int = 30) -> list[Position[Any]]:
    """The positions of a seeded random race (rolls included)."""
    rng = random.Random(seed)
    position: Position[Any] = RACE.position()
    seen: list[Position[Any]] = [position.copy()]
    while len(position.move_stack) < plies and position.outcome() is None:
        position.push(rng.choice(contract.playable(position)))
        seen.append(position.copy())
    return seen


def test_the_registry_finds_it_by_its_entry_point() -> None:
    assert registry.find_game("race") is RACE
    assert registry.find_game(" Race ") is RACE
    assert registry.games()[-1] is RACE and registry.names()[-1] == "race"
    with pytest.raises(UnknownGameError, match="robotory, race"):
        registry.find_game("chess")


def test_it_keeps_the_contract_every_game_keeps() -> None:
    contract.test_the_defaults_of_the_contract(RACE)
    for seed in range(3):
        for position in played(seed):
            contract.check_push_and_pop(position)
            contract.check_copy(position)
            for sensing in Sensing:
                contract.check_footprints(position, sensing)
                contract.check_lookups(position, sensing)
            contract.check_texts(position)
            contract.check_outcome(position)
    for case in contract.cases():
        if case.game == "race":
            contract.check_push_and_pop(case.position())


def test_its_perft_leaves_the_position_unchanged() -> None:
    position = played(1, plies=1)[-1]  # rolled: the moves are the player's
    before = contract.snapshot(position)
    assert position.perft(1) > 0
    position.perft(3)
    assert contract.snapshot(position) == before


def test_the_option_contract_reads_it_from_the_registry() -> None:
    """The race declares no option; the option contract, collected from the registry,
    would check any it declared (it collected the bundled games' at import)."""
    assert RACE.option_specs == ()
    assert all(game is not RACE for game, _ in OPTIONS)


def test_its_records_are_written_and_read_as_plain_text() -> None:
    position = played(4)[-1]
    moves = tuple(position.move_text(move) for move in position.move_stack)
    assert RACE.record_formats() == (PLAIN_TEXT,) and RACE.record_readers() == ()
    text = write_plain_text(position_record(RACE, 1, position, None))
    imported = read_record(text, RACE, ".txt")
    assert imported.moves == moves and imported.start is None
    with pytest.raises(NotationError, match="a race record is plain text"):
        read_record("position startpos\n", RACE, ".usi")


def test_its_bench_plan_is_the_default_and_its_board_its_own_profile() -> None:
    assert RACE.bench() == BenchPlan()
    assert RACE.bench().played == () and RACE.bench().profile == "sim"
    with pytest.raises(ProfileError, match="no such file or bundled profile"):
        load_profile(RACE.bench().profile, RACE)  # the profile a sixth game ships


def test_the_built_in_search_plays_it() -> None:
    position = RACE.position()
    position.push_text("roll 2")
    assert RACE.search_style(position.options) is SearchStyle.SAMPLING  # it has dice
    assert isinstance(RACE.move_source(position.options), ListedMoves)
    for number in (1, 5, 10):
        found = analyse(position, level(number), rng=random.Random(number))
        assert position.is_legal(found.best)
        assert position.text() == "0 1 0 2"


def test_no_outside_engine_is_offered_it(tmp_path: Path) -> None:
    assert usi_game(RACE) is None
    assert usi_titles() == "Robot Duel and Shogi"
    with pytest.raises(EngineUnsupportedError, match="only Robot Duel and Shogi"):
        UsiPlayer(tmp_path / "engine", RACE, level(3))


def test_its_end_is_described_by_its_seats() -> None:
    position = RACE.position("6 1 0 1")
    position.push_text("step 1")
    outcome = position.outcome()
    assert isinstance(outcome, Outcome) and outcome.winners == {0}
    assert str(RACE.describe_outcome(outcome)).startswith("first wins")


def test_every_games_words_are_told_with_it_registered() -> None:
    """A game without words of its own (no ``spoken.py``) once broke the reasons of
    every game, found by import path: the page's line of a Robot Duel illegal move
    raised ``ModuleNotFoundError``. The words are asked of each game now."""
    dobutsu = registry.find_game("dobutsu")
    position = dobutsu.position("gle/1c1/3/ELG b C 1")
    reasons = {position.move_text(move): reason for move, reason in position.illegal_moves()}
    shown = IllegalShown("1d2c", reasons["1d2c"], 0.0)
    assert notice_line(shown, Language.POLISH, "dobutsu").endswith(
        "zielony robot chodzi o jedno pole w pionie lub w poziomie"
    )
    assert notice_line(shown, Language.POLISH)  # with no game named, as a log line
    outcome = Outcome.win(Termination.ENDED_BY_PLAYERS, 1)
    ended = told(RACE.describe_outcome(outcome), Language.POLISH, RACE)
    assert ended == "wygrywa: second (zakończona przez graczy)"  # its seats in English
    assert RACE.piece_words("pl") == {} and RACE.spoken_seats == {}
