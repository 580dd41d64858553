"""The calibration table the product reads: it loads, and maps every level of every
game and engine to parameters (the table's, or the level's own where it has none)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from engine.registry import find_game, games
from engine.search.ladder import (
    SEARCH_VERSION,
    Ladder,
    LadderEngine,
    LadderError,
    PlayVersion,
    Result,
    Rung,
    builtin_level,
    game_ladder,
    ladder,
    ladder_file,
    play_version,
    read_ladder,
)
from engine.search.levels import LEVELS
from engine.search.play import PI_NODES_PER_SECOND, level_limits
from tests.registered import product_games

SHIPPED = ladder()
KNOWN = {game.name for game in games()}
ROOT = Path(__file__).resolve().parents[3]


def test_each_game_carries_its_own_rows_beside_its_package() -> None:
    """A game's levels are its own, as its words are: its rows of the table are in
    its package (engine/<game>/ladder.toml, where ``kiban ladder`` writes them), no
    shared file holds them, and the whole table is every game's rows together."""
    for game in product_games():
        path = ladder_file(game)
        assert path == ROOT / "engine" / game.name / "ladder.toml"
        own = ladder(path)
        assert own.rungs, f"{game.name} ships its levels"
        named = {r.game for r in own.rungs} | {a.game for a in own.anchors}
        assert named | {r.game for r in own.results} == {game.name}
        assert game_ladder(game.name) == own
    assert not list((ROOT / "engine" / "search").glob("*.toml"))
    assert SHIPPED.rungs == tuple(r for g in games() for r in ladder(ladder_file(g)).rungs)


def test_the_shipped_table_loads_and_names_only_known_games_and_levels() -> None:
    assert SHIPPED.rungs, "the calibration table ships with entries"
    for rung in SHIPPED.rungs:
        assert rung.game in KNOWN
        assert 1 <= rung.level <= len(LEVELS)
        # a level is measured (rating, margin, games) or only given parameters (games 0)
        measured = rung.rating is not None and rung.margin is not None and rung.games > 0
        assert measured or (rung.games == 0 and rung.rating is None)
    assert any(rung.games > 0 for rung in SHIPPED.rungs)
    keys = [(rung.game, rung.engine, rung.level) for rung in SHIPPED.rungs]
    assert len(keys) == len(set(keys)), "one entry per game, engine and level"


@pytest.mark.parametrize("name", sorted(KNOWN))
def test_every_level_of_every_game_maps_to_a_budget(name: str) -> None:
    for level in LEVELS:
        played = builtin_level(name, level)
        assert played.number == level.number
        budget = level_limits(played).max_nodes
        assert budget is not None and budget > 0
        rung = SHIPPED.rung(name, LadderEngine.BUILTIN, level.number)
        if rung is None:
            assert played == level  # today's mapping: the level's own parameters
        else:
            assert budget == (rung.nodes or round(level.seconds * PI_NODES_PER_SECOND))
        fairy = SHIPPED.rung(name, LadderEngine.FAIRY, level.number)
        assert fairy is None or fairy.nodes is None or fairy.nodes > 0


def test_a_table_entry_replaces_the_levels_parameters_and_only_its_level() -> None:
    table = Ladder((Rung("dobutsu", LadderEngine.BUILTIN, 4, nodes=777, depth=3, blunder=0.1),))
    tuned = builtin_level("dobutsu", LEVELS[3], table)
    assert tuned == replace(LEVELS[3], nodes=777, playouts=777, depth=3, blunder=0.1)
    assert level_limits(tuned).max_nodes == 777
    assert builtin_level("dobutsu", LEVELS[4], table) == LEVELS[4]
    assert builtin_level("shogi", LEVELS[3], table) == LEVELS[3]
    # a parameter of one level, alone in its entry, is read and played
    one: tuple[tuple[str, int, str, Any], ...] = (
        ("dobutsu", 3, "temperature", 0.2),
        ("robotory", 1, "overlook", 0.5),
        ("abalone", 10, "selective", True),
    )
    for game, number, name, value in one:
        given: dict[str, Any] = {name: value}
        alone = Ladder((replace(Rung(game, LadderEngine.BUILTIN, number), **given),))
        assert getattr(builtin_level(game, LEVELS[number - 1], alone), name) == value
        text = f'[[rung]]\ngame = "{game}"\nengine = "builtin"\nlevel = {number}\n'
        written = str(value).lower()  # TOML's true
        assert read_ladder(f"{text}{name} = {written}\n").rungs == alone.rungs


def test_the_table_text_is_read_back() -> None:
    table = read_ladder(
        '[[rung]]\ngame = "shogi"\nengine = "fairy"\nlevel = 2\nskill = -15\nnodes = 100\n'
        "rating = 250.5\nmargin = 80.0\ngames = 40\n"
        '[[anchor]]\ngame = "shogi"\nengine = "fairy"\nname = "random"\n'
        "rating = 0.0\nmargin = 0.0\ngames = 20\n"
    )
    rung = table.rung("shogi", LadderEngine.FAIRY, 2)
    assert rung == Rung(
        "shogi", LadderEngine.FAIRY, 2, nodes=100, skill=-15, rating=250.5, margin=80.0, games=40
    )
    assert table.anchors[0].name == "random"


def test_the_results_behind_the_ratings_are_read_back() -> None:
    table = read_ladder(
        '[[result]]\ngame = "shogi"\nengine = "fairy"\nfirst = "level:2"\n'
        'second = "level:1"\nfirst_plays = "nodes 200, skill -16"\n'
        'second_plays = "nodes 100, skill -20"\nseed = 3\nwins = 7\ndraws = 1\nlosses = 2\n'
    )
    assert table.results == (
        Result(
            "shogi",
            LadderEngine.FAIRY,
            "level:2",
            "level:1",
            "nodes 200, skill -16",
            "nodes 100, skill -20",
            3,
            7,
            1,
            2,
        ),
    )
    assert not table.rungs
    assert table.results[0].version is None  # recorded before versions were: never current


RESULT = (
    '[[result]]\ngame = "abalone"\nengine = "builtin"\nfirst = "level:2"\n'
    'second = "level:1"\nfirst_plays = "nodes 20"\nsecond_plays = "nodes 10"\n'
    "seed = 3\nwins = 7\ndraws = 1\nlosses = 2\n"
)


def test_a_result_says_which_computer_played_it() -> None:
    (result,) = read_ladder(RESULT + 'version = "2.13"\n').results
    assert result.version == PlayVersion(2, 13)
    assert PlayVersion.read(result.version.text()) == result.version
    assert PlayVersion(1, 9) < PlayVersion(2, 1) < PlayVersion(2, 2)  # the search's first
    assert play_version(find_game("abalone")) == PlayVersion(
        SEARCH_VERSION, find_game("abalone").play_version
    )


@pytest.mark.parametrize(
    "line", ['version = "2"', 'version = "two.1"', 'version = "1."', "version = 2"]
)
def test_a_version_that_is_not_two_numbers_and_a_dot_is_a_ladder_error(line: str) -> None:
    with pytest.raises(LadderError, match="version is two whole numbers and a dot"):
        read_ladder(f"{RESULT}{line}\n")


@pytest.mark.parametrize(
    "text",
    [
        "not toml [",
        '[[rung]]\ngame = "shogi"\nengine = "elsewhere"\nlevel = 1\n',
        '[[rung]]\ngame = "abalone"\nengine = "builtin"\nlevel = 9\nselective = 1\n',
        '[[rung]]\ngame = "abalone"\nengine = "builtin"\nlevel = 9\nfrom_a_newer_kiban = 3\n',
        "[[rung]]\n",
        '[[result]]\ngame = "shogi"\n',
    ],
)
def test_a_broken_table_is_a_ladder_error(text: str) -> None:
    with pytest.raises(LadderError):
        read_ladder(text)
