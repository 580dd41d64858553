"""Files Kiban writes whole are replaced in one step, never rewritten in place: a reader
(or the next start) finds the old file whole or the new one whole, a write that fails
leaves the old file as it was, and nothing is left beside it."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

import pytest

from engine.outcome import Outcome, Termination
from firmware_host.cli import main
from firmware_host.online.credentials import ApiToken, read_token, store_token, token_path
from firmware_host.store.replacing import ReplaceError, replace_text
from firmware_host.store.storage import GameStore
from firmware_host.tools.records.stores import BOARD_STORE


def no_room(_: int) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def test_a_file_is_replaced_whole_and_a_failed_write_leaves_the_old_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "table.toml"
    path.write_text("old = 1\n")
    path.chmod(0o640)
    with path.open() as reader:  # opened before: it still reads the old file, whole
        replace_text(path, "new = 2\n")
        assert reader.read() == "old = 1\n"
    assert path.read_text() == "new = 2\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640  # its mode kept
    monkeypatch.setattr(os, "fsync", no_room)
    with pytest.raises(ReplaceError, match="No space left"):
        replace_text(path, "torn = ")
    assert path.read_text() == "new = 2\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["table.toml"]


def test_the_token_is_0600_from_its_first_byte_and_replaced_whole(tmp_path: Path) -> None:
    path = store_token(tmp_path, ApiToken("first_token"))
    with path.open() as reader:
        store_token(tmp_path, ApiToken("second_token"))
        assert reader.read() == "first_token\n"
    assert stat.S_IMODE(token_path(tmp_path).stat().st_mode) == 0o600
    assert read_token(tmp_path) == ApiToken("second_token")


def test_an_exported_record_replaces_the_file_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = GameStore(tmp_path / BOARD_STORE)
    game = store.new_game("dobutsu", {}, None, 0.0)
    store.add_move(game, 1, "2c2b", 1.0)
    store.finish(game, Outcome.win(Termination.RESIGNATION, 0), 2.0)
    store.close()
    output = tmp_path / "game.txt"
    output.write_text("an older export\n")
    with output.open() as reader:
        code = main(["export", "1", "--state-dir", str(tmp_path), "--output", str(output)])
        assert code == 0, capsys.readouterr().err
        assert reader.read() == "an older export\n"
    assert "2c2b" in output.read_text()
