"""What can still be read of a damaged store is saved into the fresh one: every game
under its own number, each with its records up to the first that is lost or no longer
plays, and the store says how many."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from firmware_host.store.salvage import open_store, read_damaged
from firmware_host.store.storage import GameStatus, GameStore, StoredGame
from tests.firmware_host.store.storekit import (
    DAMAGES,
    header_fields_damaged,
    magic_damaged,
    numbering_damaged,
    run_cli,
    schema_not_utf8,
    schema_other_columns,
    schema_unparseable,
    whole_store,
)

READABLE = {
    "schema unparseable": (schema_unparseable, 0),
    "schema with other columns": (schema_other_columns, 0),
    "schema text not UTF-8": (schema_not_utf8, 0),
    "numbering table damaged": (numbering_damaged, 0),
    "magic damaged": (magic_damaged, 20),
    "header fields damaged": (header_fields_damaged, 20),
}
"""Damage that leaves every row readable (and the games of the store it damages):
all of it is saved."""


def _saved(store: GameStore) -> dict[int, StoredGame]:
    return {game.id: game for game in store.list_games(1000)}


@pytest.mark.parametrize("name", list(READABLE))
def test_a_damaged_header_or_schema_loses_no_game(tmp_path: Path, name: str) -> None:
    path = tmp_path / "games.sqlite3"
    damage, fillers = READABLE[name]
    damage(path)
    original = whole_store(tmp_path / "original.sqlite3", fillers=fillers)
    store = open_store(path)
    assert store.replaced is not None
    assert (store.replaced.saved, store.replaced.cut) == (len(original), 0)
    assert f"{len(original)} games read from it are in the new store" in str(
        store.replaced.describe()
    )
    assert list(_saved(store).values()) == sorted(original, key=lambda g: -g.id)
    assert store.new_game("dobutsu", {}, None, at=0.0) == len(original) + 1  # numbers go on


@pytest.mark.parametrize("name", list(DAMAGES))
def test_what_is_saved_is_what_was_stored_up_to_the_damage(tmp_path: Path, name: str) -> None:
    path = tmp_path / "games.sqlite3"
    DAMAGES[name](path)
    original = {g.id: g for g in whole_store(tmp_path / "original.sqlite3", fillers=40)}
    store = open_store(path)
    replaced = store.replaced
    assert replaced is not None
    saved = _saved(store)
    assert replaced.saved == len(saved)
    cut = 0
    for number, game in saved.items():
        stored = original[number]
        records = game.records
        assert records == stored.records[: len(records)]
        if not records and stored.records:
            continue  # all its records lost: it cannot be told from a game without moves
        if len(records) < len(stored.records):
            cut += 1
            if stored.status is GameStatus.OVER:
                assert (game.status, game.outcome) == (GameStatus.ABANDONED, None)
        else:
            assert game == stored
    assert cut == replaced.cut
    if not saved:
        assert "no game in it could be read" in str(replaced.describe())


def test_damage_in_a_page_of_rows_loses_only_those_rows(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    original = whole_store(path, fillers=60)
    data = bytearray(path.read_bytes())
    db = sqlite3.connect(path)
    pages = [row[0] for row in db.execute("SELECT pageno FROM dbstat WHERE name = 'records'")]
    db.close()
    middle = pages[len(pages) // 2]
    data[(middle - 1) * 4096 : middle * 4096] = b"\xa5" * 4096
    path.write_bytes(bytes(data))
    found = read_damaged(path)
    assert len(found) == len(original)  # every game's row is still there
    whole = [item for item in found if item.whole]
    assert len(original) - 10 < len(whole) < len(original)


def test_moves_only_in_the_wal_are_saved_too(tmp_path: Path) -> None:
    path = tmp_path / "live" / "sim.sqlite3"
    path.parent.mkdir()
    whole_store(path)
    store = GameStore(path)
    store.add_move(2, 3, "1d1c", at=5.0)  # in the WAL only: the program is still running
    crashed = tmp_path / "sim.sqlite3"
    for suffix in ("", "-wal"):
        shutil.copyfile(f"{path}{suffix}", f"{crashed}{suffix}")
    store.close()
    with crashed.open("r+b") as file:
        file.write(b"not SQLite at all")
    fresh = open_store(crashed)
    assert fresh.replaced is not None and fresh.replaced.saved == 2
    assert fresh.load(2).moves() == ["2c2b", "1a2b", "1d1c"]


def test_a_move_that_no_longer_plays_cuts_its_game_there(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    whole_store(path)
    db = sqlite3.connect(path)
    db.execute("UPDATE records SET move = '9i9a' WHERE game_id = 1 AND seq = 3")
    db.commit()
    db.close()
    with path.open("r+b") as file:
        file.write(b"\x00" * 16)
    store = open_store(path)
    assert store.replaced is not None and (store.replaced.saved, store.replaced.cut) == (2, 1)
    assert "(1 up to the first damaged move only)" in str(store.replaced.describe())
    shogi = store.load(1)
    assert shogi.moves() == ["7g7f", "3c3d"] and shogi.status is GameStatus.ABANDONED


def test_kiban_sim_says_how_many_games_it_saved_and_resumes_one(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    schema_unparseable(tmp_path / "sim.sqlite3")
    code, out, err = run_cli(capsys, monkeypatch, "sim", "dobutsu", "--state-dir", str(tmp_path))
    assert code == 0, err
    assert "2 games read from it are in the new store" in out
    assert "resumed game 2 of Robot Duel (Dobutsu shogi)" in out
    code, out, _ = run_cli(capsys, monkeypatch, "list", "--sim", "--state-dir", str(tmp_path))
    assert code == 0 and [line.split()[0] for line in out.splitlines()[1:]] == ["2", "1"]


@pytest.mark.parametrize("moment", ["copying", "salvaging", "before-keeping", "after-keeping"])
def test_a_salvage_killed_half_way_loses_no_game_and_is_finished_at_the_next_start(
    tmp_path: Path, moment: str
) -> None:
    """``kiban run`` killed -9 while it saves a damaged store's games: the next start
    has them all (salvaged again, or the whole salvage put in place) and resumes."""
    path = tmp_path / "games.sqlite3"
    magic_damaged(path)
    original = whole_store(tmp_path / "original.sqlite3", fillers=20)
    child = subprocess.run(
        [sys.executable, "-m", "tests.firmware_host.store.salvage_child", str(path), moment],
        capture_output=True,
        check=False,
    )
    assert child.returncode == -signal.SIGKILL, child.stderr.decode()
    store = open_store(path)
    assert list(_saved(store).values()) == sorted(original, key=lambda g: -g.id)
    assert store.replaced is not None and store.replaced.saved == len(original)
    kept = [p.name for p in tmp_path.iterdir() if ".damaged-" in p.name]
    assert len(kept) == 1 and store.replaced.kept.name == kept[0]
    assert not [p for p in tmp_path.iterdir() if ".salvag" in p.name]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith("kiban-salvage-")]
    unfinished = store.unfinished("dobutsu")
    assert unfinished is not None and unfinished.moves() == list(original[-1].moves())
    store.close()
    assert open_store(path).replaced is None  # done: the next start has nothing to do


def test_the_copies_a_killed_salvage_left_are_removed_at_the_next_start(tmp_path: Path) -> None:
    """Not a folder whose salvage still runs, nor one of another name."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    names = {
        "old": "kiban-salvage-ab_c1234",  # an earlier version's: no pid
        "dead": f"kiban-salvage-{child.pid}-ab_c1234",
        "running": f"kiban-salvage-{os.getppid()}-ab_c1234",
        "other": "kiban-salvage-notes",
    }
    for name in names.values():
        (tmp_path / name).mkdir()
        (tmp_path / name / "as-is.sqlite3").write_bytes(b"a copy of a damaged store")
    whole_store(tmp_path / "games.sqlite3", fillers=0)
    store = open_store(tmp_path / "games.sqlite3")
    assert store.replaced is None
    store.close()
    left = {key for key, name in names.items() if (tmp_path / name).exists()}
    assert left == {"running", "other"}
