"""Where ``kiban sim``'s log goes while the board is drawn in a terminal: into a file
in the state directory, never onto the screen. A log line written to the terminal the
board is drawn on lands in the middle of the drawing (``INFO … connected to
mqtt://…`` between the board's rows); a log on standard error that is no terminal (a
pipe, a file, the journal) stays where it is."""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import IO

LOG_FILE = "sim.log"
"""The terminal board's log, in the state directory beside its games."""


def log_off_the_board(folder: Path, stream: IO[str] | None = None) -> Path | None:
    """When ``stream`` (standard error) is a terminal, send the log (and Python's
    warnings) to ``folder``'s log file instead, in the same format; returns the file,
    or None when the log stays on ``stream``."""
    stream = sys.stderr if stream is None else stream
    if stream is None or not stream.isatty():
        return None
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / LOG_FILE
    root = logging.getLogger()
    handler = logging.FileHandler(path, encoding="utf-8")
    for old in list(root.handlers):
        if old.formatter is not None:
            handler.setFormatter(old.formatter)
        root.removeHandler(old)
        old.close()
    root.addHandler(handler)
    logging.captureWarnings(True)
    return path
