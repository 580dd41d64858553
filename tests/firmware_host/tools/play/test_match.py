"""``kiban match``: seats from the command line, turned round each game, tallied."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine.registry import find_game
from engine.search import Limits
from firmware_host.cli import main
from firmware_host.opponents.fairy import find_fairy_stockfish
from firmware_host.opponents.players import Players
from firmware_host.opponents.seats import OpponentError
from firmware_host.tools.play.match import make_player, play_match

ROOT = Path(__file__).resolve().parents[4]

LINE = re.compile(
    r"^(?P<spec>[^:]+(:[^:]+)?): (?P<w>\d+) wins?, (?P<d>\d+) draws?, (?P<l>\d+) loss(es)?$"
)


@pytest.mark.parametrize("name", ["dobutsu", "shogi", "abalone"])
def test_random_against_random_prints_a_line_per_seat_and_the_seed(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        [
            "match",
            name,
            "--seats",
            "random,random",
            "--games",
            "2",
            "--seed",
            "5",
            "--max-plies",
            "60",
        ]
    )
    assert code == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("2 games of ") and lines[0].endswith("(seed 5): random, random#2")
    assert [line.split(":")[0] for line in lines[1:3]] == ["game 1 of 2", "game 2 of 2"]
    first, second = (LINE.match(line) for line in lines[3:5])
    assert first is not None and second is not None
    assert first["spec"] == "random" and second["spec"] == "random#2"
    for tally in (first, second):
        assert int(tally["w"]) + int(tally["d"]) + int(tally["l"]) == 2
    assert first["w"] == second["l"] and first["d"] == second["d"]
    assert lines[5].startswith(f"seed 5: 2 games of {name};")


def test_the_same_seed_plays_the_same_games() -> None:
    game = find_game("dobutsu")
    limits = Limits(max_nodes=200)
    runs = [
        play_match(game, ["level:3", "random"], 4, seed=9, limits=limits, max_plies=80)
        for _ in range(2)
    ]
    assert runs[0].lengths == runs[1].lengths
    assert [t.line() for t in runs[0].tallies] == [t.line() for t in runs[1].tallies]


def test_each_seat_moves_first_in_turn() -> None:
    # Over an odd ply cap the seat moving first makes one move more: 6 to 5. The first
    # entry moves first in games 1 and 3, the second in game 2.
    game = find_game("abalone")
    result = play_match(game, ["random", "level:1"], 3, seed=2, max_plies=11)
    assert result.capped == 3
    assert (result.tallies[0].moves, result.tallies[1].moves) == (6 + 5 + 6, 5 + 6 + 5)


def test_a_level_beats_a_random_mover_in_robot_duel() -> None:
    result = play_match(
        find_game("dobutsu"), ["level:6", "random"], 6, seed=1, limits=Limits(max_nodes=500)
    )
    assert result.tallies[0].wins >= 5


def test_stats_give_the_time_and_nodes_of_each_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "dobutsu", "--seats", "level:2,random", "--games", "1", "--stats"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^level:2: \d+ moves, [\d.]+ ms a move, \d+ nodes, \d+ nodes/s$", out, re.M)


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ("random", "2 seats; 1 were given"),
        ("random,level:11", "level must be a number from 1 to 10"),
        ("random,minimax", "is not a seat"),
        ("random,usi:/nowhere/engine", "/nowhere/engine"),
    ],
)
def test_a_bad_seat_is_refused_with_a_message(
    seats: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["match", "dobutsu", "--seats", seats, "--games", "1"]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(
    ("name", "seats", "extra"),
    [
        ("chaturaji", "level:2,random,level:2,random", ["--variant", "mode=teams"]),
        ("robotory", "level:2,random", []),
    ],
)
def test_the_sampled_games_play_a_match_too(
    name: str, seats: str, extra: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["match", name, "--seats", seats, "--games", "1", "--nodes", "20"]
    assert main([*args, "--max-plies", "60", *extra]) == 0
    lines = capsys.readouterr().out.splitlines()
    tallies = [line for line in lines if line.startswith(("level:2", "random"))]
    assert len(tallies) == len(seats.split(","))
    assert all(LINE.match(line) for line in tallies)


# --- the seats of --opponent, engines among them -----------------------------------------


def test_engine_seats_play_a_match_against_a_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert find_fairy_stockfish() is not None, "make engines installs Fairy-Stockfish"
    args = ["match", "dobutsu", "--seats", "engine:1,level:1", "--games", "2"]
    assert main([*args, "--max-plies", "16", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    engine, builtin = (LINE.match(line) for line in lines[3:5])
    assert engine is not None and builtin is not None
    assert (engine["spec"], builtin["spec"]) == ("engine:1", "level:1")
    assert int(engine["w"]) + int(engine["d"]) + int(engine["l"]) == 2
    assert engine["w"] == builtin["l"] and engine["d"] == builtin["d"]


@pytest.mark.parametrize("number", [1, 4, 10])
def test_an_engine_seat_takes_the_level_it_is_given(number: int) -> None:
    assert find_fairy_stockfish() is not None, "make engines installs Fairy-Stockfish"
    players = Players()
    try:
        shogi = find_game("shogi")
        spec = "engine" if number == 10 else f"engine:{number}"
        player = make_player(spec, shogi, shogi.options(), random.Random(0), players)
        assert player.name.endswith(f"(level {number})")
        assert "fairy-stockfish" in player.name
        # a game no engine plays is refused, naming the built-in level to ask for instead
        abalone = find_game("abalone")
        with pytest.raises(OpponentError, match="no outside engine plays Abalone"):
            make_player(spec, abalone, abalone.options(), random.Random(0), players)
    finally:
        players.close()


def test_an_engine_seat_without_the_engine_stops_the_match(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("firmware_host.opponents.fairy.find_fairy_stockfish", lambda: None)
    assert main(["match", "shogi", "--seats", "engine:2,level:1", "--games", "1"]) == 2
    assert "engine:2: Fairy-Stockfish is not installed" in capsys.readouterr().err


def test_a_remote_seat_is_not_a_seat_of_a_match(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "dobutsu", "--seats", "remote,level:1", "--games", "1"]) == 2
    assert "'remote' is not a seat of a match" in capsys.readouterr().err


def test_games_at_the_cap_are_judged_by_the_games_count_and_their_winners_kept() -> None:
    chaturaji = find_game("chaturaji")
    result = play_match(chaturaji, ["random"] * 4, 6, seed=3, max_plies=40)
    assert result.capped == 6 and len(result.winners) == 6
    assert result.decided == sum(bool(winners) for winners in result.winners) > 0
    for index, tally in enumerate(result.tallies):
        assert tally.wins == sum(index in winners for winners in result.winners)
        assert tally.wins + tally.draws + tally.losses == 6
    dobutsu = find_game("dobutsu")
    drawn = play_match(dobutsu, ["random", "random"], 2, seed=3, max_plies=2)
    assert drawn.capped == 2 and drawn.decided == 0 and drawn.winners == [frozenset()] * 2


def test_each_game_is_told_as_it_ends_with_the_tally_so_far() -> None:
    told: list[str] = []
    result = play_match(
        find_game("dobutsu"),
        ["level:2", "random"],
        3,
        seed=1,
        limits=Limits(max_nodes=200),
        report=told.append,
    )
    assert told[0] == "3 games of Robot Duel (Dobutsu shogi) (seed 1): level:2, random"
    assert len(told) == 4
    for number, line in enumerate(told[1:], start=1):
        winners = result.winners[number - 1]
        ended = "level:2 won" if winners == {0} else "random won" if winners else "a draw"
        assert line.startswith(f"game {number} of 3: {ended} in "), line
    assert told[-1].endswith(
        f"so far level:2 {result.tallies[0].wins}, random "
        f"{result.tallies[1].wins}, {result.tallies[0].draws} drawn"
    )


def test_kiban_match_prints_each_game_while_the_match_goes_on() -> None:
    # the README's 20-game match: the first game's line comes long before the last game
    command = [sys.executable, "-m", "firmware_host.cli", "match", "dobutsu"]
    command += ["--seats", "level:3,level:3", "--games", "100000", "--nodes", "300"]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        game = process.stdout.readline()
        assert first.startswith("100000 games of Robot Duel"), first
        assert game.startswith("game 1 of 100000: "), game
        assert process.poll() is None  # told while the match goes on
    finally:
        process.kill()
        process.wait(30)


def test_one_game_is_said_as_one(capsys: pytest.CaptureFixture[str]) -> None:
    """``match --games 1`` said "1 games" (issue 63): a count of one takes the
    singular, in every line that counts."""
    words = ["match", "dobutsu", "--seats", "random,random", "--games", "1", "--seed", "5"]
    assert main([*words, "--max-plies", "60"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("1 game of Robot Duel")
    assert lines[-1].startswith("seed 5: 1 game of dobutsu;")
    tallies = [found for line in lines if (found := LINE.match(line)) is not None]
    assert len(tallies) == 2
    many = {"win": "wins", "draw": "draws", "loss": "losses"}
    for found in tallies:
        for count, word in ((found["w"], "win"), (found["d"], "draw"), (found["l"], "loss")):
            assert f"{count} {word if count == '1' else many[word]}" in found[0]
    assert not any(
        re.search(r"\b1 (games|wins|draws|losses|plies|moves)\b", line) for line in lines
    )
