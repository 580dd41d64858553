"""A board restarted with its clock behind (a Pi without a clock chip, before NTP) once
the broker has lost its retained messages: its messages are numbered on from what its
game store reserved, never by the clock, so the other boards take them and the game
goes on (through a real Mosquitto)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from engine.registry import find_game
from firmware_host.remote.messages import Topic, topic
from firmware_host.remote.terms import RemoteSetting
from tests.firmware_host.remote.conftest import Broker
from tests.firmware_host.remote.players import (
    check_agreed,
    close_players,
    heard_all,
    join_while,
    make_board,
    open_game,
    play_game,
)
from tests.firmware_host.simkit import close

DOBUTSU = find_game("dobutsu")
BEHIND_NS = 86_400 * 10**9  # the restarted board's clock: a day behind
STALL = 15.0  # real seconds without a move before the game is called stuck


def test_a_board_restarted_with_its_clock_behind_is_heard_after_the_broker_forgot_it(
    broker: Broker, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    players = open_game(broker.url, DOBUTSU, tmp_path, [(), ()], seed=22)
    host, joiner = players
    assert joiner.remote.setting is not None
    board = joiner.remote.setting.board
    try:
        play_game(players, until=lambda: host.ply >= 2 and joiner.ply >= 2)
        heard_all(players)
        seen = host.room._seen[topic(host.room.keys.room, Topic.BOARD, board)]
        close(joiner.sim)  # switched off ...
        broker.restart()  # ... and the broker forgets every retained message
        real = time.time_ns
        monkeypatch.setattr(time, "time_ns", lambda: real() - BEHIND_NS)
        request = joiner.remote.request
        joiner = join_while(
            [host], lambda: make_board("join1", DOBUTSU, request, tmp_path, joiner.seed)
        )
        players = [host, joiner]
        play_game(players, max_plies=16, stall=STALL)
        check_agreed(players, refused=True)
        stale = [r for r in host.room.refused.reasons if "replayed or stale" in r]
        assert stale == [], stale
        assert joiner.room.sequence.last > seen  # numbered on from the store
        stored = joiner.sim.controller.settings.stored()
        kept = RemoteSetting.parse(str(stored["remote"]))
        assert kept.sequence is not None
    finally:
        close_players(players)
