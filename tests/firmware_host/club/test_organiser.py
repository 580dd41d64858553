"""The organiser's side, pure: binding, what is told as the room changes, the typed
commands, and a room reopened after a restart being the same room."""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware_host.club.board import ClubBoard
from firmware_host.club.keeping import RESERVE, organiser_key
from firmware_host.club.messages import MAX_RECORDS, Birth, Health, decode
from firmware_host.club.organiser import (
    BindError,
    Command,
    Organiser,
    UndoingBindError,
    Verb,
    opened,
    read_command,
    recorded,
)
from firmware_host.club.pairings import Pairing, Round
from firmware_host.club.roster import Alert, AlertKind
from firmware_host.club.words import Look, changes
from firmware_host.remote.identity import BoardKey
from firmware_host.telling.language import Language
from firmware_host.telling.rendering import told

ROUND = Round(
    3,
    (
        Pairing(1, ("Ann", "Bob"), "shogi", (("handicap", "rook"),)),
        Pairing(4, ("Cy", "Di"), "shogi"),
        Pairing(5, ("Ed", "Flo"), "dobutsu"),
    ),
)


def test_binding_a_board_says_so_in_the_signed_state() -> None:
    organiser = Organiser(BoardKey.new(), ROUND)
    board = ClubBoard(organiser.room, "b1", BoardKey.new())
    with pytest.raises(BindError, match="no board b1 in the room"):
        organiser.bind("b1", 1)
    organiser.receive(*board.birth(Birth("shogi", None, None)))
    state, lights_out = organiser.bind("b1", 4)
    assert organiser.state().bound == ((4, "b1", board.key.public),)
    message = decode(state[0], state[1], organiser.room)
    assert message.body == organiser.state() and state[2]
    assert decode(lights_out[0], lights_out[1], organiser.room).board == "b1"


def told_en(error: BindError) -> str:
    return told(error.args[0], Language.ENGLISH)


def test_a_bind_that_undoes_another_is_asked_and_made_only_anyway() -> None:
    """Issue 79: ``bind <table 2's board> 1`` moved the board silently, leaving table 2
    with no board; now the room says what it would undo and binds only when asked
    again ``anyway``."""
    organiser = Organiser(BoardKey.new(), ROUND)
    first = ClubBoard(organiser.room, "b1", BoardKey.new())
    second = ClubBoard(organiser.room, "b2", BoardKey.new())
    for board in (first, second):
        organiser.receive(*board.birth(Birth("shogi", None, None)))
    organiser.bind("b1", 1)
    organiser.bind("b2", 4)
    before = organiser.state()
    with pytest.raises(UndoingBindError) as asked:
        organiser.bind("b2", 1)
    assert told_en(asked.value) == (
        "bind b2 to table 1? board b2 leaves table 4, which is left with no board; board b1"
        " is unbound from table 1; to bind it all the same: bind b2 1 anyway"
    )
    assert organiser.state() == before  # nothing undone
    organiser.record(4, "WAAAA-AAAAA")  # table 4's game under way
    organiser.unbind(4)
    with pytest.raises(UndoingBindError) as asked:
        organiser.bind("b1", 4)
    assert "table 4's game is under way: board b1 takes it up as recorded" in told_en(asked.value)
    organiser.bind("b1", 4, anyway=True)
    assert organiser.state().bound == ((4, "b1", first.key.public),)
    assert organiser.state().table(4).records == ("WAAAA-AAAAA",)  # the game stays


def test_a_board_of_another_game_or_a_table_not_paired_is_refused() -> None:
    """Issue 79: a Robot Duel board was bound to a shogi table ("nothing needs you")."""
    organiser = Organiser(BoardKey.new(), ROUND)
    board = ClubBoard(organiser.room, "b1", BoardKey.new())
    organiser.receive(*board.birth(Birth("dobutsu", None, None)))
    with pytest.raises(BindError) as refused:
        organiser.bind("b1", 1)
    assert told_en(refused.value) == (
        "board b1 plays Robot Duel (Dobutsu shogi), table 1 Shogi: not bound"
    )
    with pytest.raises(BindError) as refused:
        organiser.bind("b1", 2)
    assert told_en(refused.value) == "table 2 is not paired in round 3"
    organiser.bind("b1", 5)
    assert organiser.state().bound == ((5, "b1", board.key.public),)


def test_a_new_game_and_an_abandoned_game_are_the_organisers_word() -> None:
    organiser = Organiser(BoardKey.new(), ROUND)
    organiser.record(1, "WAAAA-AAAAA")
    assert organiser.game_key(1) == f"{organiser.room}:3:1:1"
    organiser.abandon(1)
    assert organiser.state().table(1).abandoned
    organiser.new_game(1)
    entry = organiser.state().table(1)
    assert (entry.game, entry.records, entry.abandoned) == (2, (), False)
    assert organiser.game_key(1) == f"{organiser.room}:3:1:2"
    with pytest.raises(BindError):
        organiser.new_game(2)


def test_a_table_whose_record_is_full_drops_nothing_silently() -> None:
    """A table's record holds ``MAX_RECORDS`` games taken up, and as many games ended by
    ``new``: the next ``new`` dropped the table's first game from the room's state, and
    the next game taken up went unrecorded, both without a word. Now ``new`` is refused
    with the reason, and the game the room cannot record is the organiser's alert."""
    organiser = Organiser(BoardKey.new(), ROUND)
    codes = [f"WAAAA-AA{n:03d}" for n in range(MAX_RECORDS + 1)]
    for code in codes[:MAX_RECORDS]:
        assert organiser.record(1, code)
    assert recorded(organiser, ((1, codes[-1]),)) == (Alert(AlertKind.UNRECORDED, "", 1),)
    assert organiser.state().table(1).records == tuple(codes[:MAX_RECORDS])
    for n in range(MAX_RECORDS):
        organiser.record(4, f"WAAAA-AB{n:03d}")
        organiser.new_game(4)
    kept = organiser.state().table(4).earlier
    assert len(kept) == MAX_RECORDS
    organiser.record(4, "WAAAA-AC000")
    with pytest.raises(BindError) as refused:
        organiser.new_game(4)
    assert "table 4 has had 17 games" in told(refused.value.args[0], Language.ENGLISH)
    assert organiser.state().table(4).earlier == kept
    assert organiser.state().table(4).records == ("WAAAA-AC000",)


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
    assert read_command("bind b-7 12\n") == Command(Verb.BIND, "b-7", 12)
    assert read_command(" light b1 3") == Command(Verb.LIGHT, "b1", 3)
    assert read_command("unbind 3") == Command(Verb.UNBIND, table=3)
    assert read_command("quit") == Command(Verb.QUIT)
    assert read_command("bind b1 2 anyway") == Command(Verb.BIND, "b1", 2, anyway=True)
    assert read_command("new 4") == Command(Verb.NEW, table=4)
    assert read_command("abandon 4") == Command(Verb.ABANDON, table=4)
    assert read_command("bind b1") is None
    assert read_command("bind b1 x") is None
    assert read_command("unbind " + "9" * 5000) is None  # no table: not a number to read


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
