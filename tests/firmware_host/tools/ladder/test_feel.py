"""How a level plays by feel is the calibration table's, not its level number's."""

from __future__ import annotations

from dataclasses import replace

from engine.search.ladder import Ladder, LadderEngine, Rung, builtin_level, read_ladder, with_feel
from engine.search.levels import LEVELS
from firmware_host.tools.ladder.rungs import (
    play_ladder,
    plays,
    rated,
    rungs_to_measure,
    same_play,
)
from firmware_host.tools.ladder.table_file import table_text
from tests.firmware_host.tools.ladder.test_rungs import DOBUTSU, TINY


def test_a_level_that_plays_by_feel_has_every_feel_setting_written_out() -> None:
    rungs = rungs_to_measure(DOBUTSU, LadderEngine.BUILTIN, TINY)
    first, searcher = rungs[0], rungs[8]
    own = LEVELS[0]
    assert (first.blunder, first.temperature, first.misjudge) == (1.0, 0.1, 0.1)
    assert (first.natural, first.feel_depth, first.overlook) == (0.12, own.feel_depth, 0.0)
    assert "temperature 0.1" in plays(first) and "feel_depth 1" in plays(first)
    # level 9 never plays by feel: nothing about feel is written for it
    assert searcher.temperature is None and searcher.blunder is None
    assert plays(searcher) == "nodes 30, depth 1"
    # written out, they are read back as they were
    table = read_ladder(table_text(Ladder(tuple(rungs))))
    assert table.rung("dobutsu", LadderEngine.BUILTIN, 1) == first


def test_a_row_moved_to_another_level_plays_there_as_it_was_measured() -> None:
    measured_at_1 = rungs_to_measure(DOBUTSU, LadderEngine.BUILTIN, TINY)[0]
    moved = Ladder((replace(measured_at_1, level=6),))
    level = builtin_level("dobutsu", LEVELS[5], moved)
    one = LEVELS[0]
    assert (level.number, level.blunder) == (6, 1.0)
    assert (level.temperature, level.misjudge, level.natural) == (
        one.temperature,
        one.misjudge,
        one.natural,
    )
    assert level.feel_depth == one.feel_depth != LEVELS[5].feel_depth
    # and the ladder measures it so: its signature is level 1's, not level 6's own feel
    at_6 = rungs_to_measure(DOBUTSU, LadderEngine.BUILTIN, moved)[5]
    assert plays(at_6) == plays(measured_at_1)


def test_results_recorded_before_feel_was_written_out_count_while_the_feel_is_the_same() -> None:
    played = play_ladder(DOBUTSU, LadderEngine.BUILTIN, 2, table=TINY, pairings="1", max_plies=30)
    (fresh,) = played.results
    assert "temperature" in fresh.first_plays
    before = replace(fresh, seed=9, first_plays="nodes 30, depth 1")  # the old signature
    assert before not in rated(played, replace(TINY, results=(before,))).stale

    # the table's level 1 now plays hotter: what it played before says nothing of it
    hotter = Ladder(tuple(replace(r, temperature=0.5) if r.level == 1 else r for r in TINY.rungs))
    replayed = play_ladder(
        DOBUTSU, LadderEngine.BUILTIN, 2, table=hotter, pairings="1", max_plies=30
    )
    spelled = replace(fresh, seed=5)  # written out, at the feel it had then
    measured = rated(replayed, replace(hotter, results=(before, spelled)))
    assert set(measured.stale) == {before, spelled}


def test_feel_settings_count_only_for_a_level_that_plays_by_feel() -> None:
    assert same_play("level:9", "nodes 30, depth 1", "nodes 30, depth 1, blunder 0.0")
    assert same_play("level:9", "nodes 30, depth 1", "nodes 30, depth 1, temperature 0.9")
    assert not same_play("level:9", "nodes 30, depth 1", "nodes 30, depth 1, blunder 0.1")
    assert not same_play("level:9", "nodes 30, depth 1", "nodes 40, depth 1")
    assert same_play("level:2", "nodes 30", "nodes 30, blunder 1.0, misjudge 0.06")
    assert not same_play("level:2", "nodes 30", "nodes 30, misjudge 0.2")
    assert not same_play("level:2", "nodes 30", "not a signature")
    # the anchors are compared as written
    assert not same_play("top", "fairy nodes 20000", "fairy nodes 20000, skill 20")


def test_an_outside_engines_weak_level_takes_only_its_feel_from_the_table() -> None:
    rung = Rung("shogi", LadderEngine.FAIRY, 3, nodes=100, skill=-20, temperature=0.7, overlook=0.2)
    level = with_feel(LEVELS[2], rung)
    assert (level.temperature, level.overlook) == (0.7, 0.2)
    assert level.blunder == LEVELS[2].blunder  # not in the table: the level's own
    assert (level.nodes, level.depth) == (LEVELS[2].nodes, LEVELS[2].depth)  # the engine's own
    assert with_feel(LEVELS[2], None) == LEVELS[2]


def test_a_selective_level_is_written_as_toml_says_it_and_compared_so() -> None:
    rung = replace(TINY.rungs[8], selective=True)
    assert plays(rung) == "nodes 30, depth 1, selective true"
    assert read_ladder(table_text(Ladder((rung,)))).rungs == (rung,)
    now = "nodes 30, depth 1, selective true, blunder 0.0"
    assert same_play("level:9", "nodes 30, depth 1, selective true", now)
    assert not same_play("level:9", "nodes 30, depth 1", now)
    assert not same_play("level:9", "nodes 30, depth 1, selective false", now)
