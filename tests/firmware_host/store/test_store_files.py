"""Store files Kiban did not write as it expects: a newer schema, a damaged file."""

from __future__ import annotations

import hashlib
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pytest

from firmware_host.cli import main
from firmware_host.store.salvage import open_store
from firmware_host.store.storage import (
    SCHEMA_VERSION,
    DamagedStoreError,
    GameStore,
    NewerStoreError,
)


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _newer_store(path: Path) -> Path:
    store = GameStore(path)
    store.new_game("dobutsu", {}, None, at=0.0)
    store.close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    db.execute("PRAGMA journal_mode=DELETE")  # one file: what is compared is all there is
    db.close()
    return path


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    code = main(list(args))
    return code, capsys.readouterr().err


def test_a_store_from_a_newer_kiban_is_refused_untouched(tmp_path: Path) -> None:
    path = _newer_store(tmp_path / "games.sqlite3")
    before = _digest(path)
    with pytest.raises(NewerStoreError) as refused:
        GameStore(path)
    message = str(refused.value)
    assert str(path) in message
    assert f"schema version {SCHEMA_VERSION + 1}" in message
    assert f"up to {SCHEMA_VERSION}" in message
    assert _digest(path) == before
    version = sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0]
    assert version == SCHEMA_VERSION + 1
    with pytest.raises(NewerStoreError):
        open_store(path)  # never kept aside as damaged: it is whole, only newer
    assert _digest(path) == before and not list(tmp_path.glob("*.damaged-*"))


@pytest.mark.parametrize(
    "args",
    [
        ("export", "1"),
        ("sim",),
        ("sim", "--web", "--no-browser"),
        ("run", "--profile", "dobutsu-reference"),
    ],
)
def test_every_command_says_so_and_stops_without_a_traceback(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    args: tuple[str, ...],
) -> None:
    name = "games.sqlite3" if args[0] in ("export", "run") else "sim.sqlite3"
    path = _newer_store(tmp_path / name)
    before = _digest(path)
    closed: list[bool] = []
    if args[0] == "run":  # the board opens (as on a Pi), then the store is refused
        board = SimpleNamespace(close=lambda: closed.append(True))
        monkeypatch.setattr("hardware.board.open_board", lambda profile, pressed: board)
    code, err = _run(capsys, *args, "--state-dir", str(tmp_path))
    assert code != 0
    assert "newer Kiban" in err and str(path) in err
    assert "Traceback" not in err
    assert _digest(path) == before
    assert closed == ([True] if args[0] == "run" else [])  # the board let go again


def _random_file(path: Path) -> Path:
    path.write_bytes(os.urandom(5000))
    return path


def _truncated_store(path: Path) -> Path:
    store = GameStore(path)
    for number in range(40):
        game_id = store.new_game("dobutsu", {}, None, at=float(number))
        for ply in range(1, 30):
            store.add_move(game_id, ply, f"move {ply} of a long game", at=float(ply))
    store.close()
    data = path.read_bytes()
    assert not path.with_name(path.name + "-wal").exists()  # closed: all in the file
    path.write_bytes(data[: len(data) // 2])
    return path


@pytest.mark.parametrize("damage", [_random_file, _truncated_store])
def test_a_damaged_store_is_named_kept_aside_and_replaced(
    tmp_path: Path, damage: Callable[[Path], Path]
) -> None:
    path = damage(tmp_path / "games.sqlite3")
    broken = path.read_bytes()
    with pytest.raises(DamagedStoreError, match=r"games\.sqlite3 is damaged"):
        GameStore(path)
    assert path.read_bytes() == broken  # naming it changes nothing
    store = open_store(path)
    replaced = store.replaced
    assert replaced is not None and replaced.path == path
    assert replaced.kept.name.startswith("games.sqlite3.damaged-")
    assert replaced.kept.read_bytes() == broken
    described = str(replaced.describe())
    assert "damaged" in described and replaced.kept.name in described
    game_id = store.new_game("dobutsu", {}, None, at=0.0)  # a fresh store that works
    store.add_move(game_id, 1, "2c2b", at=1.0)
    assert store.load(game_id).moves() == ["2c2b"]
    store.close()
    assert GameStore(path).replaced is None  # whole again: nothing more to say


def test_a_damaged_file_takes_its_wal_files_aside_with_it(tmp_path: Path) -> None:
    path = _random_file(tmp_path / "games.sqlite3")
    wal = tmp_path / "games.sqlite3-wal"
    wal.write_bytes(b"left over")
    store = open_store(path)
    assert store.replaced is not None
    kept = store.replaced.kept
    assert (tmp_path / f"{kept.name}-wal").read_bytes() == b"left over"
    assert store.new_game("dobutsu", {}, None, at=0.0) == 1


def test_export_only_reports_a_damaged_store(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _random_file(tmp_path / "games.sqlite3")
    broken = path.read_bytes()
    code, err = _run(capsys, "export", "1", "--state-dir", str(tmp_path))
    assert code == 2
    assert "is damaged" in err and str(path) in err and "Traceback" not in err
    assert path.read_bytes() == broken
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.sqlite3"]
