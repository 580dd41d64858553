"""The players' chat kept whole through broken links: what is said while the game
stream is down is fetched from lishogi's chat history when it opens again, and told
once, in order (``online/chat.py``)."""

from __future__ import annotations

import pytest

from firmware_host.notices.declared import Refused
from firmware_host.online.chat import ChatLog
from firmware_host.online.errors import MalformedMessageError
from firmware_host.online.messages import ChatLine, ChatRoom
from firmware_host.online.reading import read_chat_history
from firmware_host.telling.notices import notice_line
from tests.firmware_host.online.test_seat import online_board, wait_for


def line(text: str, user: str = "bob") -> ChatLine:
    return ChatLine(user, text, ChatRoom.PLAYER)


def texts(lines: tuple[ChatLine, ...]) -> list[str]:
    return [line.text for line in lines]


def heard(log: ChatLog, *said: str) -> None:
    for text in said:
        assert log.heard(line(text))


def test_lines_said_while_the_stream_was_down_are_told_once_in_order() -> None:
    log = ChatLog()
    heard(log, "hi", "good luck")
    history = [line(text) for text in ("hi", "good luck", "are you there?", "I'll wait")]
    assert texts(log.fetched(history)) == ["are you there?", "I'll wait"]
    assert texts(log.lines) == ["hi", "good luck", "are you there?", "I'll wait"]
    assert log.fetched(history) == ()  # fetched again: nothing new
    assert texts(log.lines) == ["hi", "good luck", "are you there?", "I'll wait"]


def test_the_streams_repeat_of_the_historys_newest_lines_is_not_told_again() -> None:
    """Said after the new stream opened, before the history was read: in both."""
    log = ChatLog()
    heard(log, "hi")
    log.fetched([line("hi"), line("gone?"), line("back")])
    assert not log.heard(line("back"))  # the stream's copy of the newest
    assert log.heard(line("back"))  # said again: a new line
    assert log.heard(line("gg"))
    assert texts(log.lines) == ["hi", "gone?", "back", "back", "gg"]


def test_a_line_the_stream_brought_before_the_history_keeps_its_place() -> None:
    """The new stream told a line before the history came: the lines missed before it
    go before it, and it is not told twice."""
    log = ChatLog()
    heard(log, "hi", "newest")
    told = log.fetched([line("hi"), line("missed"), line("newest")])
    assert texts(told) == ["missed"]
    assert texts(log.lines) == ["hi", "missed", "newest"]
    assert log.heard(line("newest"))  # the stream is past the history: said again
    assert texts(log.lines) == ["hi", "missed", "newest", "newest"]


def test_a_history_that_kept_only_its_last_lines_goes_after_the_older_ones() -> None:
    """lishogi keeps a chat's last lines: the older ones told stay first."""
    log = ChatLog()
    heard(log, "one", "two", "three")
    assert texts(log.fetched([line("three"), line("four")])) == ["four"]
    assert texts(log.lines) == ["one", "two", "three", "four"]
    log = ChatLog()
    heard(log, "one")
    assert texts(log.fetched([line("two"), line("three")])) == ["two", "three"]
    assert texts(log.lines) == ["one", "two", "three"]


def test_repeated_words_and_a_missed_fetch_tell_no_line_twice() -> None:
    """The same words from the same player more than once, and two breaks of which the
    first was never caught up (its fetch failed): each line is told once."""
    log = ChatLog()
    heard(log, "ok", "ok")
    log.heard(line("after the second break"))  # the stream after a break, unfetched
    history = ["ok", "ok", "lost once", "ok", "after the second break", "lost twice"]
    told = log.fetched([line(text) for text in history])
    assert texts(told) == ["lost once", "ok", "lost twice"]
    assert texts(log.lines) == history


def test_the_spectators_room_stays_as_the_stream_told_it() -> None:
    log = ChatLog()
    watcher = ChatLine("carol", "nice", ChatRoom.SPECTATOR)
    assert log.heard(watcher)
    log.fetched([line("missed")])
    assert log.lines == (watcher, line("missed"))


def test_lishogis_chat_history_is_read_as_its_server_writes_it() -> None:
    """``chat/JsonView.boardApi``: a list of ``{"text", "user"}``, the players' room."""
    answer = b'[{"text": "hi", "user": "bob"}, {"text": "Takeback sent", "user": "lishogi"}]'
    assert read_chat_history(answer) == (line("hi"), line("Takeback sent", "lishogi"))
    assert read_chat_history(b"[]") == ()
    for wrong in (b'{"text": "hi"}', b'[{"text": "hi"}]', b'["hi"]', b"[{"):
        with pytest.raises(MalformedMessageError, match="chat history"):
            read_chat_history(wrong)


def test_what_is_said_while_the_game_stream_is_down_reaches_the_board() -> None:
    """bob speaks while alice's game stream is broken off: lishogi never sends those
    lines on the new stream, so the board fetches them when it opens again; each is
    shown once, in the order said, and the chat goes on."""
    with online_board() as (sim, seat, game, server):
        fake = server.fake
        server.call(lambda: fake.say(game.id, "bob", "hi"))
        wait_for(sim, lambda: texts(seat.chat) == ["hi"])

        def break_and_speak() -> None:  # one call on lishogi's loop: said to no stream
            assert fake.drop_game_streams(game.id) == 1
            fake.say(game.id, "bob", "are you there?")
            fake.say(game.id, "bob", "I'll wait")

        server.call(break_and_speak)
        wait_for(sim, lambda: len(seat.chat) >= 3)
        assert texts(seat.chat) == ["hi", "are you there?", "I'll wait"]
        server.call(lambda: fake.say(game.id, "bob", "there you are"))
        wait_for(sim, lambda: len(seat.chat) >= 4)  # the stream's lines come in order
        assert texts(seat.chat) == ["hi", "are you there?", "I'll wait", "there you are"]


def test_a_chat_history_lishogi_fails_to_give_is_said_and_fetched_again() -> None:
    with online_board() as (sim, seat, game, server):
        fake = server.fake
        wait_for(sim, lambda: fake.streams_open(game.id) == 1)

        def break_and_speak() -> None:
            fake.chat_history_fails = 1
            assert fake.drop_game_streams(game.id) == 1
            fake.say(game.id, "bob", "still there?")

        server.call(break_and_speak)
        wait_for(sim, lambda: any(isinstance(n, Refused) for n in sim.notices))
        wait_for(sim, lambda: texts(seat.chat) == ["still there?"])
        refused = [n for n in sim.notices if isinstance(n, Refused)]
        assert len(refused) == 1
        assert notice_line(refused[0]) == (
            "refused: lishogi did not give the chat said while the link was down: the link is"
            f" down (GET /api/board/game/{game.id}/chat: lishogi answered 500)"
        )
        assert sim.controller.outcome is None
