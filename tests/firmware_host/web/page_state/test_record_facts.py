"""A game read in from a record file, as the page shows it beside the game and its review
(issue 81, item 4): the players by name, the event, the day it began, the time control,
the file's ending while the game is still the file's, its variations (listed by the
review under the move each is played instead of), and what a download in each format
cannot hold of them. A game begun here has none of it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.record import RecordInfo
from engine.shogi import SHOGI
from firmware_host.loops.simulator import Simulation
from firmware_host.session.actions import NewGame, Resign, Review, TakeBack
from firmware_host.store.importing import read_record_file
from firmware_host.store.storage import GameStore
from firmware_host.telling.language import Language
from firmware_host.web.words.told_for_page import told_for_page
from hardware.profile import load_profile
from tests.engine.shogi.corpus_files import CORPUS
from tests.firmware_host.simkit import track
from tests.firmware_host.web.helpers import Json, said_from_record, sim_state

HENKA = CORPUS / "kifu-for-js-henka.kif"
"""Kifu for Windows V6.39's record of a 1st-round Kisei game to move 12, broken off
(中断), with variations of moves 3 (two), 2 and 1, and one inside the last."""


def sim_of(path: Path, store: GameStore | None = None, **more: Any) -> Simulation:
    imported = read_record_file(path, SHOGI)
    sim = Simulation(
        SHOGI,
        load_profile("sim", SHOGI),
        store or GameStore(":memory:"),
        options=imported.options,
        position=imported.start,
        moves=imported.moves,
        record=imported.info,
        resume=False,
        **more,
    )
    track(sim)
    sim.settle()
    return sim


def english_state(sim: Simulation) -> Json:
    """The state as the server sends it to an English page (told at its edge)."""
    state = told_for_page(sim_state(sim), Language.ENGLISH, sim.game)
    assert isinstance(state, dict)
    return state


def test_the_page_shows_what_the_record_said() -> None:
    sim = sim_of(HENKA)
    built = sim_state(sim)["record"]
    assert "ending" not in built and "notes" not in built  # only their values
    record = english_state(sim)["record"]
    assert record["players"] == ["先手56789012全3456789", "後手567890全123456789"]
    assert (record["event"], record["started"], record["time_control"]) == (
        "第74期棋聖戦1次予選",
        "2000/12/30 10:00",
        "６時間",
    )
    assert record["ending"] == "broken off"  # 中断: the game is still the file's
    assert said_from_record(built["ending_said"]).msgid == "broken off"
    assert record["variations"] == 5
    assert [(b["ply"], b["depth"], b["moves"][0]) for b in record["branches"]] == [
        (3, 0, "7i6h"),
        (3, 0, "2h6h"),
        (2, 0, "3c3d"),
        (1, 0, "2g2f"),
        (2, 1, "3c3d"),
    ]
    assert record["branches"][3]["comments"][2] == "コメント"
    # KIF and KI2 keep them; CSA writes them in words; plain text and a USI line cannot
    assert set(record["notes"]) == {"txt", "csa", "sfen"}
    assert record["notes"]["txt"] == (
        "plain text (headers and moves) has no form for variations: the record's 5 "
        "variations are left out"
    )
    assert said_from_record(built["notes_said"]["csa"]).count == 5


def test_a_game_begun_here_has_no_record_facts() -> None:
    sim = sim_of(HENKA)
    sim.send(NewGame("shogi"))
    sim.settle()
    assert sim_state(sim)["record"] is None


def test_once_a_move_is_taken_back_the_files_ending_no_longer_holds() -> None:
    sim = sim_of(HENKA)
    sim.send(TakeBack())
    sim.settle()
    record = english_state(sim)["record"]
    assert record["ending"] is None
    assert record["players"][0] == "先手56789012全3456789"  # the rest still holds
    assert record["variations"] == 5  # every one is an alternative to a move still the file's


def test_the_review_lists_the_variations_of_the_game_it_shows(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "sim.sqlite3")
    sim = sim_of(HENKA, store)
    sim.send(Resign())
    sim.settle()
    sim.send(Review("first", None))
    state = english_state(sim)
    review = state["review"]
    assert review["record"]["variations"] == 5
    assert review["record"]["ending"] is None  # the game ended here, by a resignation
    # a stored game read in, reviewed from a later game: its own facts
    sim.send(NewGame("shogi"))
    sim.settle()
    sim.send(Resign())
    sim.settle()
    sim.send(Review("first", 1))
    assert sim_state(sim)["review"]["record"]["players"][1] == "後手567890全123456789"
    sim.send(Review("first", 2))
    assert sim_state(sim)["review"]["record"] is None  # begun here


def test_a_record_without_variations_notes_nothing() -> None:
    info = RecordInfo(players=("a", "b"))
    sim = Simulation(
        SHOGI,
        load_profile("sim", SHOGI),
        GameStore(":memory:"),
        moves=("7g7f",),
        record=info,
        resume=False,
    )
    track(sim)
    sim.settle()
    record = english_state(sim)["record"]
    assert record["notes"] == {} and record["variations"] == 0 and record["branches"] == []


def test_a_game_won_by_default_shows_its_winner_and_how() -> None:
    """Issue 81: 不戦勝 (the side to move won, the other did not play) and 不戦敗 (it
    lost), with or without moves before them, as the record's ending the page and the
    review show."""
    for name, ending in (
        ("kiban-forfeit-win.ki2", "sente wins (forfeit)"),
        ("kiban-forfeit-loss.kif", "gote wins (forfeit)"),
    ):
        record = sim_state(sim_of(CORPUS / name))["record"]
        assert "ending" not in record  # said once: the page tells the value (issue 82)
        said = said_from_record(record["ending_said"])
        assert said.msgid == "{seats} wins ({termination})" and str(said) == ending
