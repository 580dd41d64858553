"""``kiban ladder``: the matches it plays, the table it writes and reads back."""

from __future__ import annotations

import math
import random
from pathlib import Path

from engine.registry import find_game
from engine.search import BuiltinPlayer, Limits
from engine.search.ladder import Ladder, LadderEngine, Rung
from engine.search.levels import LEVELS
from firmware_host.tools.ladder import run_ladder, summary, write_table
from firmware_host.tools.match import play_players

DOBUTSU = find_game("dobutsu")
TINY = Ladder(
    tuple(Rung("dobutsu", LadderEngine.BUILTIN, n, nodes=30, depth=1) for n in range(1, 11))
)


def test_a_ladder_plays_each_level_against_its_neighbours_and_rates_them(tmp_path: Path) -> None:
    measured = run_ladder(DOBUTSU, LadderEngine.BUILTIN, 2, table=TINY, top_nodes=50, max_plies=30)
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
        "skill = 0\nrating = 1.0\nmargin = 2.0\ngames = 3\n"
    )
    written = write_table(measured, path)
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
