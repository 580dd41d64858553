"""Which game store ``kiban list`` and ``kiban export`` read, opened only to read.

They read the board's store (``games.sqlite3``, the one ``kiban run`` and the
service keep), or with ``--sim`` the simulator's (``sim.sqlite3``). A machine
without the board's store (a laptop, where only ``kiban sim`` has been played)
reads the simulator's instead and says so. The store is opened read-only, so a
state directory the user may not write to (the service's) can still be read, and
a damaged one is only named: ``kiban sim`` and ``kiban run`` keep it aside and save
what can still be read of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from firmware_host.store.storage import (
    DamagedStoreError,
    GameStore,
    StorageError,
    default_state_dir,
)

BOARD_STORE = "games.sqlite3"
SIM_STORE = "sim.sqlite3"


class NoStoreError(StorageError):
    """No store to read: no game has been stored where the command looked."""


@dataclass(frozen=True, slots=True)
class StoreChoice:
    """The store to read, and what to say about it when it is not the one asked for."""

    path: Path
    note: str | None = None


def choose_store(state_dir: Path | None, *, sim: bool) -> StoreChoice:
    """The board's store (the simulator's with ``sim``), else on a machine without
    the board's store the simulator's, with a note that says so."""
    folder = state_dir or default_state_dir()
    board, simulator = folder / BOARD_STORE, folder / SIM_STORE
    if sim:
        if not simulator.exists():
            raise NoStoreError(
                f"no simulator games are stored yet ({simulator} does not exist);"
                " play one with kiban sim"
            )
        return StoreChoice(simulator)
    if board.exists():
        return StoreChoice(board)
    if simulator.exists():
        return StoreChoice(
            simulator,
            f"no board games here ({board} does not exist): reading the simulator's"
            f" games in {simulator}",
        )
    raise NoStoreError(
        f"no games are stored yet: neither the board's store ({board}) nor the"
        f" simulator's ({simulator}) exists; play one with kiban sim"
    )


def open_to_read(choice: StoreChoice) -> GameStore:
    """The chosen store, read-only; a damaged one is named and left as it is."""
    try:
        return GameStore(choice.path, read_only=True)
    except DamagedStoreError as damage:
        raise StorageError(
            f"{damage}; it is left as it is (kiban sim or kiban run keeps a damaged store"
            " aside and saves the games that can still be read)"
        ) from None
