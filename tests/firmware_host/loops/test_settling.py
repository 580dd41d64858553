"""Start-up's garbage is freed, and the heap's free pages given back, before ready."""

from __future__ import annotations

import gc
import platform

from firmware_host.loops.settling import c_library, settle


class Library:
    """A C library that says how it was asked to trim its heap."""

    def __init__(self) -> None:
        self.trimmed: list[int] = []

    def malloc_trim(self, pad: int) -> int:
        self.trimmed.append(pad)
        return 1


def test_settling_freezes_what_start_up_built_and_trims_the_heap() -> None:
    library = Library()
    try:
        assert settle(library)
        frozen = gc.get_freeze_count()
    finally:
        gc.unfreeze()  # the tests after this one collect as usual
    assert frozen > 0
    assert library.trimmed == [0]


def test_a_c_library_without_malloc_trim_is_only_collected() -> None:
    try:
        assert not settle(object())
    finally:
        gc.unfreeze()


def test_glibc_offers_the_trim() -> None:
    """Raspberry Pi OS and Debian run glibc: there the service's heap is trimmed."""
    assert platform.libc_ver()[0] != "glibc" or callable(c_library().malloc_trim)
