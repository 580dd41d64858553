"""The room's console: what the organiser reads there is what the room tells them (and
warnings); its links' and its pages' lines go to its log file, and a request the pages
could not read is one line of that log. SIGTERM stops the room as Ctrl-C does.
"""

from __future__ import annotations

import contextlib
import logging
import signal
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def stopped_by_sigterm() -> Iterator[None]:
    """SIGTERM (systemd's stop, ``kill``) stops the room as Ctrl-C does: its ``finally``
    runs (the round written, the links closed, a broker of its own stopped), where
    Python's default would end the process at once."""

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    try:
        before = signal.signal(signal.SIGTERM, interrupt)
    except ValueError:  # not the main thread (a test's): nothing to turn
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


LOG_FILE = "club-room.log"


def room_log(state_dir: Path) -> Path | None:
    """The room's log (its links' and its pages' lines) kept in ``state_dir``, not on the
    organiser's console, where only what the room tells them and warnings go; a bad
    request's traceback is one line of the log (``quiet_requests``)."""
    root = logging.getLogger()
    for handler in root.handlers:
        if isinstance(handler, logging.StreamHandler) and root.level > logging.DEBUG:
            handler.setLevel(logging.WARNING)
    quiet_requests()
    try:
        state_dir.mkdir(parents=True, exist_ok=True)
        handler = logging.FileHandler(state_dir / LOG_FILE, encoding="utf-8")
    except OSError:
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root.addHandler(handler)
    return state_dir / LOG_FILE


class _OneLine(logging.Filter):
    """A request the pages' server could not read, as one line (what and why), never a
    traceback: anybody on the network can send one."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.exc_info[1] is not None:  # a stranger's request
            error = record.exc_info[1]
            said = " ".join(f"{record.getMessage()}: {type(error).__name__}: {error}".split())
            record.msg = said[:300]
            record.args = ()
            record.exc_info = None
            record.exc_text = None
            record.levelno, record.levelname = logging.INFO, "INFO"
        return True


def quiet_requests() -> None:
    """aiohttp's lines about requests it could not read (a request line past 8 KiB, a
    header too long, a client gone) kept to one line at INFO: the log has them, the
    organiser's console does not."""
    for name in ("aiohttp.server", "aiohttp.web", "aiohttp.access"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, _OneLine) for f in logger.filters):
            logger.addFilter(_OneLine())
