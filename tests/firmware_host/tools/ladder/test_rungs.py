"""``kiban ladder``: the matches it plays, the table it writes and reads back."""

from __future__ import annotations

import errno
import math
import os
import random
from dataclasses import replace
from pathlib import Path

import pytest

from engine.registry import find_game
from engine.search import BuiltinPlayer, Limits
from engine.search.ladder import (
    Ladder,
    LadderEngine,
    LadderError,
    PlayVersion,
    Rung,
    play_version,
    read_ladder,
)
from engine.search.levels import LEVELS
from firmware_host.store.replacing import ReplaceError
from firmware_host.tools.ladder.fit import Pairing
from firmware_host.tools.ladder.rungs import (
    LadderRunError,
    Measured,
    each_pairing,
    pairings_named,
    play_ladder,
    rated,
    run_ladder,
    summary,
    together,
)
from firmware_host.tools.ladder.table_file import load_table, table_text, write_table
from firmware_host.tools.play.match import play_players

DOBUTSU = find_game("dobutsu")
TINY = Ladder(
    tuple(Rung("dobutsu", LadderEngine.BUILTIN, n, nodes=30, depth=1) for n in range(1, 11))
)
CHATURAJI = find_game("chaturaji")
TINY_FOUR = Ladder(
    tuple(Rung("chaturaji", LadderEngine.BUILTIN, n, nodes=4, depth=1) for n in range(1, 11))
)
"""A four-seat game's ladder, as cheap as it gets."""


def above(measured: Measured, number: int) -> Pairing:
    """Level ``number``'s games against the level below it, which ``measured`` has."""
    pairing = measured.above(number)
    assert pairing is not None, number
    return pairing


def test_a_ladder_plays_each_level_against_its_neighbours_and_rates_them(tmp_path: Path) -> None:
    played = play_ladder(DOBUTSU, LadderEngine.BUILTIN, 2, table=TINY, top_nodes=50, max_plies=30)
    measured = rated(played, TINY)
    assert measured == run_ladder(
        DOBUTSU, LadderEngine.BUILTIN, 2, table=TINY, top_nodes=50, max_plies=30
    )  # seeded: the same games again
    assert [rung.level for rung in measured.rungs] == list(range(1, len(LEVELS) + 1))
    assert all(rung.nodes == 30 and rung.depth == 1 for rung in measured.rungs)
    assert [rung.games for rung in measured.rungs] == [4] * len(LEVELS)
    assert [anchor.name for anchor in measured.anchors] == ["random", "top"]
    assert measured.anchors[0].rating == 0.0
    assert len(measured.pairings) == len(LEVELS) + 1
    assert all(pairing.games == 2 for pairing in measured.pairings)
    assert len(list(summary(measured))) == 2 + len(LEVELS) + 2

    path = tmp_path / "ladder.toml"
    other = Rung(
        "shogi", LadderEngine.FAIRY, 5, nodes=100, skill=0, rating=1.0, margin=2.0, games=3
    )
    path.write_text(
        '[[rung]]\ngame = "shogi"\nengine = "fairy"\nlevel = 5\nnodes = 100\n'
        "skill = 0\nrating = 1.0\nmargin = 2.0\ngames = 3\n" + table_text(TINY)
    )  # the parameters the run played with are the table's
    assert write_table(played, path) == measured
    written = load_table(path)
    assert written.anchors[1].rating == round(measured.anchors[1].rating, 1)
    assert written.rung("shogi", LadderEngine.FAIRY, 5) == other  # other games are kept
    assert written.rung("dobutsu", LadderEngine.BUILTIN, 3) == measured.rungs[2]


def test_random_openings_make_players_that_never_err_play_different_games() -> None:
    strong = LEVELS[7]
    assert strong.blunder == 0

    def games(opening_plies: int) -> list[tuple[int, int]]:
        players = [BuiltinPlayer(strong, random.Random(seat)) for seat in range(2)]
        result = play_players(
            DOBUTSU,
            players,
            ["a", "b"],
            8,
            seed=3,
            options=DOBUTSU.options(None),
            max_plies=200,
            limits=Limits(max_nodes=300, deadline=math.inf),
            opening_plies=opening_plies,
        )
        return list(zip(result.lengths[::2], result.lengths[1::2], strict=True))

    assert len(set(games(0))) == 1  # the same two games, over and over
    opened = games(2)
    assert len(set(opened)) > 1
    assert opened == games(2)  # seeded: the same openings again


def test_pairings_are_named_by_the_upper_level_a_range_or_the_top() -> None:
    assert pairings_named("1-3,top") == (
        ("level:1", "random"),
        ("level:2", "level:1"),
        ("level:3", "level:2"),
        ("top", "level:10"),
    )
    assert pairings_named("5, 4-5") == (("level:5", "level:4"), ("level:4", "level:3"))
    assert pairings_named("none") == ()
    assert each_pairing("1-3,top") == ["1", "2", "3", "top"]  # played and written one by one
    assert each_pairing("none") == []
    for wrong in ("0", "3-2", "11", "x", "2-top"):
        with pytest.raises(LadderRunError):
            pairings_named(wrong)


def test_a_run_of_some_pairings_is_fitted_with_the_tables_other_results(tmp_path: Path) -> None:
    path = tmp_path / "ladder.toml"
    path.write_text(table_text(TINY))
    low = play_ladder(DOBUTSU, LadderEngine.BUILTIN, 2, table=TINY, pairings="1-2", max_plies=30)
    first = write_table(low, path)
    assert [r.rating is not None for r in first.rungs] == [True, True] + [False] * 8
    assert [anchor.name for anchor in first.anchors] == ["random"]
    assert first.unordered() == [n for n in (1, 2) if above(first, n).score < 0.6]

    # another pairing, run apart: the table's results for levels 1-2 count beside it
    high = play_ladder(DOBUTSU, LadderEngine.BUILTIN, 2, table=TINY, pairings="3", max_plies=30)
    both = write_table(high, path)
    assert [p.first for p in both.pairings] == ["level:1", "level:2", "level:3"]
    assert all(rung.games == 4 for rung in both.rungs[:2]) and both.rungs[2].games == 2
    assert read_ladder(path.read_text()).results == both.results  # written and read back

    # runs of single pairings join into one, as a run of both would have played them
    joined = together([low, high])
    assert [(r.first, r.second) for r in joined.results] == [
        ("level:1", "random"),
        ("level:2", "level:1"),
        ("level:3", "level:2"),
    ]
    assert rated(joined, TINY).rungs == both.rungs
    with pytest.raises(LadderRunError):
        together([low, replace(high, rungs=high.rungs[1:])])

    # the same pairing and seed again replaces it; another seed adds its games
    again = write_table(
        play_ladder(DOBUTSU, LadderEngine.BUILTIN, 2, table=TINY, pairings="3", max_plies=30), path
    )
    assert above(again, 3).games == 2
    more = play_ladder(
        DOBUTSU, LadderEngine.BUILTIN, 2, seed=2, table=TINY, pairings="3", max_plies=30
    )
    assert above(write_table(more, path), 3).games == 4

    # a level whose parameters change loses the results it played with
    changed = Ladder(tuple(replace(r, nodes=60) if r.level == 2 else r for r in TINY.rungs), (), ())
    redone = rated(
        play_ladder(DOBUTSU, LadderEngine.BUILTIN, 2, table=changed, pairings="1", max_plies=30),
        load_table(path),
    )
    assert {(r.first, r.second) for r in redone.stale} == {
        ("level:2", "level:1"),
        ("level:3", "level:2"),
    }
    assert [p.first for p in redone.pairings] == ["level:1"]
    assert redone.rungs[1].rating is None and redone.rungs[1].nodes == 60

    # a level edited in the table while a run played keeps its edit; the run's
    # results for it are dropped
    path.write_text(table_text(changed))
    kept = write_table(high, path)
    assert [(r.first, r.second) for r in kept.stale] == [("level:3", "level:2")]
    edited = load_table(path).rung("dobutsu", LadderEngine.BUILTIN, 2)
    assert edited is not None and edited.nodes == 60


def test_a_four_seat_pairing_counts_each_game_once_for_the_side_that_won_it() -> None:
    played = play_ladder(
        CHATURAJI, LadderEngine.BUILTIN, 4, table=TINY_FOUR, pairings="1", max_plies=30
    )
    (result,) = played.results
    counts = (result.wins, result.draws, result.losses)
    assert sum(counts) == 4 and all(0 <= count <= 4 for count in counts)
    assert result.judged  # capped games were judged by points


def test_results_from_before_capped_games_were_judged_are_dropped_where_the_game_counts() -> None:
    played = play_ladder(
        CHATURAJI, LadderEngine.BUILTIN, 2, table=TINY_FOUR, pairings="1", max_plies=30
    )
    (fresh,) = played.results
    drawn_as_before = replace(fresh, seed=9, draws=1, judged=False)
    clean_as_before = replace(fresh, seed=8, draws=0, judged=False)
    table = replace(TINY_FOUR, results=(drawn_as_before, clean_as_before))
    measured = rated(played, table)
    assert drawn_as_before in measured.stale and clean_as_before not in measured.stale
    # a game that counts nothing was drawn at the cap before as now: its results stand
    low = play_ladder(DOBUTSU, LadderEngine.BUILTIN, 2, table=TINY, pairings="1", max_plies=30)
    (mine,) = low.results
    old = replace(mine, seed=9, draws=1, judged=False)
    assert old not in rated(low, replace(TINY, results=(old,))).stale


def test_results_played_by_another_version_of_the_computer_stop_counting(tmp_path: Path) -> None:
    low = play_ladder(DOBUTSU, LadderEngine.BUILTIN, 2, table=TINY, pairings="1", max_plies=30)
    (mine,) = low.results
    now = play_version(DOBUTSU)
    assert mine.version == low.version == now
    older = replace(mine, seed=9, version=PlayVersion(now.search, now.game - 1))
    unversioned = replace(mine, seed=8, version=None)
    measured = rated(low, replace(TINY, results=(older, unversioned)))
    assert set(measured.stale) == {older, unversioned}
    assert measured.results == (mine,)

    # an older computer's run that ends after a newer one's is the one dropped
    newer = replace(mine, seed=7, version=PlayVersion(now.search + 1, 1))
    late = rated(low, replace(TINY, results=(newer,)))
    assert late.stale == (mine,) and late.results == (newer,)

    # the version is written with the result and read back
    path = tmp_path / "ladder.toml"
    path.write_text(table_text(TINY))
    write_table(low, path)
    assert [r.version for r in load_table(path).results] == [now]


def test_a_run_measures_against_the_top_anchor_the_table_last_used() -> None:
    from engine.search.ladder import Result
    from firmware_host.tools.ladder.rungs import TOP_NODES, recorded_top_nodes

    def top(nodes: int, game: str = "dobutsu") -> Result:
        plays = f"fairy nodes {nodes}, skill 20, blunder 0.0"
        return Result(game, LadderEngine.FAIRY, "top", "level:10", plays, "x", 1, 1, 0, 0)

    assert recorded_top_nodes(Ladder(), "dobutsu", LadderEngine.FAIRY) == TOP_NODES
    table = Ladder(results=(top(20000), top(400000), top(50000, "shogi")))
    assert recorded_top_nodes(table, "dobutsu", LadderEngine.FAIRY) == 400000
    assert recorded_top_nodes(table, "shogi", LadderEngine.FAIRY) == 50000
    assert recorded_top_nodes(table, "dobutsu", LadderEngine.BUILTIN) == TOP_NODES


def test_the_table_is_replaced_whole_never_rewritten_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run killed while it writes the table leaves it whole: the new table is written
    beside it and renamed over it (a reader that opened it before reads the old one
    whole), and a write that fails (a full disk) leaves the table as it was."""
    path = tmp_path / "ladder.toml"
    path.write_text(table_text(TINY))
    before = path.read_text()
    low = play_ladder(DOBUTSU, LadderEngine.BUILTIN, 2, table=TINY, pairings="1-2", max_plies=30)
    with path.open(encoding="utf-8") as reader:
        written = write_table(low, path)
        assert reader.read() == before
    assert load_table(path).results == written.results
    after = path.read_text()

    def no_room(_: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", no_room)
    high = play_ladder(DOBUTSU, LadderEngine.BUILTIN, 2, table=TINY, pairings="3", max_plies=30)
    with pytest.raises(ReplaceError):
        write_table(high, path)
    assert path.read_text() == after
    assert [p.name for p in tmp_path.iterdir()] == ["ladder.toml"]


class Killed(BaseException):
    """A kill: none of the writer's ``except OSError`` runs."""


def test_a_kill_between_the_write_and_the_rename_leaves_the_table_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The new table left beside it is removed by the next run's write."""
    path = tmp_path / "ladder.toml"
    path.write_text(table_text(TINY))
    before = path.read_text()
    low = play_ladder(DOBUTSU, LadderEngine.BUILTIN, 2, table=TINY, pairings="1", max_plies=30)

    def refused(*_: object) -> None:
        raise OSError(errno.EIO, "Input/output error")

    def killed(*_: object) -> None:
        raise Killed

    with monkeypatch.context() as patched:
        patched.setattr(os, "replace", refused)
        with pytest.raises(ReplaceError, match=f"cannot write {path}"):
            write_table(low, path)
        assert path.read_text() == before
        assert [p.name for p in tmp_path.iterdir()] == ["ladder.toml"]
        patched.setattr(os, "replace", killed)
        with pytest.raises(Killed):
            write_table(low, path)
    assert path.read_text() == before and load_table(path) == TINY
    [left] = [p for p in tmp_path.iterdir() if p.name != "ladder.toml"]
    assert left.name.startswith(".ladder.toml.") and left.read_text() != before
    written = write_table(low, path)
    assert load_table(path).results == written.results
    assert [p.name for p in tmp_path.iterdir()] == ["ladder.toml"]


@pytest.mark.parametrize("damage", ["empty", "blank", "cut in an entry", "directory"])
def test_an_empty_or_torn_table_is_refused_by_name_and_left_as_it_is(
    tmp_path: Path, damage: str
) -> None:
    """Merged into, it would be written back with this run's levels only."""
    path = tmp_path / "ladder.toml"
    text = table_text(TINY)
    match damage:
        case "empty":
            path.write_bytes(b"")
        case "blank":
            path.write_text("\n  \n")
        case "cut in an entry":
            path.write_text(text[: text.index("engine = ", len(text) // 2) + 12])
        case _:
            path.mkdir()
    before = path.read_bytes() if path.is_file() else None
    low = play_ladder(DOBUTSU, LadderEngine.BUILTIN, 2, table=TINY, pairings="1", max_plies=30)
    for attempt in (lambda: load_table(path), lambda: write_table(low, path)):
        with pytest.raises(LadderError) as refused:
            attempt()
        assert str(path) in str(refused.value)
    assert (path.read_bytes() if path.is_file() else None) == before
    assert path.is_dir() is (damage == "directory")
