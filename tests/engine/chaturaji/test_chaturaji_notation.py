"""Position text and move text: canonical writing, strict reading, round trips, replays."""

from __future__ import annotations

import random

import pytest

from engine.chaturaji import (
    Decision,
    Exchange,
    LostTurn,
    RemoveKing,
    ReturnKing,
    Roll,
    Step,
)
from engine.errors import NotationError
from tests.engine.chaturaji.helpers import choose, names, position, random_game, text

VARIANTS = [
    {},
    {"mode": "teams"},
    {"dice": "2"},
    {"dice": "0"},
    {"mode": "teams", "dice": "0", "frozen": "on", "goal": "kings"},
    {"ranks": "on", "seats": "black,green,yellow"},
]


@pytest.mark.parametrize(
    ("move", "written"),
    [
        (Step.of("b1", "c3"), "b1c3"),
        (Step.of("e7", "e8", 3), "e7e8=H"),
        (Exchange(60, 4), "e8=E"),
        (Roll((3,)), "roll 3"),
        (Roll((5, 2)), "roll 5 2"),
        (LostTurn(), "pass"),
        (Decision.OFFER, "offer exchange"),
        (Decision.NO_OFFER, "no exchange"),
        (Decision.ACCEPT, "accept exchange"),
        (Decision.DECLINE, "decline exchange"),
        (ReturnKing(0, 36), "return king to e5"),
        (RemoveKing(3), "remove king d1"),
    ],
)
def test_move_text_and_back(move: object, written: str) -> None:
    pos = position()
    assert pos.move_text(move) == written  # type: ignore[arg-type]
    assert pos.read_move(written) == move
    assert pos.read_move(f"  {written} ") == move


@pytest.mark.parametrize(
    ("written", "problem"),
    [
        ("", "empty"),
        ("e2", "not a Chaturaji move"),
        ("e2e2", "does not move the piece"),
        ("i2e3", "not a Chaturaji move"),
        ("e7e8=Q", "not a Chaturaji move"),
        ("e7e8=h", "not a Chaturaji move"),
        ("roll 6", "faces 2 to 5"),
        ("roll 1", "faces 2 to 5"),
        ("roll 2 3 4", "faces 2 to 5"),
        ("E2E3", "not a Chaturaji move"),
        ("Pass", "not a Chaturaji move"),
    ],
)
def test_bad_move_text(written: str, problem: str) -> None:
    with pytest.raises(NotationError, match=problem):
        position().read_move(written)


def test_a_returning_king_is_read_as_the_one_due() -> None:
    pieces = {"a1": "kK", "a2": "kE", "b7": "gH", "f8": "rE", "h1": "yK", "e8": "gE"}
    pos = position(text(pieces, faces="-", extras="return:kr"), mode="teams")
    assert pos.read_move("return king to d4") == ReturnKing(2, 27)
    assert pos.turn == 2


@pytest.mark.parametrize("options", VARIANTS)
def test_the_text_holds_the_whole_state(options: dict[str, str]) -> None:
    """Chaturaji keeps no history: a position read from its text is the same state,
    with the same moves and the same end."""
    seen = set()
    for seed in range(3):
        for pos in random_game(seed, 250, **options):
            written = pos.text()
            seen.add(written)
            again = position(written, **options)
            assert again.state == pos.state
            assert again.outcome() == pos.outcome()
            assert names(again) == names(pos)
    assert len(seen) > 300


@pytest.mark.parametrize("options", VARIANTS)
def test_a_stored_game_replays_exactly_from_its_move_texts(options: dict[str, str]) -> None:
    """The record holds the rolls: pushing its texts on a fresh position gives every
    position again, and the same end."""
    rng = random.Random(42)
    played = position(None, **options)
    record: list[str] = []
    texts = [played.text()]
    while played.outcome() is None and len(record) < 600:
        move = choose(played, rng)
        record.append(played.move_text(move))
        played.push(move)
        texts.append(played.text())
    replay = position(None, **options)
    for index, move_text in enumerate(record):
        replay.push_text(move_text)
        assert replay.text() == texts[index + 1]
    assert replay.outcome() == played.outcome()
    assert any(m.startswith("roll") for m in record) == (options.get("dice") != "0")


def test_team_state_tokens_round_trip() -> None:
    pieces = {"e8": "kK", "c1": "kE", "h5": "rK", "f8": "rE", "b7": "gH", "g4": "yb"}
    extras = "command:k,boats:r,throne:kg,throne:ry,empire:k,fall:kr:kt,frozen:y"
    written = text(pieces, faces="-", scores="1,0,2,0", extras=extras.replace(",frozen:y", ""))
    pos = position(written.replace(" - 1,0,2,0", " ? 1,0,2,0"), mode="teams")
    assert pos.text() == written.replace(" - 1,0,2,0", " ? 1,0,2,0")
    frozen = text(pieces, faces="-", extras="frozen:y")
    assert position(frozen, dice="0", frozen="on").text() == frozen


def test_exchange_stages_round_trip() -> None:
    pieces = {"a1": "kK", "a4": "kE", "b7": "gH", "f8": "rE", "h1": "yK", "g2": "yh"}
    for token in ("offer:krg", "answer:krg", "return:kr", "return:krg"):
        written = text(pieces, faces="-", scores="5,0,0,0", extras=token)
        assert position(written, mode="teams").text() == written


@pytest.mark.parametrize(
    ("written", "options", "problem"),
    [
        ("8/8/8/8/8/8/8/8 k ?", {}, "3 field"),
        (text({"a1": "kK"}).replace("8/", "7/", 1), {}, "has 7 square"),
        (text({"a1": "kK"}).replace("kK7", "kK8"), {}, "more than 8 squares"),
        (text({"a1": "kK", "b1": "kK"}), {}, "two kings"),
        (text({"a1": "kK", "c3": "kh", "d4": "kh", "h8": "gK"}), {}, "two pawns"),
        (text({"a1": "kK", "c1": "kh", "h8": "gK"}), {}, "behind its starting line"),
        (text({"a1": "kK", "a3": "gb", "h8": "gK"}), {}, "behind its starting line"),
        (text({"a1": "kK", "h8": "gK"}).replace("kK", "xK"), {}, "not a seat letter"),
        (text({"a1": "kK", "h8": "gK"}).replace("kK", "kP"), {}, "not a piece"),
        (text({"a1": "kK", "h8": "rK"}), {"seats": "black,green"}, "red is not in play"),
        (text({"a1": "kK", "h8": "gK"}, turn="x"), {}, "seat to move"),
        (text({"a1": "kK", "h8": "gK"}, faces="6"), {}, "dice field"),
        (text({"a1": "kK", "h8": "gK"}, faces="35"), {}, "shows 2 faces"),
        (text({"a1": "kK", "h8": "gK"}, faces="53"), {"dice": "2"}, "low to high"),
        (text({"a1": "kK", "h8": "gK"}, faces="?"), {"dice": "0"}, "without dice"),
        (text({"a1": "kK", "h8": "gK"}, scores="1,2,3"), {}, "four whole numbers"),
        (text({"a1": "kK", "h8": "gK"}, scores="1,2,3,x"), {}, "four whole numbers"),
        (text({"a1": "kK", "g8": "gE"}, scores="0,0,4,0"), {"seats": "black,green"}, "not in play"),
        (text({"a1": "kK", "h8": "gK"}, extras="command:k"), {}, "belongs to the team game"),
        (text({"a1": "kK", "h8": "gK"}, extras="color:k"), {}, "unknown team state"),
        (text({"a1": "kK", "h8": "gK"}, extras="command"), {}, "name:value"),
        (text({"a1": "kK", "h8": "gK"}, extras="frozen:g"), {}, "only with frozen=on"),
        (text({"a1": "kK", "h8": "gK"}, extras="command:r"), {"mode": "teams"}, "has no king"),
        (text({"a1": "kK", "h8": "gK"}, extras="throne:kr"), {"mode": "teams"}, "enemy throne"),
        (text({"a1": "kK", "h8": "gK"}, extras="fall:kg:k"), {"mode": "teams"}, "fall:TEAM:HOW"),
        (text({"a1": "kK", "h8": "gK"}, extras="fall:kr:g"), {"mode": "teams"}, "not of team"),
        (
            text({"a1": "kK", "h8": "gK"}, extras="command:k,command:r"),
            {"mode": "teams"},
            "two command",
        ),
        (text({"a1": "kK", "h8": "gK"}, extras="offer:krg"), {"mode": "teams"}, "cannot be '?'"),
        (
            text({"a1": "kK", "h8": "gK", "b7": "gH"}, faces="-", extras="offer:kgr"),
            {"mode": "teams"},
            "king is on the board",
        ),
        (
            text({"a1": "kE", "h8": "gE"}, faces="-", extras="offer:kgr"),
            {"mode": "teams"},
            "first the capturer's team's",
        ),
        (text({"a1": "kK", "c1": "kE", "h8": "gK"}, faces="-"), {}, "only without dice"),
        (text({"a1": "kK", "h8": "gH"}, turn="r"), {}, "red has no piece"),
    ],
)
def test_strict_reading(written: str, options: dict[str, str], problem: str) -> None:
    with pytest.raises(NotationError, match=problem):
        position(written, **options)


def test_a_finished_position_may_name_a_seat_without_pieces() -> None:
    over = text({"a1": "kK", "c1": "kE"}, turn="g", scores="5,0,0,0")
    assert position(over, seats="black,green").outcome() is not None
