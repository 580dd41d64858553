"""Bad input through the real broker: malformed, oversized, too deeply nested, forged
and misaddressed messages are refused by every board, with the reason, and change
nothing; what the broker keeps in a board's name is said again by the board."""

from __future__ import annotations

import json
from pathlib import Path

from engine.registry import find_game
from firmware_host.remote.code import GameCode
from firmware_host.remote.identity import BoardKey
from firmware_host.remote.messages import (
    MAX_BYTES,
    BoardState,
    Envelope,
    Topic,
    decode,
    encode,
    topic,
)
from tests.firmware_host.remote.conftest import Broker
from tests.firmware_host.remote.players import (
    check_agreed,
    close_players,
    heard_all,
    open_game,
    play_game,
    settle_all,
)
from tests.firmware_host.remote.spy import Spy

NESTED = b"[" * 1000 + b"]" * 1000  # 2 KB that once ended every board in a RecursionError


def test_bad_messages_are_refused_and_change_nothing(broker: Broker, tmp_path: Path) -> None:
    players = open_game(broker.url, find_game("dobutsu"), tmp_path, [(), ()], seed=1)
    host, joiner = players
    keys = host.room.keys
    assert host.remote.setting is not None and joiner.remote.setting is not None
    board = joiner.remote.setting.board
    joiner_topic = topic(keys.room, Topic.BOARD, board)
    host_topic = topic(keys.room, Topic.BOARD, host.remote.setting.board)
    spy = Spy(broker.url, keys.room)
    try:
        play_game(players, until=lambda: host.ply == joiner.ply == 3)
        position = joiner.sim.controller.position
        assert position.turn in joiner.remote.seats  # a forged move would be the joiner's
        legal = sorted(position.move_text(move) for move in position.legal_moves())
        forged_state = BoardState(
            joiner.remote.setting.uid, joiner.remote.seats, 0, (*joiner.moves, legal[0])
        )
        seq = joiner.room.sequence.last + 1000  # newer than anything the joiner said
        stranger = BoardKey.new()
        strangers_intro = GameCode.new().keys().introduce(board, stranger.public, host=False)
        identity = joiner.room.identity
        assert identity is not None  # the joiner's room knows its own key
        joiners_intro = keys.introduce(board, identity.public, host=False)
        forged = Envelope(joiner_topic, board, seq, forged_state)
        # (topic, payload, what the host says, what the joiner says)
        bad = [
            (joiner_topic, b'{"v": 3, "topic": ', "not JSON", "not JSON"),
            (joiner_topic, NESTED, "not JSON", "not JSON"),
            (
                joiner_topic,
                json.dumps({"v": 3, "pad": "x" * MAX_BYTES}).encode(),
                "more than a message may hold",
                "more than a message may hold",
            ),
            (
                joiner_topic,  # another code's key in the joiner's name
                encode(forged, stranger, strangers_intro),
                "not the key board",
                "in this board's name with another key",
            ),
            (
                joiner_topic,  # the joiner's own key and introduction, not its signature
                encode(forged, stranger, joiners_intro).replace(
                    stranger.public.encode(),
                    identity.public.encode(),
                ),
                "the signature is not its key's",
                "the signature is not its key's",
            ),
            (
                host_topic,  # a message for another topic
                encode(forged, stranger, strangers_intro),
                "sent to",
                "sent to",
            ),
        ]
        heard_all(players)
        known = [(p.moves, dict(p.room.states)) for p in players]
        refused = [p.room.refused.count for p in players]
        for name, payload, *_ in bad:
            spy.publish(name, payload)
        wanted = [n + len(bad) for n in refused]
        settle_all(players, lambda: [p.room.refused.count for p in players] == wanted, "refused")
        for _ in range(20):
            for player in players:
                player.wait()
        assert [(p.moves, dict(p.room.states)) for p in players] == known
        assert host.sim.controller.guide is None  # no forged move to play
        # the junk sent retained in the boards' names is not what the broker keeps: each
        # board said its own newest state again
        late = Spy(broker.url, keys.room)
        try:
            for player, name in ((joiner, joiner_topic), (host, host_topic)):
                payload = late.wait_for(name, 1)[-1].payload
                state = decode(name, payload, keys.room).envelope.body
                assert isinstance(state, BoardState) and state.moves == player.moves
        finally:
            late.close()
        for index, player in enumerate(players):
            assert player.room.refused.count == refused[index] + len(bad)
            reasons = player.room.refused.reasons[-len(bad) :]
            for reason, (name, _, *why) in zip(reasons, bad, strict=True):
                assert reason.startswith(name) and why[index] in reason, reason

        play_game(players)
        check_agreed(players, refused=True)
    finally:
        spy.close()
        close_players(players)
