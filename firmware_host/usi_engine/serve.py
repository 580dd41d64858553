"""The conversation's loop: the GUI's lines from a stream, the answers to another,
one line at a time and flushed (a GUI waits for each)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import IO

from firmware_host.usi_engine.front import BoardDriver, UsiFront


def line_writer(out: IO[str]) -> Callable[[str], None]:
    """Writes whole lines, flushed, from any thread (a real board answers from its own)."""
    lock = threading.Lock()

    def write(line: str) -> None:
        with lock:
            out.write(line + "\n")
            out.flush()

    return write


def serve(driver: BoardDriver, lines: IO[str], out: IO[str]) -> int:
    """Answer the GUI until ``quit`` or the end of its stream; the board is closed then."""
    front = UsiFront(driver, line_writer(out))
    try:
        for line in lines:
            if not front.line(line):
                break
    finally:
        front.close()
    return 0
