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
RESERVE = 1_000_000  # numbers a run may use: a state change each second for 11 days


class KeepingError(KibanError, OSError):
    """The organiser's key or numbers cannot be kept or read."""


def organiser_key(state_dir: Path) -> tuple[BoardKey, int]:
    """The organiser's key (made and kept on first use, readable by this user only)
    and the last number it may have used; the next ``RESERVE`` are reserved now."""
    key_path, seq_path = state_dir / KEY_FILE, state_dir / SEQ_FILE
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
        raise KeepingError(f"the organiser's key in {state_dir}: {error}") from None
    return key, floor
