"""A sixth game needs its own package (its entry point in ``kiban.games`` among it), its
profiles and its docs: nothing else in Kiban names a game. Shown on the toy race
(``tests/firmware_host/toy_race.py``, a game that lives in the tests only), installed by
its distribution's metadata alone (``tests/installed``) and then taken through the
registry, the conformance kit every game's package runs (``firmware_host.testing``: the
contract, the options, the words, the records, the search), the bench plan and the
outside engines (which do not play it). A game installed from a package of its own, built
and installed by pip, is tests/test_external_game.py's.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import registry
from engine.bench import BenchPlan
from engine.errors import NotationError, UnknownGameError
from engine.outcome import Outcome, Termination
from engine.record import PLAIN_TEXT
from engine.search import analyse, level
from engine.search.sampling_sources import ListedMoves
from engine.search.types import SearchStyle
from firmware_host.notices.declared import IllegalShown
from firmware_host.opponents.errors import EngineUnsupportedError
from firmware_host.opponents.fairy import usi_game, usi_titles
from firmware_host.opponents.usi import UsiPlayer
from firmware_host.store.importing import read_record
from firmware_host.telling.language import Language
from firmware_host.telling.notices import notice_line
from firmware_host.telling.rendering import told
from firmware_host.testing import Check, conformance_checks
from firmware_host.testing.positions import snapshot
from hardware.profile import load_profile
from hardware.profile_base import ProfileError
from tests.firmware_host.toy_race import RACE
from tests.registered import toy_race_installed


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    with toy_race_installed():
        yield


def test_the_registry_finds_it_by_its_entry_point() -> None:
    assert registry.find_game("race") is RACE
    assert registry.find_game(" Race ") is RACE
    own = registry.own_games()  # Kiban's own first, then any other game (by name)
    assert registry.games()[: len(own)] == own and RACE in registry.games()[len(own) :]
    assert RACE not in own and registry.registration("race").package == "kiban-toy-race"
    with pytest.raises(UnknownGameError, match=r"known games: dobutsu, .*robotory, .*race"):
        registry.find_game("chess")


@pytest.mark.parametrize(
    ("name", "check"), conformance_checks(RACE), ids=[name for name, _ in conformance_checks(RACE)]
)
def test_it_passes_the_kit_every_games_package_runs(name: str, check: Check) -> None:
    check(RACE)


def test_the_kit_leaves_out_only_the_board_it_does_not_ship() -> None:
    """The race ships no simulated board: every check of the kit but the recognition of
    moves made on one is its."""
    kept = {name for name, _ in conformance_checks(RACE)}
    assert {name for name, _ in conformance_checks()} - kept == {"recognition"}
    assert RACE.option_specs == ()  # the option contract has nothing of its to try


def test_its_perft_leaves_the_position_unchanged() -> None:
    position = RACE.position()
    position.push_text("roll 2")  # rolled: the moves are the player's
    before = snapshot(position)
    assert position.perft(1) > 0
    position.perft(3)
    assert snapshot(position) == before


def test_a_record_in_another_format_is_refused_by_its_name() -> None:
    with pytest.raises(NotationError, match="a race record is plain text"):
        read_record("position startpos\n", RACE, ".usi")
    assert RACE.record_formats() == (PLAIN_TEXT,) and RACE.record_readers() == ()


def test_its_bench_plan_is_the_default_and_its_board_its_own_profile() -> None:
    assert RACE.bench() == BenchPlan()
    assert RACE.bench().played == () and RACE.bench().profile == "sim"
    with pytest.raises(ProfileError, match="no such file or bundled profile"):
        load_profile(RACE.bench().profile, RACE)  # the profile a sixth game ships


def test_the_built_in_search_plays_it_by_sampling() -> None:
    position = RACE.position()
    position.push_text("roll 2")
    assert RACE.search_style(position.options) is SearchStyle.SAMPLING  # it has dice
    assert isinstance(RACE.move_source(position.options), ListedMoves)
    for number in (5, 10):  # level 1 is the kit's
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
