"""What someone on the broker can try against a game, through a real Mosquitto: junk
that once crashed every board, messages that wipe what the broker keeps, moves forged
by people who hold the play or the watch code, and a flood. The boards keep playing,
store nothing forged, say what they refused a few times rather than thousands, and
everything a restarted board or a new spectator needs is there again."""

from __future__ import annotations

import logging
import random
from pathlib import Path

import pytest

from engine.registry import find_game
from firmware_host.remote.code import GameCode
from firmware_host.remote.identity import BoardKey
from firmware_host.remote.messages import (
    BoardState,
    Envelope,
    GameSpec,
    Topic,
    decode,
    encode,
    topic,
)
from firmware_host.remote.terms import Request
from tests.firmware_host.remote.conftest import Broker
from tests.firmware_host.remote.players import (
    Player,
    check_agreed,
    close_players,
    heard_all,
    join_while,
    make_board,
    open_game,
    play_game,
    settle_all,
)
from tests.firmware_host.remote.spy import Spy
from tests.firmware_host.simkit import close

DOBUTSU = find_game("dobutsu")
NESTED = b"[" * 1000 + b"]" * 1000
FLOOD = 10_000
GAME_LOG = "firmware_host.remote.game"


def topics_of(players: list[Player]) -> list[str]:
    """Every topic the broker keeps for the game: the game's, each board's state and
    presence."""
    room = players[0].room.keys.room
    spec = players[0].room.spec
    assert spec is not None
    names = [topic(room, Topic.GAME, spec.host)]
    for player in players:
        assert player.remote.setting is not None
        board = player.remote.setting.board
        names += [topic(room, Topic.BOARD, board), topic(room, Topic.ONLINE, board)]
    return names


def restart(player: Player, others: list[Player], tmp_path: Path) -> Player:
    """The board switched off and on again: a new board over the same store."""
    close(player.sim)
    request = player.remote.request
    return join_while(
        others, lambda: make_board(player.name, DOBUTSU, request, tmp_path, player.seed)
    )


def watch(host: Player, others: list[Player], tmp_path: Path) -> Player:
    """A spectator's board, following the game with the watch code."""
    code = host.remote.watch_code
    request = Request(host.remote.request.address, host=False, code=code, watch=True)
    return join_while(others, lambda: make_board("watcher", DOBUTSU, request, tmp_path, 5))


def finish(players: list[Player], watcher: Player) -> None:
    """Play the game to its end; the spectator saw every move."""
    play_game([*players, watcher], until=lambda: all(p.outcome is not None for p in players))
    check_agreed(players, refused=True)
    settle_all([watcher], lambda: watcher.moves == players[0].moves, "the spectator")


def kept(spy_url: str, room: str, names: list[str]) -> dict[str, bytes]:
    """What the broker keeps on ``names`` now, as a newcomer reads it."""
    late = Spy(spy_url, room)
    try:
        return {name: late.wait_for(name, 1)[-1].payload for name in names}
    finally:
        late.close()


def test_deeply_nested_junk_kept_by_the_broker_crashes_nobody(
    broker: Broker, tmp_path: Path
) -> None:
    players = open_game(broker.url, DOBUTSU, tmp_path, [(), ()], seed=3)
    host, joiner = players
    room = host.room.keys.room
    spy = Spy(broker.url, room)
    try:
        play_game(players, until=lambda: host.ply >= 2)
        names = topics_of(players)
        before = [p.room.refused.count for p in players]
        for name in names:
            spy.publish(name, NESTED)  # retained, as an attacker would
        settle_all(
            players,
            lambda: all(
                p.room.refused.count >= n + len(names) for p, n in zip(players, before, strict=True)
            ),
            "the junk was not refused",
        )
        assert "not JSON" in host.room.refused.reasons[-1]
        # each board said its own again: what the broker keeps is readable
        settle_all(
            players,
            lambda: all(p.payload != NESTED for p in spy.heard[-len(names) :]),
            "the boards did not say their states again",
        )
        for name, payload in kept(broker.url, room, names).items():
            decode(name, payload, room)  # raises if the junk were still kept
        joiner = restart(joiner, [host], tmp_path)
        players = [host, joiner]
        watcher = watch(host, players, tmp_path)
        finish(players, watcher)
    finally:
        spy.close()
        close_players(players)


def test_wiped_retained_messages_are_said_again_and_a_restarted_board_catches_up(
    broker: Broker, tmp_path: Path
) -> None:
    players = open_game(broker.url, DOBUTSU, tmp_path, [(), ()], seed=4)
    host, joiner = players
    room = host.room.keys.room
    names = topics_of(players)
    spy = Spy(broker.url, room)
    try:
        play_game(players, until=lambda: host.ply >= 2 and host.room.spec is not None)
        # an empty retained message (no code needed) on every topic of the game
        for name in names:
            spy.publish(name, b"")
        for _ in range(40):
            for player in players:
                player.wait()
        assert set(kept(broker.url, room, names)) == set(names)  # all said again
        # the joining board goes away; everything is wiped again; the host moves on
        close(joiner.sim)
        for name in names:
            spy.publish(name, b"")
        play_game([host], until=lambda: host.sim.controller.position.turn not in host.remote.seats)
        ply = host.ply
        joiner = restart(joiner, [host], tmp_path)
        players = [host, joiner]
        settle_all(players, lambda: joiner.sim.controller.guide is not None, "no catching up")
        assert joiner.ply == ply - 1  # its own store, then the host's move as the guide
        # a newcomer still finds the game: a spectator joins and follows
        watcher = watch(host, players, tmp_path)
        finish(players, watcher)
    finally:
        spy.close()
        close_players(players)


def test_no_code_holder_can_move_for_another_board(broker: Broker, tmp_path: Path) -> None:
    players = open_game(broker.url, DOBUTSU, tmp_path, [(), ()], seed=5)
    host, joiner = players
    keys = host.room.keys
    watch_keys = host.remote.watch_code.keys()
    assert host.remote.setting is not None and joiner.remote.setting is not None
    uid, board = host.remote.setting.uid, joiner.remote.setting.board
    spy = Spy(broker.url, keys.room)
    try:
        play_game(players, until=lambda: joiner.sim.controller.position.turn in joiner.remote.seats)
        heard_all(players)
        position = joiner.sim.controller.position
        forged_move = sorted(position.move_text(m) for m in position.legal_moves())[0]
        moves = (*joiner.moves, forged_move)
        seq = joiner.room.sequence.last + 1000
        mallory, name = BoardKey.new(), "M4LL0RY"
        joiners_topic = topic(keys.room, Topic.BOARD, board)
        mallorys_topic = topic(keys.room, Topic.BOARD, name)
        game_topic = topic(keys.room, Topic.GAME, host.room.board)
        mallorys_game = topic(keys.room, Topic.GAME, name)
        spec = host.room.spec
        assert spec is not None
        stolen = GameSpec(
            spec.uid,
            spec.game,
            spec.options,
            spec.start,
            spec.moves,
            spec.settings,
            spec.host,
            spec.open,
            tuple((seat, name if owner == board else owner) for seat, owner in spec.roster),
            keys=((spec.host, mallory.public), (name, mallory.public)),
        )
        state = BoardState(uid, joiner.remote.seats, 0, moves)
        # a play-code holder, with a key of its own the code introduces ...
        as_host = keys.introduce(spec.host, mallory.public, host=True)
        as_joiner = keys.introduce(board, mallory.public, host=False)
        as_itself = keys.introduce(name, mallory.public, host=False)
        # ... and a watch-code holder, who can introduce nobody (it borrows an intro)
        spectator, borrowed = BoardKey.new(), as_joiner
        assert watch_keys.join is None
        forgeries = [
            (joiners_topic, encode(Envelope(joiners_topic, board, seq, state), mallory, as_joiner)),
            (
                mallorys_topic,
                encode(Envelope(mallorys_topic, name, seq, state), mallory, as_itself),
            ),
            (game_topic, encode(Envelope(game_topic, spec.host, seq, stolen), mallory, as_host)),
            (
                mallorys_game,
                encode(Envelope(mallorys_game, name, seq + 1, stolen), mallory, as_itself),
            ),
            (
                joiners_topic,
                encode(Envelope(joiners_topic, board, seq + 2, state), spectator, borrowed),
            ),
        ]
        for name_, payload in forgeries:
            spy.publish(name_, payload)
        for _ in range(60):
            for player in players:
                player.wait()
        assert host.sim.controller.guide is None  # no forged move lit to be played
        assert joiner.moves == host.moves and forged_move not in host.moves[-1:]
        assert all(p.room.spec is not None and p.room.spec.keys == spec.keys for p in players)
        assert host.room.refused.count >= 4 and joiner.room.refused.count >= 4
        watcher = watch(host, players, tmp_path)  # a spectator arriving after it all
        finish(players, watcher)
        stored = host.sim.controller.store.load(host.sim.controller.game_id).moves()
        assert tuple(stored) == joiner.moves
    finally:
        spy.close()
        close_players(players)


def test_a_flood_of_junk_is_refused_and_reported_in_a_few_lines(
    broker: Broker, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    players = open_game(broker.url, DOBUTSU, tmp_path, [(), ()], seed=6)
    host = players[0]
    keys = host.room.keys
    spy = Spy(broker.url, keys.room)
    rng = random.Random(6)
    stranger = BoardKey.new()
    intro = GameCode.new().keys().introduce("X", stranger.public, host=False)
    try:
        names = topics_of(players)
        play_game(players, until=lambda: host.ply >= 2)
        before = [p.room.refused.count for p in players]
        caplog.set_level(logging.WARNING, logger=GAME_LOG)
        junk = [NESTED, b"{", b"\x00" * 64, b'{"v": 3}']
        for index in range(FLOOD):
            name = rng.choice(names)
            if index % 10 == 0:  # one in ten signed, by a key nobody introduced
                body = BoardState("nothing", (0,), 0, ())
                payload = encode(Envelope(name, "X", index, body), stranger, intro)
            else:
                payload = rng.choice(junk)
            spy.publish(name, payload, retain=False, wait=False)
        spy.flush()
        play_game(players, until=lambda: host.ply >= 8 or host.outcome is not None)
        settle_all(
            players,
            # (a broker may drop some of a flood for a subscriber that lags)
            lambda: all(
                p.room.refused.count - n >= FLOOD // 2 for p, n in zip(players, before, strict=True)
            ),
            "the flood did not arrive",
        )
        # the game's own lines: a link of another test still retrying its stopped broker
        # ("Connection refused") is not this flood's
        lines = [
            r for r in caplog.records if r.name.startswith(GAME_LOG) and "refused" in r.getMessage()
        ]
        assert 1 <= len(lines) <= 2 * len(players), [r.getMessage() for r in lines]
        assert any("messages from the broker" in r.getMessage() for r in lines)
        watcher = watch(host, players, tmp_path)
        finish(players, watcher)
    finally:
        spy.close()
        close_players(players)
