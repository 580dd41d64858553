"""The stream lines of docs/online.md (lishogi's source shapes) read as typed values."""

from __future__ import annotations

import pytest

from firmware_host.online.errors import MalformedMessageError
from firmware_host.online.messages import (
    ChallengeEvent,
    ChallengeNews,
    ChatLine,
    ChatRoom,
    GameFinished,
    GameFull,
    GameStarted,
    GameState,
    GameStatus,
    Side,
)
from firmware_host.online.reading import (
    read_account,
    read_event_line,
    read_game_line,
    read_playing,
)

GAME_FULL = (
    '{"id":"5IrD6Gzz","variant":{"key":"standard","name":"Standard","short":"Std"},'
    '"clock":{"initial":600000,"increment":0,"byoyomi":10000,"periods":1},"speed":"rapid",'
    '"perf":{"name":"Rapid"},"rated":false,"createdAt":1700000000000,'
    '"sente":{"id":"alice","name":"Alice","rating":1500,"provisional":true},'
    '"white":{"id":"alice","name":"Alice","rating":1500,"provisional":true},'
    '"gote":{"id":"bob","name":"Bob","title":null,"rating":1612},'
    '"black":{"id":"bob","name":"Bob","title":null,"rating":1612},'
    '"initialSfen":"startpos","initialFen":"startpos","type":"gameFull",'
    '"state":{"type":"gameState","moves":"","btime":600000,"wtime":600000,"binc":0,"winc":0,'
    '"byo":10000,"sdraw":false,"gdraw":false,"status":"started"}}'
)
STATE = (
    '{"type":"gameState","moves":"7g7f 3c3d","btime":595000,"wtime":598000,"binc":0,"winc":0,'
    '"byo":10000,"sdraw":false,"gdraw":true,"status":"started"}'
)
RESIGNED = (
    '{"type":"gameState","moves":"7g7f 3c3d 8h2b+","btime":8395220,"wtime":7598040,'
    '"binc":10000,"winc":10000,"byo":0,"sdraw":false,"gdraw":false,"status":"resign",'
    '"winner":"gote"}'
)
CHALLENGE = (
    '{"type":"challenge","challenge":{"id":"7pGLxJ4F","url":"https://lishogi.org/7pGLxJ4F",'
    '"status":"created","challenger":{"id":"lovlas","name":"Lovlas","title":"LM","rating":2506},'
    '"destUser":{"id":"thibot","name":"thibot","title":null,"rating":1500},'
    '"variant":{"key":"standard","name":"Standard","short":"Std"},"rated":true,"speed":"rapid",'
    '"timeControl":{"type":"clock","limit":300,"increment":25,"byoyomi":0,"periods":1,'
    '"show":"5+25"},"color":"random","perf":{"icon":"#","name":"Rapid"}}}'
)


def test_game_full_reads_players_clock_in_ms_and_state() -> None:
    full = read_game_line(GAME_FULL)
    assert isinstance(full, GameFull)
    assert (full.id, full.variant, full.rated, full.initial_sfen) == (
        "5IrD6Gzz", "standard", False, "startpos",
    )  # fmt: skip
    assert full.sente.id == "alice" and full.gote.rating == 1612 and full.gote.title is None
    assert full.clock is not None and full.clock.byoyomi_ms == 10000 and full.clock.periods == 1
    assert full.state.moves == () and full.state.status is GameStatus.STARTED
    assert full.side_of("Alice") is Side.SENTE and full.side_of("bob") is Side.GOTE
    assert full.side_of("carol") is None


def test_game_full_of_an_older_server_reads_white_black_and_initial_fen() -> None:
    old = GAME_FULL.replace('"sente"', '"x1"').replace('"gote"', '"x2"')
    old = old.replace('"initialSfen":"startpos",', "")
    full = read_game_line(old)
    assert isinstance(full, GameFull)
    assert full.sente.id == "alice" and full.gote.id == "bob" and full.initial_sfen == "startpos"


def test_game_state_reads_moves_clocks_per_side_and_draw_offers() -> None:
    state = read_game_line(STATE)
    assert isinstance(state, GameState)
    assert state.moves == ("7g7f", "3c3d")
    assert state.clocks.left_ms(Side.SENTE) == 595000 and state.clocks.left_ms(Side.GOTE) == 598000
    assert state.clocks.byoyomi_ms == 10000
    assert state.offers_draw(Side.GOTE) and not state.offers_draw(Side.SENTE)
    assert state.winner is None and not state.status.is_over


def test_a_resignation_has_a_status_and_a_winner() -> None:
    state = read_game_line(RESIGNED)
    assert isinstance(state, GameState)
    assert state.status is GameStatus.RESIGN and state.status.is_over
    assert state.winner is Side.GOTE and state.moves[-1] == "8h2b+"


def test_a_status_lishogi_adds_later_is_over_but_readable() -> None:
    state = read_game_line(RESIGNED.replace('"resign"', '"somethingNew"'))
    assert isinstance(state, GameState) and state.status is GameStatus.OTHER
    assert state.status.is_over


def test_chat_line() -> None:
    line = read_game_line(
        '{"type":"chatLine","username":"thibault","text":"Good luck, have fun","room":"player"}'
    )
    assert line == ChatLine("thibault", "Good luck, have fun", ChatRoom.PLAYER)


def test_events_read_both_game_id_spellings_and_challenges() -> None:
    assert read_event_line('{"type":"gameStart","game":{"id":"rCRw1AuO"}}') == GameStarted(
        "rCRw1AuO"
    )
    spec_shape = '{"type":"gameStart","game":{"gameId":"rCRw1AuO","color":"gote"}}'
    assert read_event_line(spec_shape) == GameStarted("rCRw1AuO")
    assert read_event_line('{"type":"gameFinish","game":{"id":"x1"}}') == GameFinished("x1")
    event = read_event_line(CHALLENGE)
    assert isinstance(event, ChallengeEvent) and event.news is ChallengeNews.RECEIVED
    challenge = event.challenge
    assert (challenge.id, challenge.challenger, challenge.dest_user) == (
        "7pGLxJ4F", "lovlas", "thibot",
    )  # fmt: skip
    assert challenge.clock is not None and challenge.clock.limit_s == 300
    assert challenge.clock.increment_s == 25 and challenge.rated
    declined = read_event_line(CHALLENGE.replace('"challenge","chal', '"challengeDeclined","chal'))
    assert isinstance(declined, ChallengeEvent) and declined.news is ChallengeNews.DECLINED


@pytest.mark.parametrize("line", ["", "\n", "  \r\n", b"\n"])
def test_keep_alive_lines_are_skipped(line: str | bytes) -> None:
    assert read_event_line(line) is None
    assert read_game_line(line) is None


def test_unknown_types_are_ignored() -> None:
    assert read_game_line('{"type":"opponentGone","gone":true,"claimWinInSeconds":9}') is None
    assert read_event_line('{"type":"somethingNew","x":1}') is None
    assert read_game_line('{"no_type":1}') is None


@pytest.mark.parametrize(
    ("line", "named"),
    [
        ("not json", "not JSON"),
        ("[1, 2]", "list"),
        ("[" * 100 + "]" * 100, "not JSON"),
        ('{"type":"gameState","btime":1,"wtime":1,"status":"started"}', "moves"),
        ('{"type":"gameState","moves":"","btime":"1","wtime":1,"status":"started"}', "btime"),
        ('{"type":"gameState","moves":"","btime":true,"wtime":1,"status":"started"}', "btime"),
        (
            '{"type":"gameState","moves":"","btime":1,"wtime":1,"status":"started","sdraw":1}',
            "sdraw",
        ),
        (
            '{"type":"gameState","moves":"","btime":1,"wtime":1,"status":"mate","winner":"w"}',
            "winner",
        ),
        ('{"type":"gameFull","id":"x","variant":{"key":"standard"},"state":{}}', "sente"),
        ('{"type":"gameStart","game":{}}', "id"),
        ('{"type":"gameStart"}', "game"),
        ('{"type":"chatLine","username":"a","text":"b","room":"lobby"}', "room"),
        ('{"type":"challenge","challenge":{"status":"created"}}', "id"),
    ],
)
def test_malformed_lines_are_refused_with_the_field_named(line: str, named: str) -> None:
    with pytest.raises(MalformedMessageError, match=named):
        if '"gameStart"' in line or '"challenge"' in line:
            read_event_line(line)
        else:
            read_game_line(line)


def test_account_and_playing() -> None:
    account = read_account({"id": "alice", "username": "Alice", "title": "BOT"})
    assert (account.id, account.username, account.title) == ("alice", "Alice", "BOT")
    games = read_playing(
        {
            "nowPlaying": [
                {
                    "gameId": "rCRw1AuO",
                    "fullId": "rCRw1AuOvonq",
                    "color": "gote",
                    "isMyTurn": False,
                    "opponent": {"id": "yohaan", "rating": 1790, "username": "yohaan"},
                    "variant": {"key": "standard", "name": "Standard"},
                }
            ]
        }
    )
    assert len(games) == 1 and games[0].side is Side.GOTE and games[0].opponent == "yohaan"
    with pytest.raises(MalformedMessageError, match="color"):
        read_playing({"nowPlaying": [{"gameId": "x", "color": "white"}]})
