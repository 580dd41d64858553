"""A file Kiban writes whole (the ladder table, a calibration, an exported record, the
lishogi token) is replaced, never rewritten in place.

Rewriting in place first empties the file: a kill, a power cut or a full disk in
between leaves it empty or torn. So the new text goes into a new file beside it,
which is made durable (fsync) and then renamed over the old one: the rename is atomic,
so a reader (or the next start) finds the old file whole or the new one whole, never
a mix; the directory is made durable too, so the rename survives a power cut.

A kill between the write and the rename leaves the new file behind under its own name
(``.<name>.<pid>-<hex>.new``), holding whatever it held: the lishogi token, say.
``remove_leftovers`` removes those of a process no longer running (or of this one,
which has none in flight when it calls it), and no other file.
"""

from __future__ import annotations

import contextlib
import os
import re
from pathlib import Path

from engine.errors import KibanError

HEX_BYTES = 4
"""The random part of a new file's name, in bytes (twice as many hex digits)."""


class ReplaceError(KibanError, OSError):
    """The file could not be replaced; the old one is as it was."""


def replace_file(path: Path, data: bytes, *, mode: int | None = None) -> None:
    """Put ``data`` at ``path`` in one step. ``mode``: the new file's permissions from
    its first byte (default: the old file's, else 0o666 less the umask)."""
    if mode is None:
        try:
            mode = path.stat().st_mode & 0o7777
        except FileNotFoundError:
            mode = 0o666
    # os.urandom, as secrets.token_hex reads it: importing secrets loads hashlib, and
    # with it OpenSSL's libcrypto, 4 MiB of the service's memory (issue 80)
    fresh = path.with_name(f".{path.name}.{os.getpid()}-{os.urandom(HEX_BYTES).hex()}.new")
    try:
        descriptor = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(descriptor, view) :]
            os.fsync(descriptor)
        finally:
            os.close(descriptor)
        os.replace(fresh, path)
        sync_directory(path.parent)
    except OSError as error:
        with contextlib.suppress(OSError):
            fresh.unlink()
        raise ReplaceError(f"cannot write {path}: {error.strerror or error}") from None


def replace_text(
    path: Path, text: str, *, encoding: str = "utf-8", mode: int | None = None
) -> None:
    """``replace_file`` for text."""
    replace_file(path, text.encode(encoding), mode=mode)


def sync_directory(directory: Path) -> None:
    """Make a rename in ``directory`` durable (its entry written to the disk); of a
    file, its contents."""
    descriptor = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def remove_leftovers(path: Path) -> list[Path]:
    """Remove the new files that writes of ``path`` left behind when killed before their
    rename; the ones removed. A file whose process still runs (and is not this one) is
    being written and is left; so is any name ``replace_file`` would not have made."""
    pattern = re.compile(
        rf"\.{re.escape(path.name)}\.([0-9]{{1,10}})-[0-9a-f]{{{2 * HEX_BYTES}}}\.new"
    )
    removed: list[Path] = []
    try:
        names = os.listdir(path.parent)
    except (FileNotFoundError, NotADirectoryError):
        return removed
    except OSError as error:
        raise ReplaceError(
            f"cannot look for leftovers of {path}: {error.strerror or error}"
        ) from None
    for name in names:
        found = pattern.fullmatch(name)
        if found is None or another_runs(int(found.group(1))):
            continue
        left = path.with_name(name)
        if not left.is_file() or left.is_symlink():
            continue  # not a file this module wrote
        try:
            left.unlink()
        except FileNotFoundError:
            continue  # removed meanwhile by another start
        except OSError as error:
            raise ReplaceError(f"cannot remove {left}: {error.strerror or error}") from None
        removed.append(left)
    return removed


def another_runs(pid: int) -> bool:
    """Whether ``pid`` is a running process other than this one (whose files are
    its own to finish or remove)."""
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's
    except (OverflowError, OSError):
        return False  # no such process can exist
    return True
