"""``kiban bestmove``: one line, a legal move of the position given, for every game; the
win in one found; Fairy-Stockfish where it plays; and a one-line refusal otherwise."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from engine.game import Position
from engine.registry import find_game, names
from firmware_host.cli import main
from firmware_host.opponents.fairy import find_fairy_stockfish
from tests.engine.game_data import game_data, games_with

ROLLED = re.compile(r"^kiban: rolled first: (?P<roll>.+) \(--seed \d+\)$", re.M)


def bestmove(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[str, str]:
    """The printed move (the one line of standard output) and standard error."""
    assert main(["bestmove", *args]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert len(lines) == 1, out
    return lines[0], err


def asked(name: str, text: str | None, err: str, options: dict[str, str] | None = None) -> Any:
    """The position the move was asked for, with the roll the command drew played."""
    position: Position[Any] = find_game(name).position(text, options)
    rolled = ROLLED.search(err)
    if rolled is not None:
        position.push_text(rolled["roll"])
    return position


def after_random_moves(name: str, seed: int, plies: int = 6) -> str:
    """A position some seeded random moves (and rolls) into a game, not over."""
    rng = random.Random(seed)
    position: Position[Any] = find_game(name).position()
    for _ in range(plies):
        rolls = position.chance_moves()
        moves = list(rolls) if rolls is not None else list(position.legal_moves())
        if position.outcome() is not None or not moves:
            break
        move = rng.choice(moves)
        position.push(move)
        if position.outcome() is not None:
            position.pop()
            break
    return position.text()


@pytest.mark.parametrize("name", names())
def test_the_move_from_the_start_is_one_legal_line(
    name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    move, err = bestmove(capsys, name, "--level", "5", "--seed", "3")
    position = asked(name, None, err)
    assert position.is_legal(position.read_move(move))


@pytest.mark.parametrize("name", names())
@pytest.mark.parametrize("seed", [1, 2])
def test_the_move_in_a_position_some_moves_in_is_legal(
    name: str, seed: int, capsys: pytest.CaptureFixture[str]
) -> None:
    text = after_random_moves(name, seed)
    move, err = bestmove(capsys, name, "--position", text, "--level", "3", "--seed", "7")
    position = asked(name, text, err)
    assert position.is_legal(position.read_move(move))


def test_the_default_is_the_strongest_level(capsys: pytest.CaptureFixture[str]) -> None:
    move, _ = bestmove(capsys, "dobutsu")
    position = find_game("dobutsu").position()
    assert position.is_legal(position.read_move(move))


def win_at_once(name: str) -> tuple[str, dict[str, str]]:
    """A position of the game where the mover has a move that wins the game at once,
    and its options (tests/engine/<game>/win_at_once.json, beside the game's tests)."""
    data = game_data(name, "win_at_once")
    assert data is not None, f"{name} ships no win_at_once.json"
    return data["position"], dict(data["options"])


@pytest.mark.parametrize("name", games_with("win_at_once"))
def test_the_win_at_once_is_played(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    text, options = win_at_once(name)
    variants = [f"--variant={key}={value}" for key, value in options.items()]
    move, err = bestmove(capsys, name, "--position", text, "--level", "8", *variants)
    position = asked(name, text, err, options)
    mover = position.turn
    position.push(position.parse_move(move))
    outcome = position.outcome()
    assert outcome is not None and mover in outcome.winners, move


def test_a_roll_due_needs_a_seed_and_says_how_the_text_gives_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["bestmove", "chaturaji"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err
    assert "dice are still to be rolled" in err and "--seed" in err
    example = re.search(r"as '([^']+)' after", err)
    assert example is not None
    assert find_game("chaturaji").position(example[1]).chance_moves() is None
    # the same seed rolls the same dice, and the move is then the same
    first = bestmove(capsys, "chaturaji", "--seed", "4", "--level", "6")
    assert bestmove(capsys, "chaturaji", "--seed", "4", "--level", "6") == first
    assert ROLLED.search(first[1]) is not None


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess"], "no game called 'chess'"),
        (["shogi", "--position", "nonsense"], "'nonsense' is not SFEN"),
        (["dobutsu", "--position", "1G1/3/3/1L1 w - 1"], "the game is over"),
        (["dobutsu", "--level", "11"], "level must be a number from 1 to 10"),
        (["abalone", "--engine"], "no USI engine plays Abalone"),
        (["chaturaji", "--engine", "2", "--seed", "1"], "no USI engine plays Chaturaji"),
        (["dobutsu", "--player", "usi:/nowhere/engine"], "/nowhere/engine"),
        (["dobutsu", "--player", "remote"], "another board"),
        (["dobutsu", "--variant", "colour=mauve"], "colour"),
    ],
)
def test_what_cannot_be_answered_is_one_line_and_status_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["bestmove", *args]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("kiban: ")
    assert message in err


def test_a_position_with_no_move_is_refused(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = find_game("dobutsu")
    cls = type(game.position())
    monkeypatch.setattr(cls, "legal_moves", lambda self: iter(()))
    assert main(["bestmove", "dobutsu"]) == 2
    assert "no legal move" in capsys.readouterr().err


# --- the engine ---------------------------------------------------------------------------


@pytest.fixture
def fairy_stockfish() -> Path:
    """Debian's Fairy-Stockfish; `make test` installs it, so missing it is a failure."""
    path = find_fairy_stockfish()
    if path is None:
        pytest.fail("Fairy-Stockfish is missing: `make engines` installs it")
    return path


@pytest.mark.parametrize("name", ["dobutsu", "shogi"])
def test_the_engine_answers_a_legal_move(
    name: str, fairy_stockfish: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = after_random_moves(name, 5)
    move, err = bestmove(capsys, name, "--position", text, "--engine", "8")
    assert err == ""  # Fairy-Stockfish answered itself: no note of a fallback
    position = find_game(name).position(text)
    assert position.is_legal(position.read_move(move))


def test_the_engine_finds_the_shogi_mate_in_one(
    fairy_stockfish: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    move, _ = bestmove(capsys, "shogi", "--position", win_at_once("shogi")[0], "--engine")
    assert move == "G*5b"


def test_the_engine_finds_the_robot_duel_mate_in_one(
    fairy_stockfish: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # tests/firmware_host/opponents/test_fairy_stockfish.py: the engine's own mate in one
    move, _ = bestmove(capsys, "dobutsu", "--position", "lge/3/L1G/E1c b C 11", "--engine=9")
    position = find_game("dobutsu").position("lge/3/L1G/E1c b C 11")
    assert position.is_legal(position.read_move(move))


def test_without_fairy_stockfish_the_engine_is_refused(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("firmware_host.opponents.fairy.find_fairy_stockfish", lambda: None)
    assert main(["bestmove", "shogi", "--engine"]) == 2
    assert "Fairy-Stockfish is not installed" in capsys.readouterr().err
