"""Proposals across boards through the real broker: a takeback offered on one board
is declined, then accepted, on the other; a draw offered there is accepted here."""

from __future__ import annotations

from pathlib import Path

from engine.outcome import Termination
from engine.registry import find_game
from firmware_host.notices.declared import (
    ProposalAnswered,
    ProposalMade,
)
from firmware_host.session.actions import AgreeDraw, Select, TakeBack
from firmware_host.session.state import Phase
from tests.firmware_host.remote.conftest import Broker
from tests.firmware_host.remote.players import (
    Player,
    check_agreed,
    close_players,
    open_game,
    play_game,
    settle_all,
)
from tests.firmware_host.simkit import of


def answer(players: list[Player], proposer: Player, answerer: Player, choice: str) -> None:
    """The answering board's prompt opens; its player chooses; the proposer hears it."""
    settle_all(players, lambda: answerer.sim.controller.phase is Phase.PROMPT, "no prompt")
    assert answerer.sim.controller.prompt_choices == ("accept", "decline")
    answerer.sim.send(Select(choice))
    start = len(proposer.sim.notices)
    settle_all(
        players, lambda: bool(of(ProposalAnswered, proposer.sim.notices[start:])), "no answer"
    )
    (heard,) = of(ProposalAnswered, proposer.sim.notices[start:])
    assert heard.ours and heard.accepted == (choice == "accept")


def put_back(players: list[Player]) -> None:
    """The hands set each board's pieces as the game now has them."""
    for player in players:
        player.sim.world.arrange(player.sim.physical(player.sim.controller.position.layout()))
        player.sim.settle()
        assert player.sim.controller.phase is Phase.PLAY


def test_takeback_and_draw_agreed_across_boards(broker: Broker, tmp_path: Path) -> None:
    players = open_game(broker.url, find_game("shogi"), tmp_path, [(), ()], seed=3)
    host, joiner = players
    try:
        play_game(players, until=lambda: host.ply == joiner.ply == 5)
        assert of(ProposalMade, host.sim.send(TakeBack()))  # the host's own last move
        answer(players, host, joiner, "decline")
        assert host.ply == joiner.ply == 5 and host.remote.line == joiner.remote.line == 0

        assert of(ProposalMade, host.sim.send(TakeBack()))
        answer(players, host, joiner, "accept")
        # each board says its line anew at its next look at the broker after taking back
        settle_all(
            players,
            lambda: host.ply == joiner.ply == 4 and host.remote.line == joiner.remote.line == 1,
            "not taken back",
        )
        put_back(players)

        play_game(players, until=lambda: host.ply == joiner.ply == 8)
        assert of(ProposalMade, joiner.sim.send(AgreeDraw()))
        answer(players, joiner, host, "accept")
        settle_all(players, lambda: all(p.outcome is not None for p in players), "not over")
        moves = check_agreed(players, taken_back=True)
        assert len(moves) == 8
        outcome = host.outcome
        assert outcome is not None and outcome.termination is Termination.AGREEMENT
    finally:
        close_players(players)
