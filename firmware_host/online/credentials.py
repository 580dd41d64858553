"""The user's lishogi API token: kept in the state directory for the service's user only.

The file is created with mode 0600 (never widened and narrowed afterwards, so there
is no moment when others could read it), replaced whole, and refused when anyone
but its owner can read it. ``ApiToken`` keeps the secret out of every repr.

A kill just before the rename leaves the new file (``.lishogi-token.<pid>-<hex>.new``),
holding the token, behind: logging in, logging out and every start that uses the
token or the state directory remove such files (``forget_leftovers``).
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from firmware_host.online.errors import TokenError
from firmware_host.store.replacing import ReplaceError, remove_leftovers, replace_file

TOKEN_FILE = "lishogi-token"
"""The file's name in the state directory."""

_TOKEN = re.compile(r"[A-Za-z0-9_]{1,1024}")
"""lishogi's personal tokens (the spec allows for longer ones than today's)."""


@dataclass(frozen=True)
class ApiToken:
    """A personal API token; its repr and str never show it."""

    secret: str = field(repr=False)

    def __post_init__(self) -> None:
        if not _TOKEN.fullmatch(self.secret):
            raise TokenError("a lishogi token is letters, digits and _ only (1 to 1024 of them)")

    def header(self) -> dict[str, str]:
        """The Authorization header of every call."""
        return {"Authorization": f"Bearer {self.secret}"}


TokenSource = Callable[[], ApiToken]
"""The token to send now: read again for each call, so that a token given again (after
lishogi refused the old one) is used from the next call on, without a restart."""


def token_source(state_dir: Path) -> TokenSource:
    """The token kept in ``state_dir`` as it is at each call; ``TokenError`` when none is
    kept (logged out) or the file cannot be used."""

    forget_leftovers(state_dir)

    def current() -> ApiToken:
        token = read_token(state_dir)
        if token is None:
            raise TokenError(
                f"no lishogi token is kept in {state_dir}: log in again (kiban online login)"
            )
        return token

    return current


def token_path(state_dir: Path) -> Path:
    return state_dir / TOKEN_FILE


def store_token(state_dir: Path, token: ApiToken) -> Path:
    """Keep the token (replacing an older one in one step); the file is 0600 from its
    first byte."""
    state_dir.mkdir(parents=True, exist_ok=True)
    path = token_path(state_dir)
    if path.is_dir():
        raise TokenError(f"{path} is a directory, not the token file: remove it, then log in")
    forget_leftovers(state_dir)
    try:
        replace_file(path, (token.secret + "\n").encode("ascii"), mode=0o600)
    except ReplaceError as error:
        raise TokenError(f"the lishogi token cannot be kept: {error}") from None
    return path


def read_token(state_dir: Path) -> ApiToken | None:
    """The kept token, None if there is none; ``TokenError`` if others could read it."""
    path = token_path(state_dir)
    try:
        descriptor = os.open(path, os.O_RDONLY)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise TokenError(f"{path} cannot be read: {error.strerror}") from None
    status = os.fstat(descriptor)
    if not stat.S_ISREG(status.st_mode):
        os.close(descriptor)
        raise TokenError(
            f"{path} is not a file (a directory?): remove it, then log in again "
            "(kiban online login)"
        )
    with os.fdopen(descriptor, encoding="ascii") as file:
        if status.st_mode & (stat.S_IRWXG | stat.S_IRWXO):
            raise TokenError(
                f"{path} can be read by others (mode {stat.S_IMODE(status.st_mode):o}); "
                f"Kiban will not use it. Fix: chmod 600 {path}"
            )
        if status.st_uid != os.getuid():
            raise TokenError(
                f"{path} belongs to another user; Kiban will not use it. "
                f"Fix: chown {os.getuid()} {path} && chmod 600 {path}"
            )
        try:
            text = file.read(4096).strip()
        except (OSError, UnicodeDecodeError):
            text = ""  # not a token's letters: said below, naming the file
    try:
        return ApiToken(text)
    except TokenError:
        raise TokenError(f"{path} does not hold a lishogi token; store it again") from None


def forget_token(state_dir: Path) -> bool:
    """Remove the kept token, and any copy a killed write left (revoke it on lishogi
    too); whether there was one."""
    left = forget_leftovers(state_dir)
    try:
        token_path(state_dir).unlink()
    except FileNotFoundError:
        return left
    except OSError as error:
        raise TokenError(f"{token_path(state_dir)} cannot be removed: {error.strerror}") from None
    return True


def forget_leftovers(state_dir: Path) -> bool:
    """Remove the token files a write killed before its rename left (each may hold a
    token); whether there was one."""
    try:
        return bool(remove_leftovers(token_path(state_dir)))
    except ReplaceError as error:
        raise TokenError(f"a copy of the lishogi token cannot be removed: {error}") from None
