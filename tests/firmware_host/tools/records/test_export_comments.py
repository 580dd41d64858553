"""A stored game's review in its exports: KIF and CSA carry the engine's comment on
each judged move, and the records still read, by our readers and by cshogi's."""

from __future__ import annotations

from pathlib import Path

import cshogi
import cshogi.CSA
import cshogi.KIF

from engine.outcome import Outcome, Termination
from engine.search.types import Quality
from engine.shogi.csa_read import read_csa
from engine.shogi.kif_read import read_kif
from firmware_host.session.settings import Settings
from firmware_host.store.review_notes import MoveNote, stored_notes
from firmware_host.store.storage import GameStore
from firmware_host.tools.records.export import export_game

MOVES = ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]
NOTES = (
    MoveNote(1, Quality.BEST, 0.0, None),
    MoveNote(2, Quality.DOUBTFUL, 0.2, "8c8d"),
    MoveNote(4, Quality.LOSING, 0.5, "3a2b"),
)


def reviewed(folder: Path) -> GameStore:
    store = GameStore(folder / "games.sqlite3")
    game_id = store.new_game("shogi", {}, None, 0.0, {"coach": "on"})
    for ply, move in enumerate(MOVES, start=1):
        store.add_move(game_id, ply, move, float(ply))
    store.finish(game_id, Outcome.win(Termination.RESIGNATION, 0), 99.0)
    store.save_review(game_id, stored_notes(NOTES))
    return store


def test_kif_carries_a_comment_under_each_judged_move(tmp_path: Path) -> None:
    store = reviewed(tmp_path)
    text = export_game(store.load(1), "kif")
    lines = text.splitlines()
    second = next(i for i, line in enumerate(lines) if line.startswith("   2 "))
    assert lines[second + 1] == "*doubtful; better 8c8d"
    assert "*losing; better 3a2b" in lines
    assert list(read_kif(text).moves) == MOVES
    parsed = cshogi.KIF.Parser.parse_str(text)
    assert [cshogi.move_to_usi(m) for m in parsed.moves] == MOVES
    assert "doubtful; better 8c8d" in parsed.comments


def test_csa_carries_a_comment_after_each_judged_move(tmp_path: Path) -> None:
    store = reviewed(tmp_path)
    text = export_game(store.load(1), "csa")
    lines = text.splitlines()
    second = lines.index("-3334FU")
    # its time, then its own comment, as ShogiHome reads a move's (issue 81: '** was
    # shown there as an engine's reading)
    assert lines[second + 2] == "'*doubtful; better 8c8d"
    assert "'*losing; better 3a2b" in lines
    record = read_csa(text)
    assert list(record.moves) == MOVES
    parsed = cshogi.CSA.Parser.parse_str(text)[0]
    assert [cshogi.move_to_usi(m) for m in parsed.moves] == MOVES
    # each note on its own move, not the game's comment; cshogi 1.1.0 reads a move's
    # comment only from floodgate's '** lines (an engine's reading): it takes '* lines,
    # the CSA standard's comments, for the game's
    assert record.comments[1] == "doubtful; better 8c8d"
    assert "losing; better 3a2b" in record.comments and "better" not in record.header
    assert not any(parsed.comments)


def test_a_game_without_a_review_has_no_move_comments(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "games.sqlite3")
    game_id = store.new_game("shogi", {}, None, 0.0)
    for ply, move in enumerate(MOVES, start=1):
        store.add_move(game_id, ply, move, float(ply))
    text = export_game(store.load(game_id), "kif")
    assert not [line for line in text.splitlines() if line.startswith("*")]


def test_a_resumed_game_ignores_its_kept_review(tmp_path: Path) -> None:
    store = reviewed(tmp_path)
    assert Settings.parse(store.load(1).settings).stored() == {
        "coach": "on",
        "draw": "none",
        "roll": "auto",
    }
