"""The organiser's key and numbers, kept in the state directory: a room reopened after
a restart is the same room (its name is the key's fingerprint), and its new messages
are numbered past every one it sent before (a board holding an older state would
refuse them as stale otherwise).

The numbers are reserved ahead, as a remote game's are (``remote/game.py``): the file
holds a number past any this run will use, written before the room opens, so that a
run killed without a goodbye still leaves the next one above it.
"""

from __future__ import annotations

from pathlib import Path

from engine.errors import KibanError
from firmware_host.remote.identity import BoardKey, BoardKeyError
from firmware_host.store.replacing import replace_text

KEY_FILE = "club-organiser.key"
SEQ_FILE = "club-organiser.seq"
BOARD_KEY_FILE = "club-board.key"  # a board's own key in the room (``board_side.py``)
BOARD_SEQ_FILE = "club-board.seq"
RESERVE = 1_000_000  # numbers a run may use: a state change each second for 11 days


class KeepingError(KibanError, OSError):
    """The organiser's key or numbers cannot be kept or read."""


def organiser_key(state_dir: Path) -> tuple[BoardKey, int]:
    """The organiser's key (made and kept on first use, readable by this user only)
    and the last number it may have used; the next ``RESERVE`` are reserved now."""
    return _kept(state_dir, KEY_FILE, SEQ_FILE, "the organiser's key")


def board_key(state_dir: Path) -> tuple[BoardKey, int]:
    """A club board's key, kept as the organiser's is: a restarted board speaks with the
    key it was bound with, numbering past every message it sent before."""
    return _kept(state_dir, BOARD_KEY_FILE, BOARD_SEQ_FILE, "the club board's key")


def _kept(state_dir: Path, key_file: str, seq_file: str, whose: str) -> tuple[BoardKey, int]:
    key_path, seq_path = state_dir / key_file, state_dir / seq_file
    try:
        state_dir.mkdir(parents=True, exist_ok=True)
        if key_path.exists():
            key = BoardKey.from_text(key_path.read_text(encoding="ascii").strip())
        else:
            key = BoardKey.new()
            replace_text(key_path, key.text() + "\n", mode=0o600)
        text = seq_path.read_text(encoding="ascii").strip() if seq_path.exists() else "0"
        floor = int(text) if text.isdigit() else 0
        replace_text(seq_path, f"{floor + RESERVE}\n")
    except (OSError, UnicodeDecodeError, BoardKeyError) as error:
        raise KeepingError(f"{whose} in {state_dir}: {error}") from None
    return key, floor
