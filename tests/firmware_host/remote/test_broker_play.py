"""Whole games between simulated boards through a real Mosquitto broker, with noisy hands."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from engine.outcome import Termination
from engine.registry import find_game
from firmware_host.session.consent import Agreement, PeerEnded
from firmware_host.session.controller import Controller
from firmware_host.session.events import Event
from tests.firmware_host.remote.conftest import Broker
from tests.firmware_host.remote.players import (
    check_agreed,
    close_players,
    open_game,
    play_game,
)


@pytest.mark.parametrize("seed", [1, 2])
def test_two_boards_play_a_whole_robot_duel(broker: Broker, tmp_path: Path, seed: int) -> None:
    players = open_game(broker.url, find_game("dobutsu"), tmp_path, [(), ()], seed=seed)
    try:
        host, joiner = players
        assert (host.remote.seats, joiner.remote.seats) == ((0,), (1,))
        play_game(players)
        moves = check_agreed(players)
        assert len(moves) == len(host.played) + len(joiner.played)
        assert host.played and joiner.played
    finally:
        close_players(players)


def test_two_boards_play_shogi_until_one_resigns(broker: Broker, tmp_path: Path) -> None:
    """80 random plies, then the board to move resigns with its Resign action; the
    other board hears it (PeerEnded) and ends the game the same way."""
    players = open_game(broker.url, find_game("shogi"), tmp_path, [(), ()], seed=3)
    heard: dict[str, list[object]] = {p.name: [] for p in players}
    for player in players:
        poll = player.remote.poll

        def recorded(
            controller: Controller,
            agreement: Agreement,
            at: float,
            poll: Callable[[Controller, Agreement, float], list[Event]] = poll,
            name: str = player.name,
        ) -> list[Event]:
            events = poll(controller, agreement, at)
            heard[name] += events
            return events

        player.remote.poll = recorded  # type: ignore[method-assign]
    try:
        play_game(players, max_plies=80)
        moves = check_agreed(players)
        assert len(moves) == 80
        resigner = next(p for p in players if p.resigned)
        other = next(p for p in players if not p.resigned)
        outcome = resigner.outcome
        assert outcome is not None and outcome.termination is Termination.RESIGNATION
        assert resigner.sim.controller.position.turn in resigner.remote.seats
        assert outcome.winners == frozenset(other.remote.seats)
        assert [type(e) for e in heard[other.name]] == [PeerEnded]
        assert heard[resigner.name] == []
    finally:
        close_players(players)


@pytest.mark.slow
def test_four_boards_play_chaturaji_with_dice(broker: Broker, tmp_path: Path) -> None:
    """The host plays black; three boards join for green, red and yellow. Each seat's
    dice are rolled once, at its board, and the others take the roll as it comes."""
    seats = [("black",), ("green",), ("red",), ("yellow",)]
    chaturaji = find_game("chaturaji")
    players = open_game(broker.url, chaturaji, tmp_path, seats, seed=5, captures=True)
    try:
        assert [p.remote.seats for p in players] == [(0,), (1,), (2,), (3,)]
        play_game(players)
        moves = check_agreed(players)
        rolls = [m for m in moves if m.startswith("roll")]
        assert rolls and len(moves) > len(rolls)
        for player in players:
            assert set(player.played).isdisjoint(rolls)  # nobody rolled by hand
    finally:
        close_players(players)
