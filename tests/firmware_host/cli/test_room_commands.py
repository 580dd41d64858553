"""The organiser's typed commands in ``kiban room open``: a bad line never ends them."""

from __future__ import annotations

import io
import queue
import threading
from typing import TextIO, cast

from engine.said import Said
from firmware_host.cli.room import read_typed
from firmware_host.club.organiser import Command, Verb


def test_a_line_the_encoding_cannot_read_is_no_command_and_the_next_ones_still_arrive() -> None:
    """The reader thread died on a byte its terminal's encoding could not decode, and
    every command typed after it was lost without a word."""
    typed: queue.SimpleQueue[Command] = queue.SimpleQueue()
    woken = threading.Event()
    told: list[Said] = []
    raw = b"light b1 3\n\xff\xfe bind\nbind b2 4\n"
    read_typed(typed, woken, told.append, io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8"))
    got = []
    while not typed.empty():
        got.append(typed.get_nowait())
    assert got == [Command(Verb.LIGHT, "b1", 3), Command(Verb.BIND, "b2", 4)]
    assert woken.is_set()
    assert len(told) == 1  # the unreadable line is told as no command


class _Failing:
    """A terminal closed under the reader."""

    def __iter__(self) -> _Failing:
        return self

    def __next__(self) -> str:
        raise OSError(5, "Input/output error")


def test_an_input_that_fails_is_its_end() -> None:
    typed: queue.SimpleQueue[Command] = queue.SimpleQueue()
    read_typed(typed, threading.Event(), lambda said: None, cast(TextIO, _Failing()))
    assert typed.empty()
