"""The token is kept for the service's user only and never shown."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from firmware_host.online.credentials import (
    ApiToken,
    forget_token,
    read_token,
    store_token,
    token_path,
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
