"""A game recorded with no buttons at all: two people play on the board, clocked or
not, and nothing is pressed (no clock button, no ok, no command). The record has
every move and the time each took, the game that ends on the board (a flag fallen,
a lion taken) is over by itself, its review steps through it, and its KIF and CSA
exports carry each move's time (and a fallen flag's, the time thought on the move
never made), read back by cshogi and by Kiban's own readers."""

from __future__ import annotations

import cshogi
import cshogi.CSA
import cshogi.KIF
import pytest

from engine.outcome import Termination
from engine.registry import find_game
from engine.shogi.csa_read import read_csa
from engine.shogi.kif_read import read_kif
from firmware_host.notices.declared import ReviewShown
from firmware_host.session.actions import Review
from firmware_host.store.records import stored_record
from firmware_host.tools.records.export import export_game
from tests.firmware_host.simkit import make_sim, of

THOUGHT = (3.0, 7.0, 12.0, 4.0)  # seconds each player thinks before moving
MOVES = ("7g7f", "3c3d", "2g2f", "8c8d")


@pytest.mark.parametrize("clock", [None, "2m"])
def test_two_people_play_and_the_board_keeps_every_move_and_its_time(clock: str | None) -> None:
    settings = {"draw": "none"} if clock is None else {"draw": "none", "clock": clock}
    sim = make_sim(game=find_game("shogi"), settings=settings)
    pressed = sim._pressed  # the board's own buttons: none is ever pressed here
    for thought, move in zip(THOUGHT, MOVES, strict=True):
        sim.advance(thought)
        sim.perform(move)
    if clock is not None:
        sim.advance(200.0)  # gote thinks on: the flag falls by itself
        outcome = sim.controller.outcome
        assert outcome is not None and outcome.termination is Termination.TIME_FORFEIT
    assert not pressed
    stored = sim.controller.store.load(sim.controller.game_id)
    record = stored_record(stored)
    assert record.moves == MOVES
    # each move's time: the thinking, and the hands' half a second or so to play it
    for spent, thought in zip(record.times, THOUGHT, strict=True):
        assert spent is not None and thought <= spent <= thought + 1.5, record.times
    kif, csa = export_game(stored, "kif"), export_game(stored, "csa")
    for ours in (read_kif(kif), read_csa(csa)):
        assert ours.moves == MOVES
        assert [round(t or 0) for t in ours.times] == [round(t or 0) for t in record.times]
    parsed_kif = cshogi.KIF.Parser.parse_str(kif)
    parsed_csa = cshogi.CSA.Parser.parse_str(csa)[0]
    # a flag fallen: the time sente thought on before it fell follows the ending (KIF's
    # 切れ負け line, CSA's T after %TIME_UP), and cshogi counts it among the times
    last = [] if record.ending_time is None else [round(record.ending_time)]
    assert (clock is None) == (record.ending_time is None)
    final = round(record.ending_time) if record.ending_time is not None else None
    assert read_kif(kif).ending_time == read_csa(csa).ending_time == final
    for parsed in (parsed_kif, parsed_csa):
        assert [cshogi.move_to_usi(m) for m in parsed.moves] == list(MOVES)
        assert list(parsed.times) == [round(t or 0) for t in record.times] + last
    if clock is not None:  # over by itself: its review steps through it
        shown = of(ReviewShown, sim.send(Review("first")))
        assert shown and shown[0].ply == 0
        shown = of(ReviewShown, sim.send(Review("last")))
        assert shown[0].ply == len(MOVES)
    sim.close()
