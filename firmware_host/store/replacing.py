"""A file Kiban writes whole (the ladder table, a calibration, an exported record, the
lishogi token) is replaced, never rewritten in place.

Rewriting in place first empties the file: a kill, a power cut or a full disk in
between leaves it empty or torn. So the new text goes into a new file beside it,
which is made durable (fsync) and then renamed over the old one: the rename is atomic,
so a reader (or the next start) finds the old file whole or the new one whole, never
a mix; the directory is made durable too, so the rename survives a power cut.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path

from engine.errors import KibanError


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
    fresh = path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}.new")
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
