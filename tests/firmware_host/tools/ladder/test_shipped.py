"""The calibration table Kiban ships: every level of each of its own games and engines
measured, and each ahead of the level below by the margin the ladder asks
(docs/levels.md). An outside game's rows are its author's (docs/games.md, "Levels"):
Kiban reads them, and plays its levels uncalibrated when it ships none."""

from __future__ import annotations

import pytest

from engine.registry import find_game
from engine.search.ladder import LadderEngine, ladder
from firmware_host.tools.ladder.rungs import ORDERED, play_ladder, rated, recorded_top_nodes
from tests.registered import product_games

SHIPPED = ladder()
OWN = {game.name for game in product_games()}
CALIBRATED = sorted({(r.game, r.engine) for r in SHIPPED.rungs if r.game in OWN}, key=str)


def test_every_game_is_calibrated_on_the_built_in_search() -> None:
    games = {game for game, engine in CALIBRATED if engine is LadderEngine.BUILTIN}
    assert games == OWN


@pytest.mark.parametrize(("name", "engine"), CALIBRATED)
def test_every_level_is_measured_and_beats_the_level_below(name: str, engine: LadderEngine) -> None:
    game = find_game(name)
    top_nodes = recorded_top_nodes(SHIPPED, name, engine)
    shown = play_ladder(game, engine, 1, table=SHIPPED, pairings="none", top_nodes=top_nodes)
    measured = rated(shown, SHIPPED)
    assert not measured.stale, [(r.first, r.second) for r in measured.stale]
    assert all(rung.rating is not None for rung in measured.rungs)
    scores = {n: measured.above(n) for n in range(1, len(measured.rungs) + 1)}
    assert all(pairing is not None for pairing in scores.values())
    short = {n: f"{p.score:.0%}" for n, p in scores.items() if p is not None and p.score < ORDERED}
    assert not measured.unordered(), short
