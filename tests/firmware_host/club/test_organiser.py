"""The organiser's side, pure: binding, what is told as the room changes, the typed
commands, and a room reopened after a restart being the same room."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware_host.club.board import ClubBoard
from firmware_host.club.keeping import RESERVE, organiser_key
from firmware_host.club.messages import Birth, Health, decode
from firmware_host.club.organiser import BindError, Command, Organiser, opened, read_command
from firmware_host.club.pairings import Pairing, Round
from firmware_host.club.words import Look, changes
from firmware_host.remote.identity import BoardKey
from firmware_host.telling.language import Language
from firmware_host.telling.said import told

ROUND = Round(3, (Pairing(1, ("Ann", "Bob"), "shogi", (("handicap", "rook"),)),))


def test_binding_a_board_moves_it_and_says_so_in_the_signed_state() -> None:
    organiser = Organiser(BoardKey.new(), ROUND)
    board = ClubBoard(organiser.room, "b1", BoardKey.new())
    with pytest.raises(BindError, match="no board b1 in the room"):
        organiser.bind("b1", 1)
    organiser.receive(*board.birth(Birth("shogi", None, None)))
    organiser.bind("b1", 1)
    state, lights_out = organiser.bind("b1", 4)
    assert organiser.state().bound == ((4, "b1", board.key.public),)
    message = decode(state[0], state[1], organiser.room)
    assert message.body == organiser.state() and state[2]
    assert decode(lights_out[0], lights_out[1], organiser.room).board == "b1"


def test_what_the_organiser_is_told_as_the_room_changes() -> None:
    organiser = Organiser(BoardKey.new(), ROUND)
    board = ClubBoard(organiser.room, "b1", BoardKey.new())
    will = board.will()
    organiser.receive(*board.birth(Birth("shogi", None, 50)))
    organiser.receive(*organiser.bind("b1", 1)[0][:2])
    first = organiser.look()
    assert [str(s) for s in changes(Look(), first)] == [
        "table 1: board b1 online, Shogi, battery 50%"
    ]
    organiser.receive(*board.birth(Birth("shogi", 1, 50, Health.PROMPT_OPEN)))
    second = organiser.look()
    assert [str(s) for s in changes(first, second)] == [
        "alert: table 1: board b1 asks its players a question"
    ]
    organiser.receive(*will)
    told_now = [str(s) for s in changes(second, organiser.look())]
    assert told_now == [
        "table 1: board b1 offline",
        "alert: table 1: board b1 is offline",
        "cleared: table 1: board b1 asks its players a question",
    ]


@pytest.mark.parametrize(
    "language", [Language.CZECH, Language.FRENCH, Language.JAPANESE, Language.POLISH]
)
def test_the_room_is_told_in_each_language(language: Language) -> None:
    organiser = Organiser(BoardKey.new(), ROUND)
    board = ClubBoard(organiser.room, "b1", BoardKey.new())
    organiser.receive(*board.birth(Birth("shogi", None, 10, Health.OUT_OF_STEP, flag=True)))
    lines = [*opened(organiser, "mqtt://hall:1883"), *changes(Look(), organiser.look())]
    english = [told(line, Language.ENGLISH) for line in lines]
    for line, words in zip(lines, english, strict=True):
        assert told(line, language) != words, words


def test_typed_commands() -> None:
    assert read_command("bind b-7 12\n") == Command("bind", "b-7", 12)
    assert read_command(" light b1 3") == Command("light", "b1", 3)
    assert read_command("unbind 3") == Command("unbind", table=3)
    assert read_command("quit") == Command("quit")
    assert read_command("bind b1") is None
    assert read_command("bind b1 x") is None


def test_a_room_reopened_is_the_same_room_numbered_past_its_last(tmp_path: Path) -> None:
    key, floor = organiser_key(tmp_path)
    assert floor == 0
    assert (tmp_path / "club-organiser.key").stat().st_mode & 0o777 == 0o600
    again, later = organiser_key(tmp_path)
    assert again.public == key.public and later == RESERVE
    before = Organiser(key, ROUND, floor)
    board = ClubBoard(before.room, "b1", BoardKey.new())
    before.receive(*board.birth(Birth("shogi", None, None)))
    state = before.bind("b1", 1)[0]
    after = Organiser(again, ROUND, later)  # restarted: hears its retained state back
    assert after.room == before.room
    after.receive(state[0], state[1])
    assert after.state().bound == before.state().bound
    assert decode(*after.state_message()[:2], after.room).seq > RESERVE
