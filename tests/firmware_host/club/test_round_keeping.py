"""The room keeps its round on its own disk as it is played (issue 79: a round must come
out whole even when the room is killed): written when a game changed, at most every
``KEEP_EVERY`` seconds, once more at the end, and a disk that refuses it told once."""

from __future__ import annotations

import re
from pathlib import Path

from firmware_host.club.live import LiveRecord
from firmware_host.club.pairings import parse_pairings
from firmware_host.club.round_keeping import KEEP_EVERY, RoundKeeper
from firmware_host.remote.messages import BoardState
from tests.firmware_host.club.livekit import OPENING, fed

ROUND = parse_pairings("3,Sato,Suzuki,shogi\n", "r1.csv", 1)


def moves_in(path: Path) -> int:
    """The moves of a CSA record (``+7776FU``)."""
    return len(re.findall(r"^[+-]\d{4}[A-Z]{2}$", path.read_text(), re.MULTILINE))


def test_the_round_is_written_as_its_games_change_and_not_more_often(tmp_path: Path) -> None:
    record = fed(2)
    now = [0.0]
    keeper = RoundKeeper(tmp_path, ROUND, lambda: {3: record}, clock=lambda: now[0])
    assert keeper.keep() is None
    table = tmp_path / "round-1" / "table-3.csa"
    assert moves_in(table) == 2
    record.feed("host", 50, BoardState("g1", (0,), 0, OPENING[:3]), 1100.0)
    now[0] += KEEP_EVERY / 2
    keeper.keep()
    assert moves_in(table) == 2  # not yet
    now[0] += KEEP_EVERY / 2
    keeper.keep()
    assert moves_in(table) == 3  # the third move, written
    written = table.stat().st_mtime_ns
    now[0] += KEEP_EVERY
    keeper.keep()
    assert table.stat().st_mtime_ns == written  # nothing changed: nothing written


def test_a_folder_that_cannot_be_written_is_told_once(tmp_path: Path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    record: LiveRecord = fed(1)
    keeper = RoundKeeper(blocked, ROUND, lambda: {3: record})
    said = keeper.keep(now=True)
    assert said is not None and "cannot be kept" in str(said)
    record.feed("host", 50, BoardState("g1", (1,), 0, OPENING[:2]), 1100.0)
    assert keeper.keep(now=True) is None  # told already
