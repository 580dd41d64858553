"""Faults on the way between boards: the broker killed and started again mid-game,
messages duplicated and delayed. No move is lost, duplicated or reordered, and the
game finishes the same on every board."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from engine.registry import find_game
from firmware_host.remote.messages import BoardState, Topic, decode, topic
from tests.firmware_host.remote.conftest import Broker
from tests.firmware_host.remote.players import (
    Player,
    check_agreed,
    close_players,
    heard_all,
    open_game,
    play_game,
    settle_all,
)
from tests.firmware_host.remote.spy import Spy

SHOGI = find_game("shogi")
PLIES = 24  # then the board to move resigns: enough to cross a fault and go on


def synced_at(players: Sequence[Player], ply: int) -> bool:
    return len({p.ply for p in players}) == 1 and players[0].ply >= ply


def test_the_broker_killed_and_restarted_mid_game(broker: Broker, tmp_path: Path) -> None:
    players = open_game(broker.url, SHOGI, tmp_path, [(), ()], seed=4)
    try:
        play_game(players, until=lambda: synced_at(players, 6))
        broker.kill()  # retained messages are lost with it: the boards say it all again
        play_game(players, until=lambda: max(p.ply for p in players) > 6)
        mover = max(players, key=lambda p: p.ply)  # its move was committed offline
        waiting = min(players, key=lambda p: p.ply)
        for _ in range(20):
            waiting.wait()
        assert waiting.ply == 6 and waiting.sim.controller.guide is None
        assert "waiting for the broker" in str(waiting.sim.controller.remote_wait or "")
        broker.start()
        play_game(players, max_plies=PLIES)
        moves = check_agreed(players)
        assert len(moves) == PLIES
        assert mover.moves[6] == waiting.moves[6]
        for player in players:
            assert player.remote.link is not None and player.remote.link.connects == 2
    finally:
        close_players(players)


def test_duplicated_and_delayed_messages_change_nothing(broker: Broker, tmp_path: Path) -> None:
    """The host's earlier states sent again later are refused as stale (and counted);
    its current state sent again is a duplicate, ignored."""
    players = open_game(broker.url, SHOGI, tmp_path, [(), ()], seed=6)
    host = players[0]
    keys = host.room.keys
    assert host.remote.setting is not None
    host_topic = topic(keys.room, Topic.BOARD, host.remote.setting.board)
    spy = Spy(broker.url, keys.room)
    try:
        play_game(players, until=lambda: synced_at(players, 6))

        def states(heard: Spy) -> list[tuple[int, BoardState, bytes]]:
            """The host's states the spy heard, oldest sent first."""
            found = []
            for message in heard.on(host_topic):
                envelope = decode(host_topic, message.payload, keys.room).envelope
                assert isinstance(envelope.body, BoardState)
                found.append((envelope.seq, envelope.body, message.payload))
            return sorted(found, key=lambda seq_state_payload: seq_state_payload[0])

        settle_all(players, lambda: states(spy)[-1][1].moves == host.moves, "the spy heard")
        old = [payload for _, state, payload in states(spy) if len(state.moves) < 6]
        assert len(old) >= 2
        heard_all(players)
        known = [(p.moves, dict(p.room.states)) for p in players]
        refused = [p.room.refused.count for p in players]
        duplicates = [p.room.duplicates for p in players]

        for payload in old:  # delayed: earlier states arrive after the later ones
            spy.publish(host_topic, payload)
        wanted = [n + len(old) for n in refused]
        settle_all(players, lambda: [p.room.refused.count for p in players] == wanted, "stale")
        for _ in range(10):
            for player in players:
                player.wait()
        # the broker keeps the host's newest state again, not the replayed one: a board
        # that starts now catches up from it
        late = Spy(broker.url, keys.room)
        try:
            late.wait_for(host_topic, 1)
            assert states(late)[-1][1].moves == host.moves
        finally:
            late.close()

        current = states(spy)[-1][2]
        spy.publish(host_topic, current)  # duplicated: the same state once more
        wanted = [n + 1 for n in duplicates]
        settle_all(players, lambda: [p.room.duplicates for p in players] == wanted, "duplicate")
        for _ in range(10):
            for player in players:
                player.wait()
        assert [(p.moves, dict(p.room.states)) for p in players] == known
        assert [p.room.refused.count for p in players] == [n + len(old) for n in refused]
        for player in players:
            reasons = player.room.refused.reasons[-len(old) :]
            assert all("replayed or stale" in reason for reason in reasons), reasons

        play_game(players, max_plies=PLIES)
        assert len(check_agreed(players, refused=True)) == PLIES
    finally:
        spy.close()
        close_players(players)
