"""Open a damaged store as ``kiban run`` does, and be killed (-9) at the moment named:
``copying`` (reading the first copy of the damaged file), ``salvaging`` (after the
first game is saved), ``before-keeping`` or ``after-keeping``
(the damaged file put aside). Used by test_salvage_killed."""

from __future__ import annotations

import os
import signal
import sys
from functools import wraps
from pathlib import Path
from typing import Any

from firmware_host.store import salvage
from firmware_host.store.storage import GameStore


def die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def main() -> int:
    path, moment = Path(sys.argv[1]), sys.argv[2]
    if moment == "copying":

        def read_then_die(copy: Path) -> Any:
            assert copy.is_file()
            die()

        salvage._games_of = read_then_die
    elif moment == "salvaging":
        restore = GameStore.restore

        @wraps(restore)
        def restore_then_die(self: GameStore, stored: Any) -> None:
            restore(self, stored)
            die()

        GameStore.restore = restore_then_die  # type: ignore[method-assign]
    else:
        keep = salvage.keep_aside

        def keep_and_die(path: Path) -> Path:
            if moment == "before-keeping":
                die()
            kept = keep(path)
            die()
            return kept

        salvage.keep_aside = keep_and_die
    salvage.open_store(path)
    return 3  # never reached: killed on the way


if __name__ == "__main__":
    raise SystemExit(main())
