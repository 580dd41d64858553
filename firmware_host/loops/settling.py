"""What start-up leaves behind, put away before the board says it is ready.

Start-up imports the game's tables and the session's modules and drops the garbage it
made doing so (the bytes of each compiled module read, the lists its tables were built
from). A full collection frees that garbage, and ``gc.freeze`` moves everything left
into the permanent generation, so the full collections of play never walk it again.
The C library's heap keeps the pages the freed blocks held, though, wherever a live
block sits above them: ``malloc_trim`` gives those pages back to the system (about
0.4 MiB of the idle analog shogi service, docs/speed.md). It is glibc's, which
Raspberry Pi OS runs; where the C library has none, nothing more is done.
"""

from __future__ import annotations

import ctypes
import gc
from typing import Any


def c_library() -> Any:
    """The C library the interpreter runs on (its symbols, as ctypes reads them), or
    None where ctypes cannot open it."""
    try:
        return ctypes.CDLL(None)
    except (OSError, TypeError):  # TypeError: a platform with no handle for the program
        return None


def settle(library: Any = None) -> bool:
    """Free start-up's garbage, keep what is left out of later full collections, and
    give the heap's free pages back (``library``: the C library, the interpreter's by
    default). Whether the heap was trimmed."""
    gc.collect()
    gc.freeze()
    trim = getattr(library if library is not None else c_library(), "malloc_trim", None)
    if trim is None:
        return False
    trim(0)  # 0: keep no spare room at the heap's top either
    return True
