"""The token is kept for the service's user only and never shown."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from firmware_host.cli import main
from firmware_host.cli.common import open_store
from firmware_host.online.credentials import (
    ApiToken,
    forget_token,
    read_token,
    store_token,
    token_path,
    token_source,
)
from firmware_host.online.errors import TokenError

SECRET = "lip_S3cretT0kenValue_42"


def test_the_token_file_is_0600_and_reads_back(tmp_path: Path) -> None:
    path = store_token(tmp_path / "state", ApiToken(SECRET))
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert read_token(tmp_path / "state") == ApiToken(SECRET)


def test_the_file_is_created_0600_even_under_a_lax_umask(tmp_path: Path) -> None:
    old = os.umask(0)
    try:
        path = store_token(tmp_path, ApiToken(SECRET))
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_storing_again_replaces_and_keeps_the_mode(tmp_path: Path) -> None:
    store_token(tmp_path, ApiToken("first"))
    path = store_token(tmp_path, ApiToken(SECRET))
    assert read_token(tmp_path) == ApiToken(SECRET)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def test_a_token_others_can_read_is_refused_with_the_fix(tmp_path: Path) -> None:
    path = store_token(tmp_path, ApiToken(SECRET))
    path.chmod(0o644)
    with pytest.raises(TokenError, match=f"chmod 600 {path}") as refused:
        read_token(tmp_path)
    assert SECRET not in str(refused.value)
    assert isinstance(refused.value, PermissionError)


def test_no_token_and_forgetting(tmp_path: Path) -> None:
    assert read_token(tmp_path) is None
    store_token(tmp_path, ApiToken(SECRET))
    assert forget_token(tmp_path)
    assert not token_path(tmp_path).exists()
    assert not forget_token(tmp_path)
    assert read_token(tmp_path) is None


def test_the_token_is_not_in_its_repr_and_a_bad_one_is_refused(tmp_path: Path) -> None:
    token = ApiToken(SECRET)
    assert SECRET not in repr(token) and SECRET not in str(token)
    assert token.header() == {"Authorization": f"Bearer {SECRET}"}
    with pytest.raises(TokenError):
        ApiToken("has spaces")
    with pytest.raises(TokenError):
        ApiToken("")
    token_path(tmp_path).write_text("bad token\n")
    token_path(tmp_path).chmod(0o600)
    with pytest.raises(TokenError, match="store it again"):
        read_token(tmp_path)


class Killed(BaseException):
    """A kill: no ``except OSError`` of the writer runs."""


def killed_before_the_rename(state_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Store the token as a kill just before the rename would: the new file left."""

    def kill(*_: object) -> None:
        raise Killed

    with monkeypatch.context() as patched:
        patched.setattr(os, "replace", kill)
        with pytest.raises(Killed):
            store_token(state_dir, ApiToken(SECRET))
    [left] = [p for p in state_dir.iterdir() if p.name.startswith(".lishogi-token.")]
    assert left.read_text() == SECRET + "\n"
    return left


def dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_logout_removes_the_copy_a_killed_login_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    left = killed_before_the_rename(tmp_path, monkeypatch)
    assert main(["online", "logout", "--state-dir", str(tmp_path)]) == 0
    assert not left.exists()
    assert "the lishogi token is forgotten" in capsys.readouterr().out
    assert list(tmp_path.iterdir()) == []


def test_the_next_start_removes_only_the_copies_of_writes_that_are_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ours = killed_before_the_rename(tmp_path, monkeypatch)
    store_token(tmp_path, ApiToken("kept_token"))  # a login after it removes it too
    assert not ours.exists()
    dead = tmp_path / f".lishogi-token.{dead_pid()}-0123abcd.new"
    running = tmp_path / f".lishogi-token.{os.getppid()}-0123abcd.new"  # being written
    others = [
        tmp_path / ".lishogi-token.12-xyz.new",  # not a name Kiban makes
        tmp_path / ".lishogi-token.bak",
        tmp_path / ".games.sqlite3.12-0123abcd.new",  # another file's
    ]
    for path in (dead, running, *others):
        path.write_text(SECRET)
    open_store(tmp_path, "sim.sqlite3").close()  # the start of kiban sim
    assert not dead.exists()
    assert running.exists() and all(path.exists() for path in others)
    assert read_token(tmp_path) == ApiToken("kept_token")
    dead.write_text(SECRET)  # left again: an online game's start removes it too
    token_source(tmp_path)
    assert not dead.exists() and running.exists()
