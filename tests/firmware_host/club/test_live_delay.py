"""The outside audience's delay, by moves and by seconds, on an injected clock."""

from __future__ import annotations

import pytest

from firmware_host.club.live_delay import Delay, DelayError, delayed
from firmware_host.remote.messages import BoardState
from firmware_host.session.consent import Word, WordKind
from tests.firmware_host.club.livekit import OPENING, fed

# moves arrive at 1010, 1020, ... (fed: one every 10 s)


def test_the_hall_sees_it_live() -> None:
    view = fed(6).view()
    assert view is not None
    assert delayed(view, Delay(), 1060.0) is view


def test_moves_behind() -> None:
    view = fed(6).view()
    assert view is not None
    shown = delayed(view, Delay(moves=2), 1060.0)
    assert [m.text for m in shown.moves] == list(OPENING[:4])
    assert shown.changed == 1060.0  # move 4 was let out by move 6


def test_seconds_behind() -> None:
    view = fed(6).view()
    assert view is not None
    shown = delayed(view, Delay(seconds=25.0), 1060.0)
    assert len(shown.moves) == 3  # 1010, 1020, 1030 are 25 s old by 1060
    assert shown.changed == 1055.0


def test_both_the_later_wins_and_the_result_frees_the_moves() -> None:
    record = fed(6)
    view = record.view()
    assert view is not None
    assert len(delayed(view, Delay(moves=1, seconds=25.0), 1060.0).moves) == 3
    assert len(delayed(view, Delay(moves=4, seconds=25.0), 1060.0).moves) == 2
    record.feed("host", 20, BoardState("g1", (0,), 0, OPENING[:6], Word(WordKind.RESIGN, 0)), 1070)
    ended = record.view()
    assert ended is not None
    early = delayed(ended, Delay(moves=4, seconds=25.0), 1080.0)
    assert early.ending is None and len(early.moves) == 2
    late = delayed(ended, Delay(moves=4, seconds=25.0), 1095.0)
    assert late.ending is not None and len(late.moves) == 6


def test_a_negative_delay_is_refused() -> None:
    with pytest.raises(DelayError):
        Delay(moves=-1)
