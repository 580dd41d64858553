"""A remote seat's move is played only as its own board tells it: hands at another
board that move for it first are refused, and follow the lit move once it comes."""

from __future__ import annotations

from pathlib import Path

from engine.registry import find_game
from firmware_host.notices.declared import Refused
from tests.firmware_host.remote.conftest import Broker
from tests.firmware_host.remote.players import (
    check_agreed,
    choose,
    close_players,
    open_game,
    play_game,
)
from tests.firmware_host.simkit import of


def test_a_move_made_for_the_remote_seat_waits_for_its_board(
    broker: Broker, tmp_path: Path
) -> None:
    players = open_game(broker.url, find_game("dobutsu"), tmp_path, [(), ()], seed=1)
    host, joiner = players
    try:
        play_game(players, until=lambda: host.ply == joiner.ply == 1)
        position = host.sim.controller.position
        assert position.turn in joiner.remote.seats and host.sim.controller.guide is None
        theirs = choose(position, joiner.seed)
        ours = next(
            text
            for text in sorted(position.move_text(move) for move in position.legal_moves())
            if text != theirs
        )
        notices = host.sim.perform(ours)  # the host's player moves the joiner's piece
        assert host.ply == 1
        assert [str(n.reason) for n in of(Refused, notices)] == [
            "B (gote) plays at another board: its move is lit here when it comes"
        ]
        play_game(players)  # the joiner's own move arrives, lit; the hands follow it
        moves = check_agreed(players)
        assert moves[1] == theirs
    finally:
        close_players(players)
