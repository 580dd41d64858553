"""USI lines read and written without an engine: what a seat makes of each line."""

from __future__ import annotations

import math

import pytest

from engine.search.types import WIN
from firmware_host.opponents.usi_protocol import (
    MOST_CP_VALUE,
    BestKind,
    BestMove,
    Score,
    engine_name,
    format_go,
    format_position,
    format_setoption,
    parse_bestmove,
    parse_info,
    parse_option,
    skill_for_level,
)


def test_an_info_line_gives_depth_nodes_line_score_and_pv() -> None:
    info = parse_info(
        "info depth 5 seldepth 6 multipv 2 score cp 214 nodes 279 nps 93000 tbhits 0 "
        "time 3 pv 2c2b 1a2b 3d2c C*3c"
    )
    assert info is not None
    assert (info.depth, info.nodes, info.multipv) == (5, 279, 2)
    assert info.score == Score(cp=214)
    assert info.pv == ("2c2b", "1a2b", "3d2c", "C*3c")


def test_mate_scores_are_plies_signed_for_the_mover() -> None:
    win = parse_info("info depth 10 score mate 3 pv 2c2b")
    loss = parse_info("info depth 10 score mate -4 pv 2d3d")
    lost = parse_info("info depth 0 score mate 0")
    assert win is not None and win.score is not None
    assert (win.score.value(), win.score.mate_in()) == (WIN, 3)
    assert loss is not None and loss.score is not None
    assert (loss.score.value(), loss.score.mate_in()) == (-WIN, -4)
    assert lost is not None and lost.score is not None
    assert (lost.score.value(), lost.score.mate_in()) == (-WIN, 0)


def test_a_mate_without_a_count_is_won_or_lost_with_no_ply_count() -> None:
    plus = parse_info("info depth 9 score mate + pv 7g7f")
    minus = parse_info("info depth 9 score mate - pv 7g7f")
    assert plus is not None and plus.score is not None
    assert minus is not None and minus.score is not None
    assert (plus.score.value(), plus.score.mate_in()) == (WIN, None)
    assert (minus.score.value(), minus.score.mate_in()) == (-WIN, None)


def test_a_bound_is_kept_with_its_score() -> None:
    info = parse_info("info depth 7 score cp -35 lowerbound nodes 900 pv 8c8d")
    assert info is not None
    assert info.score == Score(cp=-35, bound="lowerbound")
    assert info.nodes == 900


def test_centipawns_map_into_the_open_interval_monotonically() -> None:
    values = [Score(cp=cp).value() for cp in (-100_000, -600, -1, 0, 1, 600, 100_000)]
    assert values == sorted(values)
    assert values[3] == 0.0
    assert math.isclose(values[5], WIN * math.tanh(1.0))
    assert values[0] == -MOST_CP_VALUE and values[-1] == MOST_CP_VALUE
    assert all(-WIN < value < WIN for value in values)


@pytest.mark.parametrize(
    "line",
    [
        "",
        "info",
        "info string variant dobutsu files 3 ranks 4",
        "info depth x",
        "info score cp",
        "info score cp abc pv 1a1b",
        "info score wdl 1 2 3",
        "bestmove 2c2b",
        "hello",
    ],
)
def test_unreadable_or_scoreless_info_lines_give_no_score(line: str) -> None:
    info = parse_info(line)
    assert info is None or info.score is None


def test_info_string_ends_the_line_even_when_it_looks_like_fields() -> None:
    info = parse_info("info depth 2 string score cp 50 pv 1a1b")
    assert info is not None
    assert (info.depth, info.score, info.pv) == (2, None, ())


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("bestmove 2c2b", BestMove(BestKind.MOVE, "2c2b")),
        ("bestmove 7g7f ponder 3c3d", BestMove(BestKind.MOVE, "7g7f", "3c3d")),
        ("bestmove C*2b ponder", BestMove(BestKind.MOVE, "C*2b")),
        ("bestmove resign", BestMove(BestKind.RESIGN)),
        ("bestmove win", BestMove(BestKind.WIN)),
        ("bestmove   8h2b+  ", BestMove(BestKind.MOVE, "8h2b+")),
    ],
)
def test_bestmove_lines(line: str, expected: BestMove) -> None:
    assert parse_bestmove(line) == expected


@pytest.mark.parametrize("line", ["bestmove", "bestmovex 1a1b", "info pv 1a1b", "", "best 1a1b"])
def test_malformed_bestmove_lines_name_nothing(line: str) -> None:
    assert parse_bestmove(line) is None


def test_option_lines_with_spaced_names_bounds_and_choices() -> None:
    skill = parse_option("option name Skill Level type spin default 20 min -20 max 20")
    variant = parse_option(
        "option name UCI_Variant type combo default shogi var dobutsu var shogi var xiangqi"
    )
    empty = parse_option("option name Debug Log File type string default ")
    path = parse_option("option name SyzygyPath type string default <empty>")
    assert skill is not None and (skill.name, skill.type, skill.default) == (
        "Skill Level",
        "spin",
        "20",
    )
    assert (skill.min, skill.max) == (-20, 20)
    assert variant is not None and variant.choices == ("dobutsu", "shogi", "xiangqi")
    assert empty is not None and (empty.name, empty.default) == ("Debug Log File", "")
    assert path is not None and path.default == "<empty>"


@pytest.mark.parametrize(
    "line", ["option", "option name", "option name Hash", "option name type spin", "id name X"]
)
def test_malformed_option_lines_are_none(line: str) -> None:
    assert parse_option(line) is None


def test_engine_name_comes_from_id_name() -> None:
    assert engine_name("id name Fairy-Stockfish 11.1 LB 64") == "Fairy-Stockfish 11.1 LB 64"
    assert engine_name("id author Fabian Fichter") is None


def test_commands_are_written_as_usi_expects() -> None:
    assert format_setoption("Skill Level", "-3") == "setoption name Skill Level value -3"
    assert format_position("gle/1c1/1C1/ELG b - 1", []) == "position sfen gle/1c1/1C1/ELG b - 1"
    assert (
        format_position("gle/1c1/1C1/ELG b - 1", ["2c2b", "1a2b"])
        == "position sfen gle/1c1/1C1/ELG b - 1 moves 2c2b 1a2b"
    )
    assert format_go(500) == "go btime 0 wtime 0 byoyomi 500"
    assert format_go(0, depth=3, nodes=1000) == "go depth 3 nodes 1000 btime 0 wtime 0 byoyomi 1"


def test_levels_spread_over_the_skill_range_with_the_top_at_full_strength() -> None:
    skills = [skill_for_level(number, 10, -20, 20) for number in range(1, 11)]
    assert skills[0] == -20 and skills[-1] == 20
    assert skills == sorted(skills) and len(set(skills)) == 10
    assert skill_for_level(1, 1, 0, 20) == 20
