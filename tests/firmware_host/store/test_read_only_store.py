"""``kiban list`` and ``kiban export`` only read, so a state directory the user may not
write to (the service's, a backup on read-only media) is no obstacle: the store is
opened read-only, and moves a running program holds only in its WAL are read too."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from firmware_host.store.storage import GameStore, StorageError
from tests.firmware_host.store.storekit import first_schema_store, whole_store

ROOT = Path(__file__).resolve().parents[3]
RunKiban = Callable[..., subprocess.CompletedProcess[str]]
_IN_READ_ONLY_MOUNT = 'folder="$1"; shift; mount --bind -o ro "$folder" "$folder" && exec "$@"'


@pytest.fixture
def read_only(tmp_path: Path) -> RunKiban:
    """``read_only(folder, *args)``: ``kiban ARGS`` as a program that may not write in
    ``folder``: a user's, with the folder's permissions taken away while it runs; root's
    (who may write whatever the permissions say), in a read-only mount of it."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    command = [sys.executable, "-m", "firmware_host.cli"]
    mount = ["unshare", "--mount", "--propagation", "private", "sh", "-c", _IN_READ_ONLY_MOUNT]
    if os.geteuid() == 0 and (
        shutil.which("unshare") is None
        or subprocess.run(
            [*mount, "_", str(tmp_path), "true"], check=False, capture_output=True
        ).returncode
    ):
        pytest.skip("root cannot mount a folder read-only here (needs unshare and mount)")

    def kiban(*words: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            words, check=False, env=env, capture_output=True, text=True, timeout=60
        )

    def run(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
        if os.geteuid() == 0:
            return kiban(*mount, "_", str(folder), *command, *args)
        folder.chmod(0o555)
        try:
            return kiban(*command, *args)
        finally:
            folder.chmod(0o755)

    return run


def _contents(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in folder.iterdir()}


def test_list_and_export_read_a_folder_they_may_not_write(
    tmp_path: Path, read_only: RunKiban
) -> None:
    folder = tmp_path / "state"
    folder.mkdir()
    whole_store(folder / "games.sqlite3")
    before = _contents(folder)
    listed = read_only(folder, "list", "--state-dir", str(folder))
    assert listed.returncode == 0, listed.stderr
    assert [line.split()[0] for line in listed.stdout.splitlines()[1:]] == ["2", "1"]
    exported = read_only(folder, "export", "1", "--format", "sfen", "--state-dir", str(folder))
    assert exported.returncode == 0, exported.stderr
    assert exported.stdout.endswith("moves 7g7f 3c3d 8h2b+ 3a2b B*4e\n")
    assert _contents(folder) == before


def test_moves_a_running_program_holds_in_its_wal_are_read(
    tmp_path: Path, read_only: RunKiban
) -> None:
    folder = tmp_path / "state"
    folder.mkdir()
    whole_store(folder / "sim.sqlite3")
    writer = GameStore(folder / "sim.sqlite3")  # kiban sim, still running
    writer.add_move(2, 3, "1d1c", at=5.0)
    try:
        exported = read_only(folder, "export", "2", "--sim", "--state-dir", str(folder))
    finally:
        writer.close()
    assert exported.returncode == 0, exported.stderr
    assert "1. 2c2b 1a2b\n2. 1d1c\n" in exported.stdout


def test_reading_only_writes_nothing_and_refuses_to_write(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    games = whole_store(path)
    before = _contents(tmp_path)
    store = GameStore(path, read_only=True)
    assert store.list_games() == games[::-1]
    with pytest.raises(StorageError, match="cannot write"):
        store.new_game("dobutsu", {}, None, at=0.0)
    store.close()
    assert _contents(tmp_path) == before


def test_a_file_from_an_older_kiban_is_read_without_being_migrated(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    first_schema_store(path)
    before = path.read_bytes()
    stored = GameStore(path, read_only=True).load(1)
    assert stored.moves() == ["2c2b"] and stored.clock is None and stored.created_wall is None
    assert path.read_bytes() == before
