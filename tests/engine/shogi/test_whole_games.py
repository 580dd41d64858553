"""The bench's whole-game sample (engine/shogi/whole_games.sfen) is what the corpus of
real records gives, every tenth ply of each whole game (whole_games.py)."""

from __future__ import annotations

from importlib import resources

from engine.shogi.bench import BENCH
from tests.engine.shogi.whole_games import whole_game_positions


def test_the_bench_sample_is_every_tenth_ply_of_the_corpus_whole_games() -> None:
    listed = resources.files("engine.shogi").joinpath(BENCH.whole_games).read_text("utf-8")
    assert listed.splitlines() == whole_game_positions()


def test_the_sample_runs_from_the_opening_to_the_late_middle_game() -> None:
    plies = [int(text.rsplit(" ", 1)[1]) - 1 for text in whole_game_positions()]
    assert min(plies) == 10 and max(plies) == 150 and len(plies) >= 200
    assert sum(ply >= 80 for ply in plies) >= len(plies) // 3
